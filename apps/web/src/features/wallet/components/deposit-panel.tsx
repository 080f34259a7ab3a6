import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Deposit, DepositRequest, PaymentChannel } from '@jade/contracts/payments';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { balanceQueryKey } from '../../accounts/api/get-balance';
import { TextField } from '../../accounts/components/form-controls';
import { useForm, type FieldBinding } from '../../accounts/hooks/use-form';
import { createDeposit } from '../api/create-deposit';
import { isDepositOpen, useDeposit } from '../api/get-deposit';
import { useDeposits } from '../api/get-deposits';
import { usePaymentChannels } from '../api/get-payment-channels';
import { walletKeys } from '../api/query-keys';
import { useAmountCheck } from '../hooks/use-amount-check';
import { useChannelName } from '../hooks/use-channel-name';
import { useIdempotentSend } from '../hooks/use-idempotent-send';
import { useMoneyFormat } from '../hooks/use-money-format';
import { readImageFile } from '../utils/image-upload';
import { AmountField } from './amount-field';
import { CopyButton } from './copy-button';
import { ImagePicker } from './image-picker';
import { PagedList } from './paged-list';
import {
  FormRounds,
  PanelQuery,
  StatusBadge,
  useFailureText,
  type BadgeTone,
  type FormRound,
} from './panel-state';
import { RecordTable, useMoneyColumns } from './record-table';
import { WalletForm, WalletSubmitButton } from './wallet-form';
import { BankIcon } from './wallet-icons';
import '../wallet.css';

const REFERENCE_MAX_LENGTH = 100;

const DEPOSIT_TONES: Record<Deposit['status'], BadgeTone> = {
  PENDING: 'pending',
  AWAITING_PAYMENT: 'pending',
  APPROVED: 'success',
  REJECTED: 'danger',
  FAILED: 'danger',
};

/**
 * §2 personal centre, depositv2: pay into the brand's account and tell us, or pay on a payment
 * gateway's page; then follow the request.
 */
export function DepositPanel() {
  const { t } = useTranslation();
  const channels = usePaymentChannels();
  return (
    <div className="wallet-panel">
      <PanelQuery query={channels}>
        {(data) =>
          data.channels.length === 0 ? (
            <EmptyState icon={<BankIcon size={32} />} title={t('wallet.deposit.noChannels')} />
          ) : (
            <DepositForm channels={data.channels} />
          )
        }
      </PanelQuery>
      <DepositHistory channels={channels.data?.channels ?? []} />
    </div>
  );
}

type DepositField = 'amount' | 'reference';

function DepositForm({ channels }: { channels: readonly PaymentChannel[] }) {
  const [channelCode, setChannelCode] = useState(channels[0]?.code ?? '');
  const channel = channels.find((item) => item.code === channelCode) ?? channels[0];
  if (!channel) return null;
  const picker = <ChannelPicker channels={channels} selected={channel.code} onSelect={setChannelCode} />;
  if (channel.kind === 'GATEWAY')
    return (
      <>
        {picker}
        <GatewayDeposit key={channel.code} channel={channel} />
      </>
    );
  return (
    <>
      {picker}
      <ManualDeposit channel={channel} />
    </>
  );
}

