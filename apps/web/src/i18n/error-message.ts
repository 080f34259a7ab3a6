import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type en from './en.json';

type ErrorKey = `errors.${keyof (typeof en)['errors']}`;

/**
 * The visitor's text for an error code (ARCHITECTURE.md: the web app translates codes). A code the
 * resources do not know yet reads as 'Unknown error' rather than as a raw key.
 */
export const useErrorMessage = () => {
  const { t, i18n } = useTranslation();
  return useCallback(
    (code: string): string => {
      const key = `errors.${code}`;
      return i18n.exists(key) ? t(key as ErrorKey) : t('errors.UNKNOWN');
    },
    [t, i18n],
  );
};
