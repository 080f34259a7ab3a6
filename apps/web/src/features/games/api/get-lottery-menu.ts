import { useQuery } from '@tanstack/react-query';
import type { LotteryMenuResponse } from '@jade/contracts/games';
import { apiGet, trusted } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';

/**
 * The lottery lobbies' menu: each lottery and e-lottery vendor with its games. Trusted (the server checks
 * it against `lotteryMenuResponse`): the lobby's first read loads no zod (decision 0092).
 */
export const getLotteryMenu = (
  language: string,
  vassalage: string | undefined,
  signal?: AbortSignal,
): Promise<LotteryMenuResponse> =>
  apiGet('/lgw/vn/games/game_menu', trusted<LotteryMenuResponse>(), {
    query: { language, vassalage },
    signal,
  });

export const useLotteryMenu = (vassalage?: string) => {
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['games', 'lottery-menu', language, vassalage ?? null],
    queryFn: ({ signal }) => getLotteryMenu(language, vassalage, signal),
    staleTime: 5 * 60_000,
  });
};
