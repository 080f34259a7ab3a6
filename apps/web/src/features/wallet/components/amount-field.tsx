import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '../../accounts/components/form-controls';
import { useMoneyFormat } from '../hooks/use-money-format';

type AmountFieldProps = Omit<TextFieldProps, 'renderInput' | 'type' | 'inputMode'> & {
  /** Fills in the whole available amount ("All"). */
  onFillAll?: (() => void) | undefined;
};

/**
 * An amount in major units as the member writes them ("1,000.50" in English, "2.000.000" for dong in
 * Vietnamese), with the brand's currency symbol in front; what is typed is read as text (utils/amount),
 * never as a float.
 */
export function AmountField({ onFillAll, ...props }: AmountFieldProps) {
  const { t } = useTranslation();
  const { symbol, scale } = useMoneyFormat();
  return (
    <TextField
      {...props}
      inputMode={scale.digits > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      placeholder={scale.digits > 0 ? `0${scale.decimal}${'0'.repeat(scale.digits)}` : '0'}
      maxLength={24}
      renderInput={(inputProps) => (
        <span className="wallet-amount">
          <span className="wallet-amount__symbol" aria-hidden="true">
            {symbol}
          </span>
          <input {...inputProps} />
        </span>
      )}
      after={
        onFillAll && (
          <button type="button" className="button button--secondary wallet-amount__all" onClick={onFillAll}>
            {t('wallet.all')}
          </button>
        )
      }
    />
  );
}
