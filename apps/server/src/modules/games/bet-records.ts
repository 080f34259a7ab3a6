import type { GameCategory } from '@jade/contracts/games';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../platform/db/index.js';
import { dialectOf } from '../../platform/db/transaction.js';
import { dayOf, dayWindow, startOfDay } from '../../platform/time-zone.js';
import { accruePoints } from '../points/accrual.js';

/**
 * Betting records: one row per round or ticket of every vendor, the fact table that turnover, the
 * lottery, agents and engagement read (ARCHITECTURE.md, decision 0016). A record is OPEN while bets
 * are placed and SETTLED (or VOID, every bet rolled back) at the end; settling adds it to the
 * member's daily summary in the same transaction, so a summary is never ahead of or behind its records.
 * Every function here runs inside the caller's transaction.
 */
export type BetRecord = {
  id: number;
  merchantId: number;
  memberId: number;
  vendorCode: string;
  gameId: string;
  category: GameCategory;
  roundId: string;
  stake: number;
  validBet: number;
  payout: number;
  winLoss: number;
  status: 'OPEN' | 'SETTLED' | 'VOID';
  placedAt: string;
  settledAt: string | null;
  /** The brand's day it settled on (its time zone's calendar, decision 0038). */
  settledDay: string | null;
  /** What was refunded of the stake (rolled back, cancelled); `stake` is what is still staked. */
  refunded: number;
  /** What the round was on, as JSON of a VendorBetDetail (vendors that send it). */
  detail: string | null;
};

type Row = {
  id: number;
  merchant_id: number;
  member_id: number;
  vendor_code: string;
  game_id: string;
  category: string;
  round_id: string;
  stake: number | string;
  valid_bet: number | string;
  payout: number | string;
  win_loss: number | string;
  status: 'OPEN' | 'SETTLED' | 'VOID';
  placed_at: string;
  settled_at: string | null;
  settled_day: string | null;
  refunded: number | string;
  detail: string | null;
};

export const toBetRecord = (row: Row): BetRecord => ({
  id: row.id,
  merchantId: row.merchant_id,
  memberId: row.member_id,
  vendorCode: row.vendor_code,
  gameId: row.game_id,
  category: row.category as GameCategory,
  roundId: row.round_id,
  stake: Number(row.stake),
  validBet: Number(row.valid_bet),
  payout: Number(row.payout),
  winLoss: Number(row.win_loss),
  status: row.status,
  placedAt: row.placed_at,
  settledAt: row.settled_at,
  settledDay: row.settled_day,
  refunded: Number(row.refunded),
  detail: row.detail,
});

/** A brand's time zone, whose calendar its records' settled days and daily summaries follow. */
export const brandTimeZone = async (db: DbOrTrx, merchantId: number): Promise<string> =>
  (await db.selectFrom('merchant').select('time_zone').where('id', '=', merchantId).executeTakeFirst())
    ?.time_zone ?? 'UTC';

/** The ledger reference of a round's movements: `round:<vendor>:<round id>`. */
export const roundReference = (vendorCode: string, roundId: string) => `round:${vendorCode}:${roundId}`;

export type RoundKey = { merchantId: number; vendorCode: string; roundId: string };

