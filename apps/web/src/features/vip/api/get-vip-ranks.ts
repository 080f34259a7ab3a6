import { useQuery } from '@tanstack/react-query';
import { vipRanksResponse, type VipRanksResponse } from '@jade/contracts/engagement';
import { apiGet } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';

/** The brand's VIP rank table in the visitor's language (the server falls back, docs/decisions/0006). */
export const getVipRanks = (language: string, signal?: AbortSignal): Promise<VipRanksResponse> =>
  apiGet('/wps/vip/ranks', vipRanksResponse, { query: { language }, signal });

export const useVipRanks = () => {
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['vip', 'ranks', language],
    queryFn: ({ signal }) => getVipRanks(language, signal),
    staleTime: 5 * 60_000,
  });
};
