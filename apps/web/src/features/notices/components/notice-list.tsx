import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { HtmlContent } from '../../../components/html-content';
import { BellIcon, ChevronDownIcon } from '../../../components/icons';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { useAnnouncements } from '../api/list-announcements';
import '../notices.css';

/** §2 notices: 9 a page; an entry expands to its title and HTML content. */
export function NoticeList({ initialId }: { initialId?: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [expandedId, setExpandedId] = useState<number | undefined>(initialId);
  const notices = useAnnouncements(page);

  if (notices.isPending) {
    return (
      <div className="page-spinner" role="status">
        <Spinner />
        <span>{t('common.loading')}</span>
      </div>
    );
  }
  if (notices.isError) {
    return (
      <p role="alert" className="form-error">
        {t('errors.NETWORK_ERROR')}
      </p>
    );
  }
  const { announcements, totalPages } = notices.data;
  if (announcements.length === 0)
    return <EmptyState icon={<BellIcon size={32} />} title={t('notices.empty')} />;

  return (
    <div className="notice-list" aria-busy={notices.isPlaceholderData}>
      <ul className="notice-list__items">
        {announcements.map((notice) => (
          <NoticeEntry
            key={notice.id}
            title={notice.title}
            content={notice.content}
            timestamp={notice.timestamp}
            isExpanded={expandedId === notice.id}
            onToggle={() => setExpandedId(expandedId === notice.id ? undefined : notice.id)}
          />
        ))}
      </ul>
      <Pagination
        page={page}
        totalPages={totalPages}
        label={t('notices.pagination')}
        onChange={(next) => {
          setPage(next);
          setExpandedId(undefined);
        }}
      />
    </div>
  );
}

type NoticeEntryProps = {
  title: string;
  content: string;
  timestamp: string;
  isExpanded: boolean;
  onToggle: () => void;
};

function NoticeEntry({ title, content, timestamp, isExpanded, onToggle }: NoticeEntryProps) {
  const panelId = useId();
  return (
    <li className="notice-entry" data-expanded={isExpanded}>
      <button
        type="button"
        className="notice-entry__head"
        aria-expanded={isExpanded}
        aria-controls={panelId}
        onClick={onToggle}
      >
        <span className="notice-entry__title">{title}</span>
        <time className="notice-entry__date" dateTime={timestamp}>
          {formatDateTime(timestamp)}
        </time>
        <ChevronDownIcon size={18} />
      </button>
      {isExpanded && (
        <div id={panelId} className="notice-entry__panel">
          <h3>{title}</h3>
          <HtmlContent html={content} />
        </div>
      )}
    </li>
  );
}
