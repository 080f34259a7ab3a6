import { useCallback } from 'react';
import { DEFAULT_CURRENCY_SYMBOL } from '@jade/contracts/constants';
import { useBrand } from '../../../config/brand';
import { formatMoney } from '../../../lib/format';

/**
 * §9 money as the brand shows it: two decimals, thousand separators and the brand's currency symbol
 * (P by default); `exponent` is the brand's minor-unit exponent, for reading what the member types.
 */
export const useMoneyFormat = () => {
  const { merchant } = useBrand().whitelabel;
  const exponent = merchant.currencyExponent;
  const symbol = merchant.currencySymbol || DEFAULT_CURRENCY_SYMBOL;
  const format = useCallback((minor: number) => formatMoney(minor, exponent, symbol), [exponent, symbol]);
  /** A movement from the member's side: "+₫ 1.00" in, "−₫ 1.00" out. */
  const formatSigned = useCallback(
    (minor: number) => `${minor < 0 ? '−' : '+'}${formatMoney(Math.abs(minor), exponent, symbol)}`,
    [exponent, symbol],
  );
  return { format, formatSigned, exponent, symbol };
};
