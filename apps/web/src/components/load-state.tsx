import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../api/client';
import { useErrorMessage } from '../i18n/error-message';
import { Spinner } from './spinner';

/** A section whose data is on its way. */
export function LoadingState() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status">
      <Spinner />
      <span>{t('common.loading')}</span>
    </div>
  );
}

/** A load that failed: the reason in the visitor's language, and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  return (
    <div className="load-error">
      <p role="alert" className="form-error">
        {errorMessage(isApiRequestError(error) ? error.code : 'UNKNOWN')}
      </p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
