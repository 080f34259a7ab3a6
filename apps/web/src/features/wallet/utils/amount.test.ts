import { describe, expect, it } from 'vitest';
import { checkAmount, parseAmount, toAmountInput } from './amount';

const minor = (text: string, exponent = 2) => {
  const result = parseAmount(text, exponent);
  return result.ok ? result.minor : result.error.key.replace('wallet.amount.', '');
};

describe('parseAmount', () => {
  it('reads major units with or without thousand separators as integer minor units', () => {
    expect(minor('1,000.50')).toBe(100_050);
    expect(minor('1000.5')).toBe(100_050);
    expect(minor(' 12,345,678.09 ')).toBe(1_234_567_809);
    expect(minor('0.01')).toBe(1);
    expect(minor('.5')).toBe(50);
    expect(minor('7.')).toBe(700);
    expect(minor('250', 0)).toBe(250);
    expect(minor('1.2345', 4)).toBe(12_345);
  });

  it('never goes through a float: amounts that floats get wrong come out exact', () => {
    // 0.29 * 100 is 28.999999999999996 in floating point.
    expect(minor('0.29')).toBe(29);
    expect(minor('1,234,567,890,123.45')).toBe(123_456_789_012_345);
  });

  it('refuses more decimals than the currency has instead of rounding', () => {
    expect(minor('1.005')).toBe('decimals');
    expect(parseAmount('1.005', 2)).toMatchObject({ error: { params: { max: '2' } } });
    expect(minor('10.5', 0)).toBe('noDecimals');
  });

  it('refuses empty, zero, malformed and unsafe amounts', () => {
    expect(minor('')).toBe('required');
    expect(minor('0')).toBe('positive');
    expect(minor('0.00')).toBe('positive');
    for (const bad of ['-5', '1,00', '1,0000', '12a', '1.2.3', '1e5', ',100', '1 000', '.'])
      expect(minor(bad), bad).toBe('invalid');
    expect(minor('99999999999999999')).toBe('tooLarge');
  });
});

describe('toAmountInput', () => {
  it('writes minor units back as plain major-unit text', () => {
    expect(toAmountInput(100_050, 2)).toBe('1000.5');
    expect(toAmountInput(1, 2)).toBe('0.01');
    expect(toAmountInput(500, 2)).toBe('5');
    expect(toAmountInput(250, 0)).toBe('250');
    expect(parseAmount(toAmountInput(123_456_789, 2), 2)).toEqual({ ok: true, minor: 123_456_789 });
  });
});

describe('checkAmount', () => {
  const format = (value: number) => `P ${value / 100}`;
  it('holds the parsed amount to the limits that apply', () => {
    const limits = { min: 5_000, max: 100_000, available: 60_000 };
    expect(checkAmount('40', 2, limits, format)).toMatchObject({ error: { key: 'wallet.amount.belowMin' } });
    expect(checkAmount('1,500', 2, limits, format)).toMatchObject({
      error: { key: 'wallet.amount.aboveMax', params: { max: 'P 1000' } },
    });
    expect(checkAmount('700', 2, limits, format)).toMatchObject({
      error: { key: 'wallet.amount.aboveAvailable' },
    });
    expect(checkAmount('600', 2, limits, format)).toEqual({ ok: true, minor: 60_000 });
  });
});

describe('amounts as a member of the currency types them (issue 20)', () => {
  const VND_VI = { exponent: 2, digits: 0, group: '.', decimal: ',' };
  const VND_EN = { exponent: 2, digits: 0, group: ',', decimal: '.' };
  const USD_EN = { exponent: 2, digits: 2, group: ',', decimal: '.' };
  const EUR_DE = { exponent: 2, digits: 2, group: '.', decimal: ',' };
  const read = (text: string, scale: Parameters<typeof parseAmount>[1]) => {
    const result = parseAmount(text, scale);
    return result.ok ? result.minor : result.error.key.replace('wallet.amount.', '');
  };

  it('reads whole dong with the local grouping (or none), stored with the brand exponent', () => {
    expect(read('2.000.000', VND_VI)).toBe(2_000_000_00);
    expect(read('2000000', VND_VI)).toBe(2_000_000_00);
    expect(read('2,000,000', VND_EN)).toBe(2_000_000_00);
    expect(read('100 000', VND_VI)).toBe(100_000_00);
  });

  it('refuses decimals of dong and malformed groups', () => {
    expect(read('1000,5', VND_VI)).toBe('noDecimals');
    expect(read('1,000.50', VND_EN)).toBe('noDecimals');
    expect(read('2.00.000', VND_VI)).toBe('invalid');
    expect(read('2.000,000', VND_VI)).toBe('invalid');
    // The message's example is written the member's way.
    expect(parseAmount('abc', VND_VI)).toMatchObject({ error: { params: { example: '1.000.000' } } });
    expect(parseAmount('abc', USD_EN)).toMatchObject({ error: { params: { example: '1,000.50' } } });
  });

  it('reads cents with the language decimal separator', () => {
    expect(read('1,234.56', USD_EN)).toBe(123_456);
    expect(read('1.234,56', EUR_DE)).toBe(123_456);
    expect(read('1.234.56', EUR_DE)).toBe('invalid');
    expect(read('1,005', USD_EN)).toBe(100_500);
    expect(read('1.005', USD_EN)).toBe('decimals');
  });

  it('writes an amount back the way the member would type it', () => {
    expect(toAmountInput(2_000_000_00, VND_VI)).toBe('2.000.000');
    expect(toAmountInput(2_000_000_99, VND_VI)).toBe('2.000.000');
    expect(toAmountInput(123_450, USD_EN)).toBe('1,234.5');
    expect(toAmountInput(123_456, EUR_DE)).toBe('1.234,56');
    expect(read(toAmountInput(98_765_432_00, VND_VI), VND_VI)).toBe(98_765_432_00);
  });

  it("holds the limits written in the member's format", () => {
    const vi = (minor: number) => `${toAmountInput(minor, VND_VI)} ₫`;
    expect(checkAmount('100', VND_VI, { min: 100_000_00 }, vi)).toEqual({
      ok: false,
      error: { key: 'wallet.amount.belowMin', params: { min: '100.000 ₫' } },
    });
  });
});
