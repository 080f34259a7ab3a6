import { z } from 'zod';
import { CONTRACT_CATEGORIES } from './agents.js';

/**
 * Rebates (cashback, issue 22 item 2, decision 0051): a rate in basis points of valid bet per game
 * category and VIP rank level; members of brands with MANPLAYREB3 claim what they have earned since
 * their last rebate (`manualRebate`), the others are paid yesterday's rebate by a daily job.
 * Money is integer minor units of the brand currency.
 */

export const REBATE_CATEGORIES = CONTRACT_CATEGORIES;
export const rebateCategory = z.enum(REBATE_CATEGORIES);
export type RebateCategory = z.infer<typeof rebateCategory>;

/** At most 10 %: a rebate is a share of valid bet, never more than a tenth of it. */
export const rebateRateBp = z.number().int().min(0).max(1_000);

export const rebateRate = z.object({
  category: rebateCategory,
  vipLevel: z.number().int().min(0).max(99),
  rateBp: rebateRateBp,
});
export type RebateRate = z.infer<typeof rebateRate>;

/** One category's figures for the member: valid bet since the last rebate, the rate, what it pays. */
export const claimableRebate = z.object({
  category: rebateCategory,
  /** The first and last business day (YYYY-MM-DD) the claimable valid bet was made in. */
  fromDay: z.string(),
  toDay: z.string(),
  validBet: z.number().int(),
  /** The rank's rate plus the rebate boosts the member has joined. */
  rateBp: z.number().int(),
  boostBp: z.number().int(),
  amount: z.number().int(),
});
export type ClaimableRebate = z.infer<typeof claimableRebate>;

export const paidRebate = z.object({
  id: z.number().int(),
  category: rebateCategory,
  fromDay: z.string(),
  toDay: z.string(),
  validBet: z.number().int(),
  rateBp: z.number().int(),
  amount: z.number().int(),
  source: z.enum(['CLAIM', 'JOB']),
  createdAt: z.string(),
});
export type PaidRebate = z.infer<typeof paidRebate>;

/** GET /wps/rebate/claimable (token, MANPLAYREB3): every category, claimable or not. */
export const claimableRebatesResponse = z.object({
  vipLevel: z.number().int(),
  categories: z.array(claimableRebate),
  total: z.number().int(),
});
export type ClaimableRebatesResponse = z.infer<typeof claimableRebatesResponse>;

/** POST /wps/rebate/claim (token, MANPLAYREB3): one category, or every category with something. */
export const claimRebateRequest = z.object({ category: rebateCategory.optional() });
export const claimRebateResponse = z.object({ paid: z.array(paidRebate), total: z.number().int() });
export type ClaimRebateResponse = z.infer<typeof claimRebateResponse>;

/** GET /wps/rebate/history (token, MANPLAYREB3): the member's rebates, newest first. */
export const rebateHistoryQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const rebateHistoryResponse = z.object({
  items: z.array(paidRebate),
  totalCount: z.number().int(),
});
export type RebateHistoryResponse = z.infer<typeof rebateHistoryResponse>;

// ---- Operator ----

export const operatorRebateRatesQuery = z.object({ merchant: z.string().min(1).max(32).optional() });
export const operatorRebateRatesResponse = z.object({ merchant: z.string(), rates: z.array(rebateRate) });
export type OperatorRebateRatesResponse = z.infer<typeof operatorRebateRatesResponse>;

/** Sets the given (category, level) rates; a rate of 0 stays as a row (an explicit "no rebate"). */
export const operatorRebateRatesRequest = z.object({
  merchant: z.string().min(1).max(32).optional(),
  rates: z
    .array(rebateRate)
    .min(1)
    .max(7 * 100),
});
