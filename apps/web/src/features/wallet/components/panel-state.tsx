import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { isApiRequestError } from '../../../api/client';
import { Spinner } from '../../../components/spinner';
import { useMessageText } from '../../accounts/hooks/use-message-text';

/** A panel (or a part of one) waiting for its first answer. */
export function PanelLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-spinner wallet-loading" role="status">
      <Spinner />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}

/** A load that failed: the reason in the member's language, and a way to try again. */
export function PanelError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  return (
    <div className="wallet-error" role="alert">
      <p>{errorText(isApiRequestError(error) ? error.code : 'UNKNOWN')}</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/**
 * What a panel's query brought: its answer (kept while a later load of it fails), or its first load,
 * or the failure with a way to try again. `isUpdating` while the next filter's or page's answer is on
 * its way.
 */
export function PanelQuery<D>({
  query,
  children,
}: {
  query: UseQueryResult<D>;
  children: (data: D, isUpdating: boolean) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data, query.isPlaceholderData);
  if (query.isError) return <PanelError error={query.error} onRetry={() => void query.refetch()} />;
  return <PanelLoading />;
}

/** The outcome of an action that went through, announced when it appears. */
export function SuccessNote({ children }: { children: ReactNode }) {
  return (
    <div role="status" className={children ? 'wallet-success' : 'wallet-success wallet-success--empty'}>
      {children}
    </div>
  );
}

export type BadgeTone = 'pending' | 'success' | 'danger' | 'muted';

export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`wallet-badge wallet-badge--${tone}`}>{children}</span>;
}

/** The error message for a failed money call. */
export const useFailureText = () => {
  const { errorText } = useMessageText();
  return (error: unknown) => errorText(isApiRequestError(error) ? error.code : 'UNKNOWN');
};

export type FormRound = {
  /** A new try begins: the last outcome goes. */
  onStart: () => void;
  /** It went through: the outcome shows and the form starts afresh, empty and untouched. */
  onDone: (outcome: ReactNode) => void;
};

/** A form that starts afresh after each success, with the outcome of the last one announced under it. */
export function FormRounds({ children }: { children: (round: FormRound) => ReactNode }) {
  const [round, setRound] = useState(0);
  const [outcome, setOutcome] = useState<ReactNode>();
  const handlers = useMemo<FormRound>(
    () => ({
      onStart: () => setOutcome(undefined),
      onDone: (next) => {
        setOutcome(next);
        setRound((current) => current + 1);
      },
    }),
    [],
  );
  return (
    <>
      <Fragment key={round}>{children(handlers)}</Fragment>
      <SuccessNote>{outcome}</SuccessNote>
    </>
  );
}
