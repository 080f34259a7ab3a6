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
const BOOT_SECTIONS = ['common', 'errors', 'system'];

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
        return [language, Object.fromEntries(BOOT_SECTIONS.map((section) => [section, all[section]]))];
      }),
    );
    return `export default ${JSON.stringify(messages)};`;
  },
});

/**
 * Sections only lazily loaded screens use (the member centre's panels, the game frame): they ship in
 * a second, "late" part of each language, fetched after the first part, so the landing page's
 * language chunk stays small as features add strings.
 */
export const LATE_SECTIONS = ['wallet', 'bets', 'profit', 'gameFrame', 'securityCenter', 'lotto'];
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
    const picked = Object.fromEntries(
      Object.entries(all).filter(([section]) => LATE_SECTIONS.includes(section) === (part === 'late')),
    );
    return `export default ${JSON.stringify(picked)};`;
  },
});
