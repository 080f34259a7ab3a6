import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney, language, LANGUAGES, translator } from './i18n.js';
import { BACCARAT_STRINGS } from './strings/baccarat.js';
import { COMMON_STRINGS } from './strings/common.js';
import { FAIR_STRINGS } from './strings/fair.js';
import { ROULETTE_STRINGS } from './strings/roulette.js';
import { SLOT_STRINGS } from './strings/slot.js';

/** The page's address, storage and root element, as a browser has them (the unit project runs in node). */
const page = (search: string, stored: Record<string, string> = {}) => {
  const storage = new Map(Object.entries(stored));
  Object.assign(globalThis, {
    window: { location: { search } },
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    },
    document: { documentElement: { lang: '' } },
  });
  return storage;
};

beforeEach(() => {
  page('');
});

describe('the studio language', () => {
  it('speaks the nine languages the site ships', () => {
    const webDir = fileURLToPath(new URL('../../../web/src/i18n', import.meta.url));
    const shipped = fs
      .readdirSync(webDir)
      .filter((file) => /^[a-z]{2}\.json$/.test(file))
      .map((file) => path.basename(file, '.json'));
    expect([...LANGUAGES].sort()).toEqual(shipped.sort());
  });

  it('is the lang the game was launched with (a locale too), kept for a reload, English otherwise', () => {
    expect(language()).toBe('en');
    const storage = page('?lang=vi-VN');
    expect(language()).toBe('vi');
    expect((globalThis as unknown as { document: Document }).document.documentElement.lang).toBe('vi');
    // The reload: no query any more, the kept language.
    page('', Object.fromEntries(storage));
    expect(language()).toBe('vi');
    page('?lang=fil-PH');
    expect(language()).toBe('tl');
    page('?lang=xx');
    expect(language()).toBe('en');
  });

  it('translates with placeholders and falls back to English', () => {
    const t = translator({
      en: { hello: 'Hello {{name}}', only: 'Only English' },
      vi: { hello: 'Chào {{name}}' },
    });
    page('?lang=vi');
    expect(t('hello', { name: 'Lan' })).toBe('Chào Lan');
    expect(t('only')).toBe('Only English');
    expect(t('missing')).toBe('missing');
  });

  it('has every text of every table in every language', () => {
    for (const [name, tables] of Object.entries({
      COMMON_STRINGS,
      SLOT_STRINGS,
      ROULETTE_STRINGS,
      BACCARAT_STRINGS,
      FAIR_STRINGS,
    })) {
      const keys = Object.keys(tables.en).sort();
      for (const lang of LANGUAGES) {
        expect(Object.keys(tables[lang]).sort(), `${name}.${lang}`).toEqual(keys);
        for (const key of keys) expect(tables[lang][key]!.trim(), `${name}.${lang}.${key}`).not.toBe('');
      }
    }
  });
});

describe('formatMoney', () => {
  it("shows VND without decimals, in the member's language, from the brand's minor units", () => {
    page('?lang=vi');
    // The demo brand keeps VND in hundredths: 10,000,000 minor units are 100,000 dong.
    expect(formatMoney(10_000_000, 'VND', 2)).toBe(
      new Intl.NumberFormat('vi', { style: 'currency', currency: 'VND' }).format(100_000),
    );
    expect(formatMoney(10_000_000, 'VND', 2)).toMatch(/^100\.000\s₫$/);
    page('?lang=en');
    expect(formatMoney(10_000_000, 'VND', 2)).toBe('₫100,000');
    expect(formatMoney(123_456, 'USD', 2)).toBe('$1,234.56');
    // Without an exponent the currency's own: VND has none.
    expect(formatMoney(5_000, 'VND')).toBe('₫5,000');
  });

  it('shows pretend money (no currency code) as a plain number', () => {
    page('?lang=en');
    expect(formatMoney(1_000_000, 'DEMO')).toBe('10,000.00');
  });
});
