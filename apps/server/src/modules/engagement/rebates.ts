import { TRIAL_ACCOUNT_TYPE } from '@jade/contracts/constants';
import {
  REBATE_CATEGORIES,
  type ClaimableRebate,
  type ClaimableRebatesResponse,
  type PaidRebate,
  type RebateCategory,
  type RebateHistoryResponse,
  type RebateRate,
} from '@jade/contracts/rebates';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { isUniqueViolation, writeTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { addDays, dayOf } from '../../platform/time-zone.js';
import { getFlags } from '../merchants/service.js';
import { notifyMember } from '../messages/inbox.js';
import * as ledger from '../wallet/ledger.js';

/**
 * Rebates (cashback, issue 22 item 2, decision 0051). A member earns, per game category, the rate of
 * their current VIP rank (plus the rebate boosts they joined) on the valid bet of settled rounds
 * since their last rebate of that category, read from `bet_daily_summary` by business day. Each
 * rebate is a row naming its period (the one after rebate `previous_id`), unique per member and
 * category, written in the transaction that pays it from the brand's promotion expense account.
 */

/** A member's first rebate of a category looks back this many business days (up to its last day). */
export const FIRST_REBATE_DAYS = 7;
const BP = 10_000n;

type Brand = { id: number; timeZone: string };
type RebateMember = { id: number; vip_level: number; type: number };

// ---- Rates ----

export const listRates = async (db: DbOrTrx, merchantId: number): Promise<RebateRate[]> =>
  (
    await db
      .selectFrom('rebate_rate')
      .select(['category', 'vip_level', 'rate_bp'])
      .where('merchant_id', '=', merchantId)
      .orderBy('category')
      .orderBy('vip_level')
      .execute()
  ).map((r) => ({ category: r.category as RebateCategory, vipLevel: r.vip_level, rateBp: r.rate_bp }));

export const setRates = async (
  db: DbOrTrx,
  merchantId: number,
  rates: readonly RebateRate[],
  now = new Date(),
) => {
  const at = now.toISOString();
  for (const r of rates)
    await db
      .insertInto('rebate_rate')
      .values({
        merchant_id: merchantId,
        category: r.category,
        vip_level: r.vipLevel,
        rate_bp: r.rateBp,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc
          .columns(['merchant_id', 'category', 'vip_level'])
          .doUpdateSet({ rate_bp: r.rateBp, updated_at: at }),
      )
      .execute();
};

/** The rate of the category's row for the level, or of the highest level below it with a row; 0 when none. */
export const rateFor = (rates: readonly RebateRate[], category: RebateCategory, level: number) =>
  rates
    .filter((r) => r.category === category && r.vipLevel <= level)
    .reduce<RebateRate | null>((best, r) => (best === null || r.vipLevel > best.vipLevel ? r : best), null)
    ?.rateBp ?? 0;

/** What the rebate boosts the member joined (§4 Joined, still running) add to every category's rate. */
export const joinedBoostBp = async (db: DbOrTrx, merchantId: number, memberId: number, now = new Date()) => {
  const at = now.toISOString();
  const row = await db
    .selectFrom('promotion_claim as c')
    .innerJoin('promotion as p', 'p.id', 'c.promotion_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('p.bonus_rate_bp'), eb.lit(0)).as('bp'))
    .where('c.merchant_id', '=', merchantId)
    .where('c.member_id', '=', memberId)
    .where('c.status', '=', 'JOINED')
    .where('p.kind', '=', 'REBATE_BOOST')
    .where('p.enabled', '=', 1)
    .where('p.starts_at', '<=', at)
    .where((eb) => eb.or([eb('p.ends_at', 'is', null), eb('p.ends_at', '>', at)]))
    .executeTakeFirstOrThrow();
  return Number(row.bp);
};

// ---- What is claimable ----

type Due = ClaimableRebate & { previousId: number; toDayValidBet: number; vipLevel: number };

/**
 * Each category's valid bet since the member's last rebate of it, up to and including `uptoDay`: the
 * days after the last rebate's last day, plus what was added to that day after it was paid (a claim
 * made during the day covers only what had settled). A first rebate looks back FIRST_REBATE_DAYS.
 */
const dueRebates = async (
  db: DbOrTrx,
  merchantId: number,
  member: RebateMember,
  uptoDay: string,
  now: Date,
): Promise<Due[]> => {
  const [rates, boostBp, lasts] = await Promise.all([
    listRates(db, merchantId),
    joinedBoostBp(db, merchantId, member.id, now),
    db
      .selectFrom('rebate as r')
      .select(['r.id', 'r.category', 'r.to_day', 'r.to_day_valid_bet'])
      .where('r.merchant_id', '=', merchantId)
      .where('r.member_id', '=', member.id)
      .where((eb) =>
        eb(
          'r.id',
          '=',
          eb
            .selectFrom('rebate as l')
            .select((e) => e.fn.max('l.id').as('id'))
            .whereRef('l.member_id', '=', 'r.member_id')
            .whereRef('l.category', '=', 'r.category'),
        ),
      )
      .execute(),
  ]);
  const lastOf = new Map(lasts.map((l) => [l.category, l]));
  const firstDayOf = (category: string) =>
    lastOf.get(category)?.to_day ?? addDays(uptoDay, -(FIRST_REBATE_DAYS - 1));
  const earliest = REBATE_CATEGORIES.map(firstDayOf).reduce((a, b) => (b < a ? b : a));
  const days = await db
    .selectFrom('bet_daily_summary')
    .select(['category', 'day', (eb) => eb.fn.sum<number | string>('valid_bet').as('valid_bet')])
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', member.id)
    .where('day', '>=', earliest)
    .where('day', '<=', uptoDay)
    .groupBy(['category', 'day'])
    .execute();
  const trial = member.type === TRIAL_ACCOUNT_TYPE;
  return REBATE_CATEGORIES.map((category) => {
    const last = lastOf.get(category);
    const firstDay = firstDayOf(category);
    let validBet = 0;
    let fromDay: string | null = null;
    let toDayValidBet = 0;
    for (const row of days) {
      if (row.category !== category || row.day < firstDay) continue;
      const total = Number(row.valid_bet);
      if (row.day === uptoDay) toDayValidBet = total;
      const uncovered = last && row.day === last.to_day ? total - Number(last.to_day_valid_bet) : total;
      if (uncovered <= 0) continue;
      validBet += uncovered;
      if (fromDay === null || row.day < fromDay) fromDay = row.day;
    }
    const rateBp = trial ? 0 : rateFor(rates, category, member.vip_level);
    // A boost raises the rate of categories the brand pays a rebate on; a category at 0 stays unpaid.
    const boost = trial || rateBp === 0 ? 0 : boostBp;
    // Integer minor units, rounded down: a rebate never pays a fraction the bets did not earn.
    const amount = Number((BigInt(validBet) * BigInt(rateBp + boost)) / BP);
    return {
      category,
      fromDay: fromDay ?? uptoDay,
      toDay: uptoDay,
      validBet,
      rateBp: rateBp + boost,
      boostBp: boost,
      amount,
      previousId: last?.id ?? 0,
      toDayValidBet,
      vipLevel: member.vip_level,
    };
  });
};

const memberOf = async (db: DbOrTrx, merchantId: number, memberId: number): Promise<RebateMember> =>
  db
    .selectFrom('member')
    .select(['id', 'vip_level', 'type'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();

const strip = (d: Due): ClaimableRebate => ({
  category: d.category,
  fromDay: d.fromDay,
  toDay: d.toDay,
  validBet: d.validBet,
  rateBp: d.rateBp,
  boostBp: d.boostBp,
  amount: d.amount,
});

/** The member centre's `manualRebate`: every category's claimable rebate up to today. */
export const claimableRebates = async (
  db: DbOrTrx,
  brand: Brand,
  memberId: number,
  now = new Date(),
): Promise<ClaimableRebatesResponse> => {
  const member = await memberOf(db, brand.id, memberId);
  const due = await dueRebates(db, brand.id, member, dayOf(brand.timeZone, now), now);
  return {
    vipLevel: member.vip_level,
    categories: due.map(strip),
    total: due.reduce((sum, d) => sum + d.amount, 0),
  };
};

// ---- Paying ----

/** What a member is shown of a rebate paid. */
const PAID_COLUMNS = [
  'id',
  'category',
  'from_day',
  'to_day',
  'valid_bet',
  'rate_bp',
  'amount',
  'source',
  'created_at',
] as const;

const toPaid = (row: {
  id: number;
  category: string;
  from_day: string;
  to_day: string;
  valid_bet: number | string;
  rate_bp: number;
  amount: number | string;
  source: string;
  created_at: string;
}): PaidRebate => ({
  id: row.id,
  category: row.category as RebateCategory,
  fromDay: row.from_day,
  toDay: row.to_day,
  validBet: Number(row.valid_bet),
  rateBp: row.rate_bp,
  amount: Number(row.amount),
  source: row.source as PaidRebate['source'],
  createdAt: row.created_at,
});

/**
 * Pays one category's rebate up to `uptoDay`, in one write transaction: recomputes it inside, writes
 * the rebate row (unique per member, category and previous rebate), posts it from the brand's
 * promotion expense account under the key naming that period, and tells the member. A second claim
 * or job run computing the same period hits the unique row (or, later, finds nothing due) and pays
 * nothing. `onlyBefore`: the job pays only when the last rebate ended before that day (once a day).
 */
const payCategory = async (
  db: Db,
  brand: Brand,
  memberId: number,
  category: RebateCategory,
  uptoDay: string,
  source: 'CLAIM' | 'JOB',
  now: Date,
): Promise<PaidRebate | null> => {
  try {
    return await writeTransaction(db, async (trx) => {
      const member = await memberOf(trx, brand.id, memberId);
      const due = (await dueRebates(trx, brand.id, member, uptoDay, now)).find(
        (d) => d.category === category,
      );
      if (!due || due.amount <= 0) return null;
      if (source === 'JOB') {
        const last = await trx
          .selectFrom('rebate')
          .select('to_day')
          .where('id', '=', due.previousId)
          .executeTakeFirst();
        if (last && last.to_day >= uptoDay) return null;
      }
      const at = now.toISOString();
      const row = await trx
        .insertInto('rebate')
        .values({
          merchant_id: brand.id,
          member_id: memberId,
          category,
          previous_id: due.previousId,
          from_day: due.fromDay,
          to_day: due.toDay,
          to_day_valid_bet: due.toDayValidBet,
          valid_bet: due.validBet,
          vip_level: due.vipLevel,
          rate_bp: due.rateBp,
          boost_bp: due.boostBp,
          amount: due.amount,
          source,
          ledger_transfer_id: 0,
          created_at: at,
        })
        .returning(PAID_COLUMNS)
        .executeTakeFirstOrThrow();
      const posted = await ledger.postTransfersIn(
        trx,
        {
          merchantId: brand.id,
          // The period paid: the member's rebate of the category after rebate `previousId`.
          idempotencyKey: `rebate:${memberId}:${category}:after:${due.previousId}`,
          legs: [
            {
              kind: 'REBATE',
              debitAccountId: await ledger.houseAccount(trx, brand.id, 'PROMOTION_EXPENSE'),
              creditAccountId: await ledger.memberAccount(trx, brand.id, memberId, 'MAIN'),
              amount: due.amount,
              reference: `rebate:${row.id}`,
            },
          ],
        },
        now,
      );
      await trx
        .updateTable('rebate')
        .set({ ledger_transfer_id: posted.transfers[0]!.id })
        .where('id', '=', row.id)
        .execute();
      await notifyMember(
        trx,
        {
          merchantId: brand.id,
          memberId,
          kind: 'REBATE_PAID',
          params: { amount: due.amount, category, fromDay: due.fromDay, toDay: due.toDay },
        },
        now,
      );
      return toPaid(row);
    });
  } catch (error) {
    // Another claim or run paid this period first (the rebate row's unique key): nothing to pay.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
};

const requireManual = async (db: DbOrTrx, merchantId: number) => {
  if (!(await getFlags(db, merchantId)).MANPLAYREB3)
    throw new AppError('FEATURE_DISABLED', 'This brand pays rebates automatically');
};

/** A member claims their rebate (MANPLAYREB3): one category or every one with something to pay. */
export const claimRebates = async (
  db: Db,
  brand: Brand,
  memberId: number,
  category: RebateCategory | undefined,
  now = new Date(),
) => {
  await requireManual(db, brand.id);
  const member = await memberOf(db, brand.id, memberId);
  if (member.type === TRIAL_ACCOUNT_TYPE) throw new AppError('FORBIDDEN', 'Trial accounts earn no rebate');
  const today = dayOf(brand.timeZone, now);
  const paid: PaidRebate[] = [];
  for (const c of category ? [category] : REBATE_CATEGORIES) {
    const rebate = await payCategory(db, brand, memberId, c, today, 'CLAIM', now);
    if (rebate) paid.push(rebate);
  }
  return { paid, total: paid.reduce((sum, p) => sum + p.amount, 0) };
};

/** The member's rebates, newest first. */
export const rebateHistory = async (
  db: DbOrTrx,
  merchantId: number,
  memberId: number,
  page: { pageNo: number; pageSize: number },
): Promise<RebateHistoryResponse> => {
  const base = db
    .selectFrom('rebate')
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(PAID_COLUMNS)
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize)
      .execute(),
  ]);
  return { items: rows.map(toPaid), totalCount: Number(count.n) };
};

export { requireManual as requireManualRebates };

// ---- The daily job ----

/**
 * The daily rebate (brands without MANPLAYREB3, leased job): pays each member's rebate up to
 * yesterday (the brand's business day), each category in its own transaction, once a day. Run twice,
 * at once on two instances, or cut half-way and run again, each period is paid once. Members with
 * valid bets in the last FIRST_REBATE_DAYS days are looked at. Answers the rebates paid; `limit`
 * stops a run after that many (a run cut short, as a stopped instance would leave it).
 */
export const runDailyRebates = async (db: Db, now = new Date(), options: { limit?: number } = {}) => {
  let paid = 0;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const brands = await db
    .selectFrom('merchant')
    .select(['id', 'time_zone'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('rebate_rate')
          .select('rebate_rate.merchant_id')
          .whereRef('rebate_rate.merchant_id', '=', 'merchant.id')
          .where('rebate_rate.rate_bp', '>', 0),
      ),
    )
    .execute();
  for (const row of brands) {
    if ((await getFlags(db, row.id)).MANPLAYREB3) continue;
    const brand = { id: row.id, timeZone: row.time_zone };
    const yesterday = addDays(dayOf(brand.timeZone, now), -1);
    const candidates = await db
      .selectFrom('bet_daily_summary as s')
      .innerJoin('member as m', 'm.id', 's.member_id')
      .select(['s.member_id', 's.category'])
      .distinct()
      .where('s.merchant_id', '=', brand.id)
      .where('s.day', '>=', addDays(yesterday, -(FIRST_REBATE_DAYS - 1)))
      .where('s.day', '<=', yesterday)
      .where('s.valid_bet', '>', 0)
      .where('m.type', '!=', TRIAL_ACCOUNT_TYPE)
      .orderBy('s.member_id')
      .orderBy('s.category')
      .execute();
    for (const c of candidates) {
      if (paid >= limit) return paid;
      if (!(REBATE_CATEGORIES as readonly string[]).includes(c.category)) continue;
      const rebate = await payCategory(
        db,
        brand,
        c.member_id,
        c.category as RebateCategory,
        yesterday,
        'JOB',
        now,
      );
      if (rebate) paid += 1;
    }
  }
  return paid;
};
