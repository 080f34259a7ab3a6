import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentPayment, AgentPaymentPage, AgentRevenue } from '@jade/contracts/agent-payroll';
import type { ContractKind } from '@jade/contracts/agents';
import { PagedList } from '../../wallet/components/paged-list';
import { PanelQuery, StatusBadge, type BadgeTone } from '../../wallet/components/panel-state';
import { RecordTable, useMoneyColumns } from '../../wallet/components/record-table';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { useAgentPayments, useAgentRevenue } from '../api/payroll';
import { useTeamReportFilters } from '../hooks/use-team-report-filters';
import '../../wallet/wallet.css';
import './agent-reports.css';

const RANGES = ['TODAY', 'PAST_7', 'PAST_30'] as const;
type Range = (typeof RANGES)[number];
const SIDES = ['RECEIVED', 'PAID'] as const;
type Side = (typeof SIDES)[number];

const TONES: Record<AgentPayment['status'], BadgeTone> = {
  PAID: 'success',
  OWED: 'danger',
  NOTHING: 'muted',
  AWAITING_APPROVAL: 'pending',
};

/**
 * The period as the brand's calendar names it: the server keys periods in the brand's days and
 * hours (D:2026-11-21, H:2026-11-21T05, R:2026-11-21@09:00:00, WEEKLY:2026-11-16), so no time zone
 * arithmetic happens here.
 */
const periodLabel = (key: string) => {
  const body = key.slice(key.indexOf(':') + 1);
  if (key.startsWith('H:')) return `${body.replace('T', ' ')}:00`;
  if (key.startsWith('R:')) return body.replace('@', ' ').slice(0, 16);
  return body;
};

