import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, PasswordField, SubmitButton } from '../../accounts/components/form-controls';
import type { FieldBinding } from '../../accounts/hooks/use-form';

type WalletFormProps = {
  label: string;
  /** Why the last try failed, announced as the form's alert. */
  failure: string | undefined;
  onSubmit: (event: FormEvent) => void | Promise<void>;
  children: ReactNode;
};

/** A money form (a deposit, a withdrawal, a transfer to the upline): its alert first, then its fields. */
export function WalletForm({ label, failure, onSubmit, children }: WalletFormProps) {
  return (
    <form className="wallet-form" aria-label={label} onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormAlert message={failure} />
      {children}
    </form>
  );
}

/** A money form's submit button. */
export function WalletSubmitButton(props: { isBusy: boolean; isDisabled?: boolean; children: ReactNode }) {
  return <SubmitButton {...props} className="button button--primary wallet-form__submit" />;
}

/** The payment password a withdrawal or a transfer to the upline is sent with. */
export function PaymentPasswordField(props: FieldBinding) {
  const { t } = useTranslation();
  return (
    <PasswordField
      {...props}
      label={t('accounts.fields.paymentPassword')}
      isRequired
      maxLength={32}
      autoComplete="off"
    />
  );
}
