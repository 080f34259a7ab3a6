import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingOffer } from '@jade/contracts/agent-contracts';
import { useAnswerOffer, useConsolidated, usePendingOffers } from '../api/agent-contracts';
import { useFailureText } from '../../wallet/components/panel-state';
import { ContractTitle, TierList } from './contract-text';
import '../agents.css';

/**
 * The prompt after login (§3, §7; decision 0040): when consolidated names kinds with an offer
 * waiting, a dialog shows each offer's tiers and what accepting it would terminate, with Accept and
 * Reject through the kind's processing call; consolidated and the agent menu are read afresh after.
 */
export default function ContractPrompt() {
  const { t } = useTranslation();
  const consolidated = useConsolidated();
  const waiting = (consolidated.data?.infoTypes.length ?? 0) > 0;
  const pending = usePendingOffers(waiting);
  const [dismissed, setDismissed] = useState(false);
  const items = pending.data?.items ?? [];
  if (!waiting || dismissed || items.length === 0) return null;
  return (
    <div className="agent-prompt-backdrop">
      <div className="agent-prompt" role="dialog" aria-modal="true" aria-labelledby="agent-prompt-title">
        <h2 id="agent-prompt-title">{t('agentContracts.prompt.title')}</h2>
        {items.map((item) => (
          <PendingOfferCard key={item.contract.id} item={item} />
        ))}
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setDismissed(true)}
        >
          {t('agentContracts.prompt.later')}
        </button>
      </div>
    </div>
  );
}

function PendingOfferCard({ item }: { item: PendingOffer }) {
  const { t } = useTranslation();
  const answer = useAnswerOffer();
  const failure = useFailureText();
  const { contract, wouldTerminate, replaces } = item;
  const send = (accept: boolean) => answer.mutate({ kind: contract.kind, contractId: contract.id, accept });
  return (
    <article
      className="agent-prompt__offer"
      aria-label={t('agentContracts.prompt.offerFrom', {
        from: contract.offeredBy ?? t('agentContracts.brand'),
      })}
    >
      <h3>
        <ContractTitle contract={contract} />
      </h3>
      <p>{t('agentContracts.prompt.offerFrom', { from: contract.offeredBy ?? t('agentContracts.brand') })}</p>
      <TierList tiers={contract.tiers} />
      {replaces && <p className="agent-note">{t('agentContracts.prompt.replaces', { id: replaces.id })}</p>}
      {wouldTerminate.length > 0 && (
        <div className="agent-warning" role="note">
          <p>{t('agentContracts.prompt.wouldTerminate', { n: wouldTerminate.length })}</p>
          <ul>
            {wouldTerminate.map((c) => (
              <li key={c.id}>
                {c.holder}: <ContractTitle contract={c} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {answer.isError && (
        <p role="alert" className="agent-error">
          {failure(answer.error)}
        </p>
      )}
      <div className="agent-prompt__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={answer.isPending}
          onClick={() => send(true)}
        >
          {t('agentContracts.prompt.accept')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={answer.isPending}
          onClick={() => send(false)}
        >
          {t('agentContracts.prompt.reject')}
        </button>
      </div>
    </article>
  );
}
