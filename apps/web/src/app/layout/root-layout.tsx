import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigationType } from 'react-router';
import { ModalProvider } from '../../components/modal/modal-provider';
import { isApiRequestError } from '../../api/client';
import { useBrand } from '../../config/brand';
import { paths, PUBLIC_PATHS } from '../../config/paths';
import { useMemberInfo } from '../../features/accounts/api/get-member-info';
import { AccountsRuntime } from '../../features/accounts/components/accounts-runtime';
import { AfterLoginNotice } from '../../features/notices/components/after-login-notice';
import { clearSession, setSession, useSession } from '../../lib/session';
import { modalRegistry } from '../modal-registry';

/** Around every route: the modal system, the login guard of §2 and the member info of §4. */
export function RootLayout() {
  return (
    <ModalProvider registry={modalRegistry}>
      <MemberInfoSync />
      <AccountsRuntime />
      <AfterLoginNotice />
      <LoginGuard>
        <Outlet />
      </LoginGuard>
      <ScrollRestoration />
    </ModalProvider>
  );
}

/** §2: with the brand's loginedToHomePage flag on, a visitor without a token only sees the public routes. */
function LoginGuard({ children }: { children: ReactNode }) {
  const { whitelabel } = useBrand();
  const { token } = useSession();
  const { pathname } = useLocation();
  if (whitelabel.whitelabel.loginedToHomePage && !token && !PUBLIC_PATHS.includes(pathname)) {
    return <Navigate to={paths.login} replace />;
  }
  return children;
}

/** §4: a stored token loads member info; the account type it reports is the one the site gates on. */
function MemberInfoSync() {
  const info = useMemberInfo();
  useEffect(() => {
    if (info.data) setSession({ account: info.data.account, isAgent: info.data.type });
  }, [info.data]);
  useEffect(() => {
    // A token the server no longer accepts is a logged-out visitor.
    if (isApiRequestError(info.error) && info.error.code === 'UNAUTHENTICATED') clearSession();
  }, [info.error]);
  return null;
}

/**
 * A new page starts at the top; back and forward return to where the visitor was on that page (the
 * browser's own restoration is off: it would run before the page's content has loaded).
 */
function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const current = useRef(location.key);
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => positions.current.set(current.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);
  useLayoutEffect(() => {
    current.current = location.key;
    if (location.hash) return;
    const top = navigationType === 'POP' ? (positions.current.get(location.key) ?? 0) : 0;
    if (window.scrollY !== top) window.scrollTo(0, top);
  }, [location.key, location.hash, navigationType]);
  return null;
}
