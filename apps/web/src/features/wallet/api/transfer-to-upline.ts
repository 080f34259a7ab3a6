import type { z } from 'zod';
import { uplineTransferResponse, type uplineTransferRequest } from '@jade/contracts/wallet';
import { apiSend } from '../../../api/client';
import { idempotencyHeaders } from './idempotency';

export type UplineTransferResponse = z.infer<typeof uplineTransferResponse>;

/** §2 transferUpline: the member sends money from the main wallet to its own upline agent. */
export const transferToUpline = (
  request: z.input<typeof uplineTransferRequest>,
  idempotencyKey: string,
): Promise<UplineTransferResponse> =>
  apiSend('POST', '/wps/wallet/transferUpline', request, uplineTransferResponse, {
    headers: idempotencyHeaders(idempotencyKey),
  });
