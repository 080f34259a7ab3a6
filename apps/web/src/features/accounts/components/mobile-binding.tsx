import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../api/client';
import { bindMobile } from '../api/bind-mobile';
import { useFormCall } from '../hooks/use-form-call';
import { useMessageText } from '../hooks/use-message-text';
import { usePhoneCodeForm } from '../hooks/use-phone-number';
import { useRefreshMemberInfo } from '../hooks/use-refresh-member-info';
import { errorMessage, serverFieldErrors } from '../utils/field-rules';
import { FormAlert, SecurityFormActions } from './form-controls';
import { PhoneCodeFields } from './phone-code-fields';

/**
 * A new mobile number for the account: the number, a code texted to it (after the human check), then
 * the code. The number is verified once it is bound; one another member uses is refused.
 */
export function MobileBinding({ onDone }: { onDone: (isSaved: boolean) => void }) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const refresh = useRefreshMemberInfo();
  const { phone, form } = usePhoneCodeForm();
  const call = useFormCall();

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
        return errorText(code);
      },
    );

  return (
    <form
      className="account-form__body security-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('securityCenter.mobile')}
    >
      <FormAlert message={call.alert} />
      <PhoneCodeFields purpose="bind" form={form} phone={phone} />
      <SecurityFormActions isBusy={call.isBusy} onCancel={() => onDone(false)} />
    </form>
  );
}
