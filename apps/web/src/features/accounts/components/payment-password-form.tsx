import { useCallback, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../api/client';
import { useRegisterSettings } from '../api/get-register-settings';
import { setPaymentPassword } from '../api/set-payment-password';
import { useForm } from '../hooks/use-form';
import { useFormCall } from '../hooks/use-form-call';
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
import { FormAlert, PasswordField, SecurityFormActions } from './form-controls';
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
  const call = useFormCall();
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

  const submit = (event: FormEvent) =>
    call.submit(
      event,
      form,
      async () => {
        const { current, newPaymentPassword } = form.values;
        // The secrets leave the form with the call: whatever the answer, the fields start empty again.
        form.reset();
        await setPaymentPassword(
          hasPaymentPassword
            ? { oldPaymentPassword: current, newPaymentPassword }
            : { password: current, newPaymentPassword },
        );
        await refresh();
        onDone(true);
      },
      (error) => {
        const code = isApiRequestError(error) ? error.code : 'UNKNOWN';
        const errors: FieldErrors<Field> = isApiRequestError(error)
          ? serverFieldErrors(error, ['newPaymentPassword'] as const)
          : {};
        if (code === 'PAYMENT_PASSWORD_WRONG' || code === 'WRONG_PASSWORD')
          errors.current = errorMessage(code);
        form.setServerErrors(errors);
        return errorText(code);
      },
    );

  const isDigits = rule?.patternType === 'DIGITS';
  return (
    <form
      className="account-form__body security-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('securityCenter.paymentPassword')}
    >
      <FormAlert message={call.alert} />
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
      <SecurityFormActions isBusy={call.isBusy} onCancel={() => onDone(false)} />
    </form>
  );
}
