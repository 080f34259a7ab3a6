import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import vi from './vi.json';

// English (the fallback) and Vietnamese (the demo brand's default, TY) are bundled: the boot screens need
// text before any call returns. The other languages are chunks of their own, loaded when chosen.
export const resources = {
  en: { translation: en },
  vi: { translation: vi },
} as const;

const lazyResources = import.meta.glob<{ default: typeof en }>(['./*.json', '!./en.json', '!./vi.json']);
const lazyLanguages = Object.keys(lazyResources).map((file) => file.slice(2, -5));

export type ResourceLanguage = string;
export const FALLBACK_LANGUAGE: ResourceLanguage = 'en';
export const SHIPPED_LANGUAGES: readonly string[] = [...Object.keys(resources), ...lazyLanguages];

/** Locale language parts that ship under another file name (Filipino is shipped as Tagalog). */
const ALIASES: Record<string, string> = { fil: 'tl' };

/** The resource for a locale is chosen by its language part ('vi-VN' → vi); English when there is none. */
export const resourceLanguageFor = (locale: string): ResourceLanguage => {
  const part = locale.split(/[-_]/)[0]?.toLowerCase() ?? '';
  const language = ALIASES[part] ?? part;
  return SHIPPED_LANGUAGES.includes(language) ? language : FALLBACK_LANGUAGE;
};

/** Adds a lazily shipped language to the instance; bundled ones are already there. */
export const loadResourceLanguage = async (instance: I18n, language: ResourceLanguage): Promise<void> => {
  if (instance.hasResourceBundle(language, 'translation')) return;
  const load = lazyResources[`./${language}.json`];
  if (!load) return;
  const module = await load();
  instance.addResourceBundle(language, 'translation', module.default, true, true);
};

/** Loads the language if needed, then switches to it; a loaded language switches at once (no flash). */
export const switchLanguage = (instance: I18n, locale: string): Promise<void> => {
  const language = resourceLanguageFor(locale);
  if (instance.hasResourceBundle(language, 'translation')) {
    return instance.changeLanguage(language).then(() => undefined);
  }
  return loadResourceLanguage(instance, language).then(
    () => instance.changeLanguage(language).then(() => undefined),
    // A language chunk that fails to load leaves the interface in the language it was in.
    () => undefined,
  );
};

export const createI18n = (locale: string): I18n => {
  const instance = createInstance();
  const language = resourceLanguageFor(locale);
  const isBundled = Object.hasOwn(resources, language);
  void instance.use(initReactI18next).init({
    resources,
    lng: isBundled ? language : FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  if (!isBundled) void switchLanguage(instance, locale);
  return instance;
};
