import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguagePicker } from '../../components/language-picker';
import {
  BellIcon,
  BriefcaseIcon,
  CrownIcon,
  GiftIcon,
  HomeIcon,
  LogoutIcon,
  UserIcon,
  WalletIcon,
} from '../../components/icons';
import { useModals } from '../../components/modal/modal-context';
import { useBrand, useResources } from '../../config/brand';
import { paths } from '../../config/paths';
import { useMemberInfo } from '../../features/accounts/api/get-member-info';
import { HeaderBalance } from '../../features/accounts/components/header-balance';
import { useLogout } from '../../features/accounts/hooks/use-logout';
import { readRememberedUsername } from '../../features/accounts/utils/remember-me';
import { useAvailablePromotionCount } from '../../features/promotions/api/use-available-promotion-count';
import { useMemberLanguage } from '../../features/accounts/hooks/use-member-language';
import { CategoryNav } from '../../features/games/components/category-nav';
import { useUnreadCount } from '../../features/inbox/api/unread-count';
import { isAgentAccount, isLoggedIn, isTrialAccount, useSession } from '../../lib/session';
import { useRequireLogin } from '../../lib/use-require-login';

/** §2 header: a top bar (login form or member summary, language) and a bottom bar (logo, tabs, VIP). */
export function SiteHeader() {
  return (
    <header className="site-header">
      <TopBar />
      <NavBar />
    </header>
  );
}

function TopBar() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <div className="top-bar">
      <div className="top-bar__inner">
        <p className="top-bar__greeting">{t('header.greeting')}</p>
        <div className="top-bar__actions">
          {isLoggedIn(session) ? <MemberSummary /> : <LoginForm />}
          <LanguagePicker />
        </div>
      </div>
    </div>
  );
}

/**
 * The header login form. Logging in itself belongs to the login popup (accounts): submitting here opens
 * it, so there is one place where credentials are checked.
 */
function LoginForm() {
  const { t } = useTranslation();
  const modals = useModals();
  const [username, setUsername] = useState(readRememberedUsername);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The popup logs in with what was typed here; the password stays in memory only.
    modals.open('login', { username: username.trim(), password });
    setPassword('');
  };
  return (
    <form className="header-login" onSubmit={submit} aria-label={t('accounts.login.title')}>
      <label className="header-login__field">
        <span className="visually-hidden">{t('accounts.username')}</span>
        <input
          name="username"
          autoComplete="username"
          placeholder={t('accounts.username')}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
      </label>
      <label className="header-login__field">
        <span className="visually-hidden">{t('accounts.password')}</span>
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder={t('accounts.password')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <button type="button" className="header-login__forgot" onClick={() => modals.open('forgotPassword')}>
        {t('accounts.forgotPassword.link')}
      </button>
      <button type="submit" className="button button--secondary button--small">
        {t('accounts.login.submit')}
      </button>
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => modals.open('register')}
      >
        {t('accounts.register.submit')}
      </button>
    </form>
  );
}

/** §2 logged-in summary: wallet, user, promotion and message entries. */
function MemberSummary() {
  const { t } = useTranslation();
  const modals = useModals();
  const session = useSession();
  const info = useMemberInfo();
  useMemberLanguage();
  const requireLogin = useRequireLogin();
  const openMemberCenter = (item?: string) => requireLogin(() => modals.open('memberCenter', { item }));
  const account = info.data?.nickname || info.data?.account || session.account || '';

  // §4 logout: confirm, call, clear session storage (the merchant stays), back to the home page.
  const confirmLogout = useLogout();

  return (
    <nav className="member-summary" aria-label={t('header.memberMenu')}>
      <button
        type="button"
        className="member-summary__entry"
        onClick={() => openMemberCenter('transferFund')}
      >
        <WalletIcon size={18} />
        <span>{t('header.wallet')}</span>
      </button>
      <HeaderBalance />
      <button
        type="button"
        className="member-summary__entry member-summary__user"
        onClick={() => openMemberCenter()}
      >
        <UserIcon size={18} />
        <span>{account}</span>
      </button>
      {isAgentAccount(session) && (
        <button type="button" className="member-summary__entry" onClick={() => modals.open('agentCenter')}>
          <BriefcaseIcon size={18} />
          <span>{t('agentCenter.title')}</span>
        </button>
      )}
      <Link className="member-summary__entry" to={paths.promotions}>
        <GiftIcon size={18} />
        <span>{t('header.promotion')}</span>
      </Link>
      <MessageEntry onOpen={() => openMemberCenter('messageV2')} />
      <button type="button" className="member-summary__entry" onClick={() => void confirmLogout()}>
        <LogoutIcon size={18} />
        <span>{t('header.logout')}</span>
      </button>
    </nav>
  );
}

