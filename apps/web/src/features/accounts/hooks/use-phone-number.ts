import { useCallback, useState } from 'react';
import { useBrand } from '../../../config/brand';
import { useRegisterSettings } from '../api/get-register-settings';
import { defaultDialingCode } from '../utils/dialing-codes';
import { checkValue, required, ruleOf, type FieldErrors, type FieldRule } from '../utils/field-rules';
import { useForm, type FieldBinding } from './use-form';

export type PhoneField = 'mobileNum' | 'verificationCode';

/** The part of `useForm()` a mobile number and its SMS code work with. */
export type PhoneForm = {
  values: Record<PhoneField, string>;
  field: (name: PhoneField) => FieldBinding;
  setServerErrors: (errors: FieldErrors<PhoneField>) => void;
};

/** The country dialing code a form starts with: the brand's country's. */
export const useDialingCode = () => {
  const { whitelabel } = useBrand();
  return useState(() => defaultDialingCode(whitelabel.location.country));
};

/** A mobile number's dialing code, chosen in the form, and the brand's rule for the number. */
export const usePhoneNumber = () => {
  const [dialCode, setDialCode] = useDialingCode();
  const rule = ruleOf(useRegisterSettings(), 'mobileNum');
  return { dialCode, setDialCode, rule };
};

export type PhoneNumberChoice = ReturnType<typeof usePhoneNumber>;

/** The client's checks of a mobile number and the code texted to it, both required. */
export const checkPhoneCode = (
  values: Record<PhoneField, string>,
  rule: FieldRule | undefined,
): FieldErrors<PhoneField> => ({
  mobileNum: checkValue(values.mobileNum, rule, { isRequired: true }),
  verificationCode: values.verificationCode.trim() === '' ? required : undefined,
});

/** The number to text a code to; undefined, with the problem shown on the field, while it is not valid. */
export const readPhone = (form: PhoneForm, rule: FieldRule | undefined, dialCode: string) => {
  const problem = checkValue(form.values.mobileNum, rule, { isRequired: true });
  if (problem) {
    form.setServerErrors({ mobileNum: problem });
    return undefined;
  }
  return { mobileNo: form.values.mobileNum.trim(), countryDialingCode: dialCode };
};

/** A form of just a mobile number and the code texted to it (SMS login, a new number). */
export const usePhoneCodeForm = () => {
  const phone = usePhoneNumber();
  const validate = useCallback(
    (values: Record<PhoneField, string>) => checkPhoneCode(values, phone.rule),
    [phone.rule],
  );
  const form = useForm<PhoneField>({ mobileNum: '', verificationCode: '' }, validate);
  return { phone, form };
};
