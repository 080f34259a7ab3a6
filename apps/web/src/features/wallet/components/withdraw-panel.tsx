import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { BankAccount, withdrawInfoResponse, WithdrawRequest } from '@jade/contracts/payments';
import { useModals } from '../../../components/modal/modal-context';
import { useSession } from '../../../lib/session';
import { balanceQueryKey } from '../../accounts/api/get-balance';
import { useMemberInfo } from '../../accounts/api/get-member-info';
import { useBalanceVisibility } from '../../accounts/hooks/use-balance-visibility';
import { useWithdrawInfo } from '../api/get-withdraw-info';
import { walletKeys } from '../api/query-keys';
import { requestWithdrawal } from '../api/request-withdrawal';
import { useAmountCheck } from '../hooks/use-amount-check';
import { useIdempotentSend } from '../hooks/use-idempotent-send';
import { useMoneyFormat } from '../hooks/use-money-format';
import { usePaymentPasswordForm } from '../hooks/use-payment-password-form';
import { toAmountInput } from '../utils/amount';
import { AmountField } from './amount-field';
import { BankAccountForm } from './bank-account-form';
import { FormRounds, PanelError, PanelLoading, type FormRound } from './panel-state';
import { BankIcon, PlusIcon } from './wallet-icons';
import { PaymentPasswordField, WalletForm, WalletSubmitButton } from './wallet-form';
import { WithdrawalList } from './withdrawal-list';
import '../wallet.css';

type WithdrawInfo = z.infer<typeof withdrawInfoResponse>;

/** §2 personal centre, withdraw: bank accounts, a withdrawal with the payment password, and its answer. */
export function WithdrawPanel() {
  const info = useWithdrawInfo();
  // The bank account form needs the registered name before it opens.
  const member = useMemberInfo();
  if (info.data && !member.isPending) {
    return (
      <div className="wallet-panel">
        <WithdrawOverview info={info.data} />
        <WithdrawalList />
      </div>
    );
  }
  if (info.isError) return <PanelError error={info.error} onRetry={() => void info.refetch()} />;
  return <PanelLoading />;
}

