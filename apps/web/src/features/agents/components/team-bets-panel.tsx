import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentDateRange } from '@jade/contracts/agents';
import { GAME_CATEGORIES, type GameCategory } from '@jade/contracts/games';
import { Pagination } from '../../../components/pagination';
import { BetList } from '../../games/components/bet-records-panel';
import { PanelError, PanelLoading } from '../../wallet/components/panel-state';
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
  const id = useId();
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
    <div className="wallet-panel bet-records-panel agent-report">
      <form
        className="wallet-filters"
        aria-label={t('agentReports.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <RangePicker value={range} onChange={setFilter('range')} />
        <div className="wallet-filter">
          <label htmlFor={`${id}-category`}>{t('bets.category')}</label>
          <select
            id={`${id}-category`}
            value={category}
            onChange={(e) => setFilter('category')(e.target.value as GameCategory | '')}
          >
            <option value="">{t('bets.allCategories')}</option>
            {GAME_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}.title`)}
              </option>
            ))}
          </select>
        </div>
        <AccountFilter onApply={setFilter('account')} />
      </form>
      {records.data ? (
        <BetList
          data={records.data}
          isUpdating={records.isPlaceholderData}
          leadingColumns={[{ id: 'account', label: t('agentReports.member'), render: (row) => row.account }]}
        />
      ) : records.isError ? (
        <PanelError error={records.error} onRetry={() => void records.refetch()} />
      ) : (
        <PanelLoading />
      )}
      {records.data && (
        <Pagination
          page={pageNo}
          totalPages={records.data.totalPages}
          onChange={setPageNo}
          label={t('bets.pages')}
        />
      )}
    </div>
  );
}
