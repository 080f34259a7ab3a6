import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import bootMessages from 'virtual:boot-messages';
import type en from './en.json';

// Every language is a chunk of its own, loaded when a brand uses it (the demo brand's TY is
// Vietnamese, so a Vietnamese visitor never downloads English). Only the boot screens' messages, in
// English (the fallback) and Vietnamese, are in the first bundle: they show before any call returns.
// Each language file ships in two parts (build/boot-messages.ts, languageParts): what any screen may
// need first, and the sections of lazily loaded screens, fetched right after.
const languageFiles = import.meta.glob<{ default: typeof en }>('./*.json', { query: '?part=core' });
const lateFiles = import.meta.glob<{ default: Partial<typeof en> }>('./*.json', { query: '?part=late' });

export type ResourceLanguage = string;
export type Messages = Record<string, unknown>;
export const FALLBACK_LANGUAGE: ResourceLanguage = 'en';
export const SHIPPED_LANGUAGES: readonly string[] = Object.keys(languageFiles).map((file) =>
  file.slice(2, -5),
);

/** Locale language parts that ship under another file name (Filipino is shipped as Tagalog). */
const ALIASES: Record<string, string> = { fil: 'tl' };

/** The resource for a locale is chosen by its language part ('vi-VN' → vi); English when there is none. */
export const resourceLanguageFor = (locale: string): ResourceLanguage => {
  const part = locale.split(/[-_]/)[0]?.toLowerCase() ?? '';
  const language = ALIASES[part] ?? part;
  return SHIPPED_LANGUAGES.includes(language) ? language : FALLBACK_LANGUAGE;
};

/** Languages whose whole resource file an instance holds (the boot messages are only a part). */
const complete = new WeakMap<I18n, Set<ResourceLanguage>>();
const completeIn = (instance: I18n) => {
  let languages = complete.get(instance);
  if (!languages) complete.set(instance, (languages = new Set()));
  return languages;
};

export const isLanguageLoaded = (instance: I18n, locale: string) =>
  completeIn(instance).has(resourceLanguageFor(locale));

/** Late parts loading or loaded, by instance and language. */
const lateLoads = new WeakMap<I18n, Map<ResourceLanguage, Promise<void>>>();
/** Late parts that have arrived, by instance. */
const lateArrived = new WeakMap<I18n, Set<ResourceLanguage>>();
/** The landing page uses late sections (routes.tsx): the brand's first switch brings the late part along. */
let isLateWanted = false;
/** The instance and language the app last switched to: what a lazily loaded screen needs strings for. */
let active: { instance: I18n; language: ResourceLanguage } | undefined;

/** Adds a language's late part to the instance, once; a part that fails to load is tried again next time. */
const loadLatePart = (instance: I18n, language: ResourceLanguage): Promise<void> => {
  let loads = lateLoads.get(instance);
  if (!loads) lateLoads.set(instance, (loads = new Map()));
  const known = loads.get(language);
  if (known) return known;
  const load = lateFiles[`./${language}.json`];
  if (!load) return Promise.resolve();
  const loading = load().then(
    (module) => {
      instance.addResourceBundle(language, 'translation', module.default, true, true);
      let arrived = lateArrived.get(instance);
      if (!arrived) lateArrived.set(instance, (arrived = new Set()));
      arrived.add(language);
    },
    () => {
      loads.delete(language);
    },
  );
  loads.set(language, loading);
  return loading;
};

/**
 * A lazily loaded module whose screens use late sections (the member centre, the game frame):
 * answered once the active language's late part has arrived too. The landing page never loads it.
 */
export const withLateStrings = async <M>(module: Promise<M>): Promise<M> => {
  const [loaded] = await Promise.all([module, active && loadLatePart(active.instance, active.language)]);
  return loaded;
};

/**
 * The late part as a landing page's need (routes.tsx, latePage; decision 0093). `preload` runs with the
 * page's chunk, before the brand's language is known: the boot's switch then loads both parts (the
 * server announces both with the HTML), so the page's first render has its strings and shows at once,
 * without a loading state whose reveal React holds back.
 */
export const lateStrings = {
  preload: () => {
    isLateWanted = true;
  },
  wait: withLateStrings,
  isReady: () => !active || (lateArrived.get(active.instance)?.has(active.language) ?? false),
};

/** Adds a language's first part to the instance, once (its late part comes with the screens that use it). */
export const loadResourceLanguage = async (instance: I18n, language: ResourceLanguage): Promise<void> => {
  if (completeIn(instance).has(language)) return;
  const load = languageFiles[`./${language}.json`];
  if (!load) return;
  const module = await load();
  instance.addResourceBundle(language, 'translation', module.default, true, true);
  completeIn(instance).add(language);
};

/**
 * Switching on a screen that uses late sections, or to the language a late landing page opens in: the
 * new language's late part comes before the switch.
 */
const lateBeforeSwitch = (instance: I18n, language: ResourceLanguage) =>
  isLateWanted || (lateLoads.get(instance)?.size ?? 0) > 0
    ? loadLatePart(instance, language)
    : Promise.resolve();

/**
 * Loads the language if needed, then switches to it; a loaded language switches at once (no flash).
 * A language chunk that fails to load falls back to English, and failing that leaves the interface
 * as it was.
 */
export const switchLanguage = async (instance: I18n, locale: string): Promise<void> => {
  const language = resourceLanguageFor(locale);
  try {
    await Promise.all([loadResourceLanguage(instance, language), lateBeforeSwitch(instance, language)]);
    await instance.changeLanguage(language);
    active = { instance, language };
  } catch {
    await loadResourceLanguage(instance, FALLBACK_LANGUAGE).then(
      () => instance.changeLanguage(FALLBACK_LANGUAGE),
      () => undefined,
    );
    active = { instance, language: FALLBACK_LANGUAGE };
  }
};

/**
 * An i18next instance in the locale's language as far as the bundled messages go: the boot messages
 * in the app, whole languages in tests (`bundled` marks them complete).
 */
export const createI18n = (
  locale: string,
  bundled: Record<string, Messages> = bootMessages,
  bundledAreComplete = false,
): I18n => {
  const instance = createInstance();
  const language = resourceLanguageFor(locale);
  const resources = Object.fromEntries(
    Object.entries(bundled).map(([code, translation]) => [code, { translation }]),
  );
  void instance.use(initReactI18next).init({
    resources,
    lng: Object.hasOwn(bundled, language) ? language : FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    interpolation: { escapeValue: false },
    // Screens showing when a late part arrives take its strings at once.
    react: { bindI18nStore: 'added' },
    initAsync: false,
    showSupportNotice: false,
  });
  if (bundledAreComplete) for (const code of Object.keys(bundled)) completeIn(instance).add(code);
  active = { instance, language: instance.language };
  return instance;
};
