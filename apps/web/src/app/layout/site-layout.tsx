import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SideBar } from './side-bar';
import '../pages/pages.css';
import './site-layout.css';

export type LayoutVariant = 'full' | 'headerFooter' | 'headerOnly' | 'bare';

/** §2 layout variants: header, footer and side bar; header and footer only; header only; bare. */
export function SiteLayout({ variant }: { variant: LayoutVariant }) {
  const { t } = useTranslation();
  const hasHeader = variant !== 'bare';
  const hasFooter = variant === 'full' || variant === 'headerFooter';
  const hasSideBar = variant === 'full';

  return (
    <div className={`site site--${variant}`} data-layout={variant}>
      {hasHeader && (
        <a className="skip-link" href="#main">
          {t('shell.skipToContent')}
        </a>
      )}
      {hasHeader && <SiteHeader />}
      <main id="main" className="site__main" tabIndex={-1}>
        <Outlet />
      </main>
      {hasSideBar && <SideBar />}
      {hasFooter && <SiteFooter />}
    </div>
  );
}
