import { z } from 'zod';
import { agentDateRange, businessDay } from './agents.js';
import { betRecordItem, gameCategory } from './games.js';

/**
 * The agent centre's reports (§2, §9): team overview, team betting records, profit and loss per
 * member, the team's money movements and the agents' announcements. Every figure is in minor units;
 * days are the brand's days. A window is one of the §9 ranges or explicit days (at most 92).
 */
export const reportWindow = {
  range: agentDateRange.optional(),
  fromDay: businessDay.optional(),
  toDay: businessDay.optional(),
};

const page = {
  pageNo: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};
/** A member of the agent's team, by account name; anyone else answers NOT_FOUND. */
const teamAccount = z.string().trim().min(1).max(64).optional();
const paging = { pageNum: z.number().int(), totalPages: z.number().int(), totalCount: z.number().int() };

/** agentTeamOverview. */
export const teamOverviewRequest = z.object(reportWindow).strict();
export type TeamOverviewRequest = z.input<typeof teamOverviewRequest>;
const dayFigures = {
  newMembers: z.number().int(),
  deposits: z.number().int(),
  withdrawals: z.number().int(),
  validBet: z.number().int(),
  payout: z.number().int(),
  /** The team’s result from the house’s side: stake − payout (positive: the team lost, the house won). */
  profit: z.number().int(),
};
export const teamOverviewResponse = z.object({
  fromDay: z.string(),
  toDay: z.string(),
  /** Everyone below the agent, at any depth (the agent itself not counted). */
  teamSize: z.number().int(),
  /** The agent's direct downline. */
  directMembers: z.number().int(),
  /** Team members whose valid bets in the window reach the brand's minimum. */
  activeMembers: z.number().int(),
  activeMemberMinValidBet: z.number().int(),
  bets: z.number().int(),
  ...dayFigures,
  /** One entry a day of the window, oldest first, days without activity at zero. */
  series: z.array(z.object({ day: z.string(), ...dayFigures })),
});
export type TeamOverviewResponse = z.infer<typeof teamOverviewResponse>;

/** personalHistoryCopy for the team: betting records of the agent and its downline. */
export const teamBetRecordsRequest = z
  .object({ ...reportWindow, account: teamAccount, category: gameCategory.optional(), ...page })
  .strict();
export type TeamBetRecordsRequest = z.input<typeof teamBetRecordsRequest>;
export const teamBetRecordItem = betRecordItem.extend({ account: z.string() });
export type TeamBetRecordItem = z.infer<typeof teamBetRecordItem>;
const resultFigures = {
  bets: z.number().int(),
  stake: z.number().int(),
  validBet: z.number().int(),
  payout: z.number().int(),
  /** payout − stake, from the member's side. */
  winLoss: z.number().int(),
};
export const teamBetRecordsResponse = z.object({
  fromDay: z.string(),
  toDay: z.string(),
  records: z.array(teamBetRecordItem),
  /** The settled rounds of the filter (the daily summaries' figures). */
  totals: z.object(resultFigures),
  /** Rounds still open, and cancelled ones: how many and what is at stake or was refunded. */
  open: z.object({ bets: z.number().int(), stake: z.number().int() }),
  cancelled: z.object({ bets: z.number().int(), stake: z.number().int() }),
  ...paging,
});
export type TeamBetRecordsResponse = z.infer<typeof teamBetRecordsResponse>;

/** palStatementsAgentCopy: profit and loss per team member. */
export const TEAM_SCOPES = ['DIRECT', 'ALL'] as const;
export const teamProfitRequest = z
  .object({ ...reportWindow, scope: z.enum(TEAM_SCOPES).default('ALL'), account: teamAccount, ...page })
  .strict();
export type TeamProfitRequest = z.input<typeof teamProfitRequest>;
export const teamProfitRow = z.object({
  memberId: z.number().int(),
  account: z.string(),
  /** 0: the agent itself, 1: a direct downline, … */
  depth: z.number().int(),
  ...resultFigures,
});
export type TeamProfitRow = z.infer<typeof teamProfitRow>;
export const teamProfitResponse = z.object({
  fromDay: z.string(),
  toDay: z.string(),
  rows: z.array(teamProfitRow),
  /** Over every member of the filter, not only this page. */
  totals: z.object(resultFigures),
  ...paging,
});
export type TeamProfitResponse = z.infer<typeof teamProfitResponse>;

/**
 * agentDownlineTransactionDetailsCopy: deposits and withdrawals of the team, and transfers between
 * members (to an upline, an upline's salary and dividend payments, debts settled).
 */
export const TEAM_MOVEMENT_TYPES = ['DEPOSIT', 'WITHDRAWAL', 'TRANSFER'] as const;
export type TeamMovementType = (typeof TEAM_MOVEMENT_TYPES)[number];
/** From the team member's side: money in (a deposit, a transfer received) or out. */
export const TEAM_MOVEMENT_DIRECTIONS = ['IN', 'OUT'] as const;
export type TeamMovementDirection = (typeof TEAM_MOVEMENT_DIRECTIONS)[number];
export const teamTransactionsRequest = z
  .object({ ...reportWindow, type: z.enum(TEAM_MOVEMENT_TYPES).optional(), account: teamAccount, ...page })
  .strict();
export type TeamTransactionsRequest = z.input<typeof teamTransactionsRequest>;
export const teamTransactionItem = z.object({
  /** DEPOSIT-12, WITHDRAWAL-7, TRANSFER-40: unique across the kinds. */
  id: z.string(),
  type: z.enum(TEAM_MOVEMENT_TYPES),
  direction: z.enum(TEAM_MOVEMENT_DIRECTIONS),
  /** The team member whose money moved (a transfer within the team: its sender). */
  account: z.string(),
  /** A transfer's other member, when in the agent's team; null otherwise and for payments. */
  counterpart: z.string().nullable(),
  amount: z.number().int(),
  /**
   * A payment's state (PENDING, APPROVED, PAID, …) as the member's own records name it; a
   * transfer's kind (UPLINE_TRANSFER, AGENT_SALARY, AGENT_DIVIDEND, AGENT_DEBT).
   */
  status: z.string(),
  createdAt: z.string(),
});
export type TeamTransactionItem = z.infer<typeof teamTransactionItem>;
export const teamTransactionsResponse = z.object({
  fromDay: z.string(),
  toDay: z.string(),
  records: z.array(teamTransactionItem),
  /** Completed deposits and withdrawals of the filter (approved, paid) and its transfers, whatever the page. */
  totals: z.object({
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    transfers: z.number().int(),
  }),
  ...paging,
});
export type TeamTransactionsResponse = z.infer<typeof teamTransactionsResponse>;

/** agentAnnouncement: the brand's announcements for agents, in the visitor's language. */
export const agentAnnouncementsRequest = z.object({ ...page }).strict();
export const agentAnnouncementsResponse = z.object({
  announcements: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      content: z.string(),
      publishedAt: z.string(),
      language: z.string(),
    }),
  ),
  ...paging,
});
export type AgentAnnouncementsResponse = z.infer<typeof agentAnnouncementsResponse>;
