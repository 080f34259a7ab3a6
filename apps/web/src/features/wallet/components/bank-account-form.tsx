import { useCallback, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bankAccountRequest, type BankAccount } from '@jade/contracts/payments';
import { isApiRequestError } from '../../../api/client';
import { Spinner } from '../../../components/spinner';
import { useMemberInfo } from '../../accounts/api/get-member-info';
import { FormAlert, TextField } from '../../accounts/components/form-controls';
import { useForm } from '../../accounts/hooks/use-form';
import { useMessageText } from '../../accounts/hooks/use-message-text';
import { required, serverFieldErrors, type FieldErrors } from '../../accounts/utils/field-rules';
import { bindBankAccount } from '../api/bind-bank-account';

type BankField = 'bankName' | 'accountNumber' | 'accountName';
const FIELDS = ['bankName', 'accountNumber', 'accountName'] as const;

/** Each field held to the contract's own rule (the server checks the same schema). */
const validate = (values: Record<BankField, string>): FieldErrors<BankField> =>
  Object.fromEntries(
    FIELDS.map((field) => [
      field,
      values[field].trim() === ''
        ? required
        : bankAccountRequest.shape[field].safeParse(values[field]).success
          ? undefined
          : { key: `wallet.bank.rules.${field}` },
    ]),
  );

type BankAccountFormProps = {
  onBound: (account: BankAccount) => void;
  onCancel?: (() => void) | undefined;
};

/** Binds a bank account for payouts; the name on it must be the member's registered name. */
export function BankAccountForm({ onBound, onCancel }: BankAccountFormProps) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const queryClient = useQueryClient();
  const info = useMemberInfo();
  const registeredName = info.data?.payeeName ?? null;
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const form = useForm<BankField>(
    { bankName: '', accountNumber: '', accountName: registeredName ?? '' },
    useCallback(validate, []),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !form.submit()) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const account = await bindBankAccount(form.values);
      // The first account of a member without a registered name registers it.
      if (!registeredName) void queryClient.invalidateQueries({ queryKey: ['accounts', 'member-info'] });
      onBound(account);
    } catch (error) {
      if (!isApiRequestError(error)) {
        setFailure(errorText('UNKNOWN'));
        return;
      }
      form.setServerErrors(serverFieldErrors(error, FIELDS));
      setFailure(errorText(error.code));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="wallet-form wallet-bank-form"
      aria-label={t('wallet.bank.formLabel')}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <div className="account-notice wallet-notice" role="note">
        <p>
          {registeredName
            ? t('wallet.bank.nameMustMatch', { name: registeredName })
            : t('wallet.bank.nameBecomesRegistered')}
        </p>
      </div>
      <FormAlert message={failure} />
      <div className="wallet-form__grid">
        <TextField
          {...form.field('bankName')}
          label={t('wallet.bank.bankName')}
          isRequired
          maxLength={100}
          autoComplete="off"
        />
        <TextField
          {...form.field('accountNumber')}
          label={t('wallet.bank.accountNumber')}
          isRequired
          hint={{ key: 'wallet.bank.rules.accountNumber' }}
          inputMode="numeric"
          maxLength={40}
          autoComplete="off"
        />
      </div>
      <TextField
        {...form.field('accountName')}
        label={t('wallet.bank.accountName')}
        isRequired
        maxLength={100}
        autoComplete="name"
      />
      <div className="wallet-form__actions">
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('modal.cancel')}
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={isBusy}>
          {isBusy && <Spinner />}
          {t('wallet.bank.submit')}
        </button>
      </div>
    </form>
  );
}
