import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_RECORD_KINDS,
  LEDGER_KINDS,
  type AccountOwed,
  type AccountRecord,
  type AccountRecordRequest,
  type LedgerKind,
} from '@jade/contracts/wallet';
import { formatDateTime } from '../../../lib/format';
import { useAccountRecords } from '../api/get-account-records';
import { useWalletName } from '../api/get-merchant-wallets';
import { useMoneyFormat } from '../hooks/use-money-format';
import { PeriodFilter, RecordsPanel, SelectFilter, usePeriodFilter } from './records-panel';
import { RecordTable, useMoneyColumns } from './record-table';
import '../wallet.css';

const PAGE_SIZE = 20;
type Kind = (typeof ACCOUNT_RECORD_KINDS)[number];

const isLedgerKind = (kind: string): kind is LedgerKind => (LEDGER_KINDS as readonly string[]).includes(kind);

/**
 * A ledger reference as the member can use it: the number of the deposit, withdrawal, transfer, rebate,
 * bonus or payment it belongs to; a game round as its vendor's name and the round's id; a reference to
 * the member themself says nothing. The whole reference stays in the cell's title, for support.
 */
const referenceText = ({ reference, vendor }: AccountRecord): ReactNode => {
  if (!reference || reference.startsWith('member:')) return '—';
  const numbered = /^[a-z-]+:(\d+)$/.exec(reference);
  const round = /^round:[^:]+:(.+)$/.exec(reference);
  const text = numbered ? `#${numbered[1]}` : round && vendor ? `${vendor} · ${round[1]}` : reference;
  return text === reference ? text : <span title={reference}>{text}</span>;
};

/** §2 personal centre, transactionHistory (account record): every movement, filtered and a page at a time. */
export function AccountRecordsPanel() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('ALL');
  const { range, panel, filter, fields } = usePeriodFilter();
  const request: AccountRecordRequest = { kind, ...range, pageNo: panel.pageNo, pageSize: PAGE_SIZE };
  const records = useAccountRecords(request);

  return (
    <RecordsPanel
      {...panel}
      className="wallet-panel"
      filtersLabel={t('wallet.records.filters')}
      filters={
        <>
          <SelectFilter
            label={t('wallet.records.kind')}
            value={kind}
            onChange={filter(setKind)}
            options={ACCOUNT_RECORD_KINDS.map((value) => ({
              value,
              label: t(`wallet.records.kinds.${value}`),
            }))}
          />
          <PeriodFilter {...fields} />
        </>
      }
      notice={records.data && records.data.owed.length > 0 && <OwedNotice owed={records.data.owed} />}
      records={records}
      empty={t('wallet.records.none')}
      pagesLabel={t('wallet.records.pages')}
    >
      {(data, isUpdating) => (
        <RecordList records={data.records} totalCount={data.totalCount} isUpdating={isUpdating} />
      )}
    </RecordsPanel>
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
  const { t } = useTranslation();
  const { signedMoneyColumn } = useMoneyColumns<AccountRecord>();
  const nameOf = useWalletName();
  const walletName = (wallet: string) => {
    if (wallet === 'MAIN') return t('wallet.mainWallet');
    if (wallet === 'WITHDRAWAL_HOLD') return t('wallet.records.withdrawalHold');
    return nameOf(wallet);
  };
  // Every kind of the contracts has a name in every language (the typed key); one this app does not
  // know yet (a newer server's) reads as another movement, never as its code. An upline transfer is
  // the same movement for both members: money in is the upline's side of it.
  const kindName = (kind: string, amount: number) => {
    if (kind === 'UPLINE_TRANSFER' && amount > 0) return t('wallet.records.ledgerKinds.UPLINE_TRANSFER_IN');
    return t(`wallet.records.ledgerKinds.${isLedgerKind(kind) ? kind : 'OTHER'}`);
  };
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
          signedMoneyColumn('amount', t('wallet.columns.amount'), (row) => row.amount),
          {
            id: 'reference',
            label: t('wallet.columns.reference'),
            render: referenceText,
          },
        ]}
      />
    </div>
  );
}
