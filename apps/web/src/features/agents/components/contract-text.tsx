import { useTranslation } from 'react-i18next';
import type { AgentContract, ContractTier } from '@jade/contracts/agent-contracts';
import { formatDateTime } from '../../../lib/format';
import { StatusBadge, type BadgeTone } from '../../wallet/components/panel-state';
import { useMoneyFormat } from '../../wallet/hooks/use-money-format';

/** A rate or share in basis points, as a percentage: 150 → "1.5 %". */
export const percentOf = (bp: number) =>
  `${(bp / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })} %`;

const TONES: Record<AgentContract['status'], BadgeTone> = {
  PENDING: 'pending',
  ACCEPTED: 'success',
  REJECTED: 'danger',
  TERMINATED: 'muted',
};

export function ContractStatus({ contract }: { contract: AgentContract }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={TONES[contract.status]}>
      {t(`agentContracts.status.${contract.status}`)}
      {contract.endReason
        ? ` · ${
            // Reasons added after the agent centre (decision 0045) live under agentsExtra.
            contract.endReason === 'MEMBER_MOVED'
              ? t('agentsExtra.reasons.MEMBER_MOVED')
              : t(`agentContracts.reasons.${contract.endReason}` as 'agentContracts.reasons.SUPERSEDED')
          }`
        : ''}
    </StatusBadge>
  );
}

/** "Daily salary · Lottery" (and a dividend's period). */
export function ContractTitle({
  contract,
}: {
  contract: Pick<AgentContract, 'kind' | 'category' | 'period'>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {t(`agentContracts.kinds.${contract.kind}`)} · {t(`agentContracts.categories.${contract.category}`)}
      {contract.period ? ` · ${t(`agentContracts.periods.${contract.period}`)}` : ''}
    </>
  );
}

/** One tier in words: its thresholds and what it pays, money in the brand's format, rates as %. */
export function useTierText() {
  const { t } = useTranslation();
  const { format } = useMoneyFormat();
  return (tier: ContractTier) => {
    const threshold =
      tier.minNetLoss !== undefined
        ? t('agentContracts.tier.netLoss', { amount: format(tier.minNetLoss) })
        : t('agentContracts.tier.validBet', { amount: format(tier.minValidBet ?? 0) });
    const pays =
      tier.shareBp !== undefined
        ? t('agentContracts.tier.share', { rate: percentOf(tier.shareBp) })
        : tier.rateBp !== undefined
          ? t('agentContracts.tier.rate', { rate: percentOf(tier.rateBp) })
          : t('agentContracts.tier.fixed', { amount: format(tier.amount ?? 0) });
    return `${threshold}, ${t('agentContracts.tier.active', { n: tier.minActive })} → ${pays}`;
  };
}

export function TierList({ tiers }: { tiers: ContractTier[] }) {
  const text = useTierText();
  return (
    <ol className="agent-tiers">
      {tiers.map((tier, i) => (
        <li key={i}>{text(tier)}</li>
      ))}
    </ol>
  );
}

export const contractDate = (contract: AgentContract) =>
  formatDateTime(contract.endedAt ?? contract.answeredAt ?? contract.createdAt);
