import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { PanelError, PanelLoading } from '../../wallet/components/panel-state';
import { useAgentAnnouncements } from '../api/reports';
import '../../wallet/wallet.css';
import './agent-reports.css';

const PAGE_SIZE = 10;

/** §2 agentAnnouncement: what the brand publishes for its agents, newest first. */
export function AgentAnnouncementsPanel() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const notices = useAgentAnnouncements(pageNo, PAGE_SIZE);
  if (notices.isError) return <PanelError error={notices.error} onRetry={() => void notices.refetch()} />;
  if (!notices.data) return <PanelLoading />;
  if (notices.data.announcements.length === 0)
    return <p className="wallet-empty">{t('agentReports.announcements.none')}</p>;
  return (
    <div className="wallet-panel agent-report">
      {notices.data.announcements.map((notice) => (
        <article key={notice.id} className="agent-announcement">
          <h4>{notice.title}</h4>
          <time dateTime={notice.publishedAt}>{formatDateTime(notice.publishedAt)}</time>
          <p>{notice.content}</p>
        </article>
      ))}
      <Pagination page={pageNo} totalPages={notices.data.totalPages} onChange={setPageNo} />
    </div>
  );
}
