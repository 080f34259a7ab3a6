import { useSyncExternalStore } from 'react';
import { isAgentAccountType, TRIAL_ACCOUNT_TYPE } from '@jade/contracts/constants';

/** §3 session storage keys of a logged-in visitor. `merchant` is not one of them: it outlives a logout. */
const SESSION_KEYS = ['token', 'account', 'customerId', 'isAgent', 'memberLabel'] as const;
type SessionKey = (typeof SESSION_KEYS)[number];

export type Session = {
  token: string | null;
  account: string | null;
  /** §3 isAgent: the numeric account type as text ('0' member, '1'/'2'/'41'/'42' agents, '4' trial). */
  isAgent: string | null;
};

const read = (key: SessionKey): string | null => {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
};

const listeners = new Set<() => void>();
let snapshot: Session = readSession();

function readSession(): Session {
  return { token: read('token'), account: read('account'), isAgent: read('isAgent') };
}

const emit = () => {
  const next = readSession();
  if (
    next.token === snapshot.token &&
    next.account === snapshot.account &&
    next.isAgent === snapshot.isAgent
  ) {
    return;
  }
  snapshot = next;
  for (const listener of listeners) listener();
};

/** Stores what a login, registration or member-info call returned (§4: success stores token and user info). */
export const setSession = (values: Partial<Record<SessionKey, string | number | null>>): void => {
  for (const [key, value] of Object.entries(values)) {
    try {
      if (value === null || value === undefined) sessionStorage.removeItem(key);
      else sessionStorage.setItem(key, String(value));
    } catch {
      // Storage can be disabled; the session then lasts as long as this page.
    }
  }
  emit();
};

/** §4 logout: the session keys go, the merchant code stays. */
export const clearSession = (): void => {
  setSession(Object.fromEntries(SESSION_KEYS.map((key) => [key, null])));
};

export const getSession = (): Session => snapshot;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // Another tab of the same session cannot write this tab's sessionStorage, but tests and devtools can.
  const onStorage = () => emit();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

export const useSession = (): Session => useSyncExternalStore(subscribe, getSession, getSession);

export const isLoggedIn = (session: Session): boolean => Boolean(session.token);
/** §6: account type 4 is a trial account, blocked from real-account features. */
export const isTrialAccount = (session: Session): boolean => session.isAgent === String(TRIAL_ACCOUNT_TYPE);
/** §6: the agent centre is for isAgent 1, 2, 41 and 42. */
export const isAgentAccount = (session: Session): boolean =>
  isLoggedIn(session) && isAgentAccountType(Number(session.isAgent));
/** §6: the member centre needs a token and a real (non-trial) account. */
export const canUseMemberCenter = (session: Session): boolean =>
  isLoggedIn(session) && !isTrialAccount(session);