function RangeSelect({ value, onChange }: { value: Range; onChange: (range: Range) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="wallet-filter">
      <label htmlFor={id}>{t('wallet.records.period')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Range)}>
        {RANGES.map((range) => (
          <option key={range} value={range}>
            {t(`wallet.records.periods.${range}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One payroll record list (§2 agentDailyWages2, agentHourSalary, agentRealtimeSalary, agentDividendRecordCopy2). */
function PaymentsPanel({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const id = useId();
  const {
    filters,
    setFilter,
    pageNo: page,
    setPageNo: setPage,
  } = useTeamReportFilters({
    range: 'PAST_7' as Range,
    side: 'RECEIVED' as Side,
  });
  const { range, side } = filters;
  const payments = useAgentPayments({ kind, side, range, page });
  return (
    <div className="wallet-panel agent-payroll">
      <form
        className="wallet-filters"
        aria-label={t('agentPayroll.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <RangeSelect value={range} onChange={setFilter('range')} />
        <div className="wallet-filter">
          <label htmlFor={`${id}-side`}>{t('agentPayroll.side')}</label>
          <select id={`${id}-side`} value={side} onChange={(e) => setFilter('side')(e.target.value as Side)}>
            {SIDES.map((value) => (
              <option key={value} value={value}>
                {t(`agentPayroll.sides.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </form>
      <PagedList
        query={payments}
        isEmpty={(data) => data.list.length === 0}
        empty={t('agentPayroll.none')}
        page={page}
        onPage={setPage}
        totalPages={(data) => data.pages}
        pagesLabel={t('agentPayroll.pages')}
      >
        {(data) => <PaymentList data={data} kind={kind} side={side} />}
      </PagedList>
    </div>
  );
}

function PaymentList({ data, kind, side }: { data: AgentPaymentPage; kind: ContractKind; side: Side }) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const { moneyColumn } = useMoneyColumns<AgentPayment>();
  const isDividend = kind === 'DIVIDEND';
  return (
    <div className="wallet-records">
      <p className="wallet-section__hint" role="status" data-testid="payroll-totals">
        {t('agentPayroll.totals', {
          gross: format(data.totals.gross),
          paid: format(data.totals.paid),
          owed: format(data.totals.owed),
        })}
      </p>
      <RecordTable
        caption={t(`agentPayroll.kinds.${kind}`)}
        rows={data.list}
        rowKey={(row) => String(row.id)}
        columns={[
          {
            id: 'period',
            label: t('agentPayroll.columns.period'),
            render: (row) => periodLabel(row.periodKey),
          },
          {
            id: 'category',
            label: t('bets.category'),
            render: (row) => t(`categories.${row.category}.title`),
          },
          side === 'PAID'
            ? { id: 'holder', label: t('agentPayroll.columns.holder'), render: (row) => row.holder }
            : {
                id: 'payer',
                label: t('agentPayroll.columns.payer'),
                render: (row) => row.payer ?? t('agentPayroll.brand'),
              },
          moneyColumn('teamValidBet', t('agentPayroll.columns.teamValidBet'), (row) => row.teamValidBet),
          ...(isDividend
            ? [moneyColumn('netLoss', t('agentPayroll.columns.netLoss'), (row) => row.netLoss)]
            : []),
          {
            id: 'active',
            label: t('agentPayroll.columns.activeMembers'),
            isNumeric: true,
            render: (row) => row.activeMembers,
          },
          {
            id: 'tier',
            label: t('agentPayroll.columns.tier'),
            isNumeric: true,
            render: (row) => row.tier ?? t('agentPayroll.noTier'),
          },
          moneyColumn('gross', t('agentPayroll.columns.gross'), (row) => row.gross),
          moneyColumn('paid', t('agentPayroll.columns.paid'), (row) => row.paid),
          moneyColumn('owed', t('agentPayroll.columns.owed'), (row) => row.owed),
          {
            id: 'status',
            label: t('agentPayroll.columns.status'),
            render: (row) => (
              <StatusBadge tone={TONES[row.status]}>{t(`agentPayroll.statuses.${row.status}`)}</StatusBadge>
            ),
          },
        ]}
      />
    </div>
  );
}

export const DailyWagesPanel = () => <PaymentsPanel kind="DAILY_SALARY" />;
export const HourSalaryPanel = () => <PaymentsPanel kind="HOURLY_SALARY" />;
export const RealtimeSalaryPanel = () => <PaymentsPanel kind="REALTIME_SALARY" />;
export const DividendRecordPanel = () => <PaymentsPanel kind="DIVIDEND" />;

/** §2 agentRevenueReport: my income by kind and day — received, paid to my downline, kept. */
export function RevenuePanel() {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>('PAST_7');
  const revenue = useAgentRevenue(range);
  return (
    <div className="wallet-panel">
      <form
        className="wallet-filters"
        aria-label={t('agentPayroll.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <RangeSelect value={range} onChange={setRange} />
      </form>
      <PanelQuery query={revenue}>{(data) => <RevenueList data={data} />}</PanelQuery>
    </div>
  );
}

function RevenueList({ data }: { data: AgentRevenue }) {
  const { t } = useTranslation();
  const { format, formatSigned } = useMoneyFormat();
  const { moneyColumn } = useMoneyColumns<AgentRevenue['rows'][number]>();
  if (data.rows.length === 0) return <p className="wallet-empty">{t('agentPayroll.revenueNone')}</p>;
  return (
    <div className="wallet-records">
      <p className="wallet-section__hint" role="status" data-testid="revenue-totals">
        {t('agentPayroll.revenueTotals', {
          received: format(data.totals.received),
          paidToChildren: format(data.totals.paidToChildren),
          kept: formatSigned(data.totals.kept),
        })}
      </p>
      <RecordTable
        caption={t('agentPayroll.revenueCaption')}
        rows={data.rows}
        rowKey={(row) => `${row.day}/${row.kind}`}
        columns={[
          { id: 'day', label: t('agentPayroll.columns.day'), render: (row) => row.day },
          {
            id: 'kind',
            label: t('agentPayroll.columns.kind'),
            render: (row) => t(`agentPayroll.kinds.${row.kind}`),
          },
          moneyColumn('received', t('agentPayroll.columns.received'), (row) => row.received),
          moneyColumn(
            'paidToChildren',
            t('agentPayroll.columns.paidToChildren'),
            (row) => row.paidToChildren,
          ),
          {
            id: 'kept',
            label: t('agentPayroll.columns.kept'),
            isNumeric: true,
            render: (row) => formatSigned(row.kept),
          },
        ]}
      />
    </div>
  );
}
