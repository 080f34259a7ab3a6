import { TRIAL_ACCOUNT_TYPE } from '@jade/contracts/constants';
import type { OperatorSetVipRankResponse, VipProgressResponse } from '@jade/contracts/vip';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { addDays, dayOf, startOfDay } from '../../platform/time-zone.js';
import { languageChain, pickName } from '../games/rules.js';
import type { Merchant } from '../merchants/repo.js';
import { notifyMember } from '../messages/inbox.js';
import * as ledger from '../wallet/ledger.js';
import { getMoneySettings } from '../wallet/money-settings.js';
import { turnoverBalance } from '../wallet/payments.js';
import * as repo from './repo.js';

/**
 * VIP ranking (issue 22 item 3, decision 0049). A member's rank is the highest enabled rank whose
 * deposit and valid-bet requirements the member's figures over the brand's rolling period meet. The
 * job raises a rank as soon as it is met and lowers one at most once a period; every rank reached for
 * the first time pays its upgrade bonus, once ever, in the transaction that changes the rank.
 */

export const DEFAULT_VIP_PERIOD_DAYS = 30;

export type VipFigures = { deposits: number; validBets: number };

export const getVipPeriodDays = async (db: DbOrTrx, merchantId: number): Promise<number> =>
  (
    await db
      .selectFrom('vip_setting')
      .select('period_days')
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst()
  )?.period_days ?? DEFAULT_VIP_PERIOD_DAYS;

export const setVipPeriodDays = async (db: DbOrTrx, merchantId: number, days: number, now = new Date()) => {
  await db
    .insertInto('vip_setting')
    .values({ merchant_id: merchantId, period_days: days, updated_at: now.toISOString() })
    .onConflict((oc) =>
      oc.column('merchant_id').doUpdateSet({ period_days: days, updated_at: now.toISOString() }),
    )
    .execute();
};

/** The period's first business day and the instant it starts: today and the N-1 days before it. */
const periodOf = (timeZone: string, days: number, now: Date) => {
  const firstDay = addDays(dayOf(timeZone, now), -(days - 1));
  return { firstDay, start: startOfDay(timeZone, firstDay).toISOString() };
};

/**
 * Approved deposits (by when they were approved) and settled valid bets (by their business day) of the
 * period, per member; one member, or every member of the brand with either.
 */
const figuresOf = async (
  db: DbOrTrx,
  merchant: Pick<Merchant, 'id' | 'timeZone'>,
  days: number,
  now: Date,
  memberId?: number,
): Promise<Map<number, VipFigures>> => {
  const { firstDay, start } = periodOf(merchant.timeZone, days, now);
  let deposits = db
    .selectFrom('deposit')
    .select(['member_id', (eb) => eb.fn.sum<number | string>('amount').as('total')])
    .where('merchant_id', '=', merchant.id)
    .where('status', '=', 'APPROVED')
    .where('decided_at', '>=', start)
    .groupBy('member_id');
  let bets = db
    .selectFrom('bet_daily_summary')
    .select(['member_id', (eb) => eb.fn.sum<number | string>('valid_bet').as('total')])
    .where('merchant_id', '=', merchant.id)
    .where('day', '>=', firstDay)
    .groupBy('member_id');
  if (memberId !== undefined) {
    deposits = deposits.where('member_id', '=', memberId);
    bets = bets.where('member_id', '=', memberId);
  }
  const figures = new Map<number, VipFigures>();
  const of = (id: number) => {
    let f = figures.get(id);
    if (!f) figures.set(id, (f = { deposits: 0, validBets: 0 }));
    return f;
  };
  for (const row of await deposits.execute()) of(row.member_id).deposits = Number(row.total);
  for (const row of await bets.execute()) of(row.member_id).validBets = Number(row.total);
  return figures;
};

/** The highest enabled rank both figures meet (level 0 when none does). */
export const qualifiedLevel = (ranks: readonly repo.VipRankRow[], figures: VipFigures) =>
  ranks
    .filter((r) => figures.deposits >= r.depositRequirement && figures.validBets >= r.turnoverRequirement)
    .reduce((level, r) => Math.max(level, r.level), 0);

type RankChange = {
  merchant: Pick<Merchant, 'id' | 'defaultLanguage'>;
  memberId: number;
  fromLevel: number;
  toLevel: number;
  ranks: readonly repo.VipRankRow[];
  source: string;
  now: Date;
};

