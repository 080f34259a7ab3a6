import { z } from 'zod';
import { agentDateRange, businessDay, contractCategory, contractKind } from './agents.js';

/**
 * Agent payroll records (issue 21, decision 0041): what an agent received on its contracts and what
 * it paid its direct children, per period, and its income by kind and day. Amounts in minor units.
 */

export const PAYMENT_STATUSES = ['PAID', 'OWED', 'NOTHING', 'AWAITING_APPROVAL'] as const;
export const paymentStatus = z.enum(PAYMENT_STATUSES);

/** RECEIVED: the agent's own payments; PAID: what it paid its direct children. */
export const PAYMENT_SIDES = ['RECEIVED', 'PAID'] as const;
export const paymentSide = z.enum(PAYMENT_SIDES);

const reportWindow = {
  range: agentDateRange.optional(),
  fromDay: businessDay.optional(),
  toDay: businessDay.optional(),
};

export const agentPaymentsQuery = z
  .object({
    kind: contractKind,
    side: paymentSide.default('RECEIVED'),
    /** PAID side: only what was paid this direct child (a member of the agent's team). */
    memberId: z.coerce.number().int().positive().optional(),
    ...reportWindow,
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export type AgentPaymentsQuery = z.infer<typeof agentPaymentsQuery>;

export const agentPayment = z.object({
  id: z.number(),
  kind: contractKind,
  category: contractCategory,
  periodKey: z.string(),
  /** The brand's day the period ends on. */
  day: z.string(),
  windowStart: z.string(),
  windowEnd: z.string(),
  holder: z.string(),
  /** The upline who paid; null: the brand. */
  payer: z.string().nullable(),
  teamValidBet: z.number(),
  netLoss: z.number(),
  carriedIn: z.number(),
  activeMembers: z.number(),
  /** 1-based tier reached; null: none. */
  tier: z.number().nullable(),
  gross: z.number(),
  paid: z.number(),
  owed: z.number(),
  status: paymentStatus,
});
export type AgentPayment = z.infer<typeof agentPayment>;

export const agentPaymentPage = z.object({
  fromDay: z.string(),
  toDay: z.string(),
  list: z.array(agentPayment),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
  totals: z.object({ gross: z.number(), paid: z.number(), owed: z.number() }),
});
export type AgentPaymentPage = z.infer<typeof agentPaymentPage>;

export const agentRevenueQuery = z.object(reportWindow).strict();

/** One day and kind of the agent's income: received on its contracts, paid to children, kept. */
export const agentRevenueRow = z.object({
  day: z.string(),
  kind: contractKind,
  received: z.number(),
  paidToChildren: z.number(),
  kept: z.number(),
});
export const agentRevenue = z.object({
  fromDay: z.string(),
  toDay: z.string(),
  rows: z.array(agentRevenueRow),
  totals: z.object({ received: z.number(), paidToChildren: z.number(), kept: z.number() }),
});
export type AgentRevenue = z.infer<typeof agentRevenue>;

export const pendingDividend = z.object({
  id: z.number(),
  holder: z.string(),
  category: z.string(),
  periodKey: z.string(),
  netLoss: z.number(),
  gross: z.number(),
});
export const pendingDividends = z.object({ list: z.array(pendingDividend) });
export const approvedDividend = z.object({ id: z.number(), paid: z.number(), owed: z.number() });
