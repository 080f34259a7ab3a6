import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GAME_CATEGORIES,
  type BetRecordItem,
  type BetRecordResponse,
  type GameCategory,
} from '@jade/contracts/games';
import { formatDateTime } from '../../../lib/format';
import { StatusBadge, type BadgeTone } from '../../wallet/components/panel-state';
import {
  PeriodFilter,
  RecordsPanel,
  SelectFilter,
  usePeriodFilter,
} from '../../wallet/components/records-panel';
import { RecordTable, useMoneyColumns, type Column } from '../../wallet/components/record-table';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { useBetRecords } from '../api/get-bet-records';
import { useGameMenus } from '../api/get-game-menus';
import '../../wallet/wallet.css';
import './bet-records.css';

const PAGE_SIZE = 20;

/** §2 personal centre, personalHistoryCopy (betting record): every round, by vendor, category and dates. */
export function BetRecordsPanel() {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const vendors = [
    ...new Map((menus.data ?? []).flatMap((m) => m.vendors).map((v) => [v.vassalage, v])).values(),
  ];
  const [vassalage, setVassalage] = useState('');
  const [category, setCategory] = useState<GameCategory | ''>('');
  const { range, panel, filter, fields } = usePeriodFilter();
  const records = useBetRecords({
    ...(vassalage && { vassalage }),
    ...(category && { category }),
    ...range,
    pageNo: panel.pageNo,
    pageSize: PAGE_SIZE,
  });

  return (
    <RecordsPanel
      {...panel}
      className="wallet-panel bet-records-panel"
      filtersLabel={t('bets.filters')}
      filters={
        <>
          <SelectFilter
            label={t('bets.vendor')}
            value={vassalage}
            onChange={filter(setVassalage)}
            options={[
              { value: '', label: t('bets.allVendors') },
              ...vendors.map((v) => ({ value: v.vassalage, label: v.vendorName })),
            ]}
          />
          <CategoryFilter value={category} onChange={filter(setCategory)} />
          <PeriodFilter {...fields} />
        </>
      }
      records={records}
      empty={t('bets.none')}
      pagesLabel={t('bets.pages')}
    >
      {(data, isUpdating) => <BetList data={data} isUpdating={isUpdating} />}
    </RecordsPanel>
  );
}

/** The game category filter of the member's and the agent's team's betting records. */
export function CategoryFilter({
  value,
  onChange,
}: {
  value: GameCategory | '';
  onChange: (category: GameCategory | '') => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectFilter
      label={t('bets.category')}
      value={value}
      onChange={onChange}
      options={[
        { value: '', label: t('bets.allCategories') },
        ...GAME_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}.title`) })),
      ]}
    />
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
  const { moneyColumn } = useMoneyColumns<R>();
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
          moneyColumn('stake', t('bets.columns.stake'), (row) => row.stake),
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
