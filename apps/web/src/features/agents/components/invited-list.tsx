import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadError, LoadingState } from '../../../components/load-state';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { useInvited } from '../api/invitations';

/** The members the agent brought in (its direct downlines), newest first, ten a page. */
export function InvitedList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const invited = useInvited(page);
  if (invited.isError) return <LoadError error={invited.error} onRetry={() => void invited.refetch()} />;
  if (!invited.data) return <LoadingState />;
  const { items, total, size } = invited.data;
  return (
    <section aria-labelledby="invited-title" className="agent-join__section">
      <h3 id="invited-title">{t('agentJoin.invited.title', { count: total })}</h3>
      {items.length === 0 ? (
        <EmptyState title={t('agentJoin.invited.empty')} />
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('agentJoin.invited.account')}</th>
              <th scope="col">{t('agentJoin.invited.type')}</th>
              <th scope="col">{t('agentJoin.invited.joined')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.account}>
                <td>{item.account}</td>
                <td>{item.type === 0 ? t('agentJoin.kinds.MEMBER') : t('agentJoin.kinds.AGENT')}</td>
                <td>{formatDateTime(item.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={page} totalPages={Math.ceil(total / size)} onChange={setPage} />
    </section>
  );
}
