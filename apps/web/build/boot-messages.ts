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
