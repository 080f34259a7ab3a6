/**
 * The studio's languages (issue 20): a game page speaks the language the platform launched it in
 * (`lang` on the launch address), the same nine the site ships (apps/web/src/i18n/*.json), and shows
 * amounts in the brand's currency formatted for that language.
 */
export const LANGUAGES = ['en', 'vi', 'zh', 'th', 'id', 'ja', 'hi', 'es', 'tl'] as const;
export type Lang = (typeof LANGUAGES)[number];

/** One language's texts by key; a text may hold `{{name}}` placeholders. */
export type Strings = Record<string, string>;

const LANG_KEY = 'jade-studio-lang';
/** Locale language parts that mean one of ours under another name (Filipino is Tagalog). */
const ALIASES: Record<string, Lang> = { fil: 'tl' };

/** 'vi', 'vi-VN', 'VI' or 'fil-PH' as one of the studio's languages; undefined for any other. */
export const langOf = (value: string | null | undefined): Lang | undefined => {
  const part = value?.split(/[-_]/)[0]?.toLowerCase() ?? '';
  const lang = ALIASES[part] ?? part;
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Lang) : undefined;
};

/**
 * The language the platform launched the game in: `lang` on the page's address (the launch passes it
 * on), kept in sessionStorage like the session id so that a reload keeps it; English otherwise.
 */
export const language = (): Lang => {
  let stored: string | null = null;
  try {
    const given = langOf(new URLSearchParams(window.location.search).get('lang'));
    if (given) sessionStorage.setItem(LANG_KEY, given);
    stored = sessionStorage.getItem(LANG_KEY);
  } catch {
    // Storage can be disabled: the language then lasts for this page only.
    stored = new URLSearchParams(window.location.search).get('lang');
  }
  const chosen = langOf(stored) ?? langOf(document.documentElement.lang) ?? 'en';
  if (document.documentElement.lang !== chosen) document.documentElement.lang = chosen;
  return chosen;
};

/** Looks texts up in the page's language, falling back to English, and fills `{{name}}` placeholders. */
export const translator =
  (tables: { en: Strings } & Partial<Record<Lang, Strings>>) =>
  (key: string, vars?: Record<string, string | number>): string => {
    const text = tables[language()]?.[key] ?? tables.en[key] ?? key;
    return vars ? text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => String(vars[name] ?? all)) : text;
  };

/** The digits Intl shows for a currency (VND 0, USD 2); undefined for a code it does not know. */
export const currencyDigits = (currency: string): number | undefined => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits;
  } catch {
    return undefined;
  }
};

/**
 * An amount in minor units in the brand's currency, formatted for the page's language: `exponent` is
 * the brand's minor-unit exponent (VND is kept in hundredths on the demo brand, yet shown in whole
 * dong, as Intl shows it); without one, the currency's own. A code that is no currency (the free
 * trial's pretend money) shows as a plain number.
 */
export const formatMoney = (minor: number, currency: string, exponent?: number): string => {
  const digits = currencyDigits(currency);
  const scale = exponent ?? digits ?? 2;
  const value = minor / 10 ** scale;
  if (digits === undefined)
    return new Intl.NumberFormat(language(), {
      minimumFractionDigits: scale,
      maximumFractionDigits: scale,
    }).format(value);
  return new Intl.NumberFormat(language(), {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
};
