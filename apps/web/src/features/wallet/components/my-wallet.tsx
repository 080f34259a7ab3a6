import { useCallback, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  BalanceResponse,
  WalletBalance,
  WalletTransferRequest,
  WalletTransferResponse,
} from '@jade/contracts/wallet';
import { GameTile } from '../../../components/game-tile';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/session';
import { balanceQueryKey, useBalance } from '../../accounts/api/get-balance';
import { EyeIcon, EyeOffIcon, RefreshIcon } from '../../accounts/components/account-icons';
import { FormAlert } from '../../accounts/components/form-controls';
import { useBalanceVisibility } from '../../accounts/hooks/use-balance-visibility';
import { useForm } from '../../accounts/hooks/use-form';
import { useWalletName } from '../api/get-merchant-wallets';
import { transferBetweenWallets } from '../api/transfer-between-wallets';
import { useIdempotentSend } from '../hooks/use-idempotent-send';
import { useMoneyFormat } from '../hooks/use-money-format';
import { checkAmount, toAmountInput } from '../utils/amount';
import { AmountField } from './amount-field';
import { PanelError, PanelLoading, SuccessNote, useFailureText } from './panel-state';
import { ArrowInIcon, ArrowOutIcon, CollectIcon } from './wallet-icons';
import '../wallet.css';

type Direction = 'IN' | 'OUT';
const MAIN = 'MAIN';

/** §2 personal centre, transferFund (my wallet): every wallet, transfers in and out, all back to main. */
export function MyWallet() {
  const balance = useBalance();
  // What was loaded stays on screen when a later refresh fails.
  if (balance.data) return <WalletOverview balances={balance.data} refetch={balance.refetch} />;
  if (balance.isError) return <PanelError error={balance.error} onRetry={() => void balance.refetch()} />;
  return <PanelLoading />;
}

