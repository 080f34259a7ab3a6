import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LoginResponse } from '@jade/contracts/auth';
import { useModals } from '../../../components/modal/modal-context';
import type { ModalName } from '../../../components/modal/modal-types';
import { useBrand } from '../../../config/brand';
import { paths } from '../../../config/paths';
import { setSession } from '../../../lib/session';
import { requestAfterLoginNotice } from '../../notices/utils/after-login';
import { balanceQueryKey } from '../api/get-balance';
import { getMemberInfo, memberInfoQueryKey } from '../api/get-member-info';
import { recordFirstLogin } from '../api/record-first-login';
import { storeMemberInfo } from '../utils/account-storage';

type CompleteOptions = {
  /** The modal the login happened in; it closes once the session is stored. */
  modal?: ModalName;
  /** §4: free play and the password reset by phone go to the home page. */
  goHome?: boolean;
};

// A first login that must change its password first sees the welcome after the change (§4 order),
// also when the page is reloaded in between; session storage goes at logout.
const WELCOME_PENDING_KEY = 'firstLoginPending';
const setWelcomePending = (isPending: boolean) => {
  try {
    if (isPending) sessionStorage.setItem(WELCOME_PENDING_KEY, '1');
    else sessionStorage.removeItem(WELCOME_PENDING_KEY);
  } catch {
    // Without storage the welcome waits for the next login, which is still a first one.
  }
};
const isWelcomePending = () => {
  try {
    return sessionStorage.getItem(WELCOME_PENDING_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * §4 after a successful login, registration, reset or social sign-in: the token and user info are
 * stored; a password that must change opens the change-password modal (not closable until changed);
 * a first login is welcomed and recorded; otherwise member info is loaded and the site goes on.
 */
export const useCompleteLogin = () => {
  const queryClient = useQueryClient();
  const modals = useModals();
  const navigate = useNavigate();
  const showWelcome = useWelcome();

  return useCallback(
    async (result: LoginResponse, { modal, goHome = false }: CompleteOptions = {}) => {
      // §4 the after-login flag, set before the token so the popup's watcher sees both at once: the
      // announcement popup, once, for a login that goes straight on (a first login is welcomed).
      if (!result.mustChangePassword && !result.firstTimeLogin) requestAfterLoginNotice();
      setSession({ token: result.token });
      let account: string | undefined;
      try {
        const info = await queryClient.fetchQuery({
          queryKey: memberInfoQueryKey(result.token),
          queryFn: ({ signal }) => getMemberInfo(signal),
          staleTime: 0,
        });
        storeMemberInfo(info);
        account = info.account;
      } catch {
        // The header's member info query asks again; the token alone already means logged in.
      }
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
      if (modal) modals.close(modal);
      if (goHome) void navigate(paths.home);
      if (result.mustChangePassword) {
        // The forced change-password modal opens from the member info (AccountsRuntime), so a reload keeps it.
        setWelcomePending(result.firstTimeLogin);
        return;
      }
      if (result.firstTimeLogin) showWelcome(account);
    },
    [queryClient, modals, navigate, showWelcome],
  );
};

/** After a forced change: the welcome a first login was waiting for, if any. */
export const useWelcomeAfterPasswordChange = () => {
  const showWelcome = useWelcome();
  return useCallback(
    (account: string | undefined) => {
      if (!isWelcomePending()) return;
      setWelcomePending(false);
      showWelcome(account);
    },
    [showWelcome],
  );
};

/** §4 first login: a welcome, and the first-login call that records it was seen. */
const useWelcome = () => {
  const { t } = useTranslation();
  const modals = useModals();
  const { whitelabel } = useBrand();
  return useCallback(
    (account: string | undefined) => {
      void recordFirstLogin().catch(() => undefined);
      void modals.alert({
        title: t('accounts.welcome.title', { brand: whitelabel.merchant.name }),
        message: account ? t('accounts.welcome.message', { account }) : t('accounts.welcome.messageNoName'),
        confirmLabel: t('accounts.welcome.start'),
      });
    },
    [modals, t, whitelabel.merchant.name],
  );
};
