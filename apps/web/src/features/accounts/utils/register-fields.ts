import type { RegisterField, RegisterSettings } from '@jade/contracts/system';
import type { WhitelabelFlags } from '@jade/contracts/whitelabel';
import type { RegisterKind } from '../api/register';
import {
  checkValue,
  confirmMismatch,
  required,
  ruleOf,
  settingOf,
  type FieldErrors,
  type FieldRule,
} from './field-rules';

/** A field the register form shows: whether it must be filled, and the rule its value follows. */
export type PlannedField = { field: RegisterField; isRequired: boolean; rule: FieldRule | undefined };

const USERNAME_ORDER: readonly RegisterField[] = [
  'username',
  'password',
  'confirmPassword',
  'mobileNum',
  'verificationCode',
  'payeeName',
  'email',
  'paymentPassword',
  'whatsapp',
  'line',
  'facebook',
  'wechat',
  'qqNum',
  'idNumber',
  'affiliateCode',
  'referralCode',
  'recommenderId',
  'captcha',
];
const MOBILE_ORDER: readonly RegisterField[] = [
  'mobileNum',
  'verificationCode',
  ...USERNAME_ORDER.filter((field) => !['username', 'mobileNum', 'verificationCode'].includes(field)),
];

/**
 * §5 which register fields show and which are required: the brand's settings, plus what the register
 * type demands (a username and password, or a mobile number with its SMS code when REGMOBVERF3 is on),
 * exactly as the server decides it.
 */
export const planRegisterFields = (
  settings: RegisterSettings,
  kind: RegisterKind,
  flags: WhitelabelFlags,
): PlannedField[] => {
  const plan: PlannedField[] = [];
  const visible = (field: RegisterField) => settingOf(settings, field)?.visible ?? false;
  const isRequiredBySetting = (field: RegisterField) => settingOf(settings, field)?.required ?? false;
  const hasPassword = kind === 'USERNAME' || flags.MOBILENUMPASSREG3;
  const hasMobile = kind === 'MOBILE' || visible('mobileNum');
  for (const field of kind === 'MOBILE' ? MOBILE_ORDER : USERNAME_ORDER) {
    const rule = ruleOf(settings, field);
    const setting = settingOf(settings, field);
    switch (field) {
      case 'username':
        if (kind === 'USERNAME') plan.push({ field, isRequired: true, rule });
        break;
      case 'password':
        if (hasPassword) plan.push({ field, isRequired: true, rule });
        break;
      case 'confirmPassword':
        // Checked for equality only (the server ignores its pattern).
        if (hasPassword && (!setting || setting.visible))
          plan.push({ field, isRequired: true, rule: undefined });
        break;
      case 'mobileNum':
        if (hasMobile)
          plan.push({ field, isRequired: kind === 'MOBILE' || isRequiredBySetting(field), rule });
        break;
      case 'verificationCode':
        if (flags.REGMOBVERF3 && hasMobile && (kind === 'MOBILE' || visible(field))) {
          plan.push({ field, isRequired: kind === 'MOBILE' || isRequiredBySetting(field), rule });
        }
        break;
      case 'captcha':
        // The server asks for the human check unless the brand hides the field or makes it optional.
        if (!setting || (setting.visible && setting.required))
          plan.push({ field, isRequired: true, rule: undefined });
        break;
      default:
        if (visible(field)) plan.push({ field, isRequired: isRequiredBySetting(field), rule });
    }
  }
  return plan;
};

export type RegisterValues = Record<RegisterField, string>;

export const emptyRegisterValues = (): RegisterValues => ({
  username: '',
  password: '',
  confirmPassword: '',
  payeeName: '',
  email: '',
  qqNum: '',
  mobileNum: '',
  recommenderId: '',
  captcha: '',
  verificationCode: '',
  affiliateCode: '',
  paymentPassword: '',
  line: '',
  whatsapp: '',
  facebook: '',
  wechat: '',
  idNumber: '',
  referralCode: '',
});

/** The register form's own checks, live as the visitor types (§5, with the server's own rule code). */
export const validateRegistration = (
  plan: readonly PlannedField[],
  values: RegisterValues,
  { isDirectAllowed }: { isDirectAllowed: boolean },
): FieldErrors<RegisterField> => {
  const errors: FieldErrors<RegisterField> = {};
  for (const { field, isRequired, rule } of plan) {
    const value = values[field];
    if (field === 'confirmPassword') {
      errors[field] = value === '' ? required : value !== values.password ? confirmMismatch : undefined;
    } else if (field === 'verificationCode') {
      // The code matters once there is a number to send it to.
      errors[field] = checkValue(value, rule, { isRequired: isRequired && values.mobileNum.trim() !== '' });
    } else if (field === 'captcha') {
      errors[field] = value.trim() === '' ? required : undefined;
    } else if (field === 'affiliateCode' && !isDirectAllowed) {
      // Without direct registration (DIRECTREG3) an upline is needed: an invitation, referral or recommender.
      const hasOtherUpline = values.referralCode.trim() !== '' || values.recommenderId.trim() !== '';
      errors[field] = checkValue(value, rule, { isRequired: isRequired || !hasOtherUpline });
    } else {
      errors[field] = checkValue(value, rule, { isRequired });
    }
  }
  return errors;
};

/** Values as the register call takes them: passwords untouched, other text trimmed, empty left out. */
export const registerPayload = (plan: readonly PlannedField[], values: RegisterValues) => {
  const payload: Partial<Record<RegisterField, string>> = {};
  for (const { field } of plan) {
    if (field === 'captcha') continue;
    const isSecret = field === 'password' || field === 'confirmPassword' || field === 'paymentPassword';
    const value = isSecret ? values[field] : values[field].trim();
    if (value !== '') payload[field] = value;
  }
  return payload;
};
