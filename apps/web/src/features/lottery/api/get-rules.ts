import { useQuery } from '@tanstack/react-query';
import type { LotteryRules } from '@jade/contracts/lottery';
import { apiGet, trusted } from '../../../api/client';
import { lotteryKeys } from './query-keys';

/**
 * A game's rules as the brand sets them: tiers, bet types with cost and odds, stake limits. Trusted
 * (the server checks it against `lotteryRules`): a lobby's first read loads no zod (decision 0092).
 */
export const getLotteryRules = (gameCode: string, signal?: AbortSignal): Promise<LotteryRules> =>
  apiGet('/lotto/lgw/games/rules', trusted<LotteryRules>(), { query: { gameCode }, signal });

export const useLotteryRules = (gameCode: string | undefined) =>
  useQuery({
    queryKey: lotteryKeys.rules(gameCode),
    queryFn: ({ signal }) => getLotteryRules(gameCode!, signal),
    enabled: Boolean(gameCode),
    staleTime: 5 * 60_000,
  });
