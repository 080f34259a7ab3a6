import { z } from 'zod';
import { registerRequest } from './auth.js';

/**
 * How members join teams (§1, §2 registerCenter, referral and /join; decision 0042): an agent's
 * invitation codes and links, the agent registering a downline directly, and a member's application
 * to become an agent.
 */

/** MEMBER registers a plain member under the agent; AGENT a sub-agent (account type 1). */
export const INVITATION_KINDS = ['MEMBER', 'AGENT'] as const;
export const invitationKind = z.enum(INVITATION_KINDS);
export type InvitationKind = z.infer<typeof invitationKind>;

/** The most invitation codes one agent may hold. */
export const MAX_INVITATIONS = 20;

export const invitation = z.object({
  /** Null for the account's own affiliate code (set by an operator), which registers a member. */
  id: z.number().int().nullable(),
  code: z.string(),
  kind: invitationKind,
  /** The sign-up addresses, one per domain the brand is served at. */
  links: z.array(z.string()),
  /** Registrations the code brought; null where it is not counted (the affiliate code). */
  registrations: z.number().int().nullable(),
  createdAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitation>;

export const invitationsResponse = z.object({ invitations: z.array(invitation) });
export type InvitationsResponse = z.infer<typeof invitationsResponse>;

export const createInvitationRequest = z.object({ kind: invitationKind });

/**
 * registerCenter: the agent registers a downline under itself, by the brand's registration rules.
 * `invitationCode`, when given, must be one of the agent's own codes: its kind decides the type.
 */
export const registerDownlineRequest = registerRequest
  .pick({
    username: true,
    password: true,
    confirmPassword: true,
    payeeName: true,
    email: true,
    qqNum: true,
    mobileNum: true,
    countryDialingCode: true,
    paymentPassword: true,
    line: true,
    whatsapp: true,
    facebook: true,
    wechat: true,
    idNumber: true,
  })
  .extend({
    kind: invitationKind.default('MEMBER'),
    invitationCode: z.string().trim().max(32).optional(),
  });
export type RegisterDownlineRequest = z.infer<typeof registerDownlineRequest>;

export const registerDownlineResponse = z.object({
  memberId: z.number().int(),
  username: z.string(),
  type: z.number().int(),
});
export type RegisterDownlineResponse = z.infer<typeof registerDownlineResponse>;

export const invitedQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** A member the agent brought in: its direct downline. */
export const invitedMember = z.object({
  account: z.string(),
  /** isAgent: 0 member, 1/2/41/42 agent types. */
  type: z.number().int(),
  createdAt: z.string(),
});
export const invitedPage = z.object({
  items: z.array(invitedMember),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type InvitedPage = z.infer<typeof invitedPage>;

export const APPLICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const applicationStatus = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof applicationStatus>;

/** The logged-in member's standing on /join and in its referral panel. */
export const joinStatus = z.object({
  /** Whether the account is an active agent now (it takes downlines). */
  isAgent: z.boolean(),
  /** The latest application, if any. */
  application: z
    .object({ status: applicationStatus, createdAt: z.string(), decidedAt: z.string().nullable() })
    .nullable(),
});
export type JoinStatus = z.infer<typeof joinStatus>;

/** The operator's view of an application. */
export const agentApplication = z.object({
  id: z.number().int(),
  merchant: z.string(),
  account: z.string(),
  status: applicationStatus,
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type AgentApplication = z.infer<typeof agentApplication>;

export const agentApplicationsQuery = z.object({
  status: applicationStatus.default('PENDING'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export const agentApplicationsPage = z.object({
  items: z.array(agentApplication),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

/** Operator: move a member (and its team) under another upline, or to the top (null). */
export const moveMemberRequest = z.object({
  /** The brand's code: a brand operator's own brand when absent; an all-brands operator names it. */
  merchant: z.string().trim().min(1).max(32).optional(),
  account: z.string().trim().min(1).max(64),
  upline: z.string().trim().min(1).max(64).nullable(),
});
export const moveMemberResponse = z.object({
  account: z.string(),
  upline: z.string().nullable(),
  /** The moved member's contracts that ended with the move, and those below that lost their basis (decision 0045). */
  endedContracts: z.array(z.number().int()),
});
