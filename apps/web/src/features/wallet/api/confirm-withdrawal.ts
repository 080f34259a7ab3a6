import { withdrawal, type Withdrawal, type WithdrawalConfirmation } from '@jade/contracts/payments';
import { apiSend } from '../../../api/client';
import { idempotencyHeaders } from './idempotency';

/** §4 withdrawal confirmation: received, or not received with a comment and proof images. */
export const confirmWithdrawal = (
  id: number,
  confirmation: WithdrawalConfirmation,
  idempotencyKey: string,
): Promise<Withdrawal> =>
  apiSend('POST', `/wps/payment/withdrawals/${id}/confirm`, confirmation, withdrawal, {
    headers: idempotencyHeaders(idempotencyKey),
    timeoutMs: 120_000,
  });
