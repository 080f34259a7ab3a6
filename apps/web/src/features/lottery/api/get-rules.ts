import { useQuery } from '@tanstack/react-query';
import { lotteryRules, type LotteryRules } from '@jade/contracts/lottery';
import { apiGet } from '../../../api/client';
import { lotteryKeys } from './query-keys';

/** A game's rules as the brand sets them: tiers, bet types with cost and odds, stake limits. */
export const getLotteryRules = (gameCode: string, signal?: AbortSignal): Promise<LotteryRules> =>
  apiGet('/lotto/lgw/games/rules', lotteryRules, { query: { gameCode }, signal });

export const useLotteryRules = (gameCode: string | undefined) =>
  useQuery({
    queryKey: lotteryKeys.rules(gameCode),
    queryFn: ({ signal }) => getLotteryRules(gameCode!, signal),
    enabled: Boolean(gameCode),
    staleTime: 5 * 60_000,
  });
