import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentDateRange } from '@jade/contracts/agents';
import { GAME_CATEGORIES, type GameCategory } from '@jade/contracts/games';
import { Pagination } from '../../../components/pagination';
import { BetList } from '../../games/components/bet-records-panel';
import { PanelError, PanelLoading } from '../../wallet/components/panel-state';
import { useTeamBets } from '../api/reports';
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
  const [range, setRange] = useState<AgentDateRange>('PAST_7');
  const [category, setCategory] = useState<GameCategory | ''>('');
  const [account, setAccount] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const records = useTeamBets({
    range,
    ...(category && { category }),
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
    <div className="wallet-panel bet-records-panel agent-report">
      <form
        className="wallet-filters"
        aria-label={t('agentReports.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <RangePicker value={range} onChange={filter(setRange)} />
        <div className="wallet-filter">
          <label htmlFor={`${id}-category`}>{t('bets.category')}</label>
          <select
            id={`${id}-category`}
            value={category}
            onChange={(e) => filter(setCategory)(e.target.value as GameCategory | '')}
          >
            <option value="">{t('bets.allCategories')}</option>
            {GAME_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}.title`)}
              </option>
            ))}
          </select>
        </div>
        <AccountFilter onApply={filter(setAccount)} />
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