function ChannelPicker({
  channels,
  selected,
  onSelect,
}: {
  channels: readonly PaymentChannel[];
  selected: string;
  onSelect: (code: string) => void;
}) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const channelName = useChannelName();
  if (channels.length < 2) return null;
  return (
    <fieldset className="wallet-choices">
      <legend className="wallet-section__title">{t('wallet.deposit.channel')}</legend>
      {channels.map((item) => (
        <label key={item.code} className="wallet-choice">
          <input
            type="radio"
            name="channel"
            value={item.code}
            checked={item.code === selected}
            onChange={() => onSelect(item.code)}
          />
          <span className="wallet-choice__body">
            <strong>{channelName(item)}</strong>
            <span>
              {format(item.minAmount)} – {format(item.maxAmount)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** A manual bank transfer: step 1 pay into the brand's account, step 2 tell us about it. */
function ManualDeposit({ channel }: { channel: PaymentChannel }) {
  const { t } = useTranslation();
  const channelName = useChannelName();
  return (
    <>
      <section className="wallet-step" aria-labelledby="deposit-step-1">
        <h4 id="deposit-step-1" className="wallet-step__title">
          <span className="wallet-step__number" aria-hidden="true">
            1
          </span>
          {channel.receivingAccount ? t('wallet.deposit.payTitle') : channelName(channel)}
        </h4>
        {channel.receivingAccount ? (
          <>
            <p className="wallet-section__hint">{t('wallet.deposit.payHint')}</p>
            <dl className="wallet-receiving">
              <ReceivingRow label={t('wallet.bank.bankName')} value={channel.receivingAccount.bankName} />
              <ReceivingRow
                label={t('wallet.bank.accountNumber')}
                value={channel.receivingAccount.accountNumber}
                isCopyable
              />
              <ReceivingRow
                label={t('wallet.bank.accountName')}
                value={channel.receivingAccount.accountName}
                isCopyable
              />
            </dl>
          </>
        ) : (
          <p className="wallet-section__hint">{t('wallet.deposit.gatewayHint')}</p>
        )}
      </section>

      <section className="wallet-step" aria-labelledby="deposit-step-2">
        <h4 id="deposit-step-2" className="wallet-step__title">
          <span className="wallet-step__number" aria-hidden="true">
            2
          </span>
          {t('wallet.deposit.tellTitle')}
        </h4>
        <FormRounds>{(round) => <DepositRequestForm channel={channel} {...round} />}</FormRounds>
      </section>
    </>
  );
}

function DepositRequestForm({ channel, onStart, onDone }: { channel: PaymentChannel } & FormRound) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const failureText = useFailureText();
  const send = useIdempotentSend();
  const [proof, setProof] = useState<File[]>([]);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const check = useChannelAmountCheck(channel);
  const validate = useCallback(
    (values: Record<DepositField, string>) => {
      const amount = check(values.amount);
      return { amount: amount.ok ? undefined : amount.error, reference: undefined };
    },
    [check],
  );
  const form = useForm<DepositField>({ amount: '', reference: '' }, validate);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !form.submit()) return;
    const amount = check(form.values.amount);
    if (!amount.ok) return;
    setBusy(true);
    setFailure(undefined);
    onStart();
    try {
      const reference = form.values.reference.trim();
      const request: DepositRequest = {
        channelCode: channel.code,
        amount: amount.minor,
        ...(reference && { reference }),
        ...(proof[0] && { proof: await readImageFile(proof[0]) }),
      };
      const answer = await send(request, (key) => createDeposit(request, key));
      void queryClient.invalidateQueries({ queryKey: walletKeys.deposits(token) });
      onDone(
        <>
          {t('wallet.deposit.done', { amount: format(answer.amount) })}
          {answer.payUrl && (
            <a href={answer.payUrl} target="_blank" rel="noopener noreferrer">
              {t('wallet.deposit.payNow')}
            </a>
          )}
        </>,
      );
    } catch (error) {
      setFailure(failureText(error));
      setBusy(false);
    }
  };

  return (
    <WalletForm label={t('wallet.deposit.formLabel')} failure={failure} onSubmit={submit}>
      <ChannelAmountField channel={channel} {...form.field('amount')} />
      <TextField
        {...form.field('reference')}
        label={t('wallet.deposit.reference')}
        hint={{ key: 'wallet.deposit.referenceHint' }}
        maxLength={REFERENCE_MAX_LENGTH}
        autoComplete="off"
      />
      <ImagePicker label={t('wallet.deposit.proof')} files={proof} onChange={setProof} max={1} />
      <WalletSubmitButton isBusy={isBusy}>{t('wallet.deposit.submit')}</WalletSubmitButton>
    </WalletForm>
  );
}

/** The amount is held to the chosen channel's limits. */
const useChannelAmountCheck = (channel: PaymentChannel) =>
  useAmountCheck({ min: channel.minAmount, max: channel.maxAmount });

/** A deposit's amount, with the channel's limits under it. */
function ChannelAmountField({ channel, ...field }: { channel: PaymentChannel } & FieldBinding) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  return (
    <AmountField
      {...field}
      label={t('wallet.amount.label')}
      isRequired
      hint={{
        key: 'wallet.deposit.limits',
        params: {
          min: format(channel.minAmount),
          max: format(channel.maxAmount),
          daily: format(channel.dailyLimit),
        },
      }}
    />
  );
}

/** A payment that has begun on the gateway's page. */
type GatewayPayment = { id: number; amount: number; payUrl: string | null; isBlocked: boolean };

/** A payment gateway: the amount, Pay now opens the gateway's page, and a line follows the payment. */
function GatewayDeposit({ channel }: { channel: PaymentChannel }) {
  const { t } = useTranslation();
  const channelName = useChannelName();
  const [payment, setPayment] = useState<GatewayPayment>();
  return (
    <section className="wallet-step" aria-labelledby="deposit-gateway">
      <h4 id="deposit-gateway" className="wallet-step__title">
        {channelName(channel)}
      </h4>
      <p className="wallet-section__hint">{t('wallet.deposit.gatewayHint')}</p>
      {/* A new form for each payment: the amount starts empty again. */}
      <GatewayDepositForm key={payment?.id ?? 0} channel={channel} onStarted={setPayment} />
      {payment && <GatewayPaymentStatus key={payment.id} payment={payment} />}
    </section>
  );
}

function GatewayDepositForm({
  channel,
  onStarted,
}: {
  channel: PaymentChannel;
  onStarted: (payment: GatewayPayment) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const failureText = useFailureText();
  const send = useIdempotentSend();
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const check = useChannelAmountCheck(channel);
  const validate = useCallback(
    (values: Record<'amount', string>) => {
      const amount = check(values.amount);
      return { amount: amount.ok ? undefined : amount.error };
    },
    [check],
  );
  const form = useForm<'amount'>({ amount: '' }, validate);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !form.submit()) return;
    const amount = check(form.values.amount);
    if (!amount.ok) return;
    // Opened within the click, or the browser blocks it; the gateway's page is loaded into it once
    // the deposit is made. The page gets no handle on this one.
    const popup = window.open('', '_blank');
    if (popup) popup.opener = null;
    setBusy(true);
    setFailure(undefined);
    const request: DepositRequest = { channelCode: channel.code, amount: amount.minor };
    send(request, (key) => createDeposit(request, key)).then(
      (answer) => {
        void queryClient.invalidateQueries({ queryKey: walletKeys.deposits(token) });
        if (popup && answer.payUrl) popup.location.href = answer.payUrl;
        else popup?.close();
        onStarted({ id: answer.id, amount: answer.amount, payUrl: answer.payUrl, isBlocked: !popup });
      },
      (error: unknown) => {
        popup?.close();
        setFailure(failureText(error));
        setBusy(false);
      },
    );
  };

  return (
    <WalletForm label={t('wallet.deposit.gateway.formLabel')} failure={failure} onSubmit={submit}>
      <ChannelAmountField channel={channel} {...form.field('amount')} />
      <WalletSubmitButton isBusy={isBusy}>{t('wallet.deposit.gateway.submit')}</WalletSubmitButton>
    </WalletForm>
  );
}