/**
 * Moves the member from `fromLevel` to `toLevel` and pays the upgrade bonus of every rank up to the
 * new one the member never reached before, in one write transaction. The update is conditional on the
 * level still being `fromLevel`: a second run deciding the same change at the same time (another
 * instance, another connection) changes nothing and pays nothing. Answers the bonus paid, or null when
 * the member's level had already moved.
 */
export const changeRank = async (db: Db, change: RankChange): Promise<number | null> =>
  writeTransaction(db, async (trx) => {
    const { merchant, memberId, toLevel, ranks, now } = change;
    const at = now.toISOString();
    const rank = ranks.find((r) => r.level === toLevel);
    const label = rank
      ? pickName(rank.names, languageChain(undefined, merchant.defaultLanguage))
      : `VIP${toLevel}`;
    const updated = await trx
      .updateTable('member')
      .set({ vip_level: toLevel, vip_label: label.slice(0, 64), vip_changed_at: at, updated_at: at })
      .where('id', '=', memberId)
      .where('merchant_id', '=', merchant.id)
      .where('vip_level', '=', change.fromLevel)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return null;
    const reached = new Set(
      (await trx.selectFrom('vip_reached').select('level').where('member_id', '=', memberId).execute()).map(
        (r) => r.level,
      ),
    );
    const newlyReached = ranks.filter((r) => r.level > 0 && r.level <= toLevel && !reached.has(r.level));
    let paid = 0;
    for (const r of newlyReached) {
      await trx
        .insertInto('vip_reached')
        .values({
          merchant_id: merchant.id,
          member_id: memberId,
          level: r.level,
          bonus: r.upgradeBonus,
          source: change.source.slice(0, 80),
          reached_at: at,
        })
        .execute();
      if (r.upgradeBonus > 0) {
        await payUpgradeBonus(trx, merchant.id, memberId, r, now);
        paid += r.upgradeBonus;
      }
    }
    return paid;
  });

/**
 * The rank's upgrade bonus, from the brand's promotion expense account, under the key that names the
 * rank reached; the bonus joins the member's turnover requirement at the brand's multiplier, the
 * wagering done before it absorbing none of it (as with transfers from an upline).
 */
