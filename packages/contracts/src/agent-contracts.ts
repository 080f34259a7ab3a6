import { z } from 'zod';
import {
  contractCategory,
  contractKind,
  contractStatus,
  dividendPeriod,
  dividendTiers,
  salaryTiers,
  type ContractKind,
} from './agents.js';

/**
 * Agent contracts on the wire (§4, §7; decisions 0039 and 0040): offers from an upline (or the
 * brand) to its direct downline agent, the §7 processing calls that answer them, and the agent's
 * downline management view. Tiers are the schemas of agents.ts; rates in basis points.
 */

/** A tier as sent and answered: salary tiers carry rateBp or amount, dividend tiers shareBp. */
export const contractTier = z.object({
  minValidBet: z.number().int().optional(),
  minNetLoss: z.number().int().optional(),
  minActive: z.number().int(),
  rateBp: z.number().int().optional(),
  amount: z.number().int().optional(),
  shareBp: z.number().int().optional(),
});
export type ContractTier = z.infer<typeof contractTier>;

export const agentContract = z.object({
  id: z.number().int(),
  holderId: z.number().int(),
  holder: z.string(),
  /** The upline that offered it; null: the brand's own offer to a top agent. */
  offeredById: z.number().int().nullable(),
  offeredBy: z.string().nullable(),
  kind: contractKind,
  category: contractCategory,
  period: dividendPeriod.nullable(),
  tiers: z.array(contractTier),
  status: contractStatus,
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Why it ended: SUPERSEDED, REPLACED, ABOVE_UPLINE_RATE, UPLINE_CONTRACT_ENDED, TERMINATED_BY_UPLINE, TERMINATED_BY_BRAND, MEMBER_MOVED. */
  endReason: z.string().nullable(),
});
export type AgentContract = z.infer<typeof agentContract>;

/** The reasons a contract ends with, besides an answer (decision 0039). */
export const CONTRACT_END_REASONS = [
  'SUPERSEDED',
  'REPLACED',
  'ABOVE_UPLINE_RATE',
  'UPLINE_CONTRACT_ENDED',
  'TERMINATED_BY_UPLINE',
  'TERMINATED_BY_BRAND',
  'MEMBER_MOVED',
] as const;
export type ContractEndReason = (typeof CONTRACT_END_REASONS)[number];

/** Thresholds climb from tier to tier: each tier asks at least what the one before asked, and more of something. */
const ascending = (
  tiers: { threshold: number; minActive: number }[],
  ctx: z.RefinementCtx,
  field: string,
) => {
  tiers.forEach((tier, i) => {
    const before = tiers[i - 1];
    if (!before) return;
    if (
      tier.threshold < before.threshold ||
      tier.minActive < before.minActive ||
      (tier.threshold === before.threshold && tier.minActive === before.minActive)
    ) {
      ctx.addIssue({ code: 'custom', path: ['tiers', i, field], message: 'Must be above the tier before' });
    }
  });
};

/**
 * An offer: the downline's account, the kind and category, the tiers (salary or dividend tiers by
 * kind) and, for a dividend, its period. The upline's own caps are checked on the server.
 */
export const contractOfferRequest = z
  .object({
    account: z.string().trim().min(1).max(64),
    kind: contractKind,
    category: contractCategory,
    period: dividendPeriod.optional(),
    tiers: z.array(z.unknown()).min(1).max(10),
  })
  .superRefine((offer, ctx) => {
    const dividend = offer.kind === 'DIVIDEND';
    if (dividend && !offer.period) ctx.addIssue({ code: 'custom', path: ['period'], message: 'Required' });
    if (!dividend && offer.period)
      ctx.addIssue({ code: 'custom', path: ['period'], message: 'Only a dividend has a period' });
    const parsed = (dividend ? dividendTiers : salaryTiers).safeParse(offer.tiers);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', path: ['tiers', ...issue.path], message: issue.message });
      }
      return;
    }
    ascending(
      parsed.data.map((t) => ({
        threshold: 'minNetLoss' in t ? t.minNetLoss : t.minValidBet,
        minActive: t.minActive,
      })),
      ctx,
      dividend ? 'minNetLoss' : 'minValidBet',
    );
  });
export type ContractOfferRequest = z.infer<typeof contractOfferRequest>;

/** The body of the four §7 processing calls: the offer answered, and the answer. */
export const contractAnswerRequest = z.object({
  contractId: z.coerce.number().int().positive(),
  accept: z.boolean(),
});
export type ContractAnswerRequest = z.infer<typeof contractAnswerRequest>;

/** What an answer or a termination changed: the contract, and every contract it ended below. */
export const contractChangeResponse = z.object({
  contract: agentContract,
  terminated: z.array(agentContract),
});
export type ContractChangeResponse = z.infer<typeof contractChangeResponse>;

/** §7: each processing call answers its own kind only. */
export const PROCESSING_CALLS = {
  DAILY_SALARY: '/wps/relay/MCS2_processDailySalContract',
  HOURLY_SALARY: '/wps/relay/MCS2_processContractHourSalary',
  REALTIME_SALARY: '/wps/relay/MCSFE_processRealTimeSalaryContract',
  DIVIDEND: '/wps/relay/MCS2_processDividendReq',
} as const satisfies Record<ContractKind, string>;

export const myContractsResponse = z.object({
  /** Every contract offered to the agent, newest first (history included). */
  held: z.array(agentContract),
  /** Every contract the agent offered its downlines, newest first. */
  offered: z.array(agentContract),
});
export type MyContractsResponse = z.infer<typeof myContractsResponse>;

/** A waiting offer and what accepting it would terminate (§4, decision 0039). */
export const pendingOffer = z.object({
  contract: agentContract,
  /** The agent's own contract of the kind and category accepting would replace. */
  replaces: agentContract.nullable(),
  /** Contracts below the agent that accepting would terminate. */
  wouldTerminate: z.array(agentContract),
});
export const pendingOffersResponse = z.object({ items: z.array(pendingOffer) });
export type PendingOffer = z.infer<typeof pendingOffer>;

export const DOWNLINE_SCOPES = ['DIRECT', 'ALL'] as const;
export const downlineQuery = z.object({
  /** Part of an account name (case-insensitive). */
  account: z.string().trim().max(64).optional(),
  scope: z.enum(DOWNLINE_SCOPES).default('DIRECT'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type DownlineQuery = z.infer<typeof downlineQuery>;

export const downline = z.object({
  memberId: z.number().int(),
  account: z.string(),
  type: z.number().int(),
  /** 1: a direct downline; 2: one below it, and so on. */
  level: z.number().int(),
  upline: z.string().nullable(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Members below it, at any depth. */
  teamSize: z.number().int(),
  /** Its contracts waiting or in force. */
  contracts: z.array(agentContract),
});
export type Downline = z.infer<typeof downline>;

export const downlinePage = z.object({
  items: z.array(downline),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DownlinePage = z.infer<typeof downlinePage>;

export const contractIdParams = z.object({ id: z.coerce.number().int().positive() });
