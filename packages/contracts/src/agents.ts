import { z } from 'zod';
import { CONTRACT_KINDS, type ContractKind } from './funds.js';

/**
 * Agents (§1–§4, §7, §9): the product categories a contract is offered for, the dividend periods,
 * and the tiers of a salary or dividend contract. Rates are in basis points (1 bp = 0.01 %), so
 * every figure stays an integer; amounts are minor units of the brand's currency.
 */

export { CONTRACT_KINDS, type ContractKind };
export const contractKind = z.enum(CONTRACT_KINDS);

/** §4: the product categories an upline offers a contract for. */
export const CONTRACT_CATEGORIES = ['LOTT', 'ELOTT', 'LIVE', 'RNG', 'SPORTS', 'FISH', 'PVP'] as const;
export const contractCategory = z.enum(CONTRACT_CATEGORIES);
export type ContractCategory = z.infer<typeof contractCategory>;

/** §9: dividend periods. Semimonthly runs 1st–15th and 16th–end of month. */
export const DIVIDEND_PERIODS = ['DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'] as const;
export const dividendPeriod = z.enum(DIVIDEND_PERIODS);
export type DividendPeriod = z.infer<typeof dividendPeriod>;

/** §4: an offer waits for its answer, then is accepted or rejected; an accepted one may be terminated. */
export const CONTRACT_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED', 'TERMINATED'] as const;
export const contractStatus = z.enum(CONTRACT_STATUSES);
export type ContractStatus = z.infer<typeof contractStatus>;

/** The largest amount a tier may name: a trillion minor units, far past any brand's figures. */
export const MAX_TIER_AMOUNT = 1_000_000_000_000;
/** A rate or share in basis points: at most 100 %. */
export const MAX_RATE_BP = 10_000;
/** At most this many tiers in one contract. */
export const MAX_TIERS = 10;

const tierAmount = z.number().int().min(0).max(MAX_TIER_AMOUNT);
const activeMembers = z.number().int().min(0).max(1_000_000);

/**
 * A salary tier: once the team's valid bet in the window reaches `minValidBet` and `minActive`
 * members were active, the salary is `rateBp` of the team's valid bet, or the fixed `amount`.
 */
export const salaryTier = z
  .object({
    minValidBet: tierAmount,
    minActive: activeMembers,
    rateBp: z.number().int().min(0).max(MAX_RATE_BP).optional(),
    amount: tierAmount.optional(),
  })
  .strict()
  .refine((t) => (t.rateBp === undefined) !== (t.amount === undefined), {
    message: 'A tier pays either a rate or a fixed amount',
  });
export type SalaryTier = z.infer<typeof salaryTier>;

/** A dividend tier: on a team net loss of at least `minNetLoss` with `minActive` active members, `shareBp` of it. */
export const dividendTier = z
  .object({
    minNetLoss: tierAmount,
    minActive: activeMembers,
    shareBp: z.number().int().min(0).max(MAX_RATE_BP),
  })
  .strict();
export type DividendTier = z.infer<typeof dividendTier>;

/** Tiers in ascending order of their thresholds; the highest tier reached pays. */
export const salaryTiers = z.array(salaryTier).min(1).max(MAX_TIERS);
export const dividendTiers = z.array(dividendTier).min(1).max(MAX_TIERS);

/** The salary kinds; the fourth kind, DIVIDEND, carries a period instead of a salary type. */
export const SALARY_KINDS = ['DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY'] as const;
export type SalaryKind = (typeof SALARY_KINDS)[number];
export const isSalaryKind = (kind: ContractKind): kind is SalaryKind =>
  (SALARY_KINDS as readonly string[]).includes(kind);

/** §9: real-time salary is settled every 5 minutes. */
export const REALTIME_SALARY_EVERY_MINUTES = 5;

/** §9 date ranges offered by the agent reports: past and next 7 and 30 days, in the brand's days. */
export const AGENT_DATE_RANGES = ['TODAY', 'PAST_7', 'PAST_30', 'NEXT_7', 'NEXT_30'] as const;
export const agentDateRange = z.enum(AGENT_DATE_RANGES);
export type AgentDateRange = z.infer<typeof agentDateRange>;

/** A day of the brand's calendar (yyyy-MM-dd). */
export const businessDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd');
