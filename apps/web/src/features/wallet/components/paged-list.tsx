import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Pagination } from '../../../components/pagination';
import { PanelQuery } from './panel-state';

/** The contracts' usual page: how many records in all, and in how many pages. */
type CountedPage = { totalCount: number; totalPages: number };

/** How a page says it has no rows, and how many pages there are. */
type PageCounts<D> = {
  /** true: the page has no rows, and `empty` says so instead of them. */
  isEmpty: (data: D) => boolean;
  totalPages: (data: D) => number;
};

type PagedListProps<D> = {
  /** The query of the page shown. */
  query: UseQueryResult<D>;
  /** What an empty page says. */
  empty: string;
  /** A boxed note (`wallet-empty`) by default; a history under a form says it in a line instead. */
  emptyClassName?: string;
  page: number;
  onPage: (page: number) => void;
  /** Names the pages' navigation (the default name when absent). */
  pagesLabel?: string;
  /** The page's rows: `isUpdating` while the next filter's or page's answer is on its way. */
  children: (data: D, isUpdating: boolean) => ReactNode;
};

// Only an answer of the usual shape comes without isEmpty and totalPages (the overloads).
const isCountedEmpty = (data: unknown) => (data as CountedPage).totalCount === 0;
const countedPages = (data: unknown) => (data as CountedPage).totalPages;

/**
 * A list a page at a time in the member or agent centre: the page's rows, or what an empty page
 * says, then the pages; before the first answer, its load or its failure with a way to try again.
 * An answer of the usual shape has no rows when it counts none, and says its pages: `isEmpty` and
 * `totalPages` are for any other answer, which must give both.
 */
export function PagedList<D extends CountedPage>(
  props: PagedListProps<D> & Partial<PageCounts<D>>,
): ReactNode;
export function PagedList<D>(props: PagedListProps<D> & PageCounts<D>): ReactNode;
export function PagedList<D>(props: PagedListProps<D> & Partial<PageCounts<D>>) {
  const { query, empty, emptyClassName = 'wallet-empty', page, onPage, pagesLabel, children } = props;
  const { isEmpty = isCountedEmpty, totalPages = countedPages } = props;
  return (
    <PanelQuery query={query}>
      {(data, isUpdating) => (
        <>
          {isEmpty(data) ? <p className={emptyClassName}>{empty}</p> : children(data, isUpdating)}
          <Pagination page={page} totalPages={totalPages(data)} onChange={onPage} label={pagesLabel} />
        </>
      )}
    </PanelQuery>
  );
}
