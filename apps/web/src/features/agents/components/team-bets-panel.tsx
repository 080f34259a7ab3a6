import { useTranslation } from 'react-i18next';
import type { AgentDateRange } from '@jade/contracts/agents';
import type { GameCategory } from '@jade/contracts/games';
import { BetList, CategoryFilter } from '../../games/components/bet-records-panel';
import { RecordsPanel } from '../../wallet/components/records-panel';
import { useTeamBets } from '../api/reports';
import { useTeamReportFilters } from '../hooks/use-team-report-filters';
import { AccountFilter } from './account-filter';
import { RangePicker } from './range-picker';
import '../../wallet/wallet.css';
import '../../games/components/bet-records.css';
import './agent-reports.css';

const PAGE_SIZE = 20;

/** §2 agent centre, personalHistoryCopy: the team's betting records, by member, category and range. */
export function TeamBetsPanel() {
  const { t } = useTranslation();
  const { filters, setFilter, pageNo, setPageNo } = useTeamReportFilters({
    range: 'PAST_7' as AgentDateRange,
    category: '' as GameCategory | '',
    account: '',
  });
  const { range, category, account } = filters;
  const records = useTeamBets({
    range,
    ...(category && { category }),
    ...(account && { account }),
    pageNo,
    pageSize: PAGE_SIZE,
  });
  return (
    <RecordsPanel
      className="wallet-panel bet-records-panel agent-report"
      filtersLabel={t('agentReports.filters')}
      filters={
        <>
          <RangePicker value={range} onChange={setFilter('range')} />
          <CategoryFilter value={category} onChange={setFilter('category')} />
          <AccountFilter onApply={setFilter('account')} />
        </>
      }
      records={records}
      empty={t('bets.none')}
      pageNo={pageNo}
      setPageNo={setPageNo}
      pagesLabel={t('bets.pages')}
    >
      {(data, isUpdating) => (
        <BetList
          data={data}
          isUpdating={isUpdating}
          leadingColumns={[{ id: 'account', label: t('agentReports.member'), render: (row) => row.account }]}
        />
      )}
    </RecordsPanel>
  );
}
