import { describe, expect, it } from 'vitest';
import {
  brandToday,
  currencyDigits,
  formatDate,
  formatDateTime,
  formatMoney,
  numberSeparators,
} from './format';

/** Intl puts a no-break space between a number and a symbol written after it. */
const NBSP = '\u00a0';

describe('formatMoney (issue 20: money the local way)', () => {
  it("writes dong the Vietnamese way, without decimals, from the demo's exponent-2 minor units", () => {
    const vnd = { currency: 'VND', exponent: 2, locale: 'vi-VN', symbol: '₫' };
    expect(formatMoney(2_000_000_00, vnd)).toBe(`2.000.000${NBSP}₫`);
    expect(formatMoney(5_000_000_00, vnd)).toBe(`5.000.000${NBSP}₫`);
    expect(formatMoney(0, vnd)).toBe(`0${NBSP}₫`);
    // A fraction of a dong (a payout's rounding) is cut, never rounded up past what is held.
    expect(formatMoney(1_000_99, vnd)).toBe(`1.000${NBSP}₫`);
  });

  it('writes the same dong the English way for an English reader, still without decimals', () => {
    expect(formatMoney(2_000_000_00, { currency: 'VND', exponent: 2, locale: 'en-US', symbol: '₫' })).toBe(
      '₫2,000,000',
    );
  });

  it('writes dollars with cents, and dong stored with exponent 0 as they are', () => {
    expect(formatMoney(123_456, { currency: 'USD', exponent: 2, locale: 'en-US' })).toBe('$1,234.56');
    expect(formatMoney(123_456, { currency: 'USD', exponent: 2, locale: 'en-US', symbol: '$' })).toBe(
      '$1,234.56',
    );
    expect(formatMoney(2_000_000, { currency: 'VND', exponent: 0, locale: 'vi-VN' })).toBe(
      `2.000.000${NBSP}₫`,
    );
  });

  it("puts the brand's own symbol where Intl puts the currency's, and keeps a code Intl does not know", () => {
    expect(formatMoney(150_000, { currency: 'PHP', exponent: 2, locale: 'en-US', symbol: 'P' })).toBe(
      'P1,500.00',
    );
    expect(formatMoney(150_000, { currency: 'DEMO', exponent: 2, locale: 'en-US', symbol: 'P' })).toBe(
      'P 1,500.00',
    );
  });

  it('falls back to English for a locale Intl cannot read', () => {
    expect(formatMoney(123_456, { currency: 'USD', exponent: 2, locale: 'not a locale!' })).toBe('$1,234.56');
  });
});

describe('currencyDigits and numberSeparators', () => {
  it("shows a currency's own digits, never more than the brand stores", () => {
    expect(currencyDigits('VND', 2)).toBe(0);
    expect(currencyDigits('USD', 2)).toBe(2);
    expect(currencyDigits('USD', 0)).toBe(0);
    expect(currencyDigits('XXXX', 2)).toBe(2);
  });

  it("gives the language's separators", () => {
    expect(numberSeparators('vi-VN')).toEqual({ group: '.', decimal: ',' });
    expect(numberSeparators('en-US')).toEqual({ group: ',', decimal: '.' });
  });
});

describe("dates in the brand's time zone (decision 0038)", () => {
  it('shows an instant on the brand calendar, across its midnight', () => {
    const late = '2026-11-25T17:00:01.000Z';
    expect(formatDateTime(late, 'Asia/Ho_Chi_Minh')).toBe('2026-11-26 00:00:01');
    expect(formatDateTime('2026-11-25T16:59:59.000Z', 'Asia/Ho_Chi_Minh')).toBe('2026-11-25 23:59:59');
    expect(formatDateTime(late, 'UTC')).toBe('2026-11-25 17:00:01');
    expect(formatDate(late, 'Asia/Ho_Chi_Minh')).toBe('2026-11-26');
    expect(brandToday(new Date(late), 'Asia/Ho_Chi_Minh')).toBe('2026-11-26');
    expect(brandToday(new Date(late), 'UTC')).toBe('2026-11-25');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
  });
});