function WithdrawOverview({ info }: { info: WithdrawInfo }) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const { isHidden } = useBalanceVisibility();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const [isAdding, setAdding] = useState(false);
  const [bankAccountId, setBankAccountId] = useState(info.bankAccounts[0]?.id);
  const money = (minor: number) => (isHidden ? '***' : format(minor));
  const chosen = info.bankAccounts.find((account) => account.id === bankAccountId) ?? info.bankAccounts[0];

  const onBound = (account: BankAccount) => {
    setAdding(false);
    setBankAccountId(account.id);
    void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawInfo(token) });
  };

  return (
    <>
      <dl className="wallet-stats">
        <div>
          <dt>{t('wallet.mainWallet')}</dt>
          <dd>{money(info.mainBalance)}</dd>
        </div>
        <div className="wallet-stats__main">
          <dt>{t('wallet.withdraw.withdrawable')}</dt>
          <dd data-testid="withdrawable">{money(info.withdrawable)}</dd>
        </div>
        <div>
          <dt>{t('wallet.withdraw.turnoverRemaining')}</dt>
          <dd>{format(info.turnoverRemaining)}</dd>
        </div>
      </dl>
      {info.turnoverRemaining > 0 && (
        <div className="account-notice wallet-notice" role="note">
          <p>{t('wallet.withdraw.turnoverNotice', { amount: format(info.turnoverRemaining) })}</p>
        </div>
      )}
      {!info.hasPaymentPassword && (
        <div className="account-notice wallet-notice" role="note">
          <p>{t('wallet.withdraw.noPaymentPassword')}</p>
        </div>
      )}

      <section className="wallet-section" aria-labelledby="withdraw-banks">
        <h4 id="withdraw-banks" className="wallet-section__title">
          {t('wallet.bank.title')}
        </h4>
        {info.bankAccounts.length === 0 ? (
          <>
            <p className="wallet-section__hint">{t('wallet.bank.none')}</p>
            <BankAccountForm onBound={onBound} />
          </>
        ) : (
          <>
            <fieldset className="wallet-choices">
              <legend className="visually-hidden">{t('wallet.withdraw.to')}</legend>
              {info.bankAccounts.map((account) => (
                <label key={account.id} className="wallet-choice">
                  <input
                    type="radio"
                    name="bankAccount"
                    value={account.id}
                    checked={account.id === chosen?.id}
                    onChange={() => setBankAccountId(account.id)}
                  />
                  <span className="wallet-choice__icon" aria-hidden="true">
                    <BankIcon size={20} />
                  </span>
                  <span className="wallet-choice__body">
                    <strong>
                      {account.bankName} {account.accountNumber}
                    </strong>
                    <span>{account.accountName}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            {isAdding ? (
              <BankAccountForm onBound={onBound} onCancel={() => setAdding(false)} />
            ) : (
              <button type="button" className="link-button wallet-add" onClick={() => setAdding(true)}>
                <PlusIcon size={16} />
                {t('wallet.bank.add')}
              </button>
            )}
          </>
        )}
      </section>

      {chosen && (
        <section className="wallet-section" aria-labelledby="withdraw-form">
          <h4 id="withdraw-form" className="wallet-section__title">
            {t('wallet.withdraw.formTitle')}
          </h4>
          <FormRounds>{(round) => <WithdrawForm info={info} bankAccount={chosen} {...round} />}</FormRounds>
        </section>
      )}
    </>
  );
}

type WithdrawFormProps = { info: WithdrawInfo; bankAccount: BankAccount } & FormRound;

function WithdrawForm({ info, bankAccount, onStart, onDone }: WithdrawFormProps) {
  const { t } = useTranslation();
  const { format, scale } = useMoneyFormat();
  const modals = useModals();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const sendOnce = useIdempotentSend();
  const canWithdraw = info.hasPaymentPassword && info.withdrawable > 0;
  const check = useAmountCheck({ min: info.minAmount, max: info.maxAmount, available: info.withdrawable });
  const { form, isBusy, failure, submit } = usePaymentPasswordForm({
    check,
    canSend: canWithdraw,
    onStart,
    // A withdrawal is confirmed first: the amount and where it goes, in words.
    confirm: (amount) =>
      modals.confirm({
        title: t('wallet.withdraw.confirmTitle'),
        message: t('wallet.withdraw.confirmMessage', {
          amount: format(amount),
          account: `${bankAccount.bankName} ${bankAccount.accountNumber}`,
        }),
        confirmLabel: t('wallet.withdraw.submit'),
      }),
    send: async (amount, paymentPassword) => {
      const request: WithdrawRequest = { bankAccountId: bankAccount.id, amount, paymentPassword };
      const answer = await sendOnce(request, (key) => requestWithdrawal(request, key));
      void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawInfo(token) });
      void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals(token) });
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
      onDone(t('wallet.withdraw.done', { amount: format(answer.amount) }));
    },
  });

  return (
    <WalletForm label={t('wallet.withdraw.formTitle')} failure={failure} onSubmit={submit}>
      <AmountField
        {...form.field('amount')}
        label={t('wallet.amount.label')}
        isRequired
        hint={{
          key: 'wallet.withdraw.limits',
          params: {
            min: format(info.minAmount),
            max: format(info.maxAmount),
            daily: format(info.dailyLimit),
          },
        }}
        onFillAll={
          info.withdrawable > 0
            ? () => form.setValue('amount', toAmountInput(Math.min(info.withdrawable, info.maxAmount), scale))
            : undefined
        }
      />
      <PaymentPasswordField {...form.field('paymentPassword')} />
      <WalletSubmitButton isBusy={isBusy} isDisabled={!canWithdraw}>
        {t('wallet.withdraw.submit')}
      </WalletSubmitButton>
    </WalletForm>
  );
}