/** Follows a gateway payment until the gateway reports it paid or failed; paid, the balances refresh. */
function GatewayPaymentStatus({ payment }: { payment: GatewayPayment }) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const queryClient = useQueryClient();
  const deposit = useDeposit(payment.id);
  const status = deposit.data?.status ?? 'AWAITING_PAYMENT';
  const isOpen = isDepositOpen(status);
  const payUrl = deposit.data ? deposit.data.payUrl : payment.payUrl;
  useEffect(() => {
    if (status !== 'APPROVED') return;
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  }, [status, queryClient]);
  return (
    <div className="wallet-payment">
      <p
        role="status"
        data-testid="gateway-status"
        className={`wallet-payment__status wallet-payment__status--${isOpen ? 'open' : status === 'APPROVED' ? 'paid' : 'failed'}`}
      >
        {isOpen && <Spinner />}
        {isOpen
          ? t('wallet.deposit.gateway.waiting')
          : status === 'APPROVED'
            ? t('wallet.deposit.gateway.approved', { amount: format(payment.amount) })
            : t('wallet.deposit.gateway.failed')}
      </p>
      {isOpen && payment.isBlocked && (
        <p role="alert" className="form-error">
          {t('errors.popupBlocked')}
        </p>
      )}
      {isOpen && payUrl && (
        <a
          className="button button--secondary button--small"
          href={payUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {payment.isBlocked ? t('wallet.deposit.payNow') : t('wallet.deposit.gateway.openPage')}
        </a>
      )}
    </div>
  );
}

