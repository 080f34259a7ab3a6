import { useQuery } from '@tanstack/react-query';
import { vipProgressResponse, type VipProgressResponse } from '@jade/contracts/vip';
import { apiGet } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';
import { useSession } from '../../../lib/session';

/** The member's rank, figures over the brand's period and the next rank (decision 0049). */
export const getVipProgress = (language: string, signal?: AbortSignal): Promise<VipProgressResponse> =>
  apiGet('/wps/vip/progress', vipProgressResponse, { query: { language }, signal });

export const useVipProgress = (enabled: boolean) => {
  const language = useLanguageCode();
  const { token } = useSession();
  return useQuery({
    queryKey: ['vip', 'progress', language, token],
    queryFn: ({ signal }) => getVipProgress(language, signal),
    enabled: enabled && Boolean(token),
    staleTime: 60_000,
  });
};
