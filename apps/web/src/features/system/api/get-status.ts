import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatusResponse } from '@jade/contracts/system';
import { apiGet, trusted } from '../../../api/client';

/** §4 system status: 0 normal, 1 maintenance, 2 region restricted. */
export const getStatus = (signal?: AbortSignal): Promise<StatusResponse> =>
  apiGet('/wps/system/status', trusted<StatusResponse>(), { signal });

export const statusQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'status'],
    queryFn: ({ signal }) => getStatus(signal),
    // §2: the whole-page state is chosen at start, not re-checked while the visitor browses.
    staleTime: Infinity,
  });

export const useStatus = () => useQuery(statusQueryOptions());
