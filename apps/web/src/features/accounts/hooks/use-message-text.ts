import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from '../utils/field-rules';

/** The visitor's text for a field message or an error code; an unknown key reads as 'Unknown error'. */
export const useMessageText = () => {
  const { t, i18n } = useTranslation();
  // Keys arrive from the server (rule keys, error codes), so they cannot be typed against en.json.
  const translate = t as unknown as (key: string, options?: Record<string, string>) => string;
  const text = useCallback(
    (message: FieldMessage | undefined): string | undefined => {
      if (!message) return undefined;
      return i18n.exists(message.key) ? translate(message.key, message.params) : translate('errors.UNKNOWN');
    },
    [i18n, translate],
  );
  const errorText = useCallback((code: string) => text({ key: `errors.${code}` }) as string, [text]);
  return { text, errorText };
};
