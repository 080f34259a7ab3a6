import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { agentPaymentPage, agentRevenue } from '@jade/contracts/agent-payroll';
import type { AgentDateRange, ContractKind } from '@jade/contracts/agents';
import { apiGet } from '../../../api/client';
import { useSession } from '../../../lib/session';

/** The agent's payroll (decision 0041): its payments of a kind, or what it paid its direct children. */
export const useAgentPayments = (query: {
  kind: ContractKind;
  side: 'RECEIVED' | 'PAID';
  range: AgentDateRange;
  page: number;
}) => {
  const { token } = useSession();
  return useQuery({
    queryKey: ['agents', 'payments', token, query],
    queryFn: ({ signal }) =>
      apiGet('/api/agent/payroll/payments', agentPaymentPage, { query: { ...query, size: 20 }, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
};

/** agentRevenueReport: the agent's income by kind and day. */
export const useAgentRevenue = (range: AgentDateRange) => {
  const { token } = useSession();
  return useQuery({
    queryKey: ['agents', 'revenue', token, range],
    queryFn: ({ signal }) => apiGet('/api/agent/payroll/revenue', agentRevenue, { query: { range }, signal }),
    enabled: Boolean(token),
  });
};
