import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../config/brand';

/** The brand's languages come from configuration (§1), never from the list of bundled translations. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const { whitelabel, language, setLanguage } = useBrand();
  const id = useId();
  const languages = whitelabel.merchant.languages;
  if (languages.length < 2) return null;

  return (
    <div className="language-picker">
      <label htmlFor={id} className="visually-hidden">
        {t('common.language')}
      </label>
      <select id={id} value={language?.code ?? ''} onChange={(event) => setLanguage(event.target.value)}>
        {languages.map((option) => (
          <option key={option.code} value={option.code} lang={option.locale}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
