import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../api/client';
import { Spinner } from '../../../components/spinner';
import { useRegisterSettings } from '../api/get-register-settings';
import { setPaymentPassword } from '../api/set-payment-password';
import { useForm } from '../hooks/use-form';
import { useMessageText } from '../hooks/use-message-text';
import { useRefreshMemberInfo } from '../hooks/use-refresh-member-info';
import {
  checkConfirmation,
  checkValue,
  errorMessage,
  required,
  ruleOf,
  serverFieldErrors,
  type FieldErrors,
} from '../utils/field-rules';
import { FormAlert, PasswordField } from './form-controls';
import { PasswordPairFields } from './password-pair-fields';

type Field = 'current' | 'newPaymentPassword' | 'confirmPaymentPassword';
const EMPTY: Record<Field, string> = { current: '', newPaymentPassword: '', confirmPaymentPassword: '' };

type PaymentPasswordFormProps = { hasPaymentPassword: boolean; onDone: (isSaved: boolean) => void };

/**
 * The payment password: a first one is confirmed with the login password, a change with the current
 * payment password. Held to the brand's register rule for the field; no value outlives its call.
 */
export function PaymentPasswordForm({ hasPaymentPassword, onDone }: PaymentPasswordFormProps) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const settings = useRegisterSettings();
  const refresh = useRefreshMemberInfo();
  const [alert, setAlert] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const rule = ruleOf(settings, 'paymentPassword');

  const validate = useCallback(
    (values: Record<Field, string>): FieldErrors<Field> => ({
      current: values.current === '' ? required : undefined,
      newPaymentPassword: checkValue(values.newPaymentPassword, rule, { isRequired: true }),
      confirmPaymentPassword: checkConfirmation(values.newPaymentPassword, values.confirmPaymentPassword),
    }),
    [rule],
  );
  const form = useForm<Field>(EMPTY, validate);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !form.submit()) return;
    const { current, newPaymentPassword } = form.values;
    setBusy(true);
    setAlert(undefined);
    // The secrets leave the form with the call: whatever the answer, the fields start empty again.
    form.reset();
    try {
      await setPaymentPassword(
        hasPaymentPassword
          ? { oldPaymentPassword: current, newPaymentPassword }
          : { password: current, newPaymentPassword },
      );
      await refresh();
      onDone(true);
    } catch (error) {
      const code = isApiRequestError(error) ? error.code : 'UNKNOWN';
      const errors: FieldErrors<Field> = isApiRequestError(error)
        ? serverFieldErrors(error, ['newPaymentPassword'] as const)
        : {};
      if (code === 'PAYMENT_PASSWORD_WRONG' || code === 'WRONG_PASSWORD') errors.current = errorMessage(code);
      form.setServerErrors(errors);
      setAlert(errorText(code));
    } finally {
      setBusy(false);
    }
  };

  const isDigits = rule?.patternType === 'DIGITS';
  return (
    <form
      className="account-form__body security-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('securityCenter.paymentPassword')}
    >
      <FormAlert message={alert} />
      <PasswordField
        {...form.field('current')}
        label={t(
          hasPaymentPassword ? 'accounts.fields.oldPaymentPassword' : 'accounts.security.loginPassword',
        )}
        isRequired
        autoComplete="current-password"
        maxLength={hasPaymentPassword ? 32 : 128}
        inputMode={hasPaymentPassword && isDigits ? 'numeric' : undefined}
      />
      <PasswordPairFields
        password={form.field('newPaymentPassword')}
        confirmation={form.field('confirmPaymentPassword')}
        rule={rule}
        labels={{
          password: t('accounts.fields.newPaymentPassword'),
          confirmation: t('accounts.fields.confirmPaymentPassword'),
        }}
        maxLength={rule?.max ?? 32}
        inputMode={isDigits ? 'numeric' : undefined}
      />
      <div className="security-form__actions">
        <button type="button" className="button button--secondary" onClick={() => onDone(false)}>
          {t('modal.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={isBusy}>
          {isBusy && <Spinner />}
          {t('accounts.security.save')}
        </button>
      </div>
    </form>
  );
}
