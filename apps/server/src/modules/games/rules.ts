import { AppError } from '../../platform/errors.js';

/** The language every catalogue entry is expected to carry when nothing better matches. */
export const FALLBACK_LANGUAGE = 'EN';

/**
 * The languages to try, best first: the asked one, the brand's default, then EN
 * (docs/decisions/0003). Duplicates are dropped, comparing without case.
 */
export const languageChain = (requested: string | undefined, brandDefault: string): string[] => {
  const chain: string[] = [];
  for (const language of [requested, brandDefault, FALLBACK_LANGUAGE]) {
    if (language && !chain.some((l) => l.toLowerCase() === language.toLowerCase())) chain.push(language);
  }
  return chain;
};

/** The first language of the chain the names have (without case), else the first name given. */
export const pickName = (names: Record<string, string>, chain: readonly string[]): string => {
  const keys = Object.keys(names);
  for (const language of chain) {
    const key = keys.find((k) => k.toLowerCase() === language.toLowerCase());
    if (key !== undefined) return names[key] as string;
  }
  return keys.length > 0 ? (names[keys[0] as string] as string) : '';
};

/** The first language of the chain among those available, else the first available one. */
export const pickLanguage = (available: readonly string[], chain: readonly string[]): string | undefined => {
  for (const language of chain) {
    const found = available.find((a) => a.toLowerCase() === language.toLowerCase());
    if (found !== undefined) return found;
  }
  return available[0];
};

/** Pages needed for `total` rows; zero rows need zero pages. */
export const pageCount = (total: number, pageSize: number): number => Math.ceil(total / pageSize);

/** Rows to skip before page `pageNo` (1-based). */
export const pageOffset = (pageNo: number, pageSize: number): number => (pageNo - 1) * pageSize;

/**
 * A merchant code a client sends must name the brand its host serves: one brand never reads
 * another's data by naming it (docs/decisions/0003).
 */
export const assertSameBrand = (brand: { code: string }, ...given: (string | undefined)[]) => {
  for (const code of given) {
    if (code !== undefined && code.toUpperCase() !== brand.code.toUpperCase()) {
      throw new AppError('FORBIDDEN', `Merchant '${code}' is not the brand served at this host`, {
        details: { merchant: code },
      });
    }
  }
};

/** `%term%` for LIKE with the wildcards of the term escaped (the query says ESCAPE '\'). */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What the gameName search looks in: every name and the game id, lower-cased. */
export const searchTextOf = (gameId: string, names: Record<string, string>): string =>
  [gameId, ...new Set(Object.values(names))].join('\n').toLowerCase();
