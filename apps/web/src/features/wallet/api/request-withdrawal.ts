import { withdrawal, type Withdrawal, type WithdrawRequest } from '@jade/contracts/payments';
import { apiSend } from '../../../api/client';
import { idempotencyHeaders } from './idempotency';

/** Asks for a withdrawal with the payment password; the server holds the amount at once. */
export const requestWithdrawal = (request: WithdrawRequest, idempotencyKey: string): Promise<Withdrawal> =>
  apiSend('POST', '/wps/payment/withdraw', request, withdrawal, {
    headers: idempotencyHeaders(idempotencyKey),
  });
