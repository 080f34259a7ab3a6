import type { SalaryKind } from '@jade/contracts/agents';

/**
 * What the agent centre's menu depends on (§2): whether the agent holds a dividend contract, and its
 * salary types. Until contracts reach the web app, an agent holds neither.
 */
export type AgentMenuContext = { dividendEnabled: boolean; salaryKinds: readonly SalaryKind[] };

export const useAgentMenuContext = (): AgentMenuContext => ({ dividendEnabled: false, salaryKinds: [] });
