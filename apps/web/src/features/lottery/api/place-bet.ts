import { placeLotteryBetResponse, type PlaceLotteryBetRequest } from '@jade/contracts/lottery';
import { apiSend } from '../../../api/client';
import { idempotencyHeaders } from '../../wallet/api/idempotency';

/** Places a slip on a draw, once per idempotency key (a retry answers the first bet). */
export const placeLotteryBet = (request: PlaceLotteryBetRequest, idempotencyKey: string) =>
  apiSend('POST', '/lotto/bets', request, placeLotteryBetResponse, {
    headers: idempotencyHeaders(idempotencyKey),
  });
