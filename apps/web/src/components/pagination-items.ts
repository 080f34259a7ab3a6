import { PAGINATION_MARGIN, PAGINATION_RANGE } from '@jade/contracts/constants';

export type PaginationItem = { type: 'page'; page: number } | { type: 'gap'; key: string };

/**
 * The page buttons to show (§9: range 3, margin 1): `range` pages around the current one, `margin`
 * pages at each end, and a gap where pages are left out. A gap that would hide a single page shows
 * that page instead.
 */
export const paginationItems = (
  current: number,
  total: number,
  range: number = PAGINATION_RANGE,
  margin: number = PAGINATION_MARGIN,
): PaginationItem[] => {
  if (total < 1) return [];
  const page = Math.min(Math.max(current, 1), total);
  let start = Math.max(1, page - Math.floor((range - 1) / 2));
  const end = Math.min(total, start + range - 1);
  start = Math.max(1, end - range + 1);

  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(margin, total); p++) shown.add(p);
  for (let p = start; p <= end; p++) shown.add(p);
  for (let p = Math.max(1, total - margin + 1); p <= total; p++) shown.add(p);

  const pages = [...shown].sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous === 2) items.push({ type: 'page', page: p - 1 });
    else if (p - previous > 2) items.push({ type: 'gap', key: `gap-${previous}` });
    items.push({ type: 'page', page: p });
    previous = p;
  }
  return items;
};
