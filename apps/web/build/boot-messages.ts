import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const MODULE = 'virtual:boot-messages';
const RESOLVED = `\0${MODULE}`;
const I18N_DIR = fileURLToPath(new URL('../src/i18n', import.meta.url));
/** The languages whose boot screens ship in the first bundle: the fallback and the flagship market's. */
const BOOT_LANGUAGES = ['en', 'vi'];
/** The sections the boot screens use before the brand (and so its language) is known. */
const BOOT_SECTIONS = ['common', 'system'];
/**
 * The errors a boot screen can show: what the brand and status calls answer, and the transport's own.
 * Any other code reads 'Unknown error' (src/i18n/error-message.ts) until the brand's language, which
 * holds every error, arrives; the whole section would cost both boot languages 5 KB gzipped on /index.
 */
export const BOOT_ERRORS = [
  'BAD_REQUEST',
  'FORBIDDEN',
  'NOT_FOUND',
  'MERCHANT_NOT_FOUND',
  'RATE_LIMITED',
  'SITE_MAINTENANCE',
  'SITE_RESTRICTED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'NETWORK_ERROR',
  'TIMEOUT',
  'INVALID_RESPONSE',
  'UNKNOWN',
];

/**
 * `virtual:boot-messages`: the boot screens' messages, picked at build time from each language's one
 * resource file, so the first bundle carries a few kilobytes of text instead of whole languages. The
 * brand's language then loads as a chunk of its own (src/i18n/i18n.ts).
 */
export const bootMessages = (): Plugin => ({
  name: 'jade-boot-messages',
  resolveId: (id) => (id === MODULE ? RESOLVED : undefined),
  load(id) {
    if (id !== RESOLVED) return undefined;
    const messages = Object.fromEntries(
      BOOT_LANGUAGES.map((language) => {
        const file = path.join(I18N_DIR, `${language}.json`);
        this.addWatchFile(file);
        const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
        const errors = all.errors as Record<string, string>;
        return [
          language,
          {
            ...Object.fromEntries(BOOT_SECTIONS.map((section) => [section, all[section]])),
            errors: Object.fromEntries(BOOT_ERRORS.map((code) => [code, errors[code]])),
          },
        ];
      }),
    );
    return `export default ${JSON.stringify(messages)};`;
  },
});

/**
 * The sections the shell (header, footer, side bar, modal frame, boot and system screens) and the home
 * page use: the first, "core" part of each language. Every other section (the other pages, the modals'
 * forms, the member centre) ships in the second, "late" part, which comes with the screens that use it
 * (withLateStrings, src/i18n/i18n.ts), so /index loads only the strings it shows (issue 9's 150 KB).
 * A new section is late unless added here; src/i18n/core-sections.test.ts fails when a module the first
 * page imports uses a late one.
 */
export const CORE_SECTIONS = [
  'common',
  'errors',
  'system',
  'shell',
  'home',
  'routeError',
  'modal',
  'pagination',
  'header',
  'nav',
  'games',
  'notices',
  'footer',
  'sideBar',
  'download',
  'vipService',
  'accounts',
  'memberCenter',
  'agentCenter',
  'inbox',
];
/**
 * Core sections of which the first page uses only some keys (decision 0091): those keys (each with
 * what is under it) are core, the rest of the section is late. `accounts`: the header's login, the
 * modal titles, the welcome and logout prompts, the balance; its forms' strings come with the forms.
 * src/i18n/core-sections.test.ts holds these to exactly the keys the first page names.
 */
export const CORE_KEYS: Record<string, string[]> = {
  accounts: [
    'balance',
    'changePassword.title',
    'forgotPassword.link',
    'forgotPassword.title',
    'login.submit',
    'login.title',
    'logout',
    'password',
    'register.submit',
    'register.title',
    'username',
    'welcome',
  ],
};

type Messages = { [key: string]: string | Messages };
/** The part of a section's messages under the given dotted keys (`keep`), or all but them. */
const splitByKeys = (messages: Messages, keys: string[], keep: boolean, prefix = ''): Messages => {
  const picked: Messages = {};
  for (const [key, value] of Object.entries(messages)) {
    const path = `${prefix}${key}`;
    if (keys.includes(path)) {
      if (keep) picked[key] = value;
    } else if (typeof value === 'object' && keys.some((k) => k.startsWith(`${path}.`))) {
      const inner = splitByKeys(value, keys, keep, `${path}.`);
      if (Object.keys(inner).length > 0) picked[key] = inner;
    } else if (!keep) picked[key] = value;
  }
  return picked;
};

/** One part of a language file: core's sections and keys, or late's (every other message). */
export const languagePart = (all: Record<string, unknown>, part: 'core' | 'late') =>
  Object.fromEntries(
    Object.entries(all).flatMap(([section, messages]): [string, unknown][] => {
      const keys = CORE_KEYS[section];
      if (keys) return [[section, splitByKeys(messages as Messages, keys, part === 'core')]];
      return CORE_SECTIONS.includes(section) === (part === 'core') ? [[section, messages]] : [];
    }),
  );

const PART = /(?:^|\/)(\w+)\.json\?part=(core|late)$/;
const PART_PREFIX = '\0jade-i18n/';

/**
 * `./<language>.json?part=core|late` (src/i18n/i18n.ts): one language file split in two at build
 * time, the source staying one file a language.
 */
export const languageParts = (): Plugin => ({
  name: 'jade-language-parts',
  enforce: 'pre',
  resolveId(source, importer) {
    const match = PART.exec(source);
    if (!match || !importer || !path.resolve(path.dirname(importer)).startsWith(I18N_DIR)) return undefined;
    // Named so that the chunks read vi-core-<hash>.js and vi-late-<hash>.js.
    return `${PART_PREFIX}${match[1]}-${match[2]}.js`;
  },
  load(id) {
    if (!id.startsWith(PART_PREFIX)) return undefined;
    const [language = '', part] = id.slice(PART_PREFIX.length, -'.js'.length).split('-');
    const file = path.join(I18N_DIR, `${language}.json`);
    this.addWatchFile(file);
    const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    return `export default ${JSON.stringify(languagePart(all, part as 'core' | 'late'))};`;
  },
});
