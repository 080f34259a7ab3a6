import { useState } from 'react';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../api/client';
import { renderInBrand } from '../../../testing/render';
import { PagedList } from './paged-list';

type Page = { rows: string[]; pages: number };

/** What the list's calls answer: one entry a call, in order (the last repeats); an Error fails the call. */
let answers: (Page | Error | 'never')[];
let calls: number[];

const answer = (page: number): Promise<Page> => {
  calls.push(page);
  const next = answers.length > 1 ? answers.shift()! : answers[0]!;
  if (next === 'never') return new Promise<Page>(() => undefined);
  return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
};

function RowList({ emptyClassName }: { emptyClassName?: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['rows', page],
    queryFn: () => answer(page),
    placeholderData: keepPreviousData,
  });
  return (
    <PagedList
      query={query}
      isEmpty={(data) => data.rows.length === 0}
      empty="No rows in this period."
      emptyClassName={emptyClassName}
      page={page}
      onPage={setPage}
      totalPages={(data) => data.pages}
      pagesLabel="Row pages"
    >
      {(data, isUpdating) => (
        <ul aria-label="Rows" aria-busy={isUpdating}>
          {data.rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

afterEach(cleanup);

describe('PagedList (a list a page at a time in the member and agent centres)', () => {
  it('shows that it is loading until the first answer arrives, and nothing else', async () => {
    calls = [];
    answers = ['never'];
    renderInBrand(<RowList />);
    const loading = await screen.findByRole('status');
    expect(loading.textContent).toBe('Loading…');
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says why the first load failed, and shows the page once Try again succeeds', async () => {
    calls = [];
    answers = [new ApiRequestError('FORBIDDEN', 'no'), { rows: ['first row'], pages: 1 }];
    renderInBrand(<RowList />);
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Access restricted');
    expect(screen.queryByRole('navigation')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('first row');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toEqual([1, 1]);
  });

  it('says what an empty page says, in a box unless asked for a line', async () => {
    calls = [];
    answers = [{ rows: [], pages: 0 }];
    renderInBrand(<RowList />);
    expect((await screen.findByText('No rows in this period.')).className).toBe('wallet-empty');
    expect(screen.queryByRole('list')).toBeNull();
    cleanup();
    renderInBrand(<RowList emptyClassName="wallet-section__hint" />);
    expect((await screen.findByText('No rows in this period.')).className).toBe('wallet-section__hint');
  });

  it('shows the page and its pages, keeps it (busy) while the next one loads, then shows that', async () => {
    calls = [];
    answers = [{ rows: ['row 1'], pages: 3 }, 'never'];
    renderInBrand(<RowList />);
    await screen.findByText('row 1');
    const pages = screen.getByRole('navigation', { name: 'Row pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(calls).toEqual([1, 2]));
    // The second answer never comes: the first page stays, marked busy, and the pages already say 2.
    expect(screen.getByRole('list', { name: 'Rows' }).getAttribute('aria-busy')).toBe('true');
    screen.getByText('row 1');
    expect(within(pages).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('moves to the page chosen when its answer comes', async () => {
    calls = [];
    answers = [
      { rows: ['row 1'], pages: 2 },
      { rows: ['row 2'], pages: 2 },
    ];
    renderInBrand(<RowList />);
    await screen.findByText('row 1');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('row 2');
    expect(screen.getByRole('list', { name: 'Rows' }).getAttribute('aria-busy')).toBe('false');
    expect(screen.queryByText('row 1')).toBeNull();
  });

  it('says why a page failed to load, and shows it once Try again succeeds', async () => {
    calls = [];
    answers = [
      { rows: ['row 1'], pages: 2 },
      new ApiRequestError('FORBIDDEN', 'no'),
      { rows: ['row 2'], pages: 2 },
    ];
    renderInBrand(<RowList />);
    await screen.findByText('row 1');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Access restricted');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('row 2');
    expect(calls).toEqual([1, 2, 2]);
  });

  it('keeps showing the page it has when reloading that page fails', () => {
    const reloadFailed = {
      data: { rows: ['row 1'], pages: 1 },
      isError: true,
      error: new ApiRequestError('FORBIDDEN', 'no'),
      isPlaceholderData: false,
      refetch: () => Promise.resolve(),
    } as unknown as UseQueryResult<Page>;
    renderInBrand(
      <PagedList
        query={reloadFailed}
        isEmpty={(data) => data.rows.length === 0}
        empty="No rows in this period."
        page={1}
        onPage={() => undefined}
        totalPages={(data) => data.pages}
      >
        {(data) => <p>{data.rows.join(', ')}</p>}
      </PagedList>,
    );
    screen.getByText('row 1');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('PagedList of the contracts’ usual page (totalCount, totalPages)', () => {
  type CountedPage = { list: string[]; totalCount: number; totalPages: number };
  const counted = (data: CountedPage) =>
    ({ data, isError: false, isPlaceholderData: false }) as unknown as UseQueryResult<CountedPage>;
  const renderCounted = (data: CountedPage) =>
    renderInBrand(
      <PagedList query={counted(data)} empty="No rows in this period." page={1} onPage={() => undefined}>
        {(page) => <p>{page.list.join(', ')}</p>}
      </PagedList>,
    );

  it('needs no isEmpty or totalPages: no rows when it counts none, and the pages it says', () => {
    renderCounted({ list: [], totalCount: 0, totalPages: 0 });
    screen.getByText('No rows in this period.');
    expect(screen.queryByRole('navigation')).toBeNull();
    cleanup();
    renderCounted({ list: ['row 1', 'row 2'], totalCount: 42, totalPages: 3 });
    screen.getByText('row 1, row 2');
    const pages = screen.getByRole('navigation');
    within(pages).getByRole('button', { name: 'Page 3' });
    expect(within(pages).queryByRole('button', { name: 'Page 4' })).toBeNull();
  });

  it('is refused by the compiler without them when the answer has another shape (the payroll’s pages)', () => {
    const query = { data: { rows: [], pages: 1 } } as unknown as UseQueryResult<Page>;
    // The test is the typecheck (npm run typecheck): this element must not compile.
    const element = (
      // @ts-expect-error -- { rows, pages } is not the usual page: isEmpty and totalPages are required.
      <PagedList query={query} empty="No rows in this period." page={1} onPage={() => undefined}>
        {(data: Page) => <p>{data.rows.length}</p>}
      </PagedList>
    );
    expect(element.props).not.toHaveProperty('totalPages');
  });
});
