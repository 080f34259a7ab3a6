import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';
import { useSession } from '../../../lib/session';
import { lotteryKeys } from './query-keys';

export const MY_BETS_PAGE_SIZE = 10;

/**
 * The member's bets on a game, newest first; refreshed by the live stream when a draw settles. Checked
 * against a schema that comes down beside the call: the lobby's first load has no zod (decision 0092).
 */
export const useMyLotteryBets = (gameCode: string | undefined, pageNo: number) => {
  const { token } = useSession();
  return useQuery({
    queryKey: lotteryKeys.myBets(token, gameCode, pageNo),
    queryFn: ({ signal }) =>
      apiGet('/lotto/bets', async () => (await import('@jade/contracts/lottery')).myLotteryBets, {
        query: { gameCode, pageNo, pageSize: MY_BETS_PAGE_SIZE },
        signal,
      }),
    enabled: Boolean(token && gameCode),
    staleTime: 30_000,
  });
};
