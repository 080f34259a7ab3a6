import { queryOptions, useQuery } from '@tanstack/react-query';
import { HOT_GAMES_PLATFORM_CODE } from '@jade/contracts/constants';
import type { GameItem } from '@jade/contracts/games';
import { apiSend, trusted } from '../../../api/client';
import { useBrand, useLanguageCode } from '../../../config/brand';

/** §3 hot game request: merchantCode, isPlatform 2, platform 'flash,html5-desktop', language. */
export const getHotGames = (
  merchantCode: string,
  language: string,
  signal?: AbortSignal,
): Promise<GameItem[]> =>
  apiSend(
    'POST',
    '/wps/relay/GCSGAME_hotGamesV2',
    { merchantCode, isPlatform: HOT_GAMES_PLATFORM_CODE, platform: 'flash,html5-desktop', language },
    trusted<GameItem[]>(),
    { signal },
  );

export const hotGamesQueryOptions = (merchantCode: string, language: string) =>
  queryOptions({
    queryKey: ['games', 'hot', merchantCode, language],
    queryFn: ({ signal }) => getHotGames(merchantCode, language, signal),
    staleTime: 5 * 60_000,
  });

export const useHotGames = () =>
  useQuery(hotGamesQueryOptions(useBrand().whitelabel.merchant.code, useLanguageCode()));