/**
 * §2 the message entry: opens the member's inbox (messageV2) with a badge of the unread count, kept
 * current by the member's live stream (decision 0047).
 */
function MessageEntry({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const info = useMemberInfo();
  // A trial account has no inbox (§6); a forced password change answers nothing else first (§4).
  const count = useUnreadCount({
    isEnabled: info.data !== undefined && !info.data.mustChangePassword && !isTrialAccount(session),
  });
  return (
    <button
      type="button"
      className="member-summary__entry member-summary__messages"
      onClick={onOpen}
      data-testid="header-messages"
    >
      <BellIcon size={18} />
      <span>{t('header.messages')}</span>
      {count > 0 && (
        <span className="badge member-summary__badge" data-testid="unread-count">
          <span aria-hidden="true">{count}</span>
          <span className="visually-hidden">{t('inbox.unread', { count })}</span>
        </span>
      )}
    </button>
  );
}

function NavBar() {
  const { t } = useTranslation();
  return (
    <div className="nav-bar">
      <div className="nav-bar__inner">
        <Logo />
        <nav className="nav-bar__nav" aria-label={t('shell.mainNavigation')}>
          <ul className="nav-bar__tabs">
            <li className="nav-tab">
              <NavLink to={paths.home} className="nav-tab__link">
                <HomeIcon size={20} />
                <span>{t('shell.home')}</span>
              </NavLink>
            </li>
            <CategoryNav />
            <li className="nav-tab">
              <NavLink to={paths.promotions} className="nav-tab__link">
                <GiftIcon size={20} />
                <span>{t('nav.promotions')}</span>
              </NavLink>
            </li>
            <BonusTab />
          </ul>
        </nav>
        <VipLabel />
      </div>
    </div>
  );
}

export function Logo() {
  const { whitelabel } = useBrand();
  const [logo] = useResources('LOGO');
  const name = whitelabel.merchant.name;
  return (
    <Link to={paths.home} className="site-logo" aria-label={name}>
      {logo ? (
        <img src={logo.url} alt="" width="132" height="40" />
      ) : (
        <span className="brand-name">{name}</span>
      )}
    </Link>
  );
}

/** §2 bonus entry, with a badge counting the promotions a logged-in member can take (none: no badge). */
function BonusTab() {
  const { t } = useTranslation();
  const info = useMemberInfo();
  // §4: while a password change is forced the server answers nothing else; the badge waits for it.
  const count = useAvailablePromotionCount({
    isEnabled: info.data !== undefined && !info.data.mustChangePassword,
  });
  return (
    <li className="nav-tab">
      <Link to={`${paths.promotions}?tab=bonus`} className="nav-tab__link">
        <GiftIcon size={20} />
        <span>{t('nav.bonus')}</span>
        {count > 0 && (
          <span className="badge nav-tab__badge" data-testid="bonus-count">
            <span aria-hidden="true">{count}</span>
            <span className="visually-hidden">{t('nav.bonusCount', { count })}</span>
          </span>
        )}
      </Link>
    </li>
  );
}

/** §2 VIP rank label: the member's club label, '- -' for a visitor. */
function VipLabel() {
  const { t } = useTranslation();
  const session = useSession();
  const info = useMemberInfo();
  const label = isLoggedIn(session) && info.data ? info.data.clubLabel.labelName : '- -';
  return (
    <Link to={paths.vip} className="vip-label">
      <CrownIcon size={18} />
      <span className="vip-label__caption">{t('nav.vip')}</span>
      <span className="vip-label__rank" data-testid="vip-rank">
        {label}
      </span>
    </Link>
  );
}
