import { useQuery } from '@tanstack/react-query';
import type { DrawResultItem } from '@jade/contracts/lottery';
import { apiGet, trusted } from '../../../api/client';
import { lotteryKeys } from './query-keys';

/** The history a lobby shows: a game's latest results, newest first. */
export const HISTORY_COUNT = 10;

/** Trusted (the server checks it against `recentResults`): the lobby and the home page load no zod for it (decision 0092). */
export const getRecentResults = (
  gameCode: string,
  count: number,
  signal?: AbortSignal,
): Promise<DrawResultItem[]> =>
  apiGet('/lotto/lgw/games/results/recent', trusted<DrawResultItem[]>(), {
    query: { gameCode, count },
    signal,
  });

/** Loaded once; the live stream refreshes it when a new result is drawn. */
export const useRecentResults = (gameCode: string | undefined) =>
  useQuery({
    queryKey: lotteryKeys.results(gameCode),
    queryFn: ({ signal }) => getRecentResults(gameCode!, HISTORY_COUNT, signal),
    enabled: Boolean(gameCode),
    staleTime: Infinity,
  });
