import { describe, expect, it } from 'vitest';
import { readSocialResult, socialReturnPath, socialStartUrl } from './social-return';

describe('readSocialResult', () => {
  it('reads a session or an error code from the fragment the server returns with', async () => {
    expect(await readSocialResult('#token=abc&firstTimeLogin=true')).toEqual({
      token: 'abc',
      firstTimeLogin: 'true',
    });
    expect(await readSocialResult('#error=SOCIAL_CONSENT_REQUIRED')).toEqual({
      error: 'SOCIAL_CONSENT_REQUIRED',
    });
  });

  it('ignores any other fragment', async () => {
    expect(await readSocialResult('')).toBeUndefined();
    expect(await readSocialResult('#top')).toBeUndefined();
  });
});

describe('socialReturnPath and socialStartUrl', () => {
  it('comes back to this page, or to the home page from /login', () => {
    expect(socialReturnPath('/live', '?page=2', '/index')).toBe('/live?page=2');
    expect(socialReturnPath('/login', '', '/index')).toBe('/index');
  });

  it('confirms age and terms only once the visitor has ticked them', () => {
    expect(socialStartUrl('GOOGLE', '/index', { isConfirmed: false })).toBe(
      '/wps/session/social/google/start?returnTo=%2Findex',
    );
    expect(socialStartUrl('FACEBOOK', '/vip', { isConfirmed: true })).toBe(
      '/wps/session/social/facebook/start?returnTo=%2Fvip&ageConfirmed=true&termsAgreed=true',
    );
  });
});
