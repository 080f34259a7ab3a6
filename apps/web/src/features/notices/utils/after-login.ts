/**
 * §4 "an after-login modal flag is set": a login that goes straight on (no forced password change,
 * not a first login, which is welcomed instead) asks for the announcement popup once; the §3 session
 * key `index_notice` holds the request until the popup has been shown, so a reload does not repeat it.
 */
const KEY = 'index_notice';

export const requestAfterLoginNotice = () => {
  try {
    sessionStorage.setItem(KEY, 'pending');
  } catch {
    // Without storage the popup is skipped; the notices stay on the home page and /noticePage.
  }
};

/** True once per request: the caller shows the popup. */
export const takeAfterLoginNotice = (): boolean => {
  try {
    if (sessionStorage.getItem(KEY) !== 'pending') return false;
    sessionStorage.setItem(KEY, 'shown');
    return true;
  } catch {
    return false;
  }
};
