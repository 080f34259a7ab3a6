import { REMEMBER_ME_HOURS } from '@jade/contracts/constants';

const COOKIE = 'rememberedUsername';

/**
 * §3/§9 remember me: a cookie keeps the last username for 24 hours. Only the username: a password is
 * never written anywhere on the client.
 */
export const rememberUsername = (username: string | null): void => {
  const maxAge = username ? REMEMBER_ME_HOURS * 3600 : 0;
  document.cookie = `${COOKIE}=${encodeURIComponent(username ?? '')}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
};

export const readRememberedUsername = (): string => {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return '';
      }
    }
  }
  return '';
};
