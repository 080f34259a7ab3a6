import { useTranslation } from 'react-i18next';
import { LoadError, LoadingState } from '../../../components/load-state';
import { isAgentAccount, useSession } from '../../../lib/session';
import { useInvitations } from '../api/invitations';
import { AgentPolicy } from './agent-policy';
import { InviteCard } from './invite-card';
import { InvitedList } from './invited-list';
import { JoinApplication } from './join-application';
import '../agent-join.css';

/**
 * §2 referral (invite friends). Only an agent takes downlines (§6, decision 0042): an agent sees its
 * member link, code and QR code and the members it invited; a member is told so plainly and may
 * apply to become an agent.
 */
export function ReferralPanel() {
  const { t } = useTranslation();
  const isAgent = isAgentAccount(useSession());
  return (
    <div className="agent-join">
      {isAgent ? (
        <AgentInvite />
      ) : (
        <section className="agent-join__section" aria-labelledby="referral-member-title">
          <h3 id="referral-member-title">{t('agentJoin.referral.memberTitle')}</h3>
          <p>{t('agentJoin.referral.memberText')}</p>
          <JoinApplication />
        </section>
      )}
      <AgentPolicy />
    </div>
  );
}

function AgentInvite() {
  const { t } = useTranslation();
  const invitations = useInvitations();
  if (invitations.isError)
    return <LoadError error={invitations.error} onRetry={() => void invitations.refetch()} />;
  if (!invitations.data) return <LoadingState />;
  const memberCode = invitations.data.invitations.find((invitation) => invitation.kind === 'MEMBER');
  return (
    <>
      <section className="agent-join__section" aria-labelledby="referral-title">
        <h3 id="referral-title">{t('agentJoin.referral.title')}</h3>
        <p>{t('agentJoin.referral.text')}</p>
        {memberCode && <InviteCard invitation={memberCode} />}
      </section>
      <InvitedList />
    </>
  );
}
