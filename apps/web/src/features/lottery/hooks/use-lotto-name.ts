import { useTranslation } from 'react-i18next';

/**
 * A name the lottery's data gives in one language or as a code (a catalogue group 'Miền Bắc'; a prize
 * mode, §3's 'Lott', 'ZY', 'Elott', 'SEA') in the member's language; one the language files do not
 * know yet reads as the data gives it.
 */
export const useLottoName = (section: 'groups' | 'prizeModes') => {
  const { t, i18n } = useTranslation();
  return (name: string) => {
    const key = `lotto.${section}.${name}`;
    return i18n.exists(key) ? t(key as 'lotto.groups.Fast Lotto') : name;
  };
};