/** A round's record; `lock` holds its row until the write ends (PostgreSQL; SQLite writes one at a time). */
export const findBetRecord = async (
  trx: DbOrTrx,
  key: RoundKey,
  { lock = false } = {},
): Promise<BetRecord | undefined> => {
  let query = trx
    .selectFrom('bet_record')
    .selectAll()
    .where('merchant_id', '=', key.merchantId)
    .where('vendor_code', '=', key.vendorCode)
    .where('round_id', '=', key.roundId);
  if (lock && dialectOf(trx) === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toBetRecord(row);
};

/** A bet: the round's record is opened with this stake, or its stake grows. Answers the record's id. */
export const addStake = async (
  trx: DbOrTrx,
  input: RoundKey & {
    memberId: number;
    gameId: string;
    category: GameCategory;
    amount: number;
    at: string;
    /** What the bet is on (JSON); a round keeps the first one it is given. */
    detail?: string | null | undefined;
  },
): Promise<number> =>
  trx
    .insertInto('bet_record')
    .values({
      merchant_id: input.merchantId,
      member_id: input.memberId,
      vendor_code: input.vendorCode,
      game_id: input.gameId,
      category: input.category,
      round_id: input.roundId,
      stake: input.amount,
      valid_bet: 0,
      payout: 0,
      win_loss: -input.amount,
      status: 'OPEN',
      placed_at: input.at,
      settled_at: null,
      settled_day: null,
      detail: input.detail ?? null,
    })
    .onConflict((oc) =>
      oc.columns(['merchant_id', 'vendor_code', 'round_id']).doUpdateSet({
        stake: sql`bet_record.stake + ${input.amount}`,
        win_loss: sql`bet_record.win_loss - ${input.amount}`,
        detail: sql`coalesce(bet_record.detail, excluded.detail)`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((row) => row.id);

/** The columns of a record that its bets, payouts and settlement change. */
export type RecordState = {
  stake: number;
  payout: number;
  winLoss: number;
  validBet: number;
  status: BetRecord['status'];
  settledAt: string | null;
  settledDay: string | null;
  refunded: number;
};

/** What a settled round adds to its member's day and category. */
export type SummaryDelta = {
  merchantId: number;
  memberId: number;
  day: string;
  category: GameCategory;
  stake: number;
  validBet: number;
  payout: number;
  winLoss: number;
  /** What the settlement earns points under (decision 0046); absent, it earns none (a correction). */
  pointsKey?: string | undefined;
};

const stateOf = (record: BetRecord): RecordState => ({
  stake: record.stake,
  payout: record.payout,
  winLoss: record.winLoss,
  validBet: record.validBet,
  status: record.status,
  settledAt: record.settledAt,
  settledDay: record.settledDay,
  refunded: record.refunded,
});

/** A rolled-back bet leaves the round; a round with nothing left staked and nothing paid is VOID. */
export const afterStakeRemoved = (
  record: BetRecord,
  amount: number,
  at: string,
  timeZone: string,
): RecordState => {
  const stake = record.stake - amount;
  const isVoid = stake === 0 && record.payout === 0;
  return {
    ...stateOf(record),
    stake,
    winLoss: record.payout - stake,
    // Kept, so that a cancelled round still shows what was staked on it (issue 20 item 4).
    refunded: record.refunded + amount,
    ...(isVoid && { status: 'VOID' as const, settledAt: at, settledDay: dayOf(timeZone, at) }),
  };
};

/**
 * A credit: the payout grows; with `close`, the round settles (its valid bet at most its stake) and
 * its figures go into the daily summary, in the same write.
 */
export const afterPayout = (
  record: BetRecord,
  input: { amount: number; validBet?: number | undefined; at: string } & (
    { close: false } | { close: boolean; timeZone: string }
  ),
): { state: RecordState; summary?: SummaryDelta } => {
  const payout = record.payout + input.amount;
  const winLoss = payout - record.stake;
  if (!input.close || !('timeZone' in input)) return { state: { ...stateOf(record), payout, winLoss } };
  const validBet = Math.min(input.validBet ?? record.stake, record.stake);
  // The brand's day, not UTC's: its summaries, salaries and dividends count in it (decision 0038).
  const day = dayOf(input.timeZone, input.at);
  return {
    state: {
      ...stateOf(record),
      payout,
      winLoss,
      validBet,
      status: 'SETTLED',
      settledAt: input.at,
      settledDay: day,
    },
    summary: {
      merchantId: record.merchantId,
      memberId: record.memberId,
      day,
      category: record.category,
      stake: record.stake,
      validBet,
      payout,
      winLoss,
      pointsKey: `round:${record.id}`,
    },
  };
};

export const writeRecordState = async (trx: DbOrTrx, recordId: number, state: RecordState) => {
  await trx
    .updateTable('bet_record')
    .set({
      stake: state.stake,
      payout: state.payout,
      win_loss: state.winLoss,
      valid_bet: state.validBet,
      status: state.status,
      settled_at: state.settledAt,
      settled_day: state.settledDay,
      refunded: state.refunded,
    })
    .where('id', '=', recordId)
    .execute();
};

/** One settled round more in its member's daily summary (or `bets` of them, summed in `delta`). */
export const addToDailySummary = async (trx: DbOrTrx, delta: SummaryDelta, bets = 1) => {
  await upsertDailySummary(trx, delta, bets);
  await accruePoints(trx, [delta]);
};

/** `addToDailySummary` without its points: the writer accrues them itself (`pointsPostings`). */
export const upsertDailySummary = async (trx: DbOrTrx, delta: SummaryDelta, bets = 1) => {
  await trx
    .insertInto('bet_daily_summary')
    .values({
      merchant_id: delta.merchantId,
      member_id: delta.memberId,
      day: delta.day,
      category: delta.category,
      bets,
      stake: delta.stake,
      valid_bet: delta.validBet,
      payout: delta.payout,
      win_loss: delta.winLoss,
    })
    .onConflict((oc) =>
      oc.columns(['merchant_id', 'member_id', 'day', 'category']).doUpdateSet({
        bets: sql`bet_daily_summary.bets + ${bets}`,
        stake: sql`bet_daily_summary.stake + ${delta.stake}`,
        valid_bet: sql`bet_daily_summary.valid_bet + ${delta.validBet}`,
        payout: sql`bet_daily_summary.payout + ${delta.payout}`,
        win_loss: sql`bet_daily_summary.win_loss + ${delta.winLoss}`,
      }),
    )
    .execute();
};

/**
 * Many members' summaries at once (a lottery draw's settlement batch on PostgreSQL): one upsert per
 * thousand rows, each row a different member, day and category, with `bets` rounds in it.
 */
export const addManyToDailySummary = async (
  trx: DbOrTrx,
  rows: readonly (SummaryDelta & { bets: number })[],
) => {
  for (let i = 0; i < rows.length; i += 1_000)
    await trx
      .insertInto('bet_daily_summary')
      .values(
        rows.slice(i, i + 1_000).map((row) => ({
          merchant_id: row.merchantId,
          member_id: row.memberId,
          day: row.day,
          category: row.category,
          bets: row.bets,
          stake: row.stake,
          valid_bet: row.validBet,
          payout: row.payout,
          win_loss: row.winLoss,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['merchant_id', 'member_id', 'day', 'category']).doUpdateSet({
          bets: sql`bet_daily_summary.bets + excluded.bets`,
          stake: sql`bet_daily_summary.stake + excluded.stake`,
          valid_bet: sql`bet_daily_summary.valid_bet + excluded.valid_bet`,
          payout: sql`bet_daily_summary.payout + excluded.payout`,
          win_loss: sql`bet_daily_summary.win_loss + excluded.win_loss`,
        }),
      )
      .execute();
  await accruePoints(trx, rows);
};

/** Every settled round's turnover, ever: what the withdrawal turnover rule counts as wagered. */
export const settledTurnover = async (db: DbOrTrx, merchantId: number, memberId: number): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('bet_daily_summary')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('valid_bet'), eb.lit(0)).as('total'))
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).total,
  );

export type BetRecordFilter = {
  merchantId: number;
  /** One member's records, or (with `teamOf`) those of an agent and everyone below it. */
  memberId?: number | undefined;
  teamOf?: number | undefined;
  vendorCode?: string | undefined;
  category?: string | undefined;
  /** The first and last of the brand's days (yyyy-MM-dd, inclusive), in its time zone. */
  fromDay: string;
  toDay: string;
  timeZone: string;
};

/**
 * A round belongs to the day it settled (or was cancelled), as in the daily summary the profit page
 * reads; a round still open, to the day it was placed (decision 0033).
 */
const filtered = (db: DbOrTrx, f: BetRecordFilter) => {
  let query = db
    .selectFrom('bet_record')
    .where('merchant_id', '=', f.merchantId)
    .where((eb) =>
      f.memberId !== undefined
        ? eb('member_id', '=', f.memberId)
        : eb(
            'member_id',
            'in',
            eb
              .selectFrom('member_closure')
              .select('descendant_id')
              .where('ancestor_id', '=', f.teamOf ?? -1),
          ),
    )
    .where((eb) =>
      eb.or([
        eb.and([eb('settled_day', '>=', f.fromDay), eb('settled_day', '<=', f.toDay)]),
        eb.and([
          eb('status', '=', 'OPEN'),
          eb('placed_at', '>=', startOfDay(f.timeZone, f.fromDay).toISOString()),
          eb('placed_at', '<', dayWindow(f.timeZone, f.toDay).end.toISOString()),
        ]),
      ]),
    );
  if (f.vendorCode) query = query.where('vendor_code', '=', f.vendorCode);
  if (f.category) query = query.where('category', '=', f.category);
  return query;
};

export type BetRecordTotals = {
  /** Settled rounds: the daily summary's figures over the same days. */
  settled: { bets: number; stake: number; validBet: number; payout: number; winLoss: number };
  /** Rounds not settled yet: how many and what they have at stake. */
  open: { bets: number; stake: number };
  /** Cancelled rounds: how many and what was refunded. */
  cancelled: { bets: number; stake: number };
};

/** A page of the member's records, newest first, and the totals over every record of the filter by state. */
export const listBetRecords = async (
  db: DbOrTrx,
  filter: BetRecordFilter,
  page: { offset: number; limit: number },
) => {
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy('placed_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const byStatus = await filtered(db, filter)
    .select((eb) => [
      'status',
      eb.fn.countAll<number | string>().as('bets'),
      eb.fn.coalesce(eb.fn.sum<number | string>('stake'), eb.lit(0)).as('stake'),
      eb.fn.coalesce(eb.fn.sum<number | string>('valid_bet'), eb.lit(0)).as('valid_bet'),
      eb.fn.coalesce(eb.fn.sum<number | string>('payout'), eb.lit(0)).as('payout'),
      eb.fn.coalesce(eb.fn.sum<number | string>('win_loss'), eb.lit(0)).as('win_loss'),
      eb.fn.coalesce(eb.fn.sum<number | string>('refunded'), eb.lit(0)).as('refunded'),
    ])
    .groupBy('status')
    .execute();
  const of = (status: BetRecord['status']) => byStatus.find((row) => row.status === status);
  const settled = of('SETTLED');
  const open = of('OPEN');
  const cancelled = of('VOID');
  const totals: BetRecordTotals = {
    settled: {
      bets: Number(settled?.bets ?? 0),
      stake: Number(settled?.stake ?? 0),
      validBet: Number(settled?.valid_bet ?? 0),
      payout: Number(settled?.payout ?? 0),
      winLoss: Number(settled?.win_loss ?? 0),
    },
    open: { bets: Number(open?.bets ?? 0), stake: Number(open?.stake ?? 0) },
    cancelled: { bets: Number(cancelled?.bets ?? 0), stake: Number(cancelled?.refunded ?? 0) },
  };
  return {
    records: rows.map(toBetRecord),
    totals,
    count: totals.settled.bets + totals.open.bets + totals.cancelled.bets,
  };
};
