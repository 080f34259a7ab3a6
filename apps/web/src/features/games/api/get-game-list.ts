import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { GAME_LIST_PAGE_SIZE } from '@jade/contracts/constants';
import type { GameCategory, GameItem, GameListResponse } from '@jade/contracts/games';
import { apiGet, trusted } from '../../../api/client';
import { useLanguageCode } from '../../../config/brand';

export type GameListFilter = {
  gameType?: GameCategory;
  /** A §9 live classification code (BAC, ROU ...). */
  classification?: string;
  vassalage?: string;
  gameName?: string;
  pageNo?: number;
  pageSize?: number;
};

/** §7 game list: clientType 3, page size 24 unless asked otherwise. */
export const getGameList = (
  filter: GameListFilter & { language: string },
  signal?: AbortSignal,
): Promise<GameListResponse> =>
  apiGet('/lgw/games/list', trusted<GameListResponse>(), {
    query: {
      clientType: 3,
      platform: 'html5-desktop',
      pageNo: 1,
      pageSize: GAME_LIST_PAGE_SIZE,
      ...filter,
      gameName: filter.gameName?.trim() || undefined,
    },
    signal,
  });

export const gameListQueryOptions = (filter: GameListFilter & { language: string }) =>
  queryOptions({
    queryKey: ['games', 'list', filter],
    queryFn: ({ signal }) => getGameList(filter, signal),
    staleTime: 60_000,
  });

export const useGameList = (filter: GameListFilter, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    ...gameListQueryOptions({ ...filter, language: useLanguageCode() }),
    enabled,
    placeholderData: keepPreviousData,
  });

const VENDOR_PAGE_SIZE = 100;
/** Enough for any real vendor; a larger catalogue is cut here rather than loading without end. */
const VENDOR_MAX_PAGES = 10;

/** Every game of one vendor, for the header dropdown's own paging (§9: 21, then 18 a page). */
export const getVendorGames = async (
  vassalage: string,
  language: string,
  signal?: AbortSignal,
): Promise<GameItem[]> => {
  const games: GameItem[] = [];
  for (let pageNo = 1; pageNo <= VENDOR_MAX_PAGES; pageNo++) {
    const page = await getGameList({ vassalage, language, pageNo, pageSize: VENDOR_PAGE_SIZE }, signal);
    games.push(...page.games);
    if (pageNo >= page.totalPages) break;
  }
  return games;
};

export const useVendorGames = (vassalage: string | undefined) => {
  const language = useLanguageCode();
  return useQuery({
    queryKey: ['games', 'vendor', vassalage, language],
    queryFn: ({ signal }) => getVendorGames(vassalage ?? '', language, signal),
    enabled: Boolean(vassalage),
    staleTime: 5 * 60_000,
  });
};
