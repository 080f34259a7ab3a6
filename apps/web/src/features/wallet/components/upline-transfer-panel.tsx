import { useCallback, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { UsersIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { useModals } from '../../../components/modal/modal-context';
import { isApiRequestError } from '../../../api/client';
import { balanceQueryKey, useBalance } from '../../accounts/api/get-balance';
import { useMemberInfo } from '../../accounts/api/get-member-info';
import { FormAlert, PasswordField } from '../../accounts/components/form-controls';
import { useBalanceVisibility } from '../../accounts/hooks/use-balance-visibility';
import { useForm } from '../../accounts/hooks/use-form';
import { useMessageText } from '../../accounts/hooks/use-message-text';
import { required, serverFieldErrors } from '../../accounts/utils/field-rules';
import { walletKeys } from '../api/query-keys';
import { transferToUpline } from '../api/transfer-to-upline';
import { useIdempotentSend } from '../hooks/use-idempotent-send';
import { useMoneyFormat } from '../hooks/use-money-format';
import { checkAmount, toAmountInput } from '../utils/amount';
import { AmountField } from './amount-field';
import { FormRounds, PanelError, PanelLoading, type FormRound } from './panel-state';
import '../wallet.css';

type UplineField = 'amount' | 'paymentPassword';

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
  const { errorText } = useMessageText();
  const { format, exponent } = useMoneyFormat();
  const { isHidden } = useBalanceVisibility();
  const modals = useModals();
  const queryClient = useQueryClient();
  const send = useIdempotentSend();
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const check = useCallback(
    (text: string) => checkAmount(text, exponent, { available: main }, format),
    [exponent, main, format],
  );
  const validate = useCallback(
    (values: Record<UplineField, string>) => {
      const amount = check(values.amount);
      return {
        amount: amount.ok ? undefined : amount.error,
        paymentPassword: values.paymentPassword === '' ? required : undefined,
      };
    },
    [check],
  );
  const form = useForm<UplineField>({ amount: '', paymentPassword: '' }, validate);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !hasPaymentPassword || !form.submit()) return;
    const amount = check(form.values.amount);
    if (!amount.ok) return;
    setFailure(undefined);
    onStart();
    const isSure = await modals.confirm({
      message: t('wallet.upline.confirmMessage', { amount: format(amount.minor), upline }),
      confirmLabel: t('wallet.upline.submit'),
    });
    if (!isSure) return;
    setBusy(true);
    const request = { amount: amount.minor, paymentPassword: form.values.paymentPassword };
    try {
      const answer = await send(request, (key) => transferToUpline(request, key));
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      onDone(t('wallet.upline.done', { amount: format(answer.amount), upline: answer.upline }));
    } catch (error) {
      setBusy(false);
      if (!isApiRequestError(error)) {
        setFailure(errorText('UNKNOWN'));
        return;
      }
      form.setServerErrors(serverFieldErrors(error, ['paymentPassword', 'amount'] as const));
      setFailure(errorText(error.code));
    }
  };

  return (
    <form
      className="wallet-form"
      aria-label={t('wallet.upline.formLabel')}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <FormAlert message={failure} />
      <AmountField
        {...form.field('amount')}
        label={t('wallet.amount.label')}
        isRequired
        hint={{ key: 'wallet.transfer.available', params: { amount: isHidden ? '***' : format(main) } }}
        onFillAll={main > 0 ? () => form.setValue('amount', toAmountInput(main, exponent)) : undefined}
      />
      <PasswordField
        {...form.field('paymentPassword')}
        label={t('accounts.fields.paymentPassword')}
        isRequired
        maxLength={32}
        autoComplete="off"
      />
      <button
        type="submit"
        className="button button--primary wallet-form__submit"
        disabled={isBusy || !hasPaymentPassword}
      >
        {isBusy && <Spinner />}
        {t('wallet.upline.submit')}
      </button>
    </form>
  );
}
