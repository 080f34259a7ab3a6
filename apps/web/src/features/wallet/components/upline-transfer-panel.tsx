import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { UsersIcon } from '../../../components/icons';
import { useModals } from '../../../components/modal/modal-context';
import { balanceQueryKey, useBalance } from '../../accounts/api/get-balance';
import { useMemberInfo } from '../../accounts/api/get-member-info';
import { useBalanceVisibility } from '../../accounts/hooks/use-balance-visibility';
import { walletKeys } from '../api/query-keys';
import { transferToUpline } from '../api/transfer-to-upline';
import { useAmountCheck } from '../hooks/use-amount-check';
import { useIdempotentSend } from '../hooks/use-idempotent-send';
import { useMoneyFormat } from '../hooks/use-money-format';
import { usePaymentPasswordForm } from '../hooks/use-payment-password-form';
import { toAmountInput } from '../utils/amount';
import { AmountField } from './amount-field';
import { FormRounds, PanelError, PanelLoading, type FormRound } from './panel-state';
import { PaymentPasswordField, WalletForm, WalletSubmitButton } from './wallet-form';
import '../wallet.css';

/** §2 personal centre, transferUpline: money from the main wallet to the member's own upline agent. */
export function UplineTransferPanel() {
  const { t } = useTranslation();
  const member = useMemberInfo();
  const balance = useBalance();
  if (!member.data || !balance.data) {
    const failed = member.isError ? member : balance.isError ? balance : undefined;
    if (failed) return <PanelError error={failed.error} onRetry={() => void failed.refetch()} />;
    return <PanelLoading />;
  }
  const upline = member.data.toUpline;
  if (!upline) {
    return (
      <EmptyState
        icon={<UsersIcon size={32} />}
        title={t('wallet.upline.none')}
        message={t('wallet.upline.noneHint')}
      />
    );
  }
  const main = balance.data.wallets.find((wallet) => wallet.wallet === 'MAIN')?.balance ?? 0;
  return (
    <div className="wallet-panel">
      <UplineSummary upline={upline} main={main} />
      {!member.data.hasPaymentPassword && (
        <div className="account-notice wallet-notice" role="note">
          <p>{t('wallet.withdraw.noPaymentPassword')}</p>
        </div>
      )}
      <FormRounds>
        {(round) => (
          <UplineTransferForm
            upline={upline}
            main={main}
            hasPaymentPassword={member.data.hasPaymentPassword}
            {...round}
          />
        )}
      </FormRounds>
    </div>
  );
}

function UplineSummary({ upline, main }: { upline: string; main: number }) {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  const { isHidden } = useBalanceVisibility();
  return (
    <dl className="wallet-stats">
      <div>
        <dt>{t('wallet.upline.to')}</dt>
        <dd>{upline}</dd>
      </div>
      <div className="wallet-stats__main">
        <dt>{t('wallet.mainWallet')}</dt>
        <dd>{isHidden ? '***' : format(main)}</dd>
      </div>
    </dl>
  );
}

type UplineTransferFormProps = { upline: string; main: number; hasPaymentPassword: boolean } & FormRound;

function UplineTransferForm({ upline, main, hasPaymentPassword, onStart, onDone }: UplineTransferFormProps) {
  const { t } = useTranslation();
  const { format, scale } = useMoneyFormat();
  const { isHidden } = useBalanceVisibility();
  const modals = useModals();
  const queryClient = useQueryClient();
  const sendOnce = useIdempotentSend();
  const check = useAmountCheck({ available: main });
  const { form, isBusy, failure, submit } = usePaymentPasswordForm({
    check,
    canSend: hasPaymentPassword,
    onStart,
    confirm: (amount) =>
      modals.confirm({
        message: t('wallet.upline.confirmMessage', { amount: format(amount), upline }),
        confirmLabel: t('wallet.upline.submit'),
      }),
    send: async (amount, paymentPassword) => {
      const request = { amount, paymentPassword };
      const answer = await sendOnce(request, (key) => transferToUpline(request, key));
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      onDone(t('wallet.upline.done', { amount: format(answer.amount), upline: answer.upline }));
    },
  });

  return (
    <WalletForm label={t('wallet.upline.formLabel')} failure={failure} onSubmit={submit}>
      <AmountField
        {...form.field('amount')}
        label={t('wallet.amount.label')}
        isRequired
        hint={{ key: 'wallet.transfer.available', params: { amount: isHidden ? '***' : format(main) } }}
        onFillAll={main > 0 ? () => form.setValue('amount', toAmountInput(main, scale)) : undefined}
      />
      <PaymentPasswordField {...form.field('paymentPassword')} />
      <WalletSubmitButton isBusy={isBusy} isDisabled={!hasPaymentPassword}>
        {t('wallet.upline.submit')}
      </WalletSubmitButton>
    </WalletForm>
  );
}
