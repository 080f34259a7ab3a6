import { isAgentAccountType } from '@jade/contracts/constants';
import type { AgentDateRange } from '@jade/contracts/agents';
import type { FastifyRequest } from 'fastify';
import type { DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { addDays, dayOf } from '../../platform/time-zone.js';
import type { Guard } from '../accounts/guard.js';
import { isInTeam } from '../accounts/tree.js';
import type { Merchant } from '../merchants/repo.js';

/**
 * The agent calls' gate (§6: "non-agents cannot log in to the agent site"): a logged-in, active
 * member of an agent type (1, 2, 41, 42). Members, trial accounts and suspended agents are refused.
 */
export const agentSession = async (guard: Guard, request: FastifyRequest) => {
  const session = await guard(request);
  if (!isAgentAccountType(session.member.type) || session.member.status !== 'ACTIVE') {
    throw new AppError('NOT_AN_AGENT', 'This is for agents only');
  }
  return session;
};

/**
 * Refuses a member outside the agent's own team (itself and everything below it) exactly as it
 * refuses a member that does not exist, so an agent learns nothing of a sibling, an upline or
 * another brand.
 */
export const assertInTeam = async (db: DbOrTrx, merchantId: number, agentId: number, memberId: number) => {
  if (!(await isInTeam(db, merchantId, agentId, memberId))) {
    throw new AppError('NOT_FOUND', 'No such member in your team');
  }
};

/** The member of the agent's team with this account name, or NOT_FOUND (as for one outside it). */
export const teamMemberByAccount = async (
  db: DbOrTrx,
  merchantId: number,
  agentId: number,
  account: string,
) => {
  const row = await db
    .selectFrom('member')
    .innerJoin('member_closure', 'member_closure.descendant_id', 'member.id')
    .select(['member.id', 'member.username', 'member.type', 'member_closure.depth'])
    .where('member.merchant_id', '=', merchantId)
    .where('member.username_key', '=', account.trim().toLowerCase())
    .where('member_closure.ancestor_id', '=', agentId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such member in your team');
  return row;
};

/** The longest window an agent report covers, in days. */
export const MAX_REPORT_DAYS = 92;

/**
 * A report's days, inclusive, in the brand's calendar: one of the §9 ranges (today, past or next 7
 * and 30 days) or explicit days. A window longer than MAX_REPORT_DAYS or backwards is refused.
 */
export const reportDays = (
  merchant: Merchant,
  window: { range?: AgentDateRange; fromDay?: string; toDay?: string },
  now = new Date(),
): { fromDay: string; toDay: string } => {
  const today = dayOf(merchant.timeZone, now);
  const byRange: Record<AgentDateRange, { fromDay: string; toDay: string }> = {
    TODAY: { fromDay: today, toDay: today },
    PAST_7: { fromDay: addDays(today, -6), toDay: today },
    PAST_30: { fromDay: addDays(today, -29), toDay: today },
    NEXT_7: { fromDay: today, toDay: addDays(today, 6) },
    NEXT_30: { fromDay: today, toDay: addDays(today, 29) },
  };
  const days =
    window.fromDay && window.toDay
      ? { fromDay: window.fromDay, toDay: window.toDay }
      : byRange[window.range ?? 'PAST_7'];
  const span = (Date.parse(days.toDay) - Date.parse(days.fromDay)) / 86_400_000;
  if (!(span >= 0) || span >= MAX_REPORT_DAYS) {
    throw new AppError('VALIDATION_FAILED', `A report covers 1 to ${MAX_REPORT_DAYS} days`, {
      fields: { toDay: ['Out of range'] },
    });
  }
  return days;
};
