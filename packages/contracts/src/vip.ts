import { z } from 'zod';
import { importedVipRank } from './engagement.js';

/**
 * VIP ranking (issue 22 item 3, decision 0049): a member's progress to the next rank, and the
 * operator's calls on ranks. Money is integer minor units of the brand currency.
 */

// The web app's shell reads it from constants.ts, which loads no zod (the /index script budget).
export { VIP_SERVICE_MIN_LEVEL } from './constants.js';

/** A rolling period is at least a day and at most a year of the brand's business days. */
export const vipPeriodDays = z.number().int().min(1).max(366);

const rankStep = z.object({
  level: z.number().int(),
  name: z.string(),
  depositRequirement: z.number().int(),
  turnoverRequirement: z.number().int(),
  upgradeBonus: z.number().int(),
});

/** GET /wps/vip/progress (token): where the member stands over the brand's rolling period. */
export const vipProgressResponse = z.object({
  level: z.number().int(),
  /** The rank's name in the member's language, or the stored label when the brand has no such rank. */
  name: z.string(),
  periodDays: vipPeriodDays,
  /** The first business day of the period (YYYY-MM-DD, the brand's day); the period ends today. */
  periodStart: z.string(),
  /** Approved deposits and valid bets of settled rounds within the period. */
  deposits: z.number().int(),
  validBets: z.number().int(),
  /** The next enabled rank above the member's, or null at the top. */
  next: rankStep.nullable(),
});
export type VipProgressResponse = z.infer<typeof vipProgressResponse>;

export const vipProgressQuery = z.object({ language: z.string().min(2).max(8).optional() });

// ---- Operator ----

export const operatorVipBrandQuery = z.object({ merchant: z.string().min(1).max(32).optional() });

export const operatorVipRanksResponse = z.object({
  merchant: z.string(),
  periodDays: vipPeriodDays,
  ranks: z.array(importedVipRank.extend({ isEnabled: z.boolean() })),
});
export type OperatorVipRanksResponse = z.infer<typeof operatorVipRanksResponse>;

/** Replaces the brand's rank of the same level (or adds it); the period when given. */
export const operatorVipRanksRequest = z.object({
  merchant: z.string().min(1).max(32).optional(),
  periodDays: vipPeriodDays.optional(),
  ranks: z.array(importedVipRank).max(100).default([]),
});

export const operatorSetVipRankRequest = z.object({
  merchant: z.string().min(1).max(32).optional(),
  account: z.string().min(1).max(64),
  level: z.number().int().min(0).max(99),
});

export const operatorSetVipRankResponse = z.object({
  account: z.string(),
  fromLevel: z.number().int(),
  level: z.number().int(),
  /** Upgrade bonuses paid by this change (ranks reached for the first time), in minor units. */
  bonusPaid: z.number().int(),
});
export type OperatorSetVipRankResponse = z.infer<typeof operatorSetVipRankResponse>;
