import { useTranslation } from 'react-i18next';
import { DEFAULT_CURRENCY_SYMBOL } from '@jade/contracts/constants';
import { useBrand } from '../../../config/brand';
import { formatMoney } from '../../../lib/format';
import { useBalance } from '../api/get-balance';
import { useMemberInfo } from '../api/get-member-info';
import { useBalanceVisibility } from '../hooks/use-balance-visibility';
import { EyeIcon, EyeOffIcon } from './account-icons';
import '../accounts.css';

/**
 * §2/§9 the header's balance: the sum of every wallet with two decimals, thousand separators and the
 * brand's currency symbol (P by default); hidden as *** on request (§4).
 */
export function HeaderBalance() {
  const { t } = useTranslation();
  const { whitelabel } = useBrand();
  const info = useMemberInfo();
  // A password that must change first blocks the wallet calls (§4): no balance until it has.
  const balance = useBalance({ enabled: info.data !== undefined && !info.data.mustChangePassword });
  const { isHidden, toggle } = useBalanceVisibility();
  const symbol = whitelabel.merchant.currencySymbol || DEFAULT_CURRENCY_SYMBOL;
  const amount = balance.data
    ? formatMoney(balance.data.sumBalance, balance.data.currencyExponent, symbol)
    : `${symbol} —`;
  return (
    <div className="header-balance">
      <span className="visually-hidden">{t('accounts.balance.label')}</span>
      <span className="header-balance__amount" data-testid="header-balance">
        {isHidden ? '***' : amount}
      </span>
      <button
        type="button"
        className="header-balance__toggle"
        aria-label={t('accounts.balance.hide')}
        aria-pressed={isHidden}
        title={isHidden ? t('accounts.balance.show') : t('accounts.balance.hide')}
        onClick={toggle}
      >
        {isHidden ? <EyeOffIcon size={16} /> : <EyeIcon size={16} />}
      </button>
    </div>
  );
}
