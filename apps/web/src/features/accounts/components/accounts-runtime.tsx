import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useModals } from '../../../components/modal/modal-context';
import { useMemberInfo } from '../api/get-member-info';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useMessageText } from '../hooks/use-message-text';
import { readSocialResult } from '../utils/social-return';

// A page load reads its fragment once, even when React mounts this twice (StrictMode).
let isFragmentRead = false;

/**
 * Account work that belongs to no single screen: finishing a social sign-in that came back in the
 * page's fragment, and keeping the forced password change open while the server demands it (§4).
 */
export function AccountsRuntime() {
  useSocialReturn();
  useForcedPasswordChange();
  return null;
}

function useSocialReturn() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const modals = useModals();
  const completeLogin = useCompleteLogin();
  const { errorText } = useMessageText();
  const start = useRef({ pathname, search });
  useEffect(() => {
    if (isFragmentRead) return;
    isFragmentRead = true;
    void readSocialResult(window.location.hash).then((result) => {
      if (!result) return;
      // The token must not stay in the address bar, the history or a bookmark.
      void navigate(start.current, { replace: true });
      if ('token' in result) {
        // §4: a social login skips the forced password change; the server has cleared it.
        void completeLogin({
          token: result.token,
          firstTimeLogin: result.firstTimeLogin === 'true',
          mustChangePassword: false,
          passwordExpired: false,
        });
      } else {
        void modals.alert({ message: errorText(result.error) });
      }
    });
  }, [navigate, modals, completeLogin, errorText]);
}

/** §4: while the password must change, its modal stays open (after a login, and after a reload). */
function useForcedPasswordChange() {
  const info = useMemberInfo();
  const modals = useModals();
  const isForced = info.data?.mustChangePassword === true;
  const latest = useRef(modals);
  useEffect(() => {
    latest.current = modals;
  });
  useEffect(() => {
    if (isForced && !latest.current.isOpen('changePassword')) {
      latest.current.open('changePassword', { isForced: true });
    }
  }, [isForced]);
}
