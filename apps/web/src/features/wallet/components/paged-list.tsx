import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Pagination } from '../../../components/pagination';
import { PanelQuery } from './panel-state';

type PagedListProps<D> = {
  /** The query of the page shown. */
  query: UseQueryResult<D>;
  /** true: the page has no rows, and `empty` says so instead of them. */
  isEmpty: (data: D) => boolean;
  /** What an empty page says. */
  empty: string;
  /** A boxed note (`wallet-empty`) by default; a history under a form says it in a line instead. */
  emptyClassName?: string;
  page: number;
  onPage: (page: number) => void;
  totalPages: (data: D) => number;
  /** Names the pages' navigation (the default name when absent). */
  pagesLabel?: string;
  /** The page's rows: `isUpdating` while the next filter's or page's answer is on its way. */
  children: (data: D, isUpdating: boolean) => ReactNode;
};

/**
 * A list a page at a time in the member or agent centre: the page's rows, or what an empty page
 * says, then the pages; before the first answer, its load or its failure with a way to try again.
 */
export function PagedList<D>({
  query,
  isEmpty,
  empty,
  emptyClassName = 'wallet-empty',
  page,
  onPage,
  totalPages,
  pagesLabel,
  children,
}: PagedListProps<D>) {
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
