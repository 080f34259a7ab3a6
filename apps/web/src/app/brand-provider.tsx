import { useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import type { WhitelabelResponse } from '@jade/contracts/system';
import { useTranslation } from 'react-i18next';
import { BrandContext, type Brand } from '../config/brand';
import { setBrandTimeZone } from '../lib/format';
import { chooseBrandLanguage, readStoredLanguage, storeLanguage } from '../i18n/brand-language';
import { BootLoading } from '../features/system/components/boot-screen';
import { isLanguageLoaded, switchLanguage } from '../i18n/i18n';

type BrandProviderProps = {
  whitelabel: WhitelabelResponse;
  children: ReactNode;
};

export function BrandProvider({ whitelabel, children }: BrandProviderProps) {
  const { i18n } = useTranslation();
  const { languages, defaultLanguage, name, timeZone } = whitelabel.merchant;
  // Times and days are shown in the brand's zone (decision 0038), set before anything is rendered.
  setBrandTimeZone(timeZone);
  const [code, setCode] = useState(
    () => chooseBrandLanguage(languages, defaultLanguage, readStoredLanguage())?.code,
  );
  const language = languages.find((option) => option.code === code);

  // The brand's language loads once before the first paint of the site (no flash of another
  // language); a later switch keeps the page in the old language until the new one has loaded.
  const [isReady, setReady] = useState(() => !language || isLanguageLoaded(i18n, language.locale));
  useLayoutEffect(() => {
    if (!language) return;
    let current = true;
    void switchLanguage(i18n, language.locale).then(() => {
      if (current) setReady(true);
    });
    document.documentElement.lang = language.locale;
    return () => {
      current = false;
    };
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
  return <BrandContext value={brand}>{isReady ? children : <BootLoading />}</BrandContext>;
}
