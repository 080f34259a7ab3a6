import { useTranslation } from 'react-i18next';
import { ContactUsButton } from '../../../components/contact-us-button';
import { MaintenanceIcon } from './icons';
import { SystemPageLayout } from './system-page-layout';

type MaintenancePageProps = {
  /** The operator's message; the default text is shown when it is empty. */
  message: string | null;
};

/** §2 system status 1: replaces the whole app, whatever the route. */
export function MaintenancePage({ message }: MaintenancePageProps) {
  const { t } = useTranslation();
  const operatorMessage = message?.trim();

  return (
    <SystemPageLayout
      icon={<MaintenanceIcon />}
      title={t('system.maintenance.title')}
      subtitle={t('system.maintenance.subtitle')}
    >
      <p className="system-card__message">{operatorMessage || t('system.maintenance.message')}</p>
      <ContactUsButton />
    </SystemPageLayout>
  );
}
