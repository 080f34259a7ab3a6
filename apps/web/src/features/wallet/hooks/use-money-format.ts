import { useCallback, useMemo } from 'react';
import { useBrand } from '../../../config/brand';
import { currencyDigits, formatMoney, numberSeparators, type MoneyStyle } from '../../../lib/format';
import type { AmountScale } from '../utils/amount';

/** The member's language as a locale: the language chosen, else the brand's default, else English. */
export const useMoneyStyle = (): MoneyStyle => {
  const { whitelabel, language } = useBrand();
  const { merchant } = whitelabel;
  const locale =
    language?.locale ??
    merchant.languages.find((l) => l.code === merchant.defaultLanguage)?.locale ??
    'en-US';
  return useMemo(
    () => ({
      currency: merchant.currency,
      exponent: merchant.currencyExponent,
      locale,
      symbol: merchant.currencySymbol || undefined,
    }),
    [merchant.currency, merchant.currencyExponent, merchant.currencySymbol, locale],
  );
};

/**
 * §9 money as the brand shows it, the local way (issue 20): the brand's currency in the member's
 * language, with the currency's own digits (VND none). `scale` reads and writes what a member types
 * in an amount field; `exponent` is the brand's minor-unit exponent.
 */
export const useMoneyFormat = () => {
  const style = useMoneyStyle();
  const format = useCallback((minor: number) => formatMoney(minor, style), [style]);
  /** A movement from the member's side: "+2.000 ₫" in, "−2.000 ₫" out. */
  const formatSigned = useCallback(
    (minor: number) => `${minor < 0 ? '−' : '+'}${formatMoney(Math.abs(minor), style)}`,
    [style],
  );
  const scale = useMemo<AmountScale>(
    () => ({
      exponent: style.exponent,
      digits: currencyDigits(style.currency, style.exponent),
      ...numberSeparators(style.locale),
    }),
    [style],
  );
  const symbol =
    style.symbol ??
    (formatMoney(0, style)
      .replace(/[\d\s.,\u00a0\u202f-]/g, '')
      .trim() ||
      style.currency);
  return { format, formatSigned, exponent: style.exponent, scale, symbol };
};
