import { useQuery } from '@tanstack/react-query';
import { socialProvidersResponse, type SocialProvider } from '@jade/contracts/social';
import { apiGet } from '../../../api/client';

/** GET /wps/session/social/providers: the brand's social sign-in buttons (§4, only if enabled). */
export const getSocialProviders = (signal?: AbortSignal): Promise<SocialProvider[]> =>
  apiGet('/wps/session/social/providers', socialProvidersResponse, { signal });

export const useSocialProviders = () =>
  useQuery({
    queryKey: ['accounts', 'social-providers'],
    queryFn: ({ signal }) => getSocialProviders(signal),
    staleTime: Infinity,
  });
