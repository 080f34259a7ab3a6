import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../testing/i18n';
import { Pagination } from './pagination';
import { paginationItems } from './pagination-items';

/** 1 … 4 5 6 … 10 as text, for readable expectations. */
const shown = (current: number, total: number) =>
  paginationItems(current, total)
    .map((item) => (item.type === 'gap' ? '…' : String(item.page)))
    .join(' ');

afterEach(cleanup);

describe('paginationItems (§9: range 3, margin 1)', () => {
  it('shows every page when there are few', () => {
    expect(shown(1, 1)).toBe('1');
    expect(shown(1, 2)).toBe('1 2');
    expect(shown(2, 5)).toBe('1 2 3 4 5');
  });

  it('shows three pages around the current one, the first and last, and gaps between', () => {
    expect(shown(5, 10)).toBe('1 … 4 5 6 … 10');
    expect(shown(1, 10)).toBe('1 2 3 … 10');
    expect(shown(10, 10)).toBe('1 … 8 9 10');
  });

  it('shows a single hidden page instead of a gap', () => {
    expect(shown(4, 10)).toBe('1 2 3 4 5 … 10');
    expect(shown(7, 10)).toBe('1 … 6 7 8 9 10');
  });

  it('clamps a page outside the range and shows nothing without pages', () => {
    expect(shown(99, 4)).toBe('1 2 3 4');
    expect(paginationItems(1, 0)).toEqual([]);
  });
});

describe('Pagination', () => {
  const renderPagination = (page: number, totalPages: number, onChange = vi.fn()) => {
    render(
      <I18nextProvider i18n={createTestI18n('en')}>
        <Pagination page={page} totalPages={totalPages} onChange={onChange} />
      </I18nextProvider>,
    );
    return onChange;
  };

  it('marks the current page and reports the page clicked', () => {
    const onChange = renderPagination(5, 10);
    expect(screen.getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange.mock.calls).toEqual([[10], [6], [4]]);
  });

  it('disables stepping past either end', () => {
    renderPagination(1, 2);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('renders nothing for a single page', () => {
    renderPagination(1, 1);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
