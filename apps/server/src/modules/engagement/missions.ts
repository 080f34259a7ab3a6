import { TRIAL_ACCOUNT_TYPE } from '@jade/contracts/constants';
import type {
  ClaimMissionResponse,
  ImportedMission,
  MissionItem,
  MissionKind,
  MissionLeaderboardResponse,
  MissionPeriod,
  MissionRefusal,
  MissionState,
  MissionSummaryResponse,
  OperatorMissionsResponse,
} from '@jade/contracts/missions';
import type { GameCategory } from '@jade/contracts/games';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { addDays, dayOf, startOfDay } from '../../platform/time-zone.js';
import { languageChain, pickName } from '../games/rules.js';
import { maskAccount } from '../games/service.js';
import type { Merchant } from '../merchants/repo.js';
import { notifyMember } from '../messages/inbox.js';
import * as ledger from '../wallet/ledger.js';
import { getMoneySettings } from '../wallet/money-settings.js';
import { turnoverBalance } from '../wallet/payments.js';

/**
 * Missions (issue 22 item 4, decision 0052). A member's progress is computed, every time, from the
 * records money depends on: approved deposits, the settled rounds' daily summaries, the login days.
 * Nothing a client sends moves it. A reward is paid once per member, mission and period, by the
 * conditional update of the mission's progress row in the transaction that posts it.
 */

type Brand = Pick<Merchant, 'id' | 'timeZone' | 'defaultLanguage'>;

export type MissionRow = {
  id: number;
  merchant_id: number;
  code: string;
  kind: string;
  category: string | null;
  target: number;
  period: string;
  reward_amount: number;
  reward_points: number;
  titles: string;
  starts_at: string;
  ends_at: string | null;
  enabled: number;
  sort_order: number;
};

/** The period a mission is measured over at an instant (the last one once it has ended). */
export type MissionWindow = {
  /** mission_progress.period_key: the period's first business day, or 'ONCE'. */
  key: string;
  /** Business days counted, both included; `lastDay` is today while the period runs. */
  firstDay: string;
  lastDay: string;
  /** The period's last day (null: a one-off mission without an end). */
  periodEnd: string | null;
  /** Deposits count from this instant (the mission's start, or the period's first midnight). */
  startInstant: string;
  expired: boolean;
};

/** Monday of the week a business day falls in (weeks run Monday to Sunday). */
export const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

const later = (a: string, b: string) => (a > b ? a : b);

export const windowOf = (mission: MissionRow, timeZone: string, now: Date): MissionWindow => {
  const expired = mission.ends_at !== null && now.toISOString() >= mission.ends_at;
  // An ended mission is seen as at its last instant: its last period is the one that counts.
  const at = expired ? new Date(new Date(mission.ends_at!).getTime() - 1) : now;
  const today = dayOf(timeZone, at);
  const startDay = dayOf(timeZone, mission.starts_at);
  const endDay =
    mission.ends_at === null ? null : dayOf(timeZone, new Date(new Date(mission.ends_at).getTime() - 1));
  const base = { lastDay: today, expired };
  const window = (key: string, periodStart: string, periodEnd: string | null): MissionWindow => {
    const firstDay = later(periodStart, startDay);
    const midnight = startOfDay(timeZone, firstDay).toISOString();
    return { ...base, key, firstDay, periodEnd, startInstant: later(midnight, mission.starts_at) };
  };
  if (mission.period === 'DAILY') return window(today, today, today);
  if (mission.period === 'WEEKLY') {
    const monday = mondayOf(today);
    return window(monday, monday, addDays(monday, 6));
  }
  return window('ONCE', startDay, endDay);
};

