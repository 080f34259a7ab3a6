import { isSalaryKind, type SalaryKind } from '@jade/contracts/agents';
import { useMyContracts } from './agent-contracts';

/**
 * What the agent centre's menu depends on (§2): whether the agent holds a dividend contract, and its
 * salary types, from the contracts it holds ACCEPTED.
 */
export type AgentMenuContext = { dividendEnabled: boolean; salaryKinds: readonly SalaryKind[] };

export const useAgentMenuContext = (): AgentMenuContext => {
  const { data } = useMyContracts();
  const held = (data?.held ?? []).filter((c) => c.status === 'ACCEPTED');
  return {
    dividendEnabled: held.some((c) => c.kind === 'DIVIDEND'),
    salaryKinds: [...new Set(held.map((c) => c.kind).filter(isSalaryKind))],
  };
};
