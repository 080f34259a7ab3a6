import { useTranslation } from 'react-i18next';
import type { ApiErrorCode } from '../../../api/client';
import { Spinner } from '../../../components/spinner';
import { useErrorMessage } from '../../../i18n/error-message';
import '../system.css';

/** Shown while the brand and system status load (§4), before anything about the brand is known. */
export function BootLoading() {
  const { t } = useTranslation();
  return (
    <main className="boot-screen" aria-busy="true">
      <div role="status" className="boot-screen__status">
        <Spinner />
        <span>{t('common.loading')}</span>
      </div>
    </main>
  );
}

type BootErrorProps = {
  code: ApiErrorCode | 'UNKNOWN';
  onRetry: () => void;
  isRetrying: boolean;
};

export function BootError({ code, onRetry, isRetrying }: BootErrorProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();

  return (
    <main className="boot-screen">
      <section className="system-card" aria-labelledby="boot-error-title">
        <h1 id="boot-error-title" className="system-card__title">
          {t('system.errorTitle')}
        </h1>
        <p className="system-card__message" role="alert">
          {errorMessage(code)}
        </p>
        <p className="system-card__code">{t('common.errorCode', { code })}</p>
        <button type="button" className="button button--primary" onClick={onRetry} disabled={isRetrying}>
          {isRetrying ? t('common.loading') : t('common.retry')}
        </button>
      </section>
    </main>
  );
}
