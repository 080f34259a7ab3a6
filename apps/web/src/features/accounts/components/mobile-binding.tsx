import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../api/client';
import { Spinner } from '../../../components/spinner';
import { useBrand } from '../../../config/brand';
import { bindMobile } from '../api/bind-mobile';
import { useRegisterSettings } from '../api/get-register-settings';
import { useForm } from '../hooks/use-form';
import { useMessageText } from '../hooks/use-message-text';
import { useRefreshMemberInfo } from '../hooks/use-refresh-member-info';
import { defaultDialingCode } from '../utils/dialing-codes';
import {
  checkValue,
  errorMessage,
  required,
  ruleOf,
  serverFieldErrors,
  type FieldErrors,
} from '../utils/field-rules';
import { DialingCodeSelect, FormAlert, TextField } from './form-controls';
import { SmsCodeField } from './sms-code-field';

type Field = 'mobileNum' | 'verificationCode';

/**
 * A new mobile number for the account: the number, a code texted to it (after the human check), then
 * the code. The number is verified once it is bound; one another member uses is refused.
 */
export function MobileBinding({ onDone }: { onDone: (isSaved: boolean) => void }) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const { whitelabel } = useBrand();
  const settings = useRegisterSettings();
  const refresh = useRefreshMemberInfo();
  const [dialCode, setDialCode] = useState(() => defaultDialingCode(whitelabel.location.country));
  const [alert, setAlert] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const mobileRule = ruleOf(settings, 'mobileNum');

  const validate = useCallback(
    (values: Record<Field, string>): FieldErrors<Field> => ({
      mobileNum: checkValue(values.mobileNum, mobileRule, { isRequired: true }),
      verificationCode: values.verificationCode.trim() === '' ? required : undefined,
    }),
    [mobileRule],
  );
  const form = useForm<Field>({ mobileNum: '', verificationCode: '' }, validate);

  const getPhone = () => {
    const problem = checkValue(form.values.mobileNum, mobileRule, { isRequired: true });
    if (problem) {
      form.setServerErrors({ mobileNum: problem });
      return undefined;
    }
    return { mobileNo: form.values.mobileNum.trim(), countryDialingCode: dialCode };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !form.submit()) return;
    setBusy(true);
    setAlert(undefined);
    try {
      await refresh(
        await bindMobile({
          mobileNo: form.values.mobileNum.trim(),
          countryDialingCode: dialCode,
          verificationCode: form.values.verificationCode.trim(),
        }),
      );
      onDone(true);
    } catch (error) {
      const code = isApiRequestError(error) ? error.code : 'UNKNOWN';
      const errors = isApiRequestError(error)
        ? serverFieldErrors(error, ['mobileNum', 'verificationCode'] as const, { mobileNo: 'mobileNum' })
        : {};
      if (code === 'CODE_INVALID' || code === 'CODE_EXPIRED') errors.verificationCode = errorMessage(code);
      if (code === 'MOBILE_TAKEN' || code === 'PHONE_INVALID') errors.mobileNum = errorMessage(code);
      form.setServerErrors(errors);
      setAlert(errorText(code));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="account-form__body security-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('securityCenter.mobile')}
    >
      <FormAlert message={alert} />
      <TextField
        {...form.field('mobileNum')}
        label={t('accounts.fields.mobileNum')}
        isRequired
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={20}
        before={<DialingCodeSelect value={dialCode} onChange={setDialCode} />}
      />
      <SmsCodeField
        purpose="bind"
        getPhone={getPhone}
        onPhoneError={(message) => form.setServerErrors({ mobileNum: message })}
        {...form.field('verificationCode')}
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
