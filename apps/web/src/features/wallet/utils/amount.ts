import type { FieldMessage } from '../../accounts/utils/field-rules';

export type AmountResult = { ok: true; minor: number } | { ok: false; error: FieldMessage };

/**
 * How an amount field reads what a member types: the brand's stored exponent, the decimals the
 * currency has (VND none: whole dong), and the member's language's separators ('1.000.000' in
 * Vietnamese, '1,000,000' in English). A bare number is a scale of that exponent written the English way.
 */
export type AmountScale = { exponent: number; digits: number; group: string; decimal: string };

const scaleOf = (scale: number | AmountScale): AmountScale =>
  typeof scale === 'number' ? { exponent: scale, digits: scale, group: ',', decimal: '.' } : scale;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Space-like group separators (French, Russian ...) are typed as a plain space. */
const SPACES = /[\s\u00a0\u202f]/g;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

const fail = (key: string, params?: Record<string, string>): AmountResult => ({
  ok: false,
  error: { key: `wallet.amount.${key}`, ...(params && { params }) },
});

/** 1,000.50 with decimals, 1,000,000 without, in the member's separators. */
const exampleOf = (scale: AmountScale) =>
  scale.digits > 0
    ? `1${scale.group}000${scale.decimal}${'50'.padEnd(scale.digits, '0')}`
    : `1${scale.group}000${scale.group}000`;

/**
 * What the member typed, in major units with optional thousand separators, as integer minor units of
 * a currency with `exponent` decimals (ARCHITECTURE.md, money). Works on the text, never on a float,
 * and refuses more decimals than the currency has rather than rounding them away.
 */
export const parseAmount = (input: string, scaleOrExponent: number | AmountScale): AmountResult => {
  const { exponent, digits, decimal, group: localGroup } = scaleOf(scaleOrExponent);
  const text = input.trim().replace(SPACES, ' ');
  if (text === '') return fail('required');
  // The example in the message is written as this member writes amounts of this currency.
  const invalid = () => fail('invalid', { example: exampleOf(scaleOf(scaleOrExponent)) });
  let whole: string;
  let fraction = '';
  if (digits === 0) {
    // No decimals: any usual separator groups thousands ('2.000.000', '2,000,000', '2 000 000').
    if (/^\d+$/.test(text) || /^\d{1,3}([.,\s])\d{3}(?:\1\d{3})*$/.test(text))
      whole = text.replace(/\D/g, '');
    // '10,5' or '10.50' in a currency without decimals: say so rather than "not an amount".
    else return /^[\d.,\s]*\d[.,]\d{1,2}$/.test(text) ? fail('noDecimals') : invalid();
  } else {
    const group = /^[\s\u00a0\u202f]$/.test(localGroup) ? ' ' : localGroup;
    const point = escape(decimal);
    const grouped = new RegExp(`^\\d{1,3}(?:${escape(group)}\\d{3})+(?:${point}\\d*)?$`);
    const plain = new RegExp(`^(?:\\d+(?:${point}\\d*)?|${point}\\d+)$`);
    if (!grouped.test(text) && !plain.test(text)) return invalid();
    [whole = '', fraction = ''] = text.split(decimal);
    whole = whole.replace(/\D/g, '');
    if (fraction.length > digits) return fail('decimals', { max: String(digits) });
  }
  const minor = BigInt(`${whole}${fraction.padEnd(exponent, '0')}` || '0');
  if (minor === BigInt(0)) return fail('positive');
  if (minor > MAX_SAFE) return fail('tooLarge');
  return { ok: true, minor: Number(minor) };
};

/**
 * Minor units as the text a member would type: 1234567 with exponent 2 → "12345.67" (no grouping); with
 * a scale, the member's own way, cut to the currency's decimals (VND in Vietnamese: "2.000.000").
 */
export const toAmountInput = (minor: number, scaleOrExponent: number | AmountScale): string => {
  if (typeof scaleOrExponent !== 'number') {
    const { exponent, digits: shown, group, decimal } = scaleOrExponent;
    const whole = Math.trunc(Math.abs(minor) / 10 ** exponent);
    const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, group);
    const cents = Math.trunc(Math.abs(minor) / 10 ** (exponent - shown)) % 10 ** shown;
    const fraction = shown > 0 ? String(cents).padStart(shown, '0').replace(/0+$/, '') : '';
    return `${minor < 0 ? '-' : ''}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
  }
  const exponent = scaleOrExponent;
  const digits = String(Math.abs(Math.trunc(minor))).padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = exponent > 0 ? digits.slice(-exponent).replace(/0+$/, '') : '';
  return `${minor < 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
};

/**
 * The whole check of an amount field: parsed, then held to the limits that apply (each optional).
 * `format` writes a limit the way the page shows money.
 */
export const checkAmount = (
  input: string,
  exponent: number | AmountScale,
  limits: { min?: number; max?: number; available?: number },
  format: (minor: number) => string,
): AmountResult => {
  const parsed = parseAmount(input, exponent);
  if (!parsed.ok) return parsed;
  const { min, max, available } = limits;
  if (min !== undefined && parsed.minor < min) return fail('belowMin', { min: format(min) });
  if (max !== undefined && parsed.minor > max) return fail('aboveMax', { max: format(max) });
  if (available !== undefined && parsed.minor > available)
    return fail('aboveAvailable', { available: format(available) });
  return parsed;
};
