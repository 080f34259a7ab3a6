import { useTranslation } from 'react-i18next';
import type { AgentDateRange } from '@jade/contracts/agents';
import {
  TEAM_MOVEMENT_TYPES,
  type TeamMovementType,
  type TeamTransactionsResponse,
} from '@jade/contracts/agent-reports';
import { formatDateTime } from '../../../lib/format';
import { RecordsPanel, SelectFilter } from '../../wallet/components/records-panel';
import { RecordTable } from '../../wallet/components/record-table';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { useTeamTransactions } from '../api/reports';
import { useTeamReportFilters } from '../hooks/use-team-report-filters';
import { AccountFilter } from './account-filter';
import { RangePicker } from './range-picker';
import '../../wallet/wallet.css';
import './agent-reports.css';

const PAGE_SIZE = 20;

/** §2 agent centre, agentDownlineTransactionDetailsCopy: the team's deposits, withdrawals and transfers. */
export function TeamTransactionsPanel() {
  const { t } = useTranslation();
  const { typeLabel } = useMoveLabels();
  const { filters, setFilter, pageNo, setPageNo } = useTeamReportFilters({
    range: 'PAST_7' as AgentDateRange,
    type: '' as TeamMovementType | '',
    account: '',
  });
  const { range, type, account } = filters;
  const moves = useTeamTransactions({
    range,
    ...(type && { type }),
    ...(account && { account }),
    pageNo,
    pageSize: PAGE_SIZE,
  });
  return (
    <RecordsPanel
      className="wallet-panel agent-report"
      filtersLabel={t('agentReports.filters')}
      filters={
        <>
          <RangePicker value={range} onChange={setFilter('range')} />
          <SelectFilter
            label={t('agentReports.moves.type')}
            value={type}
            onChange={setFilter('type')}
            options={[
              { value: '', label: t('agentReports.moves.allTypes') },
              ...TEAM_MOVEMENT_TYPES.map((value) => ({ value, label: typeLabel(value) })),
            ]}
          />
          <AccountFilter onApply={setFilter('account')} />
        </>
      }
      records={moves}
      empty={t('agentsExtra.moves.none')}
      pageNo={pageNo}
      setPageNo={setPageNo}
    >
      {(data, isUpdating) => <MoveRows data={data} isUpdating={isUpdating} />}
    </RecordsPanel>
  );
}

type Move = TeamTransactionsResponse['records'][number];

/**
 * The panel's labels: TRANSFER's lives with this panel's other keys (agentsExtra), the payments'
 * with the reports'; a payment's state as the member's own wallet pages name it, a transfer's kind.
 */
function useMoveLabels() {
  const { t } = useTranslation();
  const typeLabel = (type: TeamMovementType) =>
    type === 'TRANSFER' ? t('agentsExtra.moves.TRANSFER') : t(`agentReports.moves.types.${type}`);
  const lookUp = t as unknown as (key: string, options: { defaultValue: string }) => string;
  const statusLabel = (move: Move) =>
    lookUp(
      move.type === 'DEPOSIT'
        ? `wallet.deposit.status.${move.status}`
        : move.type === 'WITHDRAWAL'
          ? `wallet.withdraw.status.${move.status}`
          : `agentsExtra.transferKinds.${move.status}`,
      { defaultValue: move.status },
    );
  return { typeLabel, statusLabel };
}

function MoveRows({ data, isUpdating }: { data: TeamTransactionsResponse; isUpdating: boolean }) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const { typeLabel, statusLabel } = useMoveLabels();
  return (
    <div className={isUpdating ? 'wallet-records is-updating' : 'wallet-records'} aria-busy={isUpdating}>
      <p className="wallet-section__hint" role="status">
        {t('agentReports.moves.totals', {
          deposits: format(data.totals.deposits),
          withdrawals: format(data.totals.withdrawals),
        })}
        {' · '}
        {t('agentsExtra.moves.totalTransfers', { transfers: format(data.totals.transfers) })}
      </p>
      <RecordTable
        caption={t('agentsExtra.moves.caption')}
        rows={data.records}
        rowKey={(row) => row.id}
        columns={[
          { id: 'time', label: t('bets.columns.time'), render: (row) => formatDateTime(row.createdAt) },
          { id: 'account', label: t('agentReports.member'), render: (row) => row.account },
          {
            id: 'type',
            label: t('agentReports.moves.type'),
            render: (row) => typeLabel(row.type),
          },
          {
            id: 'counterpart',
            label: t('agentsExtra.moves.counterpart'),
            render: (row) =>
              row.type !== 'TRANSFER'
                ? ''
                : t(row.direction === 'OUT' ? 'agentsExtra.moves.to' : 'agentsExtra.moves.from', {
                    account: row.counterpart ?? t('agentsExtra.moves.outsideTeam'),
                  }),
          },
          {
            id: 'amount',
            label: t('agentReports.moves.amount'),
            isNumeric: true,
            render: (row) => (
              <span className={row.direction === 'OUT' ? 'wallet-amount--out' : 'wallet-amount--in'}>
                {format(row.amount)}
              </span>
            ),
          },
          { id: 'status', label: t('bets.columns.status'), render: (row) => statusLabel(row) },
        ]}
      />
    </div>
  );
}
