import { useQuery } from '@tanstack/react-query';
import { popularNumbers, vnNumbers } from '@jade/contracts/lottery';
import { apiGet } from '../../../api/client';
import { lotteryKeys } from './query-keys';

/** §7 popular numbers (count 20): what members stake most on the game this week. */
export const usePopularNumbers = (gameCode: string | undefined) =>
  useQuery({
    queryKey: lotteryKeys.popular(gameCode),
    queryFn: ({ signal }) =>
      apiGet('/lotto/lgw/numbers/popular', popularNumbers, { query: { gameCode, count: 20 }, signal }),
    enabled: Boolean(gameCode),
    staleTime: 60_000,
  });

/** §7 VN numbers (count 100): each lô's hits over the game's last hundred results. */
export const useVnNumbers = (gameCode: string | undefined, isEnabled: boolean) =>
  useQuery({
    queryKey: lotteryKeys.vnNumbers(gameCode),
    queryFn: ({ signal }) =>
      apiGet('/lgw/vn/numeros/statistics', vnNumbers, { query: { gameCode, count: 100 }, signal }),
    enabled: Boolean(gameCode) && isEnabled,
    staleTime: 5 * 60_000,
  });
