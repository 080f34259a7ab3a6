import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { Spinner } from '../components/spinner';
import { isChunkLoadError } from './chunk-load';

export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="route-status">
      <Spinner />
      <span>{t('common.loading')}</span>
    </div>
  );
}

/** §8: a page chunk that fails or times out asks the visitor to check the network and reload. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = isChunkLoadError(error) ? t('errors.TIMEOUT') : t('errors.UNKNOWN');

  return (
    <section className="route-status route-status--error" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{t('routeError.title')}</h1>
      <p role="alert">{message}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </button>
    </section>
  );
}

/**
 * Around the routes (children), or around a layout's page (its outlet): the loading state while a
 * page's chunk arrives, and the error page when it fails or the page throws. Keyed by the path, so
 * moving to another page leaves an error behind.
 */
export function RouteBoundary({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname} fallback={(error) => <RouteError error={error} />}>
      <Suspense fallback={<RouteLoading />}>{children ?? <Outlet />}</Suspense>
    </ErrorBoundary>
  );
}
