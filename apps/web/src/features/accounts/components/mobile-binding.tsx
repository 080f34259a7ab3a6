import { useCallback, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../api/client';
import { bindMobile } from '../api/bind-mobile';
import { useForm } from '../hooks/use-form';
import { useFormCall } from '../hooks/use-form-call';
import { useMessageText } from '../hooks/use-message-text';
import { usePhoneCodeForm } from '../hooks/use-phone-number';
import { useRefreshMemberInfo } from '../hooks/use-refresh-member-info';
import { errorMessage, required, serverFieldErrors } from '../utils/field-rules';
import { FormAlert, PasswordField, SecurityFormActions } from './form-controls';
import { PhoneCodeFields } from './phone-code-fields';

/**
 * A new mobile number for the account: the number, a code texted to it (after the human check), then
 * the code, with the login password (a stolen session alone cannot move the recovery number). The
 * number is verified once it is bound; one another member uses is refused.
 */
export function MobileBinding({ onDone }: { onDone: (isSaved: boolean) => void }) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const refresh = useRefreshMemberInfo();
  const { phone, form } = usePhoneCodeForm();
  const call = useFormCall();
  const login = useForm<'password'>(
    { password: '' },
    useCallback((values) => ({ password: values.password === '' ? required : undefined }), []),
  );

  const submit = (event: FormEvent) =>
    call.submit(
      event,
      form,
      async () => {
        await refresh(
          await bindMobile({
            mobileNo: form.values.mobileNum.trim(),
            countryDialingCode: phone.dialCode,
            verificationCode: form.values.verificationCode.trim(),
            password: login.values.password,
          }),
        );
        onDone(true);
      },
      (error) => {
        const code = isApiRequestError(error) ? error.code : 'UNKNOWN';
        const errors = isApiRequestError(error)
          ? serverFieldErrors(error, ['mobileNum', 'verificationCode'] as const, { mobileNo: 'mobileNum' })
          : {};
        if (code === 'CODE_INVALID' || code === 'CODE_EXPIRED') errors.verificationCode = errorMessage(code);
        if (code === 'MOBILE_TAKEN' || code === 'PHONE_INVALID') errors.mobileNum = errorMessage(code);
        form.setServerErrors(errors);
        if (code === 'WRONG_PASSWORD') login.setServerErrors({ password: errorMessage(code) });
        return errorText(code);
      },
    );

  return (
    <form
      className="account-form__body security-form"
      onSubmit={(event) => {
        if (!login.submit()) {
          event.preventDefault();
          form.submit();
          return;
        }
        void submit(event);
      }}
      noValidate
      aria-label={t('securityCenter.mobile')}
    >
      <FormAlert message={call.alert} />
      <PhoneCodeFields purpose="bind" form={form} phone={phone} />
      <PasswordField
        {...login.field('password')}
        label={t('accounts.security.loginPassword')}
        isRequired
        autoComplete="current-password"
        maxLength={128}
      />
      <SecurityFormActions isBusy={call.isBusy} onCancel={() => onDone(false)} />
    </form>
  );
}
