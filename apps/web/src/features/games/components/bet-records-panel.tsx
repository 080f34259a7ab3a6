import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_CATEGORIES, type BetRecordItem, type GameCategory } from '@jade/contracts/games';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { PanelError, PanelLoading } from '../../wallet/components/panel-state';
import { RecordTable } from '../../wallet/components/record-table';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { useBetRecords } from '../api/get-bet-records';
import { useGameMenus } from '../api/get-game-menus';
import '../../wallet/wallet.css';

const PAGE_SIZE = 20;
const PERIODS = ['TODAY', 'PAST_7', 'PAST_30', 'CUSTOM'] as const;
type Period = (typeof PERIODS)[number];
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** §2 personal centre, personalHistoryCopy (betting record): every round, by vendor, category and dates. */
export function BetRecordsPanel() {
  const { t } = useTranslation();
  const id = useId();
  const menus = useGameMenus();
  const vendors = [
    ...new Map((menus.data ?? []).flatMap((m) => m.vendors).map((v) => [v.vassalage, v])).values(),
  ];
  const [vassalage, setVassalage] = useState('');
  const [category, setCategory] = useState<GameCategory | ''>('');
  const [period, setPeriod] = useState<Period>('PAST_7');
  const [from, setFrom] = useState(todayUtc);
  const [to, setTo] = useState(todayUtc);
  const [pageNo, setPageNo] = useState(1);
  const isRangeValid = period !== 'CUSTOM' || (from !== '' && to !== '' && from <= to);
  const records = useBetRecords({
    ...(vassalage && { vassalage }),
    ...(category && { category }),
    range: period === 'CUSTOM' ? 'PAST_30' : period,
    ...(period === 'CUSTOM' && isRangeValid && { from, to }),
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
    <div className="wallet-panel">
      <form className="wallet-filters" aria-label={t('bets.filters')} onSubmit={(e) => e.preventDefault()}>
        <div className="wallet-filter">
          <label htmlFor={`${id}-vendor`}>{t('bets.vendor')}</label>
          <select
            id={`${id}-vendor`}
            value={vassalage}
            onChange={(e) => filter(setVassalage)(e.target.value)}
          >
            <option value="">{t('bets.allVendors')}</option>
            {vendors.map((v) => (
              <option key={v.vassalage} value={v.vassalage}>
                {v.vendorName}
              </option>
            ))}
          </select>
        </div>
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
        <div className="wallet-filter">
          <label htmlFor={`${id}-period`}>{t('wallet.records.period')}</label>
          <select
            id={`${id}-period`}
            value={period}
            onChange={(e) => filter(setPeriod)(e.target.value as Period)}
          >
            {PERIODS.map((value) => (
              <option key={value} value={value}>
                {t(`wallet.records.periods.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {period === 'CUSTOM' && (
          <>
            <div className="wallet-filter">
              <label htmlFor={`${id}-from`}>{t('wallet.records.from')}</label>
              <input
                id={`${id}-from`}
                type="date"
                value={from}
                max={to || undefined}
                onChange={(e) => filter(setFrom)(e.target.value)}
              />
            </div>
            <div className="wallet-filter">
              <label htmlFor={`${id}-to`}>{t('wallet.records.to')}</label>
              <input
                id={`${id}-to`}
                type="date"
                value={to}
                min={from || undefined}
                onChange={(e) => filter(setTo)(e.target.value)}
              />
            </div>
          </>
        )}
      </form>
      {!isRangeValid && (
        <p role="alert" className="form-error">
          {t('wallet.records.badRange')}
        </p>
      )}
      {records.data ? (
        <BetList data={records.data} isUpdating={records.isPlaceholderData} />
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

function BetList({
  data,
  isUpdating,
}: {
  data: {
    records: BetRecordItem[];
    totalCount: number;
    totals: { stake: number; validBet: number; payout: number; winLoss: number };
  };
  isUpdating: boolean;
}) {
  const { t } = useTranslation();
  const { format, formatSigned } = useMoneyFormat();
  if (data.records.length === 0) return <p className="wallet-empty">{t('bets.none')}</p>;
  return (
    <div className={isUpdating ? 'wallet-records is-updating' : 'wallet-records'} aria-busy={isUpdating}>
      <p className="wallet-section__hint" role="status" data-testid="bet-totals">
        {t('bets.totals', {
          count: data.totalCount,
          stake: format(data.totals.stake),
          validBet: format(data.totals.validBet),
          winLoss: formatSigned(data.totals.winLoss),
        })}
      </p>
      <RecordTable
        caption={t('bets.caption')}
        rows={data.records}
        rowKey={(row) => row.id}
        columns={[
          { id: 'time', label: t('bets.columns.time'), render: (row) => formatDateTime(row.placedAt) },
          { id: 'game', label: t('bets.columns.game'), render: (row) => row.gameName },
          { id: 'round', label: t('bets.columns.round'), render: (row) => row.roundId },
          {
            id: 'stake',
            label: t('bets.columns.stake'),
            isNumeric: true,
            render: (row) => format(row.stake),
          },
          {
            id: 'payout',
            label: t('bets.columns.payout'),
            isNumeric: true,
            render: (row) => format(row.payout),
          },
          {
            id: 'winLoss',
            label: t('bets.columns.winLoss'),
            isNumeric: true,
            render: (row) => (
              <span className={row.winLoss < 0 ? 'wallet-amount--out' : 'wallet-amount--in'}>
                {formatSigned(row.winLoss)}
              </span>
            ),
          },
          {
            id: 'status',
            label: t('bets.columns.status'),
            render: (row) => t(`bets.statuses.${row.status}`),
          },
        ]}
      />
    </div>
  );
}
