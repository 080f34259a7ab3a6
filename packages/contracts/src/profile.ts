import { z } from 'zod';
import { type FieldRule } from './account-rules.js';
import { checkPattern } from './patterns.js';
import type { RegisterField, RegisterSettings } from './system.js';

/** The §3 profile fields a member edits in the security centre (PUT /wps/member/info). */
export const PROFILE_FIELDS = [
  'nickname',
  'payeeName',
  'birthday',
  'idNumber',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'address',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * Identity fields a member fills in once; a change afterwards goes through customer service. The payee
 * name is the name every bank account must carry (withdrawals), so it can never be edited freely.
 */
export const SET_ONCE_PROFILE_FIELDS: readonly ProfileField[] = ['payeeName', 'idNumber', 'birthday'];

/** Contact fields a brand offers only when its register settings show them (or the member has one). */
export const CONTACT_PROFILE_FIELDS: readonly ProfileField[] = [
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
];

/** Profile fields that are also register fields: the brand's register settings hold their rules (§5). */
const REGISTER_RULED = new Set<string>([
  'payeeName',
  'idNumber',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
]);

/** The rules of fields the brand's register settings do not rule (or lack), within the columns' lengths. */
const DEFAULT_RULES: Record<ProfileField | 'email', FieldRule> = {
  nickname: { patternType: 'ANY', min: 2, max: 32 },
  payeeName: { patternType: 'FULL_NAME', min: 2, max: 100 },
  birthday: { patternType: 'DATE_YMD', min: 10, max: 10 },
  idNumber: { patternType: 'ALNUM', min: 6, max: 32 },
  nationality: { patternType: 'ANY', min: 2, max: 64 },
  occupation: { patternType: 'ANY', min: 2, max: 64 },
  sourceOfIncome: { patternType: 'ANY', min: 2, max: 100 },
  address: { patternType: 'ANY', min: 5, max: 200 },
  qqNum: { patternType: 'DIGITS', min: 5, max: 20 },
  line: { patternType: 'NO_SPACES', min: 3, max: 64 },
  whatsapp: { patternType: 'DIGITS', min: 6, max: 32 },
  facebook: { patternType: 'NO_SPACES', min: 3, max: 100 },
  wechat: { patternType: 'NO_SPACES', min: 3, max: 64 },
  email: { patternType: 'EMAIL', min: 5, max: 254 },
};

/** A profile field's rule: the brand's register setting where it has one, else the default. */
export const profileFieldRule = (
  settings: Pick<RegisterSettings, 'fields'>,
  field: ProfileField | 'email',
) => {
  const setting =
    field === 'email' || REGISTER_RULED.has(field)
      ? settings.fields.find((f) => f.field === (field as RegisterField))
      : undefined;
  const rule = DEFAULT_RULES[field];
  // A brand's length never goes past what the column holds.
  if (!setting) return rule;
  const max = Math.min(setting.max, rule.max);
  return { patternType: setting.patternType, min: Math.min(setting.min, max), max };
};

export type ProfileRuleFailure = { key: string; message: string; params: Record<string, string> };

/** Whole years from a yyyy-MM-dd birthday to `today` (UTC). */
const ageOn = (birthday: string, today: Date) => {
  const [year, month, day] = birthday.split('-').map(Number) as [number, number, number];
  const age = today.getUTCFullYear() - year;
  const hadBirthday =
    today.getUTCMonth() + 1 > month || (today.getUTCMonth() + 1 === month && today.getUTCDate() >= day);
  return hadBirthday ? age : age - 1;
};

/** One non-empty profile value against its rule, as the server and the security centre both check it. */
export const checkProfileValue = (
  field: ProfileField | 'email',
  value: string,
  settings: Pick<RegisterSettings, 'fields' | 'minimumAge'>,
  today = new Date(),
): ProfileRuleFailure | undefined => {
  const failure = checkPattern(value, profileFieldRule(settings, field));
  if (failure) return failure;
  if (field === 'birthday' && ageOn(value, today) < settings.minimumAge) {
    const params = { age: String(settings.minimumAge) };
    return { key: 'validation.minimumAge', message: `You must be at least ${params.age} years old`, params };
  }
  return undefined;
};

const text = (max: number) => z.string().trim().max(max).optional();

/**
 * PUT /wps/member/info: a field left out stays as it is, an empty one is cleared (set-once fields
 * excepted). A new email address is unverified until its code is entered.
 */
export const updateProfileRequest = z.object({
  nickname: text(64),
  payeeName: text(100),
  birthday: text(10),
  idNumber: text(32),
  nationality: text(64),
  occupation: text(64),
  sourceOfIncome: text(100),
  address: text(200),
  qqNum: text(20),
  line: text(64),
  whatsapp: text(32),
  facebook: text(100),
  wechat: text(64),
  email: text(254),
  /** The login password: needed to change the email address (a recovery channel). */
  password: z.string().max(128).optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

/** POST /wps/member/paymentPassword: a first one with the login password, a change with the old one. */
export const paymentPasswordRequest = z.object({
  password: z.string().max(128).optional(),
  oldPaymentPassword: z.string().max(32).optional(),
  newPaymentPassword: z.string().min(1).max(32),
});
export type PaymentPasswordRequest = z.infer<typeof paymentPasswordRequest>;

/** POST /wps/verification/email/verify */
export const emailCodeRequest = z.object({ code: z.string().trim().min(4).max(8) });

/** PUT /wps/member/info/mobile: the new number with the code POST /wps/verification/sms/bind sent it. */
export const bindMobileRequest = z.object({
  mobileNo: z.string().trim().min(1).max(20),
  countryDialingCode: z.string().trim().min(1).max(8),
  verificationCode: z.string().trim().min(1).max(8),
  /** The login password: a stolen session alone cannot move the recovery number. */
  password: z.string().min(1).max(128),
});
export type BindMobileRequest = z.infer<typeof bindMobileRequest>;
