import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  invitationsResponse,
  invitedPage,
  joinStatus,
  registerDownlineResponse,
  type InvitationKind,
  type registerDownlineRequest,
} from '@jade/contracts/agent-invitations';
import type { z } from 'zod';
import { apiGet, apiSend } from '../../../api/client';
import { sendSealed } from '../../accounts/api/sealed-request';

/** How members join teams (decision 0042): the agent's codes, its invited members, the /join application. */
export const agentJoinKeys = {
  invitations: ['agents', 'invitations'] as const,
  invited: (page: number) => ['agents', 'invited', page] as const,
  join: ['agents', 'join'] as const,
};

export const useInvitations = (isEnabled = true) =>
  useQuery({
    queryKey: agentJoinKeys.invitations,
    queryFn: ({ signal }) => apiGet('/wps/agent/invitations', invitationsResponse, { signal }),
    enabled: isEnabled,
  });

export const useCreateInvitation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: InvitationKind) =>
      apiSend('POST', '/wps/agent/invitations', { kind }, invitationsResponse),
    onSuccess: (value) => client.setQueryData(agentJoinKeys.invitations, value),
  });
};

export const useInvited = (page: number, isEnabled = true) =>
  useQuery({
    queryKey: agentJoinKeys.invited(page),
    queryFn: ({ signal }) =>
      apiGet('/wps/agent/invited', invitedPage, { query: { page: String(page), size: '10' }, signal }),
    enabled: isEnabled,
  });

/** registerCenter (encrypted: it carries the new member's passwords). */
export const registerDownline = (input: z.input<typeof registerDownlineRequest>) =>
  sendSealed('POST', '/wps/agent/registerCenter', input, registerDownlineResponse);

export const useJoinStatus = (isEnabled = true) =>
  useQuery({
    queryKey: agentJoinKeys.join,
    queryFn: ({ signal }) => apiGet('/wps/member/join', joinStatus, { signal }),
    enabled: isEnabled,
  });

export const useApplyForAgent = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend('POST', '/wps/member/join', undefined, joinStatus),
    onSuccess: (value) => client.setQueryData(agentJoinKeys.join, value),
  });
};
