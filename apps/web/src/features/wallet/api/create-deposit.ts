import { deposit, type Deposit, type DepositRequest } from '@jade/contracts/payments';
import { apiSend } from '../../../api/client';
import { idempotencyHeaders } from './idempotency';

/** A deposit request: the member has sent the money and says so; an operator checks and credits it. */
export const createDeposit = (request: DepositRequest, idempotencyKey: string): Promise<Deposit> =>
  apiSend('POST', '/wps/payment/deposit', request, deposit, {
    headers: idempotencyHeaders(idempotencyKey),
    // A proof image of up to 5 MB may take a while on a phone connection.
    timeoutMs: 120_000,
  });
