import { useQuery } from '@tanstack/react-query';
import type { PopularNumbers, VnNumbers } from '@jade/contracts/lottery';
import { apiGet, trusted } from '../../../api/client';
import { lotteryKeys } from './query-keys';

// Both trusted (the server checks them against `popularNumbers` and `vnNumbers`): the bet slip's
// first reads load no zod (decision 0092).

/** §7 popular numbers (count 20): what members stake most on the game this week. */
export const usePopularNumbers = (gameCode: string | undefined) =>
  useQuery({
    queryKey: lotteryKeys.popular(gameCode),
    queryFn: ({ signal }) =>
      apiGet('/lotto/lgw/numbers/popular', trusted<PopularNumbers>(), {
        query: { gameCode, count: 20 },
        signal,
      }),
    enabled: Boolean(gameCode),
    staleTime: 60_000,
  });

/** §7 VN numbers (count 100): each lô's hits over the game's last hundred results. */
export const useVnNumbers = (gameCode: string | undefined, isEnabled: boolean) =>
  useQuery({
    queryKey: lotteryKeys.vnNumbers(gameCode),
    queryFn: ({ signal }) =>
      apiGet('/lgw/vn/numeros/statistics', trusted<VnNumbers>(), {
        query: { gameCode, count: 100 },
        signal,
      }),
    enabled: Boolean(gameCode) && isEnabled,
    staleTime: 5 * 60_000,
  });
