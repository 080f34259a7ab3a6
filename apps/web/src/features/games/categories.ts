import type { GameCategory, GameMenu, VendorItem } from '@jade/contracts/games';
import { DROPDOWN_PAGE_SIZES } from '@jade/contracts/constants';

/** §2 header tabs, in order; ARCADE has no tab of its own. */
export const TAB_CATEGORIES: readonly GameCategory[] = [
  'LOTT',
  'ELOTT',
  'LIVE',
  'SPORTS',
  'FISH',
  'RNG',
  'PVP',
  'ESPORTS',
];

/** A category shows only when the brand has vendors in it (§2). */
export const visibleMenus = (menus: readonly GameMenu[]): GameMenu[] =>
  TAB_CATEGORIES.flatMap((category) => menus.filter((m) => m.gameType === category && m.vendors.length > 0));

/** §2: the cockfight entry is a sports vendor tagged COCKFIGHT. */
export const findCockfightVendor = (menus: readonly GameMenu[]): VendorItem | undefined =>
  menus.find((m) => m.gameType === 'SPORTS')?.vendors.find((vendor) => vendor.tags.includes('COCKFIGHT'));

const [FIRST_PAGE_SIZE, NEXT_PAGE_SIZE] = DROPDOWN_PAGE_SIZES;

/** §9 dropdown paging: 21 games on the first page, 18 on each after it. */
export const dropdownPageCount = (count: number): number =>
  count <= FIRST_PAGE_SIZE ? 1 : 1 + Math.ceil((count - FIRST_PAGE_SIZE) / NEXT_PAGE_SIZE);

export const dropdownPage = <T>(items: readonly T[], page: number): T[] => {
  if (page <= 1) return items.slice(0, FIRST_PAGE_SIZE);
  const start = FIRST_PAGE_SIZE + (page - 2) * NEXT_PAGE_SIZE;
  return items.slice(start, start + NEXT_PAGE_SIZE);
};
