import type { QueryClient } from '@tanstack/react-query';
import type { GameCategory, GameMenu, VendorItem } from '@jade/contracts/games';
import { paths } from '../../config/paths';
import { gameListQueryOptions, type GameListFilter } from './api/get-game-list';
import { gameMenusQueryOptions } from './api/get-game-menus';

/** The category pages with a vendor's game grid, and the query parameter that picks the vendor (§2). */
export const CATEGORY_ROUTES: Readonly<Record<string, { category: GameCategory; vendorParam: string }>> = {
  [paths.slots]: { category: 'RNG', vendorParam: 'page' },
  [paths.live]: { category: 'LIVE', vendorParam: 'vendor' },
  [paths.fish]: { category: 'FISH', vendorParam: 'vendor' },
  [paths.eLottery]: { category: 'ELOTT', vendorParam: 'vendor' },
};

/** The vendor tab a category page opens on: the one the address names, else the first. */
export const selectedVendor = (menu: GameMenu, requested: string | null): VendorItem | undefined =>
  menu.vendors.find((entry) => entry.vassalage === requested) ?? menu.vendors[0];

/** A vendor tab's first page of games, unsearched: the grid's first query. */
export const firstGamesPage = (vassalage: string | undefined): GameListFilter & { gameName: string } => ({
  vassalage,
  gameName: '',
  pageNo: 1,
});

/**
 * Opened on a category page, the first page of its games is asked for as soon as the menus answer,
 * before the page's chunk has rendered (the grid's first tiles are its largest paint).
 */
export const prefetchCategoryPage = async (
  queryClient: QueryClient,
  language: string,
  location: { pathname: string; search: string },
) => {
  const route = CATEGORY_ROUTES[location.pathname];
  if (!route) return;
  const menus = await queryClient.fetchQuery(gameMenusQueryOptions(language)).catch(() => undefined);
  const menu = menus?.find((entry) => entry.gameType === route.category);
  if (!menu) return;
  const vendor = selectedVendor(menu, new URLSearchParams(location.search).get(route.vendorParam));
  if (!vendor) return;
  await queryClient.prefetchQuery(gameListQueryOptions({ ...firstGamesPage(vendor.vassalage), language }));
};
