import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../api/client';
import { LoadError, LoadingState } from '../../../components/load-state';
import { useMessageText } from '../../accounts/hooks/use-message-text';
import { useApplyForAgent, useJoinStatus } from '../api/invitations';

/**
 * A logged-in member's application to become an agent (/join, the referral panel): its state, and
 * the button to apply when it has none waiting. No second sign-up form: the member is one already.
 */
export function JoinApplication() {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const status = useJoinStatus();
  const apply = useApplyForAgent();
  if (status.isError) return <LoadError error={status.error} onRetry={() => void status.refetch()} />;
  if (!status.data) return <LoadingState />;
  const { isAgent, application } = status.data;
  const state = isAgent ? 'AGENT' : (application?.status ?? 'NONE');
  const canApply = state === 'NONE' || state === 'REJECTED';
  return (
    <div className="join-application" data-testid="join-application" data-state={state}>
      <p role="status">{t(`agentJoin.join.state.${state}`)}</p>
      {canApply && (
        <button
          type="button"
          className="button button--primary"
          disabled={apply.isPending}
          onClick={() => apply.mutate()}
        >
          {t('agentJoin.join.apply')}
        </button>
      )}
      {apply.isError && (
        <p className="form-alert" role="alert">
          {errorText(isApiRequestError(apply.error) ? apply.error.code : 'UNKNOWN')}
        </p>
      )}
    </div>
  );
}
