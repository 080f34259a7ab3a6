import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../../components/language-picker';
import { useBrand } from '../../../config/brand';
import '../system.css';

type SystemPageLayoutProps = {
  icon: ReactNode;
  title: string;
  subtitle: string;
  children: ReactNode;
};

/** The whole-page frame of the maintenance and restriction states (§2): brand bar, one card, footer. */
export function SystemPageLayout({ icon, title, subtitle, children }: SystemPageLayoutProps) {
  const { t } = useTranslation();
  const { whitelabel } = useBrand();
  const brandName = whitelabel.merchant.name;

  return (
    <div className="system-page">
      <header className="system-page__bar">
        <span className="brand-name">{brandName}</span>
        <LanguagePicker />
      </header>
      <main className="system-page__main">
        <section className="system-card" aria-labelledby="system-card-title">
          <div className="system-card__icon">{icon}</div>
          <h1 id="system-card-title" className="system-card__title">
            {title}
          </h1>
          <p className="system-card__subtitle">{subtitle}</p>
          {children}
        </section>
      </main>
      <footer className="system-page__footer">
        {t('common.copyright', { year: new Date().getFullYear(), brand: brandName })}
      </footer>
    </div>
  );
}
