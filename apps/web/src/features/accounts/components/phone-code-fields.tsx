import { useTranslation } from 'react-i18next';
import type { SmsPurpose } from '../api/send-sms-code';
import { readPhone, type PhoneForm, type PhoneNumberChoice } from '../hooks/use-phone-number';
import { DialingCodeSelect, TextField } from './form-controls';
import { SmsCodeField } from './sms-code-field';

type PhoneCodeFieldsProps = {
  purpose: SmsPurpose;
  form: PhoneForm;
  /** From `usePhoneNumber()`. */
  phone: PhoneNumberChoice;
};

/**
 * A mobile number with its country dialing code, then the code texted to it (SMS login, password
 * recovery by phone, a new number in the security centre).
 */
export function PhoneCodeFields({ purpose, form, phone }: PhoneCodeFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        {...form.field('mobileNum')}
        label={t('accounts.fields.mobileNum')}
        isRequired
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={20}
        before={<DialingCodeSelect value={phone.dialCode} onChange={phone.setDialCode} />}
      />
      <SmsCodeField
        purpose={purpose}
        getPhone={() => readPhone(form, phone.rule, phone.dialCode)}
        onPhoneError={(message) => form.setServerErrors({ mobileNum: message })}
        {...form.field('verificationCode')}
      />
    </>
  );
}
