import type { Location } from '@jade/contracts/system';
import { useTranslation } from 'react-i18next';
import { ContactUsButton } from '../../../components/contact-us-button';
import { RestrictionIcon } from './icons';
import { SystemPageLayout } from './system-page-layout';

type RestrictionPageProps = {
  location: Location;
};

/** §2 system status 2: the visitor's IP address and country, and why they cannot enter. */
export function RestrictionPage({ location }: RestrictionPageProps) {
  const { t, i18n } = useTranslation();
  const country = location.country ? countryName(location.country, i18n.language) : t('common.unknown');

  return (
    <SystemPageLayout
      icon={<RestrictionIcon />}
      title={t('system.restriction.title')}
      subtitle={t('system.restriction.subtitle')}
    >
      <p className="system-card__message">{t('system.restriction.message')}</p>
      <dl className="visitor-facts">
        <div>
          <dt>{t('system.restriction.ip')}</dt>
          <dd translate="no">{location.ip}</dd>
        </div>
        <div>
          <dt>{t('system.restriction.country')}</dt>
          <dd>{country}</dd>
        </div>
      </dl>
      <ContactUsButton />
    </SystemPageLayout>
  );
}

/** 'VN' → 'Vietnam (VN)' in the reader's language; the bare code when the browser cannot name it. */
function countryName(code: string, language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: 'region' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
