import { useTranslation } from 'react-i18next';
import type { Resource } from '@jade/contracts/system';
import { EmptyState } from '../../../components/empty-state';
import { AndroidIcon, AppleIcon, DownloadIcon, ProfileIcon } from '../../../components/icons';
import { PageHero } from '../../../components/page-hero';
import { useBrand } from '../../../config/brand';
import '../download.css';

/** The three app downloads of §2, each with the steps to install it. */
const APPS = [
  { type: 'IOS', Icon: AppleIcon, steps: 3 },
  { type: 'MOBILECONFIG', Icon: ProfileIcon, steps: 4 },
  { type: 'ANDROID', Icon: AndroidIcon, steps: 4 },
] as const;

/** §2 /down: app download with QR codes and install guides (lazy group download). */
export function DownloadPage() {
  const { t } = useTranslation();
  const { whitelabel } = useBrand();
  const apps = APPS.flatMap((app) => {
    const resource = whitelabel.resources.find((entry) => entry.resourceType === app.type);
    return resource ? [{ ...app, resource }] : [];
  });

  return (
    <section className="page download-page" aria-labelledby="download-title">
      <PageHero
        titleId="download-title"
        title={t('download.title', { brand: whitelabel.merchant.name })}
        subtitle={t('download.subtitle')}
        icon={<DownloadIcon size={32} />}
      />
      {apps.length === 0 ? (
        <EmptyState title={t('download.empty')} />
      ) : (
        <ul className="download-page__apps">
          {apps.map(({ type, Icon, steps, resource }) => (
            <li key={type}>
              <AppCard type={type} Icon={Icon} steps={steps} resource={resource} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type AppCardProps = {
  type: (typeof APPS)[number]['type'];
  Icon: (typeof APPS)[number]['Icon'];
  steps: number;
  resource: Resource;
};

function AppCard({ type, Icon, steps, resource }: AppCardProps) {
  const { t } = useTranslation();
  const title = t(`download.apps.${type}.title`);
  return (
    <article className="app-card" aria-labelledby={`app-${type}`}>
      <header className="app-card__head">
        <span className="app-card__icon">
          <Icon size={26} />
        </span>
        <div>
          <h2 id={`app-${type}`}>{title}</h2>
          <p>{t(`download.apps.${type}.note`)}</p>
        </div>
      </header>
      {resource.qrCodeUrl && (
        <figure className="app-card__qr">
          <img src={resource.qrCodeUrl} alt={t('download.qrAlt', { app: title })} width="168" height="168" />
          <figcaption>{t('download.scan')}</figcaption>
        </figure>
      )}
      <a className="button button--primary" href={resource.url} rel="noopener noreferrer" download>
        <DownloadIcon size={18} />
        {t('download.button')}
      </a>
      <h3 className="app-card__guide-title">{t('download.guide')}</h3>
      <ol className="app-card__steps">
        {Array.from({ length: steps }, (_, index) => (
          <li key={index}>{t(`download.apps.${type}.steps.${index}` as 'download.apps.IOS.steps.0')}</li>
        ))}
      </ol>
    </article>
  );
}
