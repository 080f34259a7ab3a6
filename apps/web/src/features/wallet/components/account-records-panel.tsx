import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_RECORD_KINDS,
  type AccountOwed,
  type AccountRecord,
  type AccountRecordRequest,
} from '@jade/contracts/wallet';
import { Pagination } from '../../../components/pagination';
import { brandToday, formatDateTime } from '../../../lib/format';
import { useAccountRecords } from '../api/get-account-records';
import { useWalletName } from '../api/get-merchant-wallets';
import { useMoneyFormat } from '../hooks/use-money-format';
import { PanelError, PanelLoading } from './panel-state';
import { RecordTable } from './record-table';
import '../wallet.css';

const PAGE_SIZE = 20;
/** §9 date ranges looking back (a record cannot be in the future), or two dates of the member's choosing. */
const PERIODS = ['TODAY', 'PAST_7', 'PAST_30', 'CUSTOM'] as const;
type Period = (typeof PERIODS)[number];
type Kind = (typeof ACCOUNT_RECORD_KINDS)[number];

/**
 * A ledger reference as the member can use it: the number of the deposit, withdrawal or game-wallet
 * transfer it belongs to; a reference to the member themself says nothing.
 */
const referenceText = (reference: string | null) => {
  const match = reference ? /^(?:deposit|withdrawal|upline|vendor-transfer):(\d+)$/.exec(reference) : null;
  if (match) return `#${match[1]}`;
  return !reference || reference.startsWith('member:') ? '—' : reference;
};

/** §2 personal centre, transactionHistory (account record): every movement, filtered and a page at a time. */
export function AccountRecordsPanel() {
  const { t } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<Kind>('ALL');
  const [period, setPeriod] = useState<Period>('PAST_7');
  const [from, setFrom] = useState(() => brandToday());
  const [to, setTo] = useState(() => brandToday());
  const [pageNo, setPageNo] = useState(1);
  const isRangeValid = period !== 'CUSTOM' || (from !== '' && to !== '' && from <= to);
  const request: AccountRecordRequest = {
    kind,
    range: period === 'CUSTOM' ? 'PAST_30' : period,
    ...(period === 'CUSTOM' && isRangeValid && { from, to }),
    pageNo,
    pageSize: PAGE_SIZE,
  };
  const records = useAccountRecords(request);
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPageNo(1);
    };

  return (
    <div className="wallet-panel">
      <form
        className="wallet-filters"
        aria-label={t('wallet.records.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="wallet-filter">
          <label htmlFor={`${id}-kind`}>{t('wallet.records.kind')}</label>
          <select
            id={`${id}-kind`}
            value={kind}
            onChange={(event) => filter(setKind)(event.target.value as Kind)}
          >
            {ACCOUNT_RECORD_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`wallet.records.kinds.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="wallet-filter">
          <label htmlFor={`${id}-period`}>{t('wallet.records.period')}</label>
          <select
            id={`${id}-period`}
            value={period}
            onChange={(event) => filter(setPeriod)(event.target.value as Period)}
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
                onChange={(event) => filter(setFrom)(event.target.value)}
              />
            </div>
            <div className="wallet-filter">
              <label htmlFor={`${id}-to`}>{t('wallet.records.to')}</label>
              <input
                id={`${id}-to`}
                type="date"
                value={to}
                min={from || undefined}
                onChange={(event) => filter(setTo)(event.target.value)}
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
      {records.data && records.data.owed.length > 0 && <OwedNotice owed={records.data.owed} />}
      {records.data ? (
        <RecordList
          records={records.data.records}
          totalCount={records.data.totalCount}
          isUpdating={records.isPlaceholderData}
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
          label={t('wallet.records.pages')}
        />
      )}
    </div>
  );
}

/**
 * What corrected lottery results could not take back (the main wallet held less than the win taken
 * back): owed whatever the period chosen, so it shows above the records on every page.
 */
function OwedNotice({ owed }: { owed: readonly AccountOwed[] }) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const titleId = useId();
  const total = owed.reduce((sum, item) => sum + item.amount, 0);
  return (
    <section className="wallet-owed" aria-labelledby={titleId}>
      <h3 id={titleId} className="wallet-owed__title">
        {t('wallet.records.owed.title')}
      </h3>
      <p className="wallet-section__hint">{t('wallet.records.owed.hint')}</p>
      <ul className="wallet-owed__list">
        {owed.map((item) => (
          <li key={`${item.gameCode}:${item.numero}:${item.createdAt}`} className="wallet-owed__item">
            <span>{formatDateTime(item.createdAt)}</span>
            <span>{t('wallet.records.owed.draw', { game: item.gameCode, numero: item.numero })}</span>
            <span className="wallet-amount--out">{format(item.amount)}</span>
          </li>
        ))}
      </ul>
      <p className="wallet-owed__total">{t('wallet.records.owed.total', { amount: format(total) })}</p>
    </section>
  );
}

function RecordList({
  records,
  totalCount,
  isUpdating,
}: {
  records: readonly AccountRecord[];
  totalCount: number;
  isUpdating: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { formatSigned } = useMoneyFormat();
  const nameOf = useWalletName();
  const walletName = (wallet: string) => {
    if (wallet === 'MAIN') return t('wallet.mainWallet');
    if (wallet === 'WITHDRAWAL_HOLD') return t('wallet.records.withdrawalHold');
    return nameOf(wallet);
  };
  // Ledger kinds the site does not name yet read as they are. An upline transfer is the same movement
  // for both members: money in is the upline's side of it.
  const kindName = (kind: string, amount: number) => {
    const name = kind === 'UPLINE_TRANSFER' && amount > 0 ? 'UPLINE_TRANSFER_IN' : kind;
    const key = `wallet.records.ledgerKinds.${name}`;
    return i18n.exists(key) ? t(key as 'wallet.records.ledgerKinds.DEPOSIT') : kind;
  };
  if (records.length === 0) return <p className="wallet-empty">{t('wallet.records.none')}</p>;
  return (
    <div className={isUpdating ? 'wallet-records is-updating' : 'wallet-records'} aria-busy={isUpdating}>
      <p className="wallet-section__hint" role="status">
        {t('wallet.records.count', { count: totalCount })}
      </p>
      <RecordTable
        caption={t('wallet.records.caption')}
        rows={records}
        // A movement between two of the member's own wallets is one record a wallet.
        rowKey={(row) => `${row.id}:${row.wallet}`}
        columns={[
          { id: 'time', label: t('wallet.columns.time'), render: (row) => formatDateTime(row.createdAt) },
          { id: 'kind', label: t('wallet.columns.type'), render: (row) => kindName(row.kind, row.amount) },
          { id: 'wallet', label: t('wallet.columns.wallet'), render: (row) => walletName(row.wallet) },
          {
            id: 'amount',
            label: t('wallet.columns.amount'),
            isNumeric: true,
            render: (row) => (
              <span className={row.amount < 0 ? 'wallet-amount--out' : 'wallet-amount--in'}>
                {formatSigned(row.amount)}
              </span>
            ),
          },
          {
            id: 'reference',
            label: t('wallet.columns.reference'),
            render: (row) => referenceText(row.reference),
          },
        ]}
      />
    </div>
  );
}
