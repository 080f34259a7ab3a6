import { useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import type { WhitelabelResponse } from '@jade/contracts/system';
import { useTranslation } from 'react-i18next';
import { BrandContext, type Brand } from '../config/brand';
import { chooseBrandLanguage, readStoredLanguage, storeLanguage } from '../i18n/brand-language';
import { switchLanguage } from '../i18n/i18n';

type BrandProviderProps = {
  whitelabel: WhitelabelResponse;
  children: ReactNode;
};

export function BrandProvider({ whitelabel, children }: BrandProviderProps) {
  const { i18n } = useTranslation();
  const { languages, defaultLanguage, name } = whitelabel.merchant;
  const [code, setCode] = useState(
    () => chooseBrandLanguage(languages, defaultLanguage, readStoredLanguage())?.code,
  );
  const language = languages.find((option) => option.code === code);

  // Layout effect: the first paint is already in the brand's language, with no flash of the browser's.
  useLayoutEffect(() => {
    if (!language) return;
    void switchLanguage(i18n, language.locale);
    document.documentElement.lang = language.locale;
  }, [i18n, language]);

  useLayoutEffect(() => {
    document.title = name;
  }, [name]);

  const setLanguage = useCallback((next: string) => {
    storeLanguage(next);
    setCode(next);
  }, []);

  const brand = useMemo<Brand>(
    () => ({ whitelabel, language, setLanguage }),
    [whitelabel, language, setLanguage],
  );
  return <BrandContext value={brand}>{children}</BrandContext>;
}