/** The longest run of consecutive days in a set of business days. */
const longestRun = (days: Iterable<string>) => {
  const sorted = [...new Set(days)].sort();
  let best = 0;
  let run = 0;
  let previous: string | undefined;
  for (const day of sorted) {
    run = previous !== undefined && addDays(previous, 1) === day ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  return best;
};

/**
 * Each member's figure for a mission over a window, from the records: DEPOSIT the approved deposits
 * (by when they were approved), VALID_BET the settled valid bets (of the category, or all), LOGIN_DAYS
 * the days logged in, STREAK_DAYS the longest run of days with a valid bet or a login. One member, or
 * every member of the brand with any (the leaderboard).
 */
export const figuresOf = async (
  db: DbOrTrx,
  merchant: Brand,
  mission: Pick<MissionRow, 'kind' | 'category'>,
  window: Pick<MissionWindow, 'firstDay' | 'lastDay' | 'startInstant'>,
  memberId?: number,
): Promise<Map<number, number>> => {
  const figures = new Map<number, number>();
  const kind = mission.kind as MissionKind;
  if (window.firstDay > window.lastDay) return figures;
  if (kind === 'DEPOSIT') {
    let q = db
      .selectFrom('deposit')
      .select(['member_id', (eb) => eb.fn.sum<number | string>('amount').as('total')])
      .where('merchant_id', '=', merchant.id)
      .where('status', '=', 'APPROVED')
      .where('decided_at', '>=', window.startInstant)
      .where('decided_at', '<', startOfDay(merchant.timeZone, addDays(window.lastDay, 1)).toISOString())
      .groupBy('member_id');
    if (memberId !== undefined) q = q.where('member_id', '=', memberId);
    for (const row of await q.execute()) figures.set(row.member_id, Number(row.total));
    return figures;
  }
  const bets = () => {
    let q = db
      .selectFrom('bet_daily_summary')
      .where('merchant_id', '=', merchant.id)
      .where('day', '>=', window.firstDay)
      .where('day', '<=', window.lastDay);
    if (memberId !== undefined) q = q.where('member_id', '=', memberId);
    return q;
  };
  const logins = () => {
    let q = db
      .selectFrom('member_login_day')
      .select(['member_id', 'day'])
      .where('merchant_id', '=', merchant.id)
      .where('day', '>=', window.firstDay)
      .where('day', '<=', window.lastDay);
    if (memberId !== undefined) q = q.where('member_id', '=', memberId);
    return q;
  };
  if (kind === 'VALID_BET') {
    let q = bets()
      .select(['member_id', (eb) => eb.fn.sum<number | string>('valid_bet').as('total')])
      .groupBy('member_id');
    if (mission.category) q = q.where('category', '=', mission.category);
    for (const row of await q.execute()) figures.set(row.member_id, Number(row.total));
    return figures;
  }
  const days = new Map<number, string[]>();
  const add = (rows: { member_id: number; day: string }[]) => {
    for (const row of rows) days.set(row.member_id, [...(days.get(row.member_id) ?? []), row.day]);
  };
  add(await logins().execute());
  if (kind === 'STREAK_DAYS')
    add(await bets().select(['member_id', 'day']).where('valid_bet', '>', 0).distinct().execute());
  for (const [member, list] of days)
    figures.set(member, kind === 'LOGIN_DAYS' ? new Set(list).size : longestRun(list));
  return figures;
};

const missionsOf = (db: DbOrTrx, merchantId: number) =>
  db.selectFrom('mission').selectAll().where('merchant_id', '=', merchantId);

const refusal = (reason: MissionRefusal) =>
  new AppError('MISSION_NOT_CLAIMABLE', 'This mission reward cannot be claimed now', { details: { reason } });

/** Ended missions stay on the member's list this long, as EXPIRED. */
const SHOW_ENDED_MS = 7 * 24 * 60 * 60 * 1000;

/** MCSFE_getMissionSummary: the brand's running missions, the member's progress and state in each. */
export const getMissionSummary = async (
  db: DbOrTrx,
  merchant: Brand,
  member: { id: number; type: number; language?: string | null },
  language: string | undefined,
  now = new Date(),
): Promise<MissionSummaryResponse> => {
  if (member.type === TRIAL_ACCOUNT_TYPE) return { missions: [], claimableCount: 0 };
  const rows = await missionsOf(db, merchant.id)
    .where('enabled', '=', 1)
    .where('starts_at', '<=', now.toISOString())
    .where((eb) =>
      eb.or([
        eb('ends_at', 'is', null),
        eb('ends_at', '>', new Date(now.getTime() - SHOW_ENDED_MS).toISOString()),
      ]),
    )
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const claimed = new Set(
    (
      await db
        .selectFrom('mission_progress')
        .select(['mission_id', 'period_key'])
        .where('member_id', '=', member.id)
        .where('merchant_id', '=', merchant.id)
        .where('status', '=', 'CLAIMED')
        .execute()
    ).map((r) => `${r.mission_id}:${r.period_key}`),
  );
  const chain = languageChain(language ?? member.language ?? undefined, merchant.defaultLanguage);
  const missions: MissionItem[] = [];
  for (const row of rows) {
    const window = windowOf(row, merchant.timeZone, now);
    const figure = (await figuresOf(db, merchant, row, window, member.id)).get(member.id) ?? 0;
    const target = Number(row.target);
    const state: MissionState = claimed.has(`${row.id}:${window.key}`)
      ? 'CLAIMED'
      : window.expired
        ? 'EXPIRED'
        : figure >= target
          ? 'COMPLETED'
          : 'IN_PROGRESS';
    missions.push({
      id: row.id,
      code: row.code,
      kind: row.kind as MissionKind,
      category: row.category as GameCategory | null,
      title: pickName(JSON.parse(row.titles) as Record<string, string>, chain),
      period: row.period as MissionPeriod,
      target,
      progress: Math.min(figure, target),
      periodStart: window.firstDay,
      periodEnd: window.periodEnd,
      rewardAmount: Number(row.reward_amount),
      rewardPoints: Number(row.reward_points),
      state,
      endsAt: row.ends_at,
    });
  }
  return { missions, claimableCount: missions.filter((m) => m.state === 'COMPLETED').length };
};

/**
 * MCS2_claimMissionReward: pays a completed mission's reward for the current period, once. In one
 * write transaction: the progress is recomputed from the records, the period's progress row written
 * COMPLETED (if no other claim wrote it), then moved to CLAIMED by a conditional update whose row
 * count decides who pays; the money (promotion expense to the main wallet, joining the turnover
 * requirement) and the points (points issued to the member) are posted under a key naming member,
 * mission and period, and the member is told in the inbox.
 */
export const claimMissionReward = async (
  db: Db,
  merchant: Brand,
  memberId: number,
  missionId: number,
  now = new Date(),
): Promise<ClaimMissionResponse> =>
  writeTransaction(db, async (trx) => {
    const mission = await missionsOf(trx, merchant.id)
      .where('id', '=', missionId)
      .where('enabled', '=', 1)
      .where('starts_at', '<=', now.toISOString())
      .executeTakeFirst();
    if (!mission) throw new AppError('NOT_FOUND', 'No such mission');
    const window = windowOf(mission, merchant.timeZone, now);
    if (window.expired) throw refusal('EXPIRED');
    const figure = (await figuresOf(trx, merchant, mission, window, memberId)).get(memberId) ?? 0;
    const target = Number(mission.target);
    const at = now.toISOString();
    const rewardAmount = Number(mission.reward_amount);
    const rewardPoints = Number(mission.reward_points);
    if (figure < target) {
      const done = await trx
        .selectFrom('mission_progress')
        .select('status')
        .where('member_id', '=', memberId)
        .where('mission_id', '=', mission.id)
        .where('period_key', '=', window.key)
        .executeTakeFirst();
      throw refusal(done?.status === 'CLAIMED' ? 'CLAIMED' : 'NOT_COMPLETED');
    }
    await trx
      .insertInto('mission_progress')
      .values({
        merchant_id: merchant.id,
        member_id: memberId,
        mission_id: mission.id,
        period_key: window.key,
        status: 'COMPLETED',
        progress: figure,
        reward_amount: rewardAmount,
        reward_points: rewardPoints,
        completed_at: at,
        claimed_at: null,
      })
      .onConflict((oc) => oc.columns(['member_id', 'mission_id', 'period_key']).doNothing())
      .execute();
    const updated = await trx
      .updateTable('mission_progress')
      .set({ status: 'CLAIMED', claimed_at: at, progress: figure })
      .where('member_id', '=', memberId)
      .where('mission_id', '=', mission.id)
      .where('period_key', '=', window.key)
      .where('status', '=', 'COMPLETED')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw refusal('CLAIMED');
    await payReward(trx, merchant.id, memberId, mission, window.key, now);
    return { missionId: mission.id, periodKey: window.key, rewardAmount, rewardPoints, state: 'CLAIMED' };
  });

const payReward = async (
  trx: DbOrTrx,
  merchantId: number,
  memberId: number,
  mission: MissionRow,
  periodKey: string,
  now: Date,
) => {
  const amount = Number(mission.reward_amount);
  const points = Number(mission.reward_points);
  const reference = `mission:${mission.id}:${periodKey}`;
  const legs: ledger.Leg[] = [];
  if (amount > 0)
    legs.push({
      kind: 'MISSION_REWARD',
      debitAccountId: await ledger.houseAccount(trx, merchantId, 'PROMOTION_EXPENSE'),
      creditAccountId: await ledger.memberAccount(trx, merchantId, memberId, 'MAIN'),
      amount,
      reference,
    });
  if (points > 0)
    legs.push({
      kind: 'MISSION_POINTS',
      debitAccountId: await ledger.houseAccount(trx, merchantId, 'POINTS_ISSUED'),
      creditAccountId: await ledger.memberAccount(trx, merchantId, memberId, 'POINTS'),
      amount: points,
      reference,
    });
  const { turnoverMultiplier } = await getMoneySettings(trx, merchantId);
  const before = amount > 0 ? await turnoverBalance(trx, merchantId, memberId, turnoverMultiplier) : 0;
  const result = await ledger.postTransfersIn(
    trx,
    { merchantId, idempotencyKey: `mission:${memberId}:${mission.id}:${periodKey}`, legs },
    now,
  );
  if (result.replayed) return;
  // Like every bonus, the money joins the turnover requirement; earlier wagering absorbs none of it.
  const required = Math.ceil(amount * turnoverMultiplier);
  if (required > 0)
    await trx
      .insertInto('turnover_adjustment')
      .values({
        merchant_id: merchantId,
        member_id: memberId,
        amount: required + Math.max(0, -before),
        ledger_transfer_id: result.transfers[0]!.id,
        created_at: now.toISOString(),
      })
      .execute();
  await notifyMember(
    trx,
    {
      merchantId,
      memberId,
      kind: 'MISSION_REWARD',
      params: { amount, points, mission: mission.code },
    },
    now,
  );
};

/**
 * MCSFE_getMissionLeaderboard: the brand's members by missions completed this business week (Monday
 * to today): a daily mission counts once for each day of the week it was completed, a weekly one
 * once, a one-off one once if it runs this week. Trial accounts are left out; accounts are masked
 * as on the other public boards.
 */
export const getMissionLeaderboard = async (
  db: DbOrTrx,
  merchant: Brand,
  limit: number,
  now = new Date(),
): Promise<MissionLeaderboardResponse> => {
  const today = dayOf(merchant.timeZone, now);
  const monday = mondayOf(today);
  const weekStart = startOfDay(merchant.timeZone, monday).toISOString();
  const rows = await missionsOf(db, merchant.id)
    .where('enabled', '=', 1)
    .where('starts_at', '<=', now.toISOString())
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', weekStart)]))
    .execute();
  const completed = new Map<number, number>();
  const count = (figures: Map<number, number>, target: number) => {
    for (const [member, figure] of figures)
      if (figure >= target) completed.set(member, (completed.get(member) ?? 0) + 1);
  };
  for (const row of rows) {
    const current = windowOf(row, merchant.timeZone, now);
    const target = Number(row.target);
    if (row.period !== 'DAILY') {
      count(await figuresOf(db, merchant, row, current), target);
      continue;
    }
    for (
      let day = later(monday, dayOf(merchant.timeZone, row.starts_at));
      day <= current.lastDay;
      day = addDays(day, 1)
    ) {
      const startInstant = later(startOfDay(merchant.timeZone, day).toISOString(), row.starts_at);
      count(await figuresOf(db, merchant, row, { firstDay: day, lastDay: day, startInstant }), target);
    }
  }
  const members =
    completed.size === 0
      ? []
      : await db
          .selectFrom('member')
          .select(['id', 'username'])
          .where('merchant_id', '=', merchant.id)
          .where('id', 'in', [...completed.keys()])
          .where('type', '!=', TRIAL_ACCOUNT_TYPE)
          .execute();
  const ranked = members
    .map((m) => ({ id: m.id, username: m.username, completed: completed.get(m.id) ?? 0 }))
    .sort((a, b) => b.completed - a.completed || a.id - b.id)
    .slice(0, limit);
  return {
    periodStart: monday,
    periodEnd: addDays(monday, 6),
    items: ranked.map((m, i) => ({ rank: i + 1, account: maskAccount(m.username), completed: m.completed })),
  };
};

// ---- operators

/** Creates or replaces (by code) one mission of the brand. */
export const saveMission = async (
  db: DbOrTrx,
  merchantId: number,
  input: ImportedMission,
  now = new Date(),
) => {
  const at = now.toISOString();
  const values = {
    kind: input.kind,
    category: input.category,
    target: input.target,
    period: input.period,
    reward_amount: input.rewardAmount,
    reward_points: input.rewardPoints,
    titles: JSON.stringify(input.titles),
    starts_at: new Date(input.startsAt).toISOString(),
    ends_at: input.endsAt === null ? null : new Date(input.endsAt).toISOString(),
    enabled: input.isEnabled ? 1 : 0,
    sort_order: input.sortOrder,
    updated_at: at,
  };
  await db
    .insertInto('mission')
    .values({ merchant_id: merchantId, code: input.code, created_at: at, ...values })
    .onConflict((oc) => oc.columns(['merchant_id', 'code']).doUpdateSet(values))
    .execute();
  return { code: input.code };
};

/** Every mission of the brand with what its rewards paid so far. */
export const listMissions = async (db: DbOrTrx, merchantId: number): Promise<OperatorMissionsResponse> => {
  const rows = await missionsOf(db, merchantId).orderBy('sort_order').orderBy('id').execute();
  const paid = await db
    .selectFrom('mission_progress')
    .select([
      'mission_id',
      (eb) => eb.fn.countAll<number | string>().as('claims'),
      (eb) => eb.fn.sum<number | string>('reward_amount').as('amount'),
      (eb) => eb.fn.sum<number | string>('reward_points').as('points'),
    ])
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'CLAIMED')
    .groupBy('mission_id')
    .execute();
  const byMission = new Map(paid.map((p) => [p.mission_id, p]));
  return {
    missions: rows.map((row) => {
      const p = byMission.get(row.id);
      return {
        id: row.id,
        code: row.code,
        kind: row.kind as MissionKind,
        category: row.category,
        target: Number(row.target),
        period: row.period as MissionPeriod,
        rewardAmount: Number(row.reward_amount),
        rewardPoints: Number(row.reward_points),
        titles: JSON.parse(row.titles) as Record<string, string>,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        isEnabled: row.enabled === 1,
        sortOrder: row.sort_order,
        claims: Number(p?.claims ?? 0),
        paidAmount: Number(p?.amount ?? 0),
        paidPoints: Number(p?.points ?? 0),
      };
    }),
  };
};
