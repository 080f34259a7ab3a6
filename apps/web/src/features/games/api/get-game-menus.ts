import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameMenusResponse } from '@jade/contracts/games';
import { apiGet, trusted } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';

/** §3 category navigation entries with the brand's vendors; the header, footer and pages all read it. */
export const getGameMenus = (language: string, signal?: AbortSignal): Promise<GameMenusResponse> =>
  apiGet('/lgw/games/game_menus', trusted<GameMenusResponse>(), { query: { language }, signal });

export const gameMenusQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['games', 'menus', language],
    queryFn: ({ signal }) => getGameMenus(language, signal),
    staleTime: 5 * 60_000,
  });

export const useGameMenus = () => useQuery(gameMenusQueryOptions(useLanguageCode()));
