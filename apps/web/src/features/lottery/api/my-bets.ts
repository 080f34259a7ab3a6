import { useQuery } from '@tanstack/react-query';
import { cancelLotteryBetResponse, myLotteryBets, type LotteryBet } from '@jade/contracts/lottery';
import { apiGet, apiSend } from '../../../api/client';
import { useSession } from '../../../lib/session';
import { idempotencyHeaders } from '../../wallet/api/idempotency';
import { lotteryKeys } from './query-keys';

export const MY_BETS_PAGE_SIZE = 10;

/** The member's bets on a game, newest first; refreshed by the live stream when a draw settles. */
export const useMyLotteryBets = (gameCode: string | undefined, pageNo: number) => {
  const { token } = useSession();
  return useQuery({
    queryKey: lotteryKeys.myBets(token, gameCode, pageNo),
    queryFn: ({ signal }) =>
      apiGet('/lotto/bets', myLotteryBets, {
        query: { gameCode, pageNo, pageSize: MY_BETS_PAGE_SIZE },
        signal,
      }),
    enabled: Boolean(token && gameCode),
    staleTime: 30_000,
  });
};

/**
 * Cancels an open bet before its draw closes; its cost comes back. A retry with the same key is
 * answered as the first cancel was, even when that answer was lost (decision 0085).
 */
export const cancelLotteryBet = (bet: Pick<LotteryBet, 'betId'>, idempotencyKey: string) =>
  apiSend('POST', `/lotto/bets/${bet.betId}/cancel`, undefined, cancelLotteryBetResponse, {
    headers: idempotencyHeaders(idempotencyKey),
  });
