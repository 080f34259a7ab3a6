import type { BrandLanguage } from '@jade/contracts/system';

const STORAGE_KEY = 'language';

/** The visitor's earlier choice if the brand still offers it, else the brand default, else its first language. */
export const chooseBrandLanguage = (
  languages: readonly BrandLanguage[],
  defaultCode: string,
  storedCode: string | null,
): BrandLanguage | undefined =>
  languages.find((language) => language.code === storedCode) ??
  languages.find((language) => language.code === defaultCode) ??
  languages[0];

export const readStoredLanguage = (): string | null => {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
};

export const storeLanguage = (code: string): void => {
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Storage can be disabled (private mode); the choice then lasts for this page only.
  }
};
