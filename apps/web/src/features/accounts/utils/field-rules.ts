import type { ApiRequestError } from '../../../api/client';
import { DEFAULT_PAYMENT_PASSWORD_RULE } from '@jade/contracts/account-rules';
import { checkPattern, type PatternType } from '@jade/contracts/patterns';
import type { RegisterField, RegisterFieldSetting, RegisterSettings } from '@jade/contracts/system';

/**
 * A message about one field, as an i18n key under `accounts.` (the server's rule keys: `pattern.EMAIL`,
 * `validation.required` ...) or under `errors.` (an error code), with its interpolation values.
 */
export type FieldMessage = { key: string; params?: Record<string, string> };

export type FieldErrors<K extends string> = Partial<Record<K, FieldMessage>>;

export type FieldRule = { patternType: PatternType; min: number; max: number };

export const required: FieldMessage = { key: 'accounts.validation.required' };
export const confirmMismatch: FieldMessage = { key: 'accounts.validation.confirm' };
export const errorMessage = (code: string): FieldMessage => ({ key: `errors.${code}` });

/** Fallbacks when a brand's settings lack a field: the rules the server itself uses by default. */
const DEFAULT_RULES: Partial<Record<RegisterField, FieldRule>> = {
  username: { patternType: 'LETTER_FIRST_ALNUM', min: 4, max: 16 },
  password: { patternType: 'LETTERS_AND_DIGITS', min: 8, max: 20 },
  email: { patternType: 'EMAIL', min: 5, max: 254 },
  mobileNum: { patternType: 'DIGITS', min: 6, max: 14 },
  paymentPassword: DEFAULT_PAYMENT_PASSWORD_RULE,
};

export const settingOf = (
  settings: RegisterSettings,
  field: RegisterField,
): RegisterFieldSetting | undefined => settings.fields.find((setting) => setting.field === field);

/** The rule a value is held to: the brand's setting for the field, else the default. */
export const ruleOf = (settings: RegisterSettings, field: RegisterField): FieldRule | undefined => {
  const setting = settingOf(settings, field);
  return setting ?? DEFAULT_RULES[field];
};

/** The rule's own text ("Enter 6-16 letters or digits, starting with a letter"), shown as the field's hint. */
export const ruleHint = (rule: FieldRule | undefined): FieldMessage | undefined =>
  rule && rule.patternType !== 'ANY'
    ? {
        key: `accounts.pattern.${rule.patternType}`,
        params: { length: rule.min === rule.max ? String(rule.min) : `${rule.min}-${rule.max}` },
      }
    : undefined;

/**
 * §5, as the server checks it: empty is an error only when required; otherwise the value must fit the
 * pattern and the length (the same `checkPattern` the server runs).
 */
export const checkValue = (
  value: string,
  rule: FieldRule | undefined,
  { isRequired }: { isRequired: boolean },
): FieldMessage | undefined => {
  if (value.trim() === '') return isRequired ? required : undefined;
  if (!rule) return undefined;
  const failure = checkPattern(value, rule);
  return failure ? { key: `accounts.${failure.key}`, params: failure.params } : undefined;
};

/** The confirmation of a new password: required, and equal to it. */
export const checkConfirmation = (value: string, confirmation: string): FieldMessage | undefined =>
  confirmation === '' ? required : confirmation !== value ? confirmMismatch : undefined;

/** §4 the weak default password, refused as the server refuses it (validation.weakPassword). */
export const weakPassword: FieldMessage = { key: 'accounts.validation.weakPassword' };

type RuleDetail = { key?: unknown; params?: unknown };

/**
 * A refused call's field errors: `error.fields` names the fields, `error.details.rules[field]` the rule
 * each broke. A field without a rule reads as the error code's message. `rename` maps the server's
 * field names onto the form's (mobileNo → mobileNum).
 */
export const serverFieldErrors = <K extends string>(
  error: ApiRequestError,
  fields: readonly K[],
  rename: Record<string, K> = {},
): FieldErrors<K> => {
  const rules = (error.details?.rules ?? {}) as Record<string, RuleDetail | undefined>;
  const result: FieldErrors<K> = {};
  for (const serverField of Object.keys(error.fields ?? {})) {
    const field = (rename[serverField] ?? serverField) as K;
    if (!fields.includes(field)) continue;
    const rule = rules[serverField];
    result[field] =
      typeof rule?.key === 'string'
        ? {
            key: `accounts.${rule.key}`,
            params: (rule.params ?? undefined) as Record<string, string> | undefined,
          }
        : errorMessage(error.code === 'VALIDATION_FAILED' ? 'UNKNOWN' : error.code);
  }
  return result;
};

export const hasErrors = (errors: Record<string, unknown>): boolean =>
  Object.values(errors).some((value) => value !== undefined);
