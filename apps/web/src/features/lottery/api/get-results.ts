import { useQuery } from '@tanstack/react-query';
import { recentResults, type DrawResultItem } from '@jade/contracts/lottery';
import { apiGet } from '../../../api/client';

/** The history a lobby shows: a game's latest results, newest first. */
export const HISTORY_COUNT = 10;

export const getRecentResults = (
  gameCode: string,
  count: number,
  signal?: AbortSignal,
): Promise<DrawResultItem[]> =>
  apiGet('/lotto/lgw/games/results/recent', recentResults, { query: { gameCode, count }, signal });

export const resultsKey = (gameCode: string | undefined) => ['lottery', 'results', gameCode] as const;

/** Loaded once; the live stream refreshes it when a new result is drawn. */
export const useRecentResults = (gameCode: string | undefined) =>
  useQuery({
    queryKey: resultsKey(gameCode),
    queryFn: ({ signal }) => getRecentResults(gameCode!, HISTORY_COUNT, signal),
    enabled: Boolean(gameCode),
    staleTime: Infinity,
  });
