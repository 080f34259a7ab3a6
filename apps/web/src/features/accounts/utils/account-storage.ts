import type { MemberInfo } from '@jade/contracts/auth';
import { clearSession, setSession } from '../../../lib/session';

const MERCHANT_KEY = 'merchant';

/** §3 session storage keys of a logged-in member, from the member info call. */
export const storeMemberInfo = (info: MemberInfo): void => {
  setSession({
    account: info.account,
    customerId: info.id,
    isAgent: info.type,
    memberLabel: JSON.stringify(info.memberLabel),
  });
};

/** §4 logout: session storage is cleared, all but the merchant code. */
export const clearAccountStorage = (): void => {
  try {
    for (const key of Object.keys(sessionStorage)) {
      if (key !== MERCHANT_KEY) sessionStorage.removeItem(key);
    }
  } catch {
    // Storage can be disabled; clearSession below still forgets the session in this page.
  }
  clearSession();
};