function ReceivingRow({
  label,
  value,
  isCopyable = false,
}: {
  label: string;
  value: string;
  isCopyable?: boolean;
}) {
  return (
    <div className="wallet-receiving__row">
      <dt>{label}</dt>
      <dd>
        <span className="wallet-receiving__value">{value}</span>
        {isCopyable && <CopyButton value={value} label={label} />}
      </dd>
    </div>
  );
}

function DepositHistory({ channels }: { channels: readonly PaymentChannel[] }) {
  const { t } = useTranslation();
  const { moneyColumn } = useMoneyColumns<Deposit>();
  const [pageNo, setPageNo] = useState(1);
  const deposits = useDeposits(pageNo);
  const nameOf = useChannelName();
  const channelName = (code: string) => {
    const channel = channels.find((item) => item.code === code);
    return channel ? nameOf(channel) : code;
  };
  return (
    <section className="wallet-section" aria-labelledby="deposit-history">
      <h4 id="deposit-history" className="wallet-section__title">
        {t('wallet.deposit.history')}
      </h4>
      <PagedList
        query={deposits}
        empty={t('wallet.deposit.none')}
        emptyClassName="wallet-section__hint"
        page={pageNo}
        onPage={setPageNo}
        pagesLabel={t('wallet.deposit.pages')}
      >
        {(data) => (
          <RecordTable
            caption={t('wallet.deposit.history')}
            rows={data.list}
            rowKey={(row) => row.id}
            columns={[
              { id: 'time', label: t('wallet.columns.time'), render: (row) => formatDateTime(row.createdAt) },
              {
                id: 'channel',
                label: t('wallet.columns.channel'),
                render: (row) => channelName(row.channelCode),
              },
              moneyColumn('amount', t('wallet.columns.amount'), (row) => row.amount),
              {
                id: 'reference',
                label: t('wallet.columns.reference'),
                render: (row) => row.reference ?? '—',
              },
              {
                id: 'status',
                label: t('wallet.columns.status'),
                render: (row) => (
                  <>
                    <StatusBadge tone={DEPOSIT_TONES[row.status]}>
                      {t(`wallet.deposit.status.${row.status}`)}
                    </StatusBadge>
                    {row.note && <span className="wallet-note">{row.note}</span>}
                    {row.payUrl && (
                      <a className="wallet-note" href={row.payUrl} target="_blank" rel="noopener noreferrer">
                        {t('wallet.deposit.payNow')}
                      </a>
                    )}
                  </>
                ),
              },
            ]}
          />
        )}
      </PagedList>
    </section>
  );
}
