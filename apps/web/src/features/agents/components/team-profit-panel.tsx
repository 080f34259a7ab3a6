import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentDateRange } from '@jade/contracts/agents';
import { TEAM_SCOPES, type TeamProfitResponse, type TeamProfitRow } from '@jade/contracts/agent-reports';
import { PagedList } from '../../wallet/components/paged-list';
import { RecordTable, useMoneyColumns } from '../../wallet/components/record-table';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { useTeamProfit } from '../api/reports';
import { useTeamReportFilters } from '../hooks/use-team-report-filters';
import { AccountFilter } from './account-filter';
import { RangePicker } from './range-picker';
import '../../wallet/wallet.css';
import './agent-reports.css';

const PAGE_SIZE = 20;
type Scope = (typeof TEAM_SCOPES)[number];

/** §2 agent centre, palStatementsAgentCopy: valid bet, payout and win/loss per team member, with totals. */
export function TeamProfitPanel() {
  const { t } = useTranslation();
  const id = useId();
  const { filters, setFilter, pageNo, setPageNo } = useTeamReportFilters({
    range: 'PAST_7' as AgentDateRange,
    scope: 'ALL' as Scope,
    account: '',
  });
  const { range, scope, account } = filters;
  const profit = useTeamProfit({ range, scope, ...(account && { account }), pageNo, pageSize: PAGE_SIZE });
  return (
    <div className="wallet-panel agent-report">
      <form
        className="wallet-filters"
        aria-label={t('agentReports.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <RangePicker value={range} onChange={setFilter('range')} />
        <div className="wallet-filter">
          <label htmlFor={`${id}-scope`}>{t('agentReports.scope')}</label>
          <select
            id={`${id}-scope`}
            value={scope}
            onChange={(e) => setFilter('scope')(e.target.value as Scope)}
          >
            {TEAM_SCOPES.map((s) => (
              <option key={s} value={s}>
                {t(`agentReports.scopes.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <AccountFilter onApply={setFilter('account')} />
      </form>
      <PagedList query={profit} empty={t('agentReports.profit.none')} page={pageNo} onPage={setPageNo}>
        {(data, isUpdating) => <ProfitRows data={data} isUpdating={isUpdating} />}
      </PagedList>
    </div>
  );
}

function ProfitRows({ data, isUpdating }: { data: TeamProfitResponse; isUpdating: boolean }) {
  const { t } = useTranslation();
  const { format, formatSigned } = useMoneyFormat();
  const { moneyColumn, signedMoneyColumn } = useMoneyColumns<TeamProfitRow>();
  return (
    <div className={isUpdating ? 'wallet-records is-updating' : 'wallet-records'} aria-busy={isUpdating}>
      <p className="wallet-section__hint" role="status" data-testid="team-profit-totals">
        {t('agentReports.profit.totals', {
          members: data.totalCount,
          validBet: format(data.totals.validBet),
          payout: format(data.totals.payout),
          winLoss: formatSigned(data.totals.winLoss),
        })}
      </p>
      <RecordTable
        caption={t('agentReports.profit.caption')}
        rows={data.rows}
        rowKey={(row) => row.memberId}
        columns={[
          {
            id: 'account',
            label: t('agentReports.member'),
            render: (row) =>
              row.depth === 0 ? t('agentReports.profit.me', { account: row.account }) : row.account,
          },
          {
            id: 'level',
            label: t('agentReports.profit.level'),
            isNumeric: true,
            render: (row) => row.depth,
          },
          { id: 'bets', label: t('profit.columns.bets'), isNumeric: true, render: (row) => row.bets },
          moneyColumn('validBet', t('bets.validBet'), (row) => row.validBet),
          moneyColumn('payout', t('bets.columns.payout'), (row) => row.payout),
          signedMoneyColumn('winLoss', t('bets.columns.winLoss'), (row) => row.winLoss),
        ]}
      />
    </div>
  );
}
