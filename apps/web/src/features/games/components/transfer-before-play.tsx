import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../accounts/components/form-controls';
import { useForm } from '../../accounts/hooks/use-form';
import { AmountField } from '../../wallet/components/amount-field';
import { useFailureText } from '../../wallet/components/panel-state';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { checkAmount, toAmountInput } from '../../wallet/utils/amount';
import '../../wallet/wallet.css';

type TransferBeforePlayProps = {
  vendorName: string;
  mainBalance: number;
  vendorBalance: number;
  /** Launches with confirmTrans 1, moving `amount` (minor units; 0 moves nothing). */
  onConfirm: (amount: number) => Promise<unknown>;
};

/**
 * A transfer-wallet game asks first (launch answer TRANSFER, decision 0018): how much of the main
 * wallet goes into the provider's wallet before the game opens, all of it by default; or play on with
 * what is already there.
 */
export function TransferBeforePlay({
  vendorName,
  mainBalance,
  vendorBalance,
  onConfirm,
}: TransferBeforePlayProps) {
  const { t } = useTranslation();
  const { format, scale } = useMoneyFormat();
  const failureText = useFailureText();
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const validate = useCallback(
    (values: { amount: string }) => {
      const result = checkAmount(values.amount, scale, { available: mainBalance }, format);
      return { amount: result.ok ? undefined : result.error };
    },
    [scale, mainBalance, format],
  );
  const form = useForm({ amount: mainBalance > 0 ? toAmountInput(mainBalance, scale) : '' }, validate);

  const confirm = async (amount: number) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await onConfirm(amount);
    } catch (error) {
      setFailure(failureText(error));
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !form.submit()) return;
    const result = checkAmount(form.values.amount, scale, { available: mainBalance }, format);
    if (result.ok) void confirm(result.minor);
  };

  return (
    <form
      className="game-transfer"
      aria-labelledby="game-transfer-title"
      onSubmit={submit}
      noValidate
      data-testid="transfer-before-play"
    >
      <h2 id="game-transfer-title">{t('gameFrame.transfer.title', { name: vendorName })}</h2>
      <p>{t('gameFrame.transfer.intro', { name: vendorName })}</p>
      <dl className="game-transfer__balances">
        <div>
          <dt>{t('wallet.mainWallet')}</dt>
          <dd>{format(mainBalance)}</dd>
        </div>
        <div>
          <dt>{t('gameFrame.transfer.vendorWallet', { name: vendorName })}</dt>
          <dd>{format(vendorBalance)}</dd>
        </div>
      </dl>
      <FormAlert message={failure} />
      {mainBalance > 0 && (
        <AmountField
          {...form.field('amount')}
          label={t('gameFrame.transfer.amount')}
          isRequired
          hint={{ key: 'wallet.transfer.available', params: { amount: format(mainBalance) } }}
          onFillAll={() => form.setValue('amount', toAmountInput(mainBalance, scale))}
        />
      )}
      <div className="game-transfer__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={isBusy}
          onClick={() => void confirm(0)}
        >
          {t('gameFrame.transfer.skip')}
        </button>
        {mainBalance > 0 && (
          <button type="submit" className="button button--primary" disabled={isBusy} aria-busy={isBusy}>
            {t('gameFrame.transfer.submit')}
          </button>
        )}
      </div>
    </form>
  );
}
