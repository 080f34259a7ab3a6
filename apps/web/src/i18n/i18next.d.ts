import 'i18next';
import type en from './en.json';

// Module augmentation needs an interface: it types every t('...') key against en.json.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
