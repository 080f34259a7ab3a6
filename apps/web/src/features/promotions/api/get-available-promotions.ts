import { useQuery } from '@tanstack/react-query';
import { availablePromotionsResponse, type AvailablePromotionsResponse } from '@jade/contracts/engagement';
import { apiGet } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';
import { useSession } from '../../../lib/session';
import { availablePromotionsQueryKey } from './available-promotions-query-key';

/** §7 available promotions (token): what this member can take now, and the count. */
export const getAvailablePromotions = (
  language: string,
  signal?: AbortSignal,
): Promise<AvailablePromotionsResponse> =>
  apiGet('/wps/relay/MCSFE_getAvailablePromotions', availablePromotionsResponse, {
    query: { language },
    signal,
  });

/** Shares its cache entry with the header's badge. */
export const useAvailablePromotions = () => {
  const { token } = useSession();
  const language = useLanguageCode();
  return useQuery({
    queryKey: availablePromotionsQueryKey(token, language),
    queryFn: ({ signal }) => getAvailablePromotions(language, signal),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
};
