import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GAME_CATEGORIES,
  type BetRecordItem,
  type BetRecordResponse,
  type GameCategory,
} from '@jade/contracts/games';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { PanelError, PanelLoading, StatusBadge, type BadgeTone } from '../../wallet/components/panel-state';
import { RecordTable, type Column } from '../../wallet/components/record-table';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { useBetRecords } from '../api/get-bet-records';
import { useGameMenus } from '../api/get-game-menus';
import '../../wallet/wallet.css';
import './bet-records.css';

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
    <div className="wallet-panel bet-records-panel">
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

type BetDetail = NonNullable<BetRecordItem['detail']>;
type Spot = Extract<BetDetail, { kind: 'SPOTS' }>['spots'][number];
const KNOWN_SPOTS = new Set([
  'red',
  'black',
  'even',
  'odd',
  'low',
  'high',
  'column',
  'dozen',
  'firstFour',
  'PLAYER',
  'BANKER',
  'TIE',
  'PLAYER_PAIR',
  'BANKER_PAIR',
]);

const STATUS_TONE: Record<BetRecordItem['status'], BadgeTone> = {
  OPEN: 'pending',
  SETTLED: 'success',
  VOID: 'muted',
};

/** What a round was on, in words: the lottery's bet type and numbers, a table's spots, a slot's lines. */
function DetailText({ detail }: { detail: BetDetail }) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const spotName = (spot: Spot) => {
    // A numbered bet is its numbers (17, 17/20); the others are named (Red, Dozen 2, Banker).
    if (spot.numbers?.length) return spot.numbers.join('/');
    if (KNOWN_SPOTS.has(spot.spot))
      return t(`bets.spots.${spot.spot}` as 'bets.spots.red', { which: spot.which ?? '' });
    return spot.spot;
  };
  if (detail.kind === 'LOTTERY')
    return (
      <>
        {t(`lotto.types.${detail.betType}` as 'lotto.types.LO2')} · {detail.numbers.join(' ')} ·{' '}
        {t('lotto.numero', { numero: detail.numero })}
      </>
    );
  if (detail.kind === 'LINES')
    return <>{t('bets.lines', { lines: detail.lines, lineBet: format(detail.lineBet) })}</>;
  return <>{detail.spots.map((spot) => `${spotName(spot)} ${format(spot.amount)}`).join(' · ')}</>;
}

/** What the list and its totals read: a member's own records, or an agent's team's. */
type BetListData<R extends BetRecordItem> = Pick<BetRecordResponse, 'totals' | 'open' | 'cancelled'> & {
  records: R[];
};

/** Settled results (what the profit page adds up), open bets and cancelled bets, each apart. */
function BetTotals({ data }: { data: BetListData<BetRecordItem> }) {
  const { t } = useTranslation();
  const { format, formatSigned } = useMoneyFormat();
  return (
    <div className="bet-totals">
      <section className="bet-totals__group" data-testid="bet-totals" aria-label={t('bets.settledTitle')}>
        <h4>{t('bets.settledTitle')}</h4>
        <dl>
          <div>
            <dt>{t('bets.count')}</dt>
            <dd data-testid="bet-totals-count">{data.totals.bets}</dd>
          </div>
          <div>
            <dt>{t('bets.columns.stake')}</dt>
            <dd>{format(data.totals.stake)}</dd>
          </div>
          <div>
            <dt>{t('bets.validBet')}</dt>
            <dd data-testid="bet-totals-valid">{format(data.totals.validBet)}</dd>
          </div>
          <div>
            <dt>{t('bets.columns.winLoss')}</dt>
            <dd
              data-testid="bet-totals-winloss"
              className={data.totals.winLoss < 0 ? 'wallet-amount--out' : 'wallet-amount--in'}
            >
              {formatSigned(data.totals.winLoss)}
            </dd>
          </div>
        </dl>
      </section>
      <section className="bet-totals__group" data-testid="bet-open" aria-label={t('bets.openTitle')}>
        <h4>{t('bets.openTitle')}</h4>
        <dl>
          <div>
            <dt>{t('bets.count')}</dt>
            <dd>{data.open.bets}</dd>
          </div>
          <div>
            <dt>{t('bets.atRisk')}</dt>
            <dd>{format(data.open.stake)}</dd>
          </div>
        </dl>
      </section>
      {data.cancelled.bets > 0 && (
        <section
          className="bet-totals__group"
          data-testid="bet-cancelled"
          aria-label={t('bets.cancelledTitle')}
        >
          <h4>{t('bets.cancelledTitle')}</h4>
          <dl>
            <div>
              <dt>{t('bets.count')}</dt>
              <dd>{data.cancelled.bets}</dd>
            </div>
            <div>
              <dt>{t('bets.refunded')}</dt>
              <dd>{format(data.cancelled.stake)}</dd>
            </div>
          </dl>
        </section>
      )}
    </div>
  );
}

/**
 * The betting records with their totals; `leadingColumns` come first (the agent's team list names
 * each row's member).
 */
export function BetList<R extends BetRecordItem>({
  data,
  isUpdating,
  leadingColumns = [],
}: {
  data: BetListData<R>;
  isUpdating: boolean;
  leadingColumns?: Column<R>[];
}) {
  const { t } = useTranslation();
  const { format, formatSigned } = useMoneyFormat();
  if (data.records.length === 0) return <p className="wallet-empty">{t('bets.none')}</p>;
  return (
    <div
      className={isUpdating ? 'wallet-records bet-records is-updating' : 'wallet-records bet-records'}
      aria-busy={isUpdating}
    >
      <BetTotals data={data} />
      <RecordTable
        caption={t('bets.caption')}
        rows={data.records}
        rowKey={(row) => row.id}
        columns={[
          ...leadingColumns,
          { id: 'time', label: t('bets.columns.time'), render: (row) => formatDateTime(row.placedAt) },
          {
            id: 'game',
            label: t('bets.columns.gameAndBet'),
            render: (row) => (
              <span className="bet-game">
                <span className="bet-game__name">{row.gameName}</span>
                {row.detail && (
                  <span className="bet-game__detail">
                    <DetailText detail={row.detail} />
                  </span>
                )}
              </span>
            ),
          },
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
            // An open round has no result yet, a cancelled one none at all (its stake came back).
            render: (row) => (row.status === 'SETTLED' ? format(row.payout) : '–'),
          },
          {
            id: 'winLoss',
            label: t('bets.columns.winLoss'),
            isNumeric: true,
            render: (row) =>
              row.status === 'SETTLED' ? (
                <span className={row.winLoss < 0 ? 'wallet-amount--out' : 'wallet-amount--in'}>
                  {formatSigned(row.winLoss)}
                </span>
              ) : (
                '–'
              ),
          },
          {
            id: 'status',
            label: t('bets.columns.status'),
            render: (row) => (
              <StatusBadge tone={STATUS_TONE[row.status]}>{t(`bets.statuses.${row.status}`)}</StatusBadge>
            ),
          },
        ]}
      />
    </div>
  );
}
