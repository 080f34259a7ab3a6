import { useQuery } from '@tanstack/react-query';
import type { HelpCenterResponse } from '@jade/contracts/system';
import { apiGet, trusted } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';

/** §7 help centre: every article of the brand in the visitor's language (the server falls back). */
export const getHelpCenter = (language: string, signal?: AbortSignal): Promise<HelpCenterResponse> =>
  apiGet('/wps/system/helpCenter', trusted<HelpCenterResponse>(), { query: { language }, signal });

export const useHelpCenter = () => {
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['help', 'articles', language],
    queryFn: ({ signal }) => getHelpCenter(language, signal),
    staleTime: 5 * 60_000,
  });
};
