import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { accountRecordResponse, type AccountRecordRequest } from '@jade/contracts/wallet';
import { apiSend } from '../../../api/client';
import { useSession } from '../../../lib/session';
import { walletKeys } from './query-keys';

export type AccountRecordPage = z.infer<typeof accountRecordResponse>;

/** §7 transaction details (ODSFE2_MemTransDet): the member's movements, newest first, a page at a time. */
export const getAccountRecords = (
  request: AccountRecordRequest,
  signal?: AbortSignal,
): Promise<AccountRecordPage> =>
  apiSend('POST', '/wps/relay/ODSFE2_MemTransDet', request, accountRecordResponse, { signal });

export const useAccountRecords = (request: AccountRecordRequest) => {
  const { token } = useSession();
  return useQuery({
    queryKey: walletKeys.records(token, request),
    queryFn: ({ signal }) => getAccountRecords(request, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
};
