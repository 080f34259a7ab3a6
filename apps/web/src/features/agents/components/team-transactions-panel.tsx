import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentDateRange } from '@jade/contracts/agents';
import {
  TEAM_MOVEMENT_TYPES,
  type TeamMovementType,
  type TeamTransactionsResponse,
} from '@jade/contracts/agent-reports';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { PanelError, PanelLoading } from '../../wallet/components/panel-state';
import { RecordTable } from '../../wallet/components/record-table';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { useTeamTransactions } from '../api/reports';
import { AccountFilter } from './account-filter';
import { RangePicker } from './range-picker';
import '../../wallet/wallet.css';
import './agent-reports.css';

const PAGE_SIZE = 20;

/** §2 agent centre, agentDownlineTransactionDetailsCopy: the team's deposits and withdrawals. */
export function TeamTransactionsPanel() {
  const { t } = useTranslation();
  const id = useId();
  const [range, setRange] = useState<AgentDateRange>('PAST_7');
  const [type, setType] = useState<TeamMovementType | ''>('');
  const [account, setAccount] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const moves = useTeamTransactions({
    range,
    ...(type && { type }),
    ...(account && { account }),
    pageNo,
    pageSize: PAGE_SIZE,
  });
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPageNo(1);
    };
  return (
    <div className="wallet-panel agent-report">
      <form
        className="wallet-filters"
        aria-label={t('agentReports.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <RangePicker value={range} onChange={filter(setRange)} />
        <div className="wallet-filter">
          <label htmlFor={`${id}-type`}>{t('agentReports.moves.type')}</label>
          <select
            id={`${id}-type`}
            value={type}
            onChange={(e) => filter(setType)(e.target.value as TeamMovementType | '')}
          >
            <option value="">{t('agentReports.moves.allTypes')}</option>
            {TEAM_MOVEMENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`agentReports.moves.types.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <AccountFilter onApply={filter(setAccount)} />
      </form>
      {moves.data ? (
        <MoveRows data={moves.data} isUpdating={moves.isPlaceholderData} />
      ) : moves.isError ? (
        <PanelError error={moves.error} onRetry={() => void moves.refetch()} />
      ) : (
        <PanelLoading />
      )}
      {moves.data && <Pagination page={pageNo} totalPages={moves.data.totalPages} onChange={setPageNo} />}
    </div>
  );
}

function MoveRows({ data, isUpdating }: { data: TeamTransactionsResponse; isUpdating: boolean }) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  if (data.records.length === 0) return <p className="wallet-empty">{t('agentReports.moves.none')}</p>;
  return (
    <div className={isUpdating ? 'wallet-records is-updating' : 'wallet-records'} aria-busy={isUpdating}>
      <p className="wallet-section__hint" role="status">
        {t('agentReports.moves.totals', {
          deposits: format(data.totals.deposits),
          withdrawals: format(data.totals.withdrawals),
        })}
      </p>
      <RecordTable
        caption={t('agentReports.moves.caption')}
        rows={data.records}
        rowKey={(row) => row.id}
        columns={[
          { id: 'time', label: t('bets.columns.time'), render: (row) => formatDateTime(row.createdAt) },
          { id: 'account', label: t('agentReports.member'), render: (row) => row.account },
          {
            id: 'type',
            label: t('agentReports.moves.type'),
            render: (row) => t(`agentReports.moves.types.${row.type}`),
          },
          {
            id: 'amount',
            label: t('agentReports.moves.amount'),
            isNumeric: true,
            render: (row) => (
              <span className={row.type === 'WITHDRAWAL' ? 'wallet-amount--out' : 'wallet-amount--in'}>
                {format(row.amount)}
              </span>
            ),
          },
          { id: 'status', label: t('bets.columns.status'), render: (row) => row.status },
        ]}
      />
    </div>
  );
}
