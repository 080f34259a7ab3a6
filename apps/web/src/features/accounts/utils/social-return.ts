import { isSafeReturnPath } from '@jade/contracts/return-path';
import type { SocialSignInResult } from '@jade/contracts/social';

/**
 * The outcome of a social sign-in, which the server puts in the fragment of the page it returns to
 * (`#token=...&firstTimeLogin=...` or `#error=CODE`); undefined for any other fragment. The schema is
 * loaded only when there is an outcome to read, so it stays out of the first bundle.
 */
export const readSocialResult = async (hash: string): Promise<SocialSignInResult | undefined> => {
  if (!hash.startsWith('#')) return undefined;
  const params = new URLSearchParams(hash.slice(1));
  if (!params.has('token') && !params.has('error')) return undefined;
  const { socialSignInResult } = await import('@jade/contracts/social');
  const parsed = socialSignInResult.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : { error: 'SOCIAL_PROVIDER_ERROR' };
};

/** Where a social sign-in comes back to: this page, unless it is /login (then the home page). */
export const socialReturnPath = (pathname: string, search: string, home: string): string => {
  const path = pathname === '/login' ? home : `${pathname}${search}`;
  return isSafeReturnPath(path) ? path : home;
};

export const socialStartUrl = (
  provider: string,
  returnTo: string,
  consent: { isConfirmed: boolean; affiliateCode?: string },
): string => {
  const query = new URLSearchParams({ returnTo });
  if (consent.isConfirmed) {
    query.set('ageConfirmed', 'true');
    query.set('termsAgreed', 'true');
  }
  if (consent.affiliateCode) query.set('affiliateCode', consent.affiliateCode);
  return `/wps/session/social/${provider.toLowerCase()}/start?${query.toString()}`;
};
