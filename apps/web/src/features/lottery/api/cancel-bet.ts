import { cancelLotteryBetResponse, type LotteryBet } from '@jade/contracts/lottery';
import { apiSend } from '../../../api/client';
import { idempotencyHeaders } from '../../wallet/api/idempotency';

/**
 * Cancels an open bet before its draw closes; its cost comes back. A retry with the same key is
 * answered as the first cancel was, even when that answer was lost (decision 0085). Loaded when a
 * member cancels, with its schema (decision 0092).
 */
export const cancelLotteryBet = (bet: Pick<LotteryBet, 'betId'>, idempotencyKey: string) =>
  apiSend('POST', `/lotto/bets/${bet.betId}/cancel`, undefined, cancelLotteryBetResponse, {
    headers: idempotencyHeaders(idempotencyKey),
  });
