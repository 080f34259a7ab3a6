import type { FieldMessage } from '../../accounts/utils/field-rules';

export type AmountResult = { ok: true; minor: number } | { ok: false; error: FieldMessage };

/** Digits grouped by commas ("1,000,000.50") or plain ("1000000.50", ".5"). */
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
const PLAIN = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

const fail = (key: string, params?: Record<string, string>): AmountResult => ({
  ok: false,
  error: { key: `wallet.amount.${key}`, ...(params && { params }) },
});

/**
 * What the member typed, in major units with optional thousand separators, as integer minor units of
 * a currency with `exponent` decimals (ARCHITECTURE.md, money). Works on the text, never on a float,
 * and refuses more decimals than the currency has rather than rounding them away.
 */
export const parseAmount = (input: string, exponent: number): AmountResult => {
  const text = input.trim();
  if (text === '') return fail('required');
  if (!GROUPED.test(text) && !PLAIN.test(text)) return fail('invalid');
  const [whole = '', fraction = ''] = text.replace(/,/g, '').split('.');
  if (fraction.length > exponent) {
    return exponent === 0 ? fail('noDecimals') : fail('decimals', { max: String(exponent) });
  }
  const minor = BigInt(`${whole}${fraction.padEnd(exponent, '0')}` || '0');
  if (minor === BigInt(0)) return fail('positive');
  if (minor > MAX_SAFE) return fail('tooLarge');
  return { ok: true, minor: Number(minor) };
};

/** Minor units as the text a member would type: 1234567 with exponent 2 → "12345.67" (no grouping). */
export const toAmountInput = (minor: number, exponent: number): string => {
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
  exponent: number,
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
