import en from '../i18n/en.json';
import vi from '../i18n/vi.json';
import { createI18n } from '../i18n/i18n';

/** For component tests: English and Vietnamese whole, at once, as the booted app has them. */
export const createTestI18n = (locale = 'en') => createI18n(locale, { en, vi }, true);