function WalletOverview({
  balances,
  refetch,
}: {
  balances: BalanceResponse;
  refetch: () => Promise<{ error: unknown }>;
}) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const { isHidden, toggle } = useBalanceVisibility();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const failureText = useFailureText();
  const send = useIdempotentSend();
  const [open, setOpen] = useState<{ wallet: string; direction: Direction }>();
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [isRefreshing, setRefreshing] = useState(false);
  const [isCollecting, setCollecting] = useState(false);

  const walletName = useWalletName();
  const main = balances.wallets.find((wallet) => wallet.wallet === MAIN);
  const vendors = balances.wallets
    .filter((wallet) => wallet.wallet !== MAIN)
    .map((wallet) => ({ ...wallet, name: walletName(wallet.wallet, wallet.name) }));
  const inVendors = vendors.reduce((sum, wallet) => sum + wallet.balance, 0);
  const money = (minor: number) => (isHidden ? '***' : format(minor));

  /** The answer of a transfer carries every balance: the header and this panel update without a call. */
  const transfer = useCallback(
    async (request: WalletTransferRequest) => {
      const answer = await send(request, (key) => transferBetweenWallets(request, key));
      queryClient.setQueryData([...balanceQueryKey, token], answer.balances);
      return answer;
    },
    [send, queryClient, token],
  );

  const refresh = async () => {
    setRefreshing(true);
    setFailure(undefined);
    const { error } = await refetch();
    if (error) setFailure(failureText(error));
    setRefreshing(false);
  };

  const collect = async () => {
    if (isCollecting) return;
    setCollecting(true);
    setFailure(undefined);
    setDone(undefined);
    try {
      const answer = await transfer({ direction: 'ALL_BACK' });
      const moved = answer.transfers.reduce((sum, item) => sum + item.amount, 0);
      setOpen(undefined);
      setDone(
        answer.pending
          ? t('wallet.transfer.allBackPending', { amount: format(moved) })
          : moved > 0
            ? t('wallet.transfer.allBackDone', { amount: format(moved) })
            : t('wallet.transfer.allBackNothing'),
      );
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setCollecting(false);
    }
  };

  return (
    <div className="wallet-panel">
      <section className="wallet-summary" aria-labelledby="wallet-total">
        <div className="wallet-summary__figure">
          <p id="wallet-total" className="wallet-summary__label">
            {t('wallet.total')}
          </p>
          <p className="wallet-summary__amount" data-testid="wallet-total">
            {money(balances.sumBalance)}
          </p>
          <p className="wallet-summary__sub">{t('wallet.inGames', { amount: money(inVendors) })}</p>
        </div>
        <div className="wallet-summary__actions">
          <button
            type="button"
            className="icon-button wallet-icon-button"
            aria-label={t('accounts.balance.hide')}
            aria-pressed={isHidden}
            title={isHidden ? t('accounts.balance.show') : t('accounts.balance.hide')}
            onClick={toggle}
          >
            {isHidden ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={isRefreshing}
            onClick={() => void refresh()}
          >
            {isRefreshing ? <Spinner /> : <RefreshIcon size={16} />}
            {t('wallet.refresh')}
          </button>
          <button
            type="button"
            className="button button--primary button--small"
            disabled={isCollecting || inVendors === 0}
            onClick={() => void collect()}
          >
            {isCollecting ? <Spinner /> : <CollectIcon size={16} />}
            {t('wallet.transfer.allBack')}
          </button>
        </div>
      </section>

      <FormAlert message={failure} />
      <SuccessNote>{done}</SuccessNote>

      {main && (
        <div className="wallet-main">
          <span className="wallet-main__label">{t('wallet.mainWallet')}</span>
          <span className="wallet-main__amount" data-wallet={MAIN}>
            {money(main.balance)}
          </span>
        </div>
      )}

      <section className="wallet-section" aria-labelledby="wallet-games">
        <h4 id="wallet-games" className="wallet-section__title">
          {t('wallet.gameWallets')}
        </h4>
        {vendors.length === 0 ? (
          <p className="wallet-section__hint">{t('wallet.noGameWallets')}</p>
        ) : (
          <ul className="wallet-list">
            {vendors.map((wallet) => (
              <VendorWallet
                key={wallet.wallet}
                wallet={wallet}
                money={money}
                open={open?.wallet === wallet.wallet ? open.direction : undefined}
                onOpen={(direction) => {
                  setOpen({ wallet: wallet.wallet, direction });
                  setDone(undefined);
                  setFailure(undefined);
                }}
                onClose={() => setOpen(undefined)}
                available={(direction) => (direction === 'IN' ? (main?.balance ?? 0) : wallet.balance)}
                transfer={transfer}
                onDone={(message) => {
                  setOpen(undefined);
                  setDone(message);
                }}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

type VendorWalletProps = {
  wallet: WalletBalance;
  money: (minor: number) => string;
  open: Direction | undefined;
  onOpen: (direction: Direction) => void;
  onClose: () => void;
  available: (direction: Direction) => number;
  transfer: (request: WalletTransferRequest) => Promise<WalletTransferResponse>;
  onDone: (message: string) => void;
};

function VendorWallet({
  wallet,
  money,
  open,
  onOpen,
  onClose,
  available,
  transfer,
  onDone,
}: VendorWalletProps) {
  const { t } = useTranslation();
  return (
    <li className="wallet-list__item" data-wallet={wallet.wallet}>
      <div className="wallet-list__row">
        <GameTile src="" name={wallet.name} seed={wallet.wallet} className="wallet-list__tile" />
        <span className="wallet-list__name">{wallet.name}</span>
        <span className="wallet-list__amount">{money(wallet.balance)}</span>
        <span className="wallet-list__actions" role="group" aria-label={wallet.name}>
          <button
            type="button"
            className="wallet-chip"
            aria-pressed={open === 'IN'}
            onClick={() => (open === 'IN' ? onClose() : onOpen('IN'))}
          >
            <ArrowInIcon size={16} />
            {t('wallet.transfer.in')}
          </button>
          <button
            type="button"
            className="wallet-chip"
            aria-pressed={open === 'OUT'}
            disabled={wallet.balance === 0 && open !== 'OUT'}
            onClick={() => (open === 'OUT' ? onClose() : onOpen('OUT'))}
          >
            <ArrowOutIcon size={16} />
            {t('wallet.transfer.out')}
          </button>
        </span>
      </div>
      {open && (
        <TransferForm
          key={open}
          wallet={wallet}
          direction={open}
          available={available(open)}
          money={money}
          transfer={transfer}
          onCancel={onClose}
          onDone={onDone}
        />
      )}
    </li>
  );
}

type TransferFormProps = {
  wallet: WalletBalance;
  direction: Direction;
  available: number;
  money: (minor: number) => string;
  transfer: (request: WalletTransferRequest) => Promise<WalletTransferResponse>;
  onCancel: () => void;
  onDone: (message: string) => void;
};

function TransferForm({
  wallet,
  direction,
  available,
  money,
  transfer,
  onCancel,
  onDone,
}: TransferFormProps) {
  const { t } = useTranslation();
  const { format, scale } = useMoneyFormat();
  const failureText = useFailureText();
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const validate = useCallback(
    (values: { amount: string }) => {
      const result = checkAmount(values.amount, scale, { available }, format);
      return { amount: result.ok ? undefined : result.error };
    },
    [scale, available, format],
  );
  const form = useForm({ amount: '' }, validate);
  const title =
    direction === 'IN'
      ? t('wallet.transfer.inTitle', { name: wallet.name })
      : t('wallet.transfer.outTitle', { name: wallet.name });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !form.submit()) return;
    const result = checkAmount(form.values.amount, scale, { available }, format);
    if (!result.ok) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await transfer({ direction, vassalage: wallet.wallet, amount: result.minor });
      const amount = format(result.minor);
      onDone(
        answer.pending
          ? t('wallet.transfer.pending', { amount, name: wallet.name })
          : direction === 'IN'
            ? t('wallet.transfer.inDone', { amount, name: wallet.name })
            : t('wallet.transfer.outDone', { amount, name: wallet.name }),
      );
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="wallet-transfer" aria-label={title} onSubmit={(event) => void submit(event)} noValidate>
      <FormAlert message={failure} />
      <AmountField
        {...form.field('amount')}
        label={title}
        isRequired
        hint={{ key: 'wallet.transfer.available', params: { amount: money(available) } }}
        onFillAll={available > 0 ? () => form.setValue('amount', toAmountInput(available, scale)) : undefined}
      />
      <div className="wallet-form__actions">
        <button type="button" className="button button--secondary button--small" onClick={onCancel}>
          {t('modal.cancel')}
        </button>
        <button type="submit" className="button button--primary button--small" disabled={isBusy}>
          {isBusy && <Spinner />}
          {t('wallet.transfer.submit')}
        </button>
      </div>
    </form>
  );
}
