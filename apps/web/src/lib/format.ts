import { ZONED_PARTS } from '@jade/contracts/constants';
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The brand's time zone (decision 0038), set once at boot from the whitelabel settings: times and
 * days are shown in it, so a member in another zone reads the days the brand's records count in.
 */
let brandTimeZone: string | undefined;
const zoned = new Map<string, Intl.DateTimeFormat>();

const zonedFormat = (timeZone: string): Intl.DateTimeFormat | undefined => {
  let format = zoned.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { ...ZONED_PARTS, timeZone });
    } catch {
      return undefined;
    }
    zoned.set(timeZone, format);
  }
  return format;
};

export const setBrandTimeZone = (timeZone: string | undefined) => {
  brandTimeZone = timeZone && zonedFormat(timeZone) ? timeZone : undefined;
};

/**
 * §2 notice date format yyyy-MM-dd hh:mm:ss, in the brand's time zone (the visitor's own before the
 * brand is known). The hours are 24-hour: without an AM/PM marker a 12-hour clock would make 09:00
 * and 21:00 look the same.
 */
export const formatDateTime = (iso: string, timeZone = brandTimeZone): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const format = timeZone ? zonedFormat(timeZone) : undefined;
  if (format) {
    const part: Record<string, string> = {};
    for (const p of format.formatToParts(date)) part[p.type] = p.value;
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  }
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
};

/** The brand's today (yyyy-MM-dd): where the date pickers' ranges end. */
export const brandToday = (now = new Date(), timeZone = brandTimeZone): string =>
  formatDateTime(now.toISOString(), timeZone).slice(0, 10);

/** Up to two letters for a placeholder tile: the initials of the first two words ('Golden Reels' → 'GR'). */
export const initialsOf = (name: string): string => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? words.slice(0, 2).map((word) => [...word][0]) : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
};

/** A stable hue (0–359) for a text, so a placeholder keeps its colour between visits. */
export const hueOf = (text: string): number => {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % 360;
};

/** How a brand's money reads: its currency (ISO 4217), its stored exponent, and the member's language. */
export type MoneyStyle = {
  currency: string;
  /** The brand's minor-unit exponent: a stored integer is amount × 10^exponent. */
  exponent: number;
  /** The member's language as a BCP 47 locale ('vi-VN', 'en-US'). */
  locale: string;
  /** The brand's configured symbol, shown in place of the one Intl knows (none: Intl's). */
  symbol?: string | undefined;
};

const safeLocale = (locale: string) => {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 ? locale : 'en-US';
  } catch {
    return 'en-US';
  }
};

const isoCurrency = (currency: string) => /^[A-Z]{3}$/.test(currency);

/**
 * The decimals a member sees and may type: the currency's own minor digits (ISO 4217 through Intl:
 * VND 0, USD 2, BHD 3), never more than the brand stores. A code Intl does not know keeps the exponent.
 */
export const currencyDigits = (currency: string, exponent: number): number => {
  if (!isoCurrency(currency)) return exponent;
  try {
    const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits;
    return Math.min(digits ?? exponent, exponent);
  } catch {
    return exponent;
  }
};

/** Minor units as the major-unit number shown, cut (not rounded) to the digits shown: never more than held. */
const shownValue = (minor: number, exponent: number, digits: number) => {
  const cut = 10 ** (exponent - digits);
  return Math.trunc(minor / cut) / 10 ** digits;
};

/**
 * §9 money the local way (issue 20): Intl.NumberFormat in the member's language and the brand's
 * currency with that currency's digits, so a Vietnamese member reads '2.000.000 ₫' and an English one
 * '$1,234.56'. Amounts travel as integer minor units.
 */
export const formatMoney = (minor: number, style: MoneyStyle): string => {
  const digits = currencyDigits(style.currency, style.exponent);
  const value = shownValue(minor, style.exponent, digits);
  const locale = safeLocale(style.locale);
  const numberOptions = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  if (!isoCurrency(style.currency)) {
    const text = new Intl.NumberFormat(locale, numberOptions).format(value);
    return style.symbol ? `${style.symbol} ${text}` : text;
  }
  const parts = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: style.currency,
    currencyDisplay: 'narrowSymbol',
    ...numberOptions,
  }).formatToParts(value);
  return parts.map((part) => (part.type === 'currency' && style.symbol ? style.symbol : part.value)).join('');
};

/** The separators a member of this language types between thousands and before decimals. */
export const numberSeparators = (locale: string): { group: string; decimal: string } => {
  const parts = new Intl.NumberFormat(safeLocale(locale)).formatToParts(1234567.5);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
};

/** The date part of the §2 format (yyyy-MM-dd), in the brand's time zone. */
export const formatDate = (iso: string, timeZone = brandTimeZone): string =>
  formatDateTime(iso, timeZone).slice(0, 10);

/** A rate in basis points as a percentage: 10000 → '100%', 120 → '1.2%'. */
export const formatRate = (basisPoints: number): string =>
  `${(basisPoints / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
