import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WhitelabelResponse } from '@jade/contracts/system';
import { apiGet, trusted } from '../../../api/client';

/** §7 permission call: the brand behind the host this page is served from. */
export const getWhitelabel = (host: string, signal?: AbortSignal): Promise<WhitelabelResponse> =>
  apiGet('/wps/system/whitelabel', trusted<WhitelabelResponse>(), { query: { url: host }, signal });

export const whitelabelQueryOptions = (host: string) =>
  queryOptions({
    queryKey: ['system', 'whitelabel', host],
    queryFn: ({ signal }) => getWhitelabel(host, signal),
    // §2: chosen once at start.
    staleTime: Infinity,
  });

export const useWhitelabel = (host: string) => useQuery(whitelabelQueryOptions(host));
