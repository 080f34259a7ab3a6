import type { AgentPayment, AgentPaymentsQuery, AgentRevenue } from '@jade/contracts/agent-payroll';
import type { ContractCategory, ContractKind } from '@jade/contracts/agents';
import type { DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { Merchant } from '../merchants/repo.js';
import { reportDays } from './guard.js';

/**
 * What an agent sees of the payroll (decision 0041): its own payments, and what it paid its direct
 * children. Every query is keyed by the agent itself, so no id it passes can reach another team.
 */

type Scope = { merchant: Merchant; agentId: number };

const directChild = async (db: DbOrTrx, merchantId: number, agentId: number, memberId: number) => {
  const row = await db
    .selectFrom('member_closure')
    .select('descendant_id')
    .where('merchant_id', '=', merchantId)
    .where('ancestor_id', '=', agentId)
    .where('descendant_id', '=', memberId)
    .where('depth', '=', 1)
    .executeTakeFirst();
  // The same answer as for a member that does not exist: nothing is learnt of other teams.
  if (!row) throw new AppError('NOT_FOUND', 'No such member in your team');
};

export const listAgentPayments = async (db: DbOrTrx, scope: Scope, query: AgentPaymentsQuery) => {
  const days = reportDays(scope.merchant, query);
  if (query.memberId !== undefined) await directChild(db, scope.merchant.id, scope.agentId, query.memberId);
  let base = db
    .selectFrom('agent_payment as p')
    .where('p.merchant_id', '=', scope.merchant.id)
    .where('p.kind', '=', query.kind)
    .where('p.day', '>=', days.fromDay)
    .where('p.day', '<=', days.toDay);
  base =
    query.side === 'RECEIVED'
      ? base.where('p.holder_id', '=', scope.agentId)
      : base.where('p.payer_id', '=', scope.agentId);
  if (query.memberId !== undefined) base = base.where('p.holder_id', '=', query.memberId);
  const totals = await base
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number | string>('p.gross'), eb.lit(0)).as('gross'),
      eb.fn.coalesce(eb.fn.sum<number | string>('p.paid'), eb.lit(0)).as('paid'),
      eb.fn.coalesce(eb.fn.sum<number | string>('p.owed'), eb.lit(0)).as('owed'),
    ])
    .executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('member as h', 'h.id', 'p.holder_id')
    .leftJoin('member as u', 'u.id', 'p.payer_id')
    .selectAll('p')
    .select(['h.username as holder', 'u.username as payer'])
    .orderBy('p.window_end', 'desc')
    .orderBy('p.id', 'desc')
    .offset((query.page - 1) * query.size)
    .limit(query.size)
    .execute();
  const total = Number(totals.count);
  const list: AgentPayment[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind as ContractKind,
    category: r.category as ContractCategory,
    periodKey: r.period_key,
    day: r.day,
    windowStart: r.window_start,
    windowEnd: r.window_end,
    holder: r.holder,
    payer: r.payer,
    teamValidBet: Number(r.team_valid_bet),
    netLoss: Number(r.net_loss),
    carriedIn: Number(r.carried_in),
    activeMembers: r.active_members,
    tier: r.tier === null ? null : r.tier + 1,
    gross: Number(r.gross),
    paid: Number(r.paid),
    owed: Number(r.owed),
    status: r.status,
  }));
  return {
    ...days,
    list,
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.size)),
    totals: { gross: Number(totals.gross), paid: Number(totals.paid), owed: Number(totals.owed) },
  };
};

/**
 * The agent's income by kind and day: what it received on its own contracts, minus what it paid its
 * direct children (paid now, owed debts not counted until settled), is what it kept.
 */
export const agentRevenue = async (
  db: DbOrTrx,
  scope: Scope,
  window: { range?: AgentPaymentsQuery['range']; fromDay?: string; toDay?: string },
): Promise<AgentRevenue> => {
  const days = reportDays(scope.merchant, window);
  const sums = (side: 'holder_id' | 'payer_id') =>
    db
      .selectFrom('agent_payment')
      .select((eb) => ['day', 'kind', eb.fn.sum<number | string>('paid').as('paid')])
      .where('merchant_id', '=', scope.merchant.id)
      .where(side, '=', scope.agentId)
      .where('day', '>=', days.fromDay)
      .where('day', '<=', days.toDay)
      .groupBy(['day', 'kind'])
      .execute();
  const byKey = new Map<
    string,
    { day: string; kind: ContractKind; received: number; paidToChildren: number }
  >();
  const entry = (day: string, kind: string) => {
    const key = `${day}:${kind}`;
    let row = byKey.get(key);
    if (!row) byKey.set(key, (row = { day, kind: kind as ContractKind, received: 0, paidToChildren: 0 }));
    return row;
  };
  for (const r of await sums('holder_id')) entry(r.day, r.kind).received += Number(r.paid);
  for (const r of await sums('payer_id')) entry(r.day, r.kind).paidToChildren += Number(r.paid);
  const rows = [...byKey.values()]
    .map((r) => ({ ...r, kept: r.received - r.paidToChildren }))
    .sort((a, b) => b.day.localeCompare(a.day) || a.kind.localeCompare(b.kind));
  const totals = rows.reduce(
    (t, r) => ({
      received: t.received + r.received,
      paidToChildren: t.paidToChildren + r.paidToChildren,
      kept: t.kept + r.kept,
    }),
    { received: 0, paidToChildren: 0, kept: 0 },
  );
  return { ...days, rows, totals };
};