const payUpgradeBonus = async (
  trx: DbOrTrx,
  merchantId: number,
  memberId: number,
  rank: repo.VipRankRow,
  now: Date,
) => {
  const { turnoverMultiplier } = await getMoneySettings(trx, merchantId);
  const before = await turnoverBalance(trx, merchantId, memberId, turnoverMultiplier);
  const result = await ledger.postTransfersIn(
    trx,
    {
      merchantId,
      idempotencyKey: `vip-upgrade:${memberId}:${rank.level}`,
      legs: [
        {
          kind: 'VIP_UPGRADE_BONUS',
          debitAccountId: await ledger.houseAccount(trx, merchantId, 'PROMOTION_EXPENSE'),
          creditAccountId: await ledger.memberAccount(trx, merchantId, memberId, 'MAIN'),
          amount: rank.upgradeBonus,
          reference: `vip-rank:${rank.level}`,
        },
      ],
    },
    now,
  );
  if (!result.replayed) {
    await notifyMember(trx, {
      merchantId,
      memberId,
      kind: 'BONUS_ISSUED',
      params: { amount: rank.upgradeBonus, vipLevel: rank.level },
    });
  }
  const required = Math.ceil(rank.upgradeBonus * turnoverMultiplier);
  if (required > 0 && !result.replayed) {
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
  }
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The job (every few minutes, leased): recomputes every member's rank in every brand with ranks.
 * Raises at once; lowers only a rank held for a whole period (decision 0049). Answers the changes.
 */
export const recomputeVipRanks = async (db: Db, now = new Date()) => {
  let changed = 0;
  const brands = await db
    .selectFrom('merchant')
    .select(['id', 'time_zone', 'default_language'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('vip_rank')
          .select('vip_rank.id')
          .whereRef('vip_rank.merchant_id', '=', 'merchant.id')
          .where('vip_rank.enabled', '=', 1),
      ),
    )
    .execute();
  for (const brand of brands) {
    const merchant = { id: brand.id, timeZone: brand.time_zone, defaultLanguage: brand.default_language };
    const ranks = await repo.listEnabledRanks(db, brand.id);
    const days = await getVipPeriodDays(db, brand.id);
    const figures = await figuresOf(db, merchant, days, now);
    const ranked = await db
      .selectFrom('member')
      .select(['id', 'vip_level', 'vip_changed_at', 'type'])
      .where('merchant_id', '=', brand.id)
      .where('vip_level', '>', 0)
      .execute();
    const members = new Map(ranked.map((m) => [m.id, m]));
    const unranked = [...figures.keys()].filter((id) => !members.has(id));
    for (let i = 0; i < unranked.length; i += 500) {
      const rows = await db
        .selectFrom('member')
        .select(['id', 'vip_level', 'vip_changed_at', 'type'])
        .where('merchant_id', '=', brand.id)
        .where('id', 'in', unranked.slice(i, i + 500))
        .execute();
      for (const row of rows) members.set(row.id, row);
    }
    const holdUntil = now.getTime() - days * DAY_MS;
    for (const member of members.values()) {
      if (member.type === TRIAL_ACCOUNT_TYPE) continue;
      const target = qualifiedLevel(ranks, figures.get(member.id) ?? { deposits: 0, validBets: 0 });
      if (target === member.vip_level) continue;
      const heldLongEnough =
        member.vip_changed_at === null || new Date(member.vip_changed_at).getTime() <= holdUntil;
      if (target < member.vip_level && !heldLongEnough) continue;
      const paid = await changeRank(db, {
        merchant,
        memberId: member.id,
        fromLevel: member.vip_level,
        toLevel: target,
        ranks,
        source: 'JOB',
        now,
      });
      if (paid !== null) changed++;
    }
  }
  return changed;
};

/** The member's rank, figures over the period and the next rank's requirements (/vip). */
export const getVipProgress = async (
  db: DbOrTrx,
  merchant: Merchant,
  member: { id: number; vip_level: number; vip_label: string; language?: string | null },
  language: string | undefined,
  now = new Date(),
): Promise<VipProgressResponse> => {
  const days = await getVipPeriodDays(db, merchant.id);
  const ranks = await repo.listEnabledRanks(db, merchant.id);
  const figures = (await figuresOf(db, merchant, days, now, member.id)).get(member.id);
  const chain = languageChain(language ?? member.language ?? undefined, merchant.defaultLanguage);
  const current = ranks.find((r) => r.level === member.vip_level);
  const next = ranks.find((r) => r.level > member.vip_level);
  return {
    level: member.vip_level,
    name: current ? pickName(current.names, chain) : member.vip_label,
    periodDays: days,
    periodStart: periodOf(merchant.timeZone, days, now).firstDay,
    deposits: figures?.deposits ?? 0,
    validBets: figures?.validBets ?? 0,
    next: next
      ? {
          level: next.level,
          name: pickName(next.names, chain),
          depositRequirement: next.depositRequirement,
          turnoverRequirement: next.turnoverRequirement,
          upgradeBonus: next.upgradeBonus,
        }
      : null,
  };
};

/**
 * An operator sets a member's rank (CLI and operator API): ranks reached for the first time pay their
 * bonus as the job's would; the rank then holds a whole period before the job may lower it.
 */
export const setMemberRank = async (
  db: Db,
  merchant: Merchant,
  account: string,
  level: number,
  by: string,
  now = new Date(),
): Promise<OperatorSetVipRankResponse> => {
  const ranks = await repo.listEnabledRanks(db, merchant.id);
  if (level !== 0 && !ranks.some((r) => r.level === level))
    throw new AppError('VALIDATION_FAILED', `The brand has no enabled VIP rank ${level}`, {
      fields: { level: ['No such rank'] },
    });
  const member = await db
    .selectFrom('member')
    .select(['id', 'username', 'vip_level', 'type'])
    .where('merchant_id', '=', merchant.id)
    .where('username_key', '=', account.toLowerCase())
    .executeTakeFirst();
  if (!member) throw new AppError('NOT_FOUND', `No member '${account}'`);
  if (member.type === TRIAL_ACCOUNT_TYPE)
    throw new AppError('VALIDATION_FAILED', 'Trial accounts have no VIP rank', {
      fields: { account: ['Trial account'] },
    });
  const paid = await changeRank(db, {
    merchant,
    memberId: member.id,
    fromLevel: member.vip_level,
    toLevel: level,
    ranks,
    source: `OPERATOR:${by}`,
    now,
  });
  if (paid === null) throw new AppError('CONFLICT', 'The rank changed meanwhile; try again');
  return { account: member.username, fromLevel: member.vip_level, level, bonusPaid: paid };
};
