import { useQuery } from '@tanstack/react-query';
import { lotteryMenuResponse, type LotteryMenuResponse } from '@jade/contracts/games';
import { apiGet } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';

/** The lottery lobbies' menu: each lottery and e-lottery vendor with its games. */
export const getLotteryMenu = (
  language: string,
  vassalage: string | undefined,
  signal?: AbortSignal,
): Promise<LotteryMenuResponse> =>
  apiGet('/lgw/vn/games/game_menu', lotteryMenuResponse, { query: { language, vassalage }, signal });

export const useLotteryMenu = (vassalage?: string) => {
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['games', 'lottery-menu', language, vassalage ?? null],
    queryFn: ({ signal }) => getLotteryMenu(language, vassalage, signal),
    staleTime: 5 * 60_000,
  });
};
