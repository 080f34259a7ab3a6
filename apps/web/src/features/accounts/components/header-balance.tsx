import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';
import { useBalance } from '../api/get-balance';
import { useMemberInfo } from '../api/get-member-info';
import { useBalanceVisibility } from '../hooks/use-balance-visibility';
import { EyeIcon, EyeOffIcon } from './account-icons';
import '../accounts.css';

/**
 * §2/§9 the header's balance: the sum of every wallet in the brand's currency, written the way the
 * member's language writes money (issue 20: as every other amount); hidden as *** on request (§4).
 */
export function HeaderBalance() {
  const { t } = useTranslation();
  const { format, symbol } = useMoneyFormat();
  const info = useMemberInfo();
  // A password that must change first blocks the wallet calls (§4): no balance until it has.
  const balance = useBalance({ enabled: info.data !== undefined && !info.data.mustChangePassword });
  const { isHidden, toggle } = useBalanceVisibility();
  const amount = balance.data ? format(balance.data.sumBalance) : `${symbol} —`;
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
