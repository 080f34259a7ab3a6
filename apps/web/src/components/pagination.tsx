import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { paginationItems } from './pagination-items';

type PaginationProps = {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark when a screen has more than one list. */
  label?: string;
};

export function Pagination({ page, totalPages, onChange, label }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages < 2) return null;
  const items = paginationItems(page, totalPages);

  return (
    <nav className="pagination" aria-label={label ?? t('pagination.label')}>
      <button
        type="button"
        className="pagination__step"
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label={t('pagination.previous')}
      >
        <ChevronLeftIcon size={18} />
      </button>
      <ol className="pagination__pages">
        {items.map((item) =>
          item.type === 'gap' ? (
            <li key={item.key} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className="pagination__page"
                aria-current={item.page === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item.page })}
                onClick={() => onChange(item.page)}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
      </ol>
      <button
        type="button"
        className="pagination__step"
        onClick={() => onChange(page + 1)}
        disabled={page >= totalPages}
        aria-label={t('pagination.next')}
      >
        <ChevronRightIcon size={18} />
      </button>
    </nav>
  );
}
