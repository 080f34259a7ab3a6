import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
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
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const message = isChunkLoadError(error)
    ? t('errors.TIMEOUT')
    : isRouteErrorResponse(error) && error.status === 404
      ? t('notFound.message')
      : t('errors.UNKNOWN');

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
