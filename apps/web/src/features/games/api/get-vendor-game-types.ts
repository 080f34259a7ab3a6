import { useQuery } from '@tanstack/react-query';
import type { VendorGameTypesResponse } from '@jade/contracts/games';
import { apiSend, trusted } from '../../../api/client';

/** GCSGAME_getVassGameType: a vendor's game types and the classification codes inside each (a read: trusted). */
export const getVendorGameTypes = (
  vassalage: string,
  signal?: AbortSignal,
): Promise<VendorGameTypesResponse> =>
  apiSend('POST', '/wps/relay/GCSGAME_getVassGameType', { vassalage }, trusted<VendorGameTypesResponse>(), {
    signal,
  });

export const useVendorGameTypes = (vassalage: string | undefined) =>
  useQuery({
    queryKey: ['games', 'vendor-types', vassalage],
    queryFn: ({ signal }) => getVendorGameTypes(vassalage ?? '', signal),
    enabled: Boolean(vassalage),
    staleTime: 5 * 60_000,
  });
