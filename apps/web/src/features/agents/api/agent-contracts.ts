import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  agentContract,
  contractChangeResponse,
  downline,
  downlinePage,
  myContractsResponse,
  pendingOffersResponse,
  PROCESSING_CALLS,
  type ContractOfferRequest,
} from '@jade/contracts/agent-contracts';
import type { ContractKind } from '@jade/contracts/agents';
import { consolidatedResponse } from '@jade/contracts/funds';
import { apiGet, apiSend } from '../../../api/client';
import { isAgentAccount, useSession } from '../../../lib/session';

/** Query keys of the agent contract screens; each carries the session token. */
export const contractKeys = {
  all: ['agent-contracts'] as const,
  mine: (token: string | null) => ['agent-contracts', 'mine', token] as const,
  pending: (token: string | null) => ['agent-contracts', 'pending', token] as const,
  consolidated: (token: string | null) => ['agent-contracts', 'consolidated', token] as const,
  downlines: (token: string | null, filters: unknown) =>
    ['agent-contracts', 'downlines', token, filters] as const,
  downline: (token: string | null, id: number) => ['agent-contracts', 'downline', token, id] as const,
};

export type DownlineFilters = { account: string; scope: 'DIRECT' | 'ALL'; page: number; pageSize: number };

/** My contracts: held and offered (decision 0039). Only an agent asks. */
export const useMyContracts = () => {
  const session = useSession();
  return useQuery({
    queryKey: contractKeys.mine(session.token),
    queryFn: ({ signal }) => apiGet('/wps/agent/contracts', myContractsResponse, { signal }),
    enabled: isAgentAccount(session),
  });
};

/** The offers waiting for my answer, with what accepting each would terminate. */
export const usePendingOffers = (enabled = true) => {
  const session = useSession();
  return useQuery({
    queryKey: contractKeys.pending(session.token),
    queryFn: ({ signal }) => apiGet('/wps/agent/contracts/pending', pendingOffersResponse, { signal }),
    enabled: enabled && isAgentAccount(session),
  });
};

/** §3/§7 consolidated: its info types name the kinds with an offer waiting (decision 0040). */
export const useConsolidated = () => {
  const session = useSession();
  return useQuery({
    queryKey: contractKeys.consolidated(session.token),
    queryFn: ({ signal }) => apiGet('/wps/member/info/funds/consolidated', consolidatedResponse, { signal }),
    enabled: isAgentAccount(session),
  });
};

export const useDownlines = (filters: DownlineFilters) => {
  const session = useSession();
  return useQuery({
    queryKey: contractKeys.downlines(session.token, filters),
    queryFn: ({ signal }) =>
      apiGet('/wps/agent/downlines', downlinePage, {
        signal,
        query: { ...filters, account: filters.account.trim() || undefined },
      }),
    enabled: isAgentAccount(session),
  });
};

export const useDownline = (memberId: number | undefined) => {
  const session = useSession();
  return useQuery({
    queryKey: contractKeys.downline(session.token, memberId ?? 0),
    queryFn: ({ signal }) => apiGet(`/wps/agent/downlines/${memberId ?? 0}`, downline, { signal }),
    enabled: isAgentAccount(session) && memberId !== undefined,
  });
};

/** After any change: contracts, the downline view, consolidated and the agent menu read afresh. */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contractKeys.all });
};

export const useOfferContract = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (offer: ContractOfferRequest) =>
      apiSend('POST', '/wps/agent/contracts', offer, agentContract),
    onSuccess: refresh,
  });
};

export const useTerminateContract = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      apiSend('POST', `/wps/agent/contracts/${id}/terminate`, undefined, contractChangeResponse),
    onSuccess: refresh,
  });
};

/** §7: the processing call of the offer's own kind. */
export const useAnswerOffer = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ kind, contractId, accept }: { kind: ContractKind; contractId: number; accept: boolean }) =>
      apiSend('POST', PROCESSING_CALLS[kind], { contractId, accept }, contractChangeResponse),
    onSuccess: refresh,
  });
};
