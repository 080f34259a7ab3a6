import { useCallback } from 'react';
import { checkAmount, type AmountResult } from '../utils/amount';
import { useMoneyFormat } from './use-money-format';

type AmountLimits = { min?: number | undefined; max?: number | undefined; available?: number | undefined };

/** The check of an amount field against the limits that apply, in the brand's money (utils/amount). */
export const useAmountCheck = ({ min, max, available }: AmountLimits): ((text: string) => AmountResult) => {
  const { format, scale } = useMoneyFormat();
  return useCallback(
    (text: string) => checkAmount(text, scale, { min, max, available }, format),
    [scale, format, min, max, available],
  );
};
