import { describe, expect, it } from 'vitest';
import { createI18n, lateStrings, switchLanguage, withLateStrings } from './i18n';

describe('language parts', () => {
  it('loads the late part only with a screen that needs it, and before a later switch', async () => {
    const i18n = createI18n('vi-VN');
    await switchLanguage(i18n, 'vi-VN');
    // The first part: the landing page's strings, not the member centre's.
    expect(i18n.t('nav.live')).toBe('Sòng bài trực tiếp');
    expect(i18n.t('wallet.mainWallet')).toBe('wallet.mainWallet');
    // A section split by key (decision 0091): the header's login is there, the forms' labels are not.
    expect(i18n.t('accounts.login.title')).not.toBe('accounts.login.title');
    expect(i18n.t('accounts.fields.email')).toBe('accounts.fields.email');

    const module = await withLateStrings(Promise.resolve({ screen: true }));
    expect(module).toEqual({ screen: true });
    expect(i18n.t('wallet.mainWallet')).toBe('Ví chính');
    // The late part adds to the section without taking the first part's keys away.
    expect(i18n.t('accounts.fields.email')).not.toBe('accounts.fields.email');
    expect(i18n.t('accounts.login.title')).not.toBe('accounts.login.title');

    // Once a late part is in use, switching brings the new language's late part with it.
    await switchLanguage(i18n, 'en');
    expect(i18n.t('wallet.mainWallet')).toBe('Main wallet');
    expect(i18n.t('gameFrame.transfer.submit')).toBe('Transfer and play');
  });

  // Last: the wish for the late part stays for the rest of the app's life.
  it("brings the late part with the brand's first switch when the landing page needs it", async () => {
    const i18n = createI18n('vi-VN');
    lateStrings.preload();
    expect(lateStrings.isReady()).toBe(false);

    await switchLanguage(i18n, 'vi-VN');
    expect(lateStrings.isReady()).toBe(true);
    expect(i18n.t('lottery.vnTitle')).toBe('Xổ số Việt Nam');
  });
});
