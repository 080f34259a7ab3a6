import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../../test/funded-member.js';
import { writeLotteryBets } from '../../test/lottery-bets.js';
import { startLotteryTestServer } from '../../test/lottery.js';
import { checkAndClose, type TestServer } from '../../test/server.js';
import { brandTimeZone, findBetRecord } from '../games/bet-records.js';
import type { Merchant } from '../merchants/repo.js';
import { pointBalance } from '../points/service.js';
import { reconcileGames } from '../vendors/reconcile.js';
import { getAccountBalance, houseAccount, memberAccount, postTransfer } from '../wallet/ledger.js';
import type { StakeLimits } from '@jade/contracts/lottery';
import { DEMO_ODDS, exposureOf, slipCost, slipPayout, type BetTypeCode, type Slip } from './bet-types.js';
import { cancelBet, createDraw, drawResult, findDraw, placeBet, settleDraw, voidDraw } from './draws.js';
import { fairDraw, seedHash } from './fair-draw.js';
import { XSMB, type DrawResult } from './structures.js';
import { runLotteryTick } from './tick.js';
import { dayOf } from '../../platform/time-zone.js';
import { dialectOf } from '../../platform/db/transaction.js';

/**
 * Draws and bets on a real database (SQLite here, PostgreSQL in its pass): placing within limits,
 * closing, a fair result proved by its seed, settlement that pays each bet once (also after a crash
 * mid-way), and a void that refunds every stake.
 */
const CAPTCHA = 'l0tt';
const SESSION_SECRET = randomBytes(32).toString('hex');
let server: TestServer;
let demo: Merchant;
const NO_LIMITS: StakeLimits = { minStake: 0, perBet: 0, perNumber: 0, perDraw: 0 };
let drawSeq = 0;

beforeAll(async () => {
  ({ server, demo } = await startLotteryTestServer({
    sessionSecret: SESSION_SECRET,
    captcha: CAPTCHA,
    tick: false,
  }));
});
afterAll(() => checkAndClose(server));

const member = async (funds: number) => {
  const { memberId } = await registeredMember(server, { prefix: 'lot', captcha: CAPTCHA });
  await postTransfer(server.db, {
    merchantId: demo.id,
    idempotencyKey: `lottery-funding:${memberId}`,
    kind: 'DEPOSIT',
    debitAccountId: await houseAccount(server.db, demo.id, 'CASH'),
    creditAccountId: await memberAccount(server.db, demo.id, memberId, 'MAIN'),
    amount: funds,
  });
  return memberId;
};
const main = async (memberId: number) =>
  getAccountBalance(server.db, await memberAccount(server.db, demo.id, memberId, 'MAIN'));

/** An XSMB-structured fast draw open now, closing in `closesInMs`. */
const openDraw = async (closesInMs = 60_000, source: 'FAIR' | 'OPERATOR' = 'FAIR') => {
  const now = Date.now();
  return createDraw(server.db, SESSION_SECRET, {
    vendorCode: 'JADE_ELOTT',
    gameId: 'ELOTT_1M',
    drawNo: `T${process.pid}-${++drawSeq}`,
    structure: 'XSMB',
    source,
    opensAt: new Date(now - 1_000),
    closesAt: new Date(now + closesInMs),
    drawsAt: new Date(now + closesInMs),
  });
};

const bet = (
  memberId: number,
  drawId: number,
  slip: Slip,
  limits = NO_LIMITS,
  key = randomBytes(8).toString('hex'),
) =>
  placeBet(server.db, {
    merchantId: demo.id,
    memberId,
    drawId,
    category: 'ELOTT',
    slip,
    limits,
    settingId: null,
    requestKey: key,
  });

/** The definitions of a table's indexes (PostgreSQL: `pg_indexes`; SQLite: `sqlite_master`). */
const indexesOf = async (table: string) =>
  (dialectOf(server.db) === 'postgres'
    ? await sql<{ sql: string }>`select indexdef as sql from pg_indexes where tablename = ${table}`.execute(
        server.db,
      )
    : await sql<{
        sql: string;
      }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(
        server.db,
      )
  ).rows;

const SLIPS: Slip[] = [
  { type: 'LO2', numbers: ['00', '11', '22', '33', '44', '55', '66', '77', '88', '99'], stake: 100 },
  { type: 'DE', numbers: Array.from({ length: 50 }, (_, i) => String(i * 2).padStart(2, '0')), stake: 100 },
  { type: 'XIEN2', numbers: ['12', '34'], stake: 1_000 },
  { type: 'TRUOT4', numbers: ['01', '02', '03', '04'], stake: 1_000 },
  { type: 'CANG3', numbers: ['123', '456'], stake: 100 },
  { type: 'DAU', numbers: ['0', '1', '2', '3', '4'], stake: 100 },
];

describe('lottery draws', () => {
  it('takes bets until the close, draws a fair result its seed proves, and pays each bet once', async () => {
    const memberId = await member(1_000_000);
    const draw = await openDraw();
    expect(draw.status).toBe('OPEN');
    expect(draw.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(draw.server_seed).toBeNull();
    let cost = 0;
    const betIds: number[] = [];
    for (const slip of SLIPS) {
      const placed = await bet(memberId, draw.id, slip);
      cost += placed.cost;
      betIds.push(placed.betId);
      expect(placed.cost).toBe(slipCost(XSMB, slip));
    }
    expect(await main(memberId)).toBe(1_000_000 - cost);
    // A retry of a placed bet answers it again and charges nothing.
    const again = await bet(memberId, draw.id, SLIPS[0]!, NO_LIMITS, 'same-key');
    const replay = await bet(memberId, draw.id, SLIPS[0]!, NO_LIMITS, 'same-key');
    expect(replay).toEqual({ ...again, replayed: true });
    cost += again.cost;

    // Closed: no more bets.
    await server.db
      .updateTable('lottery_draw')
      .set({ closes_at: new Date(Date.now() - 1).toISOString() })
      .where('id', '=', draw.id)
      .execute();
    await expect(bet(memberId, draw.id, SLIPS[0]!)).rejects.toMatchObject({ code: 'LOTTERY_DRAW_CLOSED' });

    const result = await drawResult(server.db, SESSION_SECRET, draw.id);
    const drawn = (await findDraw(server.db, draw.id))!;
    expect(drawn.status).toBe('DRAWN');
    expect(seedHash(drawn.server_seed!)).toBe(draw.seed_hash);
    expect(fairDraw(XSMB, drawn.server_seed!, `JADE_ELOTT:ELOTT_1M:${draw.draw_no}`)).toEqual(result);

    const expected = [...SLIPS, SLIPS[0]!].reduce(
      (sum, slip) => sum + slipPayout(XSMB, result, slip, DEMO_ODDS),
      0,
    );
    const first = await settleDraw(server.db, draw.id, () => DEMO_ODDS);
    expect(first).toEqual({ settled: SLIPS.length + 1, paid: expected, batches: 1 });
    expect(await main(memberId)).toBe(1_000_000 - cost + expected);
    // Settling again pays nothing more.
    expect(await settleDraw(server.db, draw.id, () => DEMO_ODDS)).toEqual({
      settled: 0,
      paid: 0,
      batches: 0,
    });
    expect(await main(memberId)).toBe(1_000_000 - cost + expected);

    const record = await findBetRecord(server.db, {
      merchantId: demo.id,
      vendorCode: 'JADE_ELOTT',
      roundId: `ELOTT_1M:${draw.draw_no}:${betIds[0]}`,
    });
    expect(record).toMatchObject({ status: 'SETTLED', category: 'ELOTT', stake: slipCost(XSMB, SLIPS[0]!) });
    const { differences } = await reconcileGames(
      server.db,
      demo.id,
      dayOf(demo.timeZone, new Date()),
      demo.timeZone,
    );
    expect(differences.filter((d) => d.vendorCode === 'JADE_ELOTT')).toEqual([]);
  });

  it('pays each bet once when settlement stops half-way and runs again', async () => {
    const members = [await member(500_000), await member(500_000), await member(500_000)];
    const draw = await openDraw(60_000, 'OPERATOR');
    for (const memberId of members) for (const slip of SLIPS) await bet(memberId, draw.id, slip);
    await server.db
      .updateTable('lottery_draw')
      .set({ closes_at: new Date(Date.now() - 1).toISOString() })
      .where('id', '=', draw.id)
      .execute();
    // An operator's result (the special 12344: DE 44 and DAU 4 win, and so on).
    const official: DrawResult = fairDraw(XSMB, 'any seed', 'official');
    official.SPECIAL = ['12344'];
    await expect(
      drawResult(server.db, SESSION_SECRET, draw.id, { ...official, SEVENTH: ['1'] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await drawResult(server.db, SESSION_SECRET, draw.id, official);
    const owed = SLIPS.reduce((sum, slip) => sum + slipPayout(XSMB, official, slip, DEMO_ODDS), 0);
    const before = await Promise.all(members.map(main));
    const partial = await settleDraw(server.db, draw.id, () => DEMO_ODDS, {
      batchSize: 4,
      stopAfterBatches: 2,
    });
    expect(partial.settled).toBe(8);
    expect((await findDraw(server.db, draw.id))!.status).toBe('DRAWN');
    const rest = await settleDraw(server.db, draw.id, () => DEMO_ODDS, { batchSize: 4 });
    expect(partial.settled + rest.settled).toBe(members.length * SLIPS.length);
    expect(partial.paid + rest.paid).toBe(owed * members.length);
    const after = await Promise.all(members.map(main));
    after.forEach((balance, i) => expect(balance - before[i]!).toBe(owed));
    expect((await findDraw(server.db, draw.id))!.status).toBe('SETTLED');
  });

  it("writes what each bet settled to: its row, its record, its day's entry, its win under its key, and daily summaries and a roll-up log equal to the bets", async () => {
    const members = [await member(500_000), await member(500_000), await member(500_000)];
    const draw = await openDraw();
    for (const [who, memberId] of members.entries())
      for (const slip of SLIPS.slice(who)) await bet(memberId, draw.id, slip);
    const closed = new Date(Date.parse(draw.closes_at) + 1);
    const result = await drawResult(server.db, SESSION_SECRET, draw.id, undefined, closed);
    // Batches of 5 cut after two, then the rest: winners and losers of several members in each batch.
    await settleDraw(server.db, draw.id, () => DEMO_ODDS, { batchSize: 5, stopAfterBatches: 2 }, closed);
    await settleDraw(server.db, draw.id, () => DEMO_ODDS, { batchSize: 5 }, closed);
    const day = dayOf(await brandTimeZone(server.db, demo.id), closed);
    const bets = await server.db
      .selectFrom('lottery_bet')
      .innerJoin('bet_record', 'bet_record.id', 'lottery_bet.record_id')
      .select([
        'lottery_bet.id',
        'lottery_bet.member_id',
        'lottery_bet.bet_type',
        'lottery_bet.numbers',
        'lottery_bet.stake',
        'lottery_bet.cost',
        'lottery_bet.status',
        'lottery_bet.payout',
        'lottery_bet.settled_at',
        'bet_record.merchant_id',
        'bet_record.id as record_id',
        'bet_record.stake as record_stake',
        'bet_record.payout as record_payout',
        'bet_record.win_loss',
        'bet_record.valid_bet',
        'bet_record.status as record_status',
        'bet_record.settled_day',
      ])
      .where('lottery_bet.draw_id', '=', draw.id)
      .execute();
    expect(bets.length).toBe(SLIPS.length * 3 - 3);
    const wins = bets.filter((b) => b.status === 'WON').length;
    expect(wins).toBeGreaterThan(0);
    expect(wins).toBeLessThan(bets.length);
    for (const b of bets) {
      const slip = {
        type: b.bet_type as BetTypeCode,
        numbers: JSON.parse(b.numbers) as string[],
        stake: Number(b.stake),
      };
      const payout = slipPayout(XSMB, result, slip, DEMO_ODDS);
      expect([b.id, b.status, Number(b.payout), b.settled_at]).toEqual([
        b.id,
        payout > 0 ? 'WON' : 'LOST',
        payout,
        closed.toISOString(),
      ]);
      expect([
        b.id,
        b.record_status,
        Number(b.record_payout),
        Number(b.win_loss),
        Number(b.valid_bet),
        b.settled_day,
      ]).toEqual([b.id, 'SETTLED', payout, payout - Number(b.record_stake), Number(b.record_stake), day]);
      const entry = await server.db
        .selectFrom('bet_settled_day')
        .select('record_id')
        .where('merchant_id', '=', b.merchant_id)
        .where('settled_day', '=', day)
        .where('record_id', '=', b.record_id)
        .execute();
      expect(entry).toHaveLength(1);
      // Each win once, under the bet's own key, for its payout.
      const paid = await server.db
        .selectFrom('ledger_batch')
        .innerJoin('ledger_transfer', 'ledger_transfer.batch_id', 'ledger_batch.id')
        .select(['ledger_transfer.amount', 'ledger_transfer.kind'])
        .where('ledger_batch.idempotency_key', '=', `lottery-win:${b.id}`)
        .execute();
      expect(paid.map((t) => [t.kind, Number(t.amount)])).toEqual(payout > 0 ? [['WIN', payout]] : []);
    }
    // Each member's daily summary is its bets summed, and the roll-up's change log adds up to it.
    const figures = ['bets', 'stake', 'valid_bet', 'payout', 'win_loss'] as const;
    for (const memberId of members) {
      const own = bets.filter((b) => b.member_id === memberId);
      const expected = [
        own.length,
        own.reduce((sum, b) => sum + Number(b.cost), 0),
        own.reduce((sum, b) => sum + Number(b.cost), 0),
        own.reduce((sum, b) => sum + Number(b.payout), 0),
        own.reduce((sum, b) => sum + Number(b.payout) - Number(b.cost), 0),
      ];
      const summaries = await server.db
        .selectFrom('bet_daily_summary')
        .select([...figures, 'day'])
        .where('member_id', '=', memberId)
        .execute();
      expect(summaries.map((row) => [row.day, ...figures.map((f) => Number(row[f]))])).toEqual([
        [day, ...expected],
      ]);
      const logged = await server.db
        .selectFrom('bet_summary_change')
        .select((eb) => [
          ...figures.map((f) => eb.fn.sum<number | string>(f).as(f)),
          eb.fn.sum<number | string>('summary_rows').as('summary_rows'),
        ])
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow();
      expect([...figures.map((f) => Number(logged[f])), Number(logged.summary_rows)]).toEqual([
        ...expected,
        1,
      ]);
    }
  });

  it('earns each member its points once for the draw, however its settlement is cut, resumed and raced (decision 0059)', async () => {
    // The lottery earns nothing in §9: 0.70 a unit here, on costs that round differently per ticket
    // (this draw's game is not in the catalogue, so it settles as LOTT).
    const rated = () =>
      server.db.deleteFrom('point_rate').where('merchant_id', '=', demo.id).where('category', '=', 'LOTT');
    await rated().execute();
    await server.db
      .insertInto('point_rate')
      .values({ merchant_id: demo.id, category: 'LOTT', rate: 70 })
      .execute();
    try {
      const slips: Slip[] = [
        { type: 'DE', numbers: ['07', '13', '58'], stake: 333 },
        { type: 'LO2', numbers: ['21'], stake: 77 },
        { type: 'XIEN2', numbers: ['12', '34'], stake: 151 },
        { type: 'DAU', numbers: ['5'], stake: 99 },
      ];
      const members = [await member(5_000_000), await member(5_000_000), await member(5_000_000)];
      const draw = await openDraw();
      for (const memberId of members) for (const slip of slips) await bet(memberId, draw.id, slip);
      const closed = new Date(Date.parse(draw.closes_at) + 1);
      await drawResult(server.db, SESSION_SECRET, draw.id, undefined, closed);
      // Cut after two batches, then resumed by two settlements at once.
      await settleDraw(server.db, draw.id, () => DEMO_ODDS, { batchSize: 2, stopAfterBatches: 2 });
      await Promise.all(
        [3, 5].map((batchSize) => settleDraw(server.db, draw.id, () => DEMO_ODDS, { batchSize })),
      );
      expect((await findDraw(server.db, draw.id))!.status).toBe('SETTLED');
      const cost = slips.reduce((sum, slip) => sum + slipCost(XSMB, slip), 0);
      const owed = Math.floor((cost * 70) / 100);
      const earned = async () => {
        const postings = await server.db
          .selectFrom('ledger_transfer as t')
          .innerJoin('ledger_account as a', 'a.id', 't.credit_account_id')
          .select(['a.member_id', 't.amount'])
          .where('t.kind', '=', 'POINTS_EARN')
          .where('a.member_id', 'in', members)
          .orderBy('a.member_id')
          .execute();
        return postings.map((p) => [p.member_id, Number(p.amount)]);
      };
      const once = members.map((memberId) => [memberId, owed]);
      expect(await earned()).toEqual(once);
      for (const memberId of members) expect(await pointBalance(server.db, demo.id, memberId)).toBe(owed);
      // The close replayed (the draw put back by hand): the points' key names the member's draw, so
      // nothing is earned twice.
      await server.db
        .updateTable('lottery_draw')
        .set({ status: 'DRAWN' })
        .where('id', '=', draw.id)
        .execute();
      expect(await settleDraw(server.db, draw.id, () => DEMO_ODDS)).toEqual({
        settled: 0,
        paid: 0,
        batches: 0,
      });
      expect((await findDraw(server.db, draw.id))!.status).toBe('SETTLED');
      expect(await earned()).toEqual(once);
    } finally {
      await rated().execute();
    }
  });

  it('settles a bet without a new index entry: no index holds its state, and on PostgreSQL the update is HOT (decision 0072)', async () => {
    const postgres = dialectOf(server.db) === 'postgres';
    for (const index of await indexesOf('lottery_bet'))
      expect(index.sql).not.toMatch(/status|payout|settled_at/);
    if (!postgres) return;
    const memberId = await member(1_000_000);
    const draw = await openDraw();
    for (const slip of SLIPS.slice(0, 3)) await bet(memberId, draw.id, slip);
    // Settlement's update of the bets, inside a transaction that is then rolled back: PostgreSQL counts
    // the transaction's HOT updates (an update that added an index entry is not one).
    const hot = await server.db
      .transaction()
      .execute(async (trx) => {
        await sql`update lottery_bet set status = 'LOST', payout = 0, settled_at = ${new Date().toISOString()}
          where draw_id = ${draw.id}`.execute(trx);
        const { rows } = await sql<{ updated: number; hot: number }>`
          select pg_stat_get_xact_tuples_updated('lottery_bet'::regclass) as updated,
            pg_stat_get_xact_tuples_hot_updated('lottery_bet'::regclass) as hot`.execute(trx);
        throw Object.assign(new Error('rolled back'), { counts: rows[0] });
      })
      .catch((error: { counts?: { updated: number; hot: number } }) => error.counts);
    expect(Number(hot?.updated)).toBeGreaterThanOrEqual(3);
    expect(Number(hot?.hot)).toBe(Number(hot?.updated));
  });

  it("settles a bet's record without a new index entry: no index of bet_record holds what settling changes, on PostgreSQL the update is HOT, and the day's entry is written (decision 0074)", async () => {
    const postgres = dialectOf(server.db) === 'postgres';
    for (const index of await indexesOf('bet_record'))
      expect(index.sql).not.toMatch(/status|payout|win_loss|valid_bet|settled/);
    const memberId = await member(1_000_000);
    const draw = await openDraw();
    for (const slip of SLIPS.slice(0, 3)) await bet(memberId, draw.id, slip);
    // Settlement's update of the records (as a batch's losers), inside a transaction then rolled back:
    // PostgreSQL counts the transaction's HOT updates (an update that added an index entry is not one).
    const day = '2026-11-28';
    const counts = await server.db
      .transaction()
      .execute(async (trx) => {
        await sql`update bet_record
          set payout = 0, win_loss = 0 - stake, valid_bet = stake, status = 'SETTLED',
            settled_at = ${new Date().toISOString()}, settled_day = ${day}
          where id in (select record_id from lottery_bet where draw_id = ${draw.id}) and status = 'OPEN'`.execute(
          trx,
        );
        const entries = await trx
          .selectFrom('bet_settled_day as d')
          .innerJoin('lottery_bet as l', 'l.record_id', 'd.record_id')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('l.draw_id', '=', draw.id)
          .where('d.settled_day', '=', day)
          .executeTakeFirstOrThrow();
        const hot = postgres
          ? (
              await sql<{ updated: number; hot: number }>`
                select pg_stat_get_xact_tuples_updated('bet_record'::regclass) as updated,
                  pg_stat_get_xact_tuples_hot_updated('bet_record'::regclass) as hot`.execute(trx)
            ).rows[0]
          : undefined;
        throw Object.assign(new Error('rolled back'), { counts: { entries: Number(entries.n), ...hot } });
      })
      .catch((error: { counts?: { entries: number; updated?: number; hot?: number } }) => error.counts);
    expect(counts?.entries).toBe(3);
    if (!postgres) return;
    expect(Number(counts?.updated)).toBeGreaterThanOrEqual(3);
    expect(Number(counts?.hot)).toBe(Number(counts?.updated));
  });

  it('settles 50,000 bets a batch on PostgreSQL and 10,000 on SQLite by default, each paid once (decision 0079)', async () => {
    const postgres = dialectOf(server.db) === 'postgres';
    const memberId = await member(1);
    const draw = await openDraw();
    // 10,001 bets straight into the tables, as the bench writes them (placing each would take minutes).
    const BETS = 10_001;
    // Đề on each of 100 numbers in turn: one number in a hundred wins.
    const slipOf = (i: number): Slip => ({
      type: 'DE',
      numbers: [String(i % 100).padStart(2, '0')],
      stake: 100,
    });
    await writeLotteryBets(server.db, {
      merchantId: demo.id,
      memberIds: [memberId],
      draw,
      bets: BETS,
      slipOf,
      costOf: (slip) => slipCost(XSMB, slip),
      postgres,
    });
    const result = await drawResult(
      server.db,
      SESSION_SECRET,
      draw.id,
      undefined,
      new Date(Date.parse(draw.closes_at) + 1),
    );
    const settled = await settleDraw(server.db, draw.id, () => DEMO_ODDS);
    expect(settled.settled).toBe(BETS);
    expect(settled.batches).toBe(postgres ? 1 : 2);
    let wins = 0;
    for (let i = 0; i < BETS; i++) wins += slipPayout(XSMB, result, slipOf(i), DEMO_ODDS);
    expect(wins).toBeGreaterThan(0);
    expect(settled.paid).toBe(wins);
    expect(await main(memberId)).toBe(1 + wins);
    expect((await findDraw(server.db, draw.id))?.status).toBe('SETTLED');
  });

  it('refunds every stake of a voided draw, and its records are void', async () => {
    const memberId = await member(100_000);
    const draw = await openDraw();
    for (const slip of SLIPS) await bet(memberId, draw.id, slip);
    expect(await main(memberId)).toBeLessThan(100_000);
    expect(await voidDraw(server.db, draw.id)).toEqual({ refunded: SLIPS.length });
    expect(await main(memberId)).toBe(100_000);
    expect(await voidDraw(server.db, draw.id)).toEqual({ refunded: 0 });
    const rows = await server.db
      .selectFrom('bet_record')
      .select('status')
      .where('vendor_code', '=', 'JADE_ELOTT')
      .where('round_id', 'like', `ELOTT_1M:${draw.draw_no}:%`)
      .execute();
    expect(rows.map((r) => r.status)).toEqual(SLIPS.map(() => 'VOID'));
    await expect(bet(memberId, draw.id, SLIPS[0]!)).rejects.toMatchObject({ code: 'LOTTERY_DRAW_CLOSED' });
  });

  it('holds the limits per bet, per number and per draw, moving nothing on a refusal', async () => {
    const memberId = await member(1_000_000);
    const other = await member(1_000_000);
    const draw = await openDraw();
    const limits: StakeLimits = { minStake: 0, perBet: 30_000, perNumber: 1_500, perDraw: 40_000 };
    // 27 × 2 × 1,000 = 54,000 is above one bet's limit.
    await expect(
      bet(memberId, draw.id, { type: 'LO2', numbers: ['10', '20'], stake: 1_000 }, limits),
    ).rejects.toMatchObject({
      code: 'LOTTERY_LIMIT_REACHED',
    });
    await bet(memberId, draw.id, { type: 'DE', numbers: ['07'], stake: 1_000 }, limits);
    // The number 07 holds 1,000 of its 1,500: 600 more is refused, for anyone, and 500 passes.
    await expect(
      bet(other, draw.id, { type: 'DE', numbers: ['07'], stake: 600 }, limits),
    ).rejects.toMatchObject({
      message: 'Number 07 takes no more bets on this draw',
    });
    await bet(other, draw.id, { type: 'DE', numbers: ['07'], stake: 500 }, limits);
    // Per draw: 1,000 + 27 × 1,000 = 28,000 so far; another 27,000 would pass 40,000.
    await bet(memberId, draw.id, { type: 'LO2', numbers: ['55'], stake: 1_000 }, limits);
    await expect(
      bet(memberId, draw.id, { type: 'LO2', numbers: ['56'], stake: 1_000 }, limits),
    ).rejects.toMatchObject({
      message: 'This bet would pass your limit on this draw',
    });
    expect(await main(memberId)).toBe(1_000_000 - 28_000);
    expect(await main(other)).toBe(1_000_000 - 500);
    // Not enough money: refused, and no counter moved (the next bet within the limits passes).
    const poor = await member(100);
    await expect(
      bet(poor, draw.id, { type: 'DE', numbers: ['08'], stake: 1_000 }, limits),
    ).rejects.toMatchObject({
      code: 'WALLET_INSUFFICIENT_FUNDS',
    });
    await bet(other, draw.id, { type: 'DE', numbers: ['08'], stake: 1_500 }, limits);
  });

  it("opens every scheduled game's next draw, and closes, draws and settles a fast draw on time", async () => {
    const now = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 5_000);
    const first = await runLotteryTick(server.db, SESSION_SECRET, now);
    expect(first.created).toBeGreaterThanOrEqual(20);
    // Run again at the same moment: nothing new.
    expect((await runLotteryTick(server.db, SESSION_SECRET, now)).created).toBe(0);
    const open = await server.db
      .selectFrom('lottery_draw')
      .selectAll()
      .where('game_id', '=', 'LOTTO_1M')
      .where('status', '=', 'OPEN')
      .executeTakeFirstOrThrow();
    expect(open.opens_at <= now.toISOString() && now.toISOString() < open.closes_at).toBe(true);
    const memberId = await member(50_000);
    const slip: Slip = { type: 'DE', numbers: ['00', '25', '50', '75'], stake: 1_000 };
    await placeBet(
      server.db,
      {
        merchantId: demo.id,
        memberId,
        drawId: open.id,
        category: 'ELOTT',
        slip,
        limits: NO_LIMITS,
        settingId: null,
        requestKey: 'tick-1',
      },
      now,
    );
    const later = new Date(Date.parse(open.draws_at) + 1_000);
    const tick = await runLotteryTick(server.db, SESSION_SECRET, later);
    expect(tick.drawn).toBeGreaterThanOrEqual(1);
    const done = (await findDraw(server.db, open.id))!;
    expect(done.status).toBe('SETTLED');
    const result = JSON.parse(done.result!) as DrawResult;
    expect(await main(memberId)).toBe(50_000 - 4_000 + slipPayout(XSMB, result, slip, DEMO_ODDS));
    // The next period's draw is open.
    expect(
      await server.db
        .selectFrom('lottery_draw')
        .select('draw_no')
        .where('game_id', '=', 'LOTTO_1M')
        .where('status', '=', 'OPEN')
        .executeTakeFirst(),
    ).toBeDefined();
  });
});

describe('4D box liability (issue 19 item 8)', () => {
  const open4d = async () => {
    const now = Date.now();
    return createDraw(server.db, SESSION_SECRET, {
      vendorCode: 'JADE_ELOTT',
      gameId: 'ELOTT_1M',
      drawNo: `T${process.pid}-4D-${++drawSeq}`,
      structure: 'SEA4D',
      source: 'FAIR',
      opensAt: new Date(now - 1_000),
      closesAt: new Date(now + 60_000),
      drawsAt: new Date(now + 60_000),
    });
  };
  const limits: StakeLimits = { minStake: 0, perBet: 0, perNumber: 1_000, perDraw: 0 };
  const refused = { code: 'LOTTERY_LIMIT_REACHED' };

  it('counts a box bet on every permutation: once it fills the cap, no other ordering of its digits is taken', async () => {
    const memberId = await member(1_000_000);
    const other = await member(1_000_000);
    const draw = await open4d();
    const box = await bet(memberId, draw.id, { type: 'BIG_BOX', numbers: ['1357'], stake: 1_000 }, limits);
    for (const number of ['7531', '3175', '5713', '1357']) {
      await expect(
        bet(other, draw.id, { type: 'BIG_BOX', numbers: [number], stake: 1_000 }, limits),
      ).rejects.toMatchObject(refused);
      await expect(
        bet(other, draw.id, { type: 'BIG', numbers: [number], stake: 1 }, limits),
      ).rejects.toMatchObject(refused);
      await expect(
        bet(other, draw.id, { type: 'BIG_IBOX', numbers: [number], stake: 24 }, limits),
      ).rejects.toMatchObject(refused);
    }
    // Small pays from its own table: its counters are its own.
    await bet(other, draw.id, { type: 'SMALL', numbers: ['7531'], stake: 1_000 }, limits);
    // Cancelled, the box gives every permutation back.
    await cancel(memberId, box.betId);
    await bet(other, draw.id, { type: 'BIG', numbers: ['7531'], stake: 1_000 }, limits);
    await expect(
      bet(other, draw.id, { type: 'BIG_BOX', numbers: ['3157'], stake: 1 }, limits),
    ).rejects.toMatchObject(refused);
    await bet(other, draw.id, { type: 'BIG_BOX', numbers: ['2468'], stake: 1_000 }, limits);
    await expectExactCounters(draw.id);
  });

  it('counts an i-box at its share on each permutation: 24,000 on four distinct digits fills each at 1,000', async () => {
    const memberId = await member(1_000_000);
    const draw = await open4d();
    await bet(memberId, draw.id, { type: 'BIG_IBOX', numbers: ['2468'], stake: 24_000 }, limits);
    await expect(
      bet(memberId, draw.id, { type: 'BIG', numbers: ['8642'], stake: 1 }, limits),
    ).rejects.toMatchObject(refused);
    await expect(
      bet(memberId, draw.id, { type: 'BIG_IBOX', numbers: ['1111'], stake: 1_001 }, limits),
    ).rejects.toMatchObject(refused);
    await bet(memberId, draw.id, { type: 'BIG_IBOX', numbers: ['1111'], stake: 1_000 }, limits);
    await expectExactCounters(draw.id);
  });
});

describe('settlement properties (random slips on the database)', () => {
  const slip = fc.oneof(
    fc.record({
      type: fc.constantFrom('DE' as const, 'LO2' as const, 'DAU_DE' as const),
      numbers: fc.uniqueArray(
        fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0')),
        { minLength: 1, maxLength: 30 },
      ),
      stake: fc.integer({ min: 1, max: 500 }),
    }),
    fc.record({
      type: fc.constant('XIEN2' as const),
      numbers: fc.uniqueArray(
        fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0')),
        { minLength: 2, maxLength: 2 },
      ),
      stake: fc.integer({ min: 1, max: 500 }),
    }),
  );

  it('pays each bet exactly what its slip wins however the settlement is cut and rerun, and a void gives every stake back', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(1), slip), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 5 }),
        fc.nat(3),
        async (slips, isVoid, batchSize, stopAfter) => {
          const members = [await member(10_000_000), await member(10_000_000)];
          const draw = await openDraw();
          for (const [who, s] of slips) await bet(members[who]!, draw.id, s);
          const spent = members.map((_, who) =>
            slips.filter(([w]) => w === who).reduce((sum, [, s]) => sum + slipCost(XSMB, s), 0),
          );
          expect(await Promise.all(members.map(main))).toEqual(spent.map((cost) => 10_000_000 - cost));
          if (isVoid) {
            await voidDraw(server.db, draw.id);
            expect(await Promise.all(members.map(main))).toEqual([10_000_000, 10_000_000]);
            return;
          }
          const closed = new Date(Date.parse(draw.closes_at) + 1);
          const result = await drawResult(server.db, SESSION_SECRET, draw.id, undefined, closed);
          // A settlement stopped part-way (a crash), then run twice: each bet paid once.
          await settleDraw(server.db, draw.id, () => DEMO_ODDS, { batchSize, stopAfterBatches: stopAfter });
          await settleDraw(server.db, draw.id, () => DEMO_ODDS, { batchSize });
          expect(await settleDraw(server.db, draw.id, () => DEMO_ODDS)).toEqual({
            settled: 0,
            paid: 0,
            batches: 0,
          });
          const won = members.map((_, who) =>
            slips
              .filter(([w]) => w === who)
              .reduce((sum, [, s]) => sum + slipPayout(XSMB, result, s, DEMO_ODDS), 0),
          );
          expect(await Promise.all(members.map(main))).toEqual(
            spent.map((cost, who) => 10_000_000 - cost + won[who]!),
          );
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});

/** The limit counters of a draw, by counter and number ('#member' rows hold a member's total). */
const countersOf = async (drawId: number) => {
  const rows = await server.db
    .selectFrom('lottery_exposure')
    .select(['bet_type', 'number', 'stake'])
    .where('draw_id', '=', drawId)
    .execute();
  return new Map(rows.map((row) => [`${row.bet_type}:${row.number}`, Number(row.stake)]));
};

/** What each counter should hold: the open bets of the draw, summed (a 4D box on each permutation). */
const openTotalsOf = async (drawId: number) => {
  const bets = await server.db
    .selectFrom('lottery_bet')
    .select(['member_id', 'bet_type', 'numbers', 'stake', 'cost'])
    .where('draw_id', '=', drawId)
    .where('status', '=', 'OPEN')
    .execute();
  const totals = new Map<string, number>();
  const add = (key: string, amount: number) => totals.set(key, (totals.get(key) ?? 0) + amount);
  for (const b of bets) {
    add(`#member:${b.member_id}`, Number(b.cost));
    const slip = {
      type: b.bet_type as BetTypeCode,
      numbers: JSON.parse(b.numbers) as string[],
      stake: Number(b.stake),
    };
    for (const e of exposureOf(slip)) add(`${e.betType}:${e.number}`, e.amount);
  }
  return totals;
};

/** Every counter holds exactly its open bets (a counter with none holds 0 or is absent). */
const expectExactCounters = async (drawId: number) => {
  const counters = await countersOf(drawId);
  const totals = await openTotalsOf(drawId);
  for (const key of new Set([...counters.keys(), ...totals.keys()]))
    expect([key, counters.get(key) ?? 0]).toEqual([key, totals.get(key) ?? 0]);
};

const cancel = (memberId: number, betId: number) =>
  cancelBet(server.db, { merchantId: demo.id, memberId, betId });

/** Each call's outcome: 'ok' or its error code (a 5xx-worthy error fails the test). */
const outcome = async (call: Promise<unknown>) => {
  try {
    await call;
    return 'ok';
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (!code) throw error;
    return code;
  }
};

describe('bets and cancels at once (issue 19 items 2 and 3: many connections on PostgreSQL)', () => {
  it('takes a bet back once however many cancels race, and its counters come down once', async () => {
    const limits: StakeLimits = { minStake: 0, perBet: 0, perNumber: 1_000, perDraw: 2_000 };
    const draw = await openDraw();
    const members = [await member(100_000), await member(100_000), await member(100_000)];
    const [first, second, third] = members as [number, number, number];
    const placed = await bet(first, draw.id, { type: 'DE', numbers: ['07'], stake: 1_000 }, limits);
    // Another member's bet on another number is cancelled at the same time, twice.
    const other = await bet(second, draw.id, { type: 'DE', numbers: ['08'], stake: 1_000 }, limits);
    const outcomes = await Promise.all([
      ...Array.from({ length: 10 }, () => outcome(cancel(first, placed.betId))),
      outcome(cancel(second, other.betId)),
      outcome(cancel(second, other.betId)),
    ]);
    expect(outcomes.slice(0, 10).filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.slice(0, 10).filter((o) => o !== 'ok')).toEqual(Array(9).fill('CONFLICT'));
    expect(outcomes.slice(10).sort()).toEqual(['CONFLICT', 'ok']);
    expect(await main(first)).toBe(100_000);
    expect(await main(second)).toBe(100_000);
    const counters = await countersOf(draw.id);
    expect(counters.get('DE:07')).toBe(0);
    expect(counters.get(`#member:${first}`)).toBe(0);
    // The member's cap per draw did not drop: 2,000, so two of four bets of 1,000 at once are taken.
    const capped = await Promise.all(
      ['20', '21', '22', '23'].map((n) =>
        outcome(bet(first, draw.id, { type: 'DE', numbers: [n], stake: 1_000 }, limits)),
      ),
    );
    expect(capped.sort()).toEqual(['LOTTERY_LIMIT_REACHED', 'LOTTERY_LIMIT_REACHED', 'ok', 'ok']);
    // The number takes 1,000 again, and only once: members racing for it, one is taken.
    const race = await Promise.all(
      [second, third, second, third].map((who) =>
        outcome(bet(who, draw.id, { type: 'DE', numbers: ['07'], stake: 1_000 }, limits)),
      ),
    );
    expect(race.sort()).toEqual([
      'LOTTERY_LIMIT_REACHED',
      'LOTTERY_LIMIT_REACHED',
      'LOTTERY_LIMIT_REACHED',
      'ok',
    ]);
    await expectExactCounters(draw.id);
  });

  it('holds every cap and counter exactly, and conserves money, under random bets and cancels at once', async () => {
    const limits: StakeLimits = { minStake: 0, perBet: 0, perNumber: 1_200, perDraw: 30_000 };
    const FUNDS = 60_000;
    const numbers = ['01', '02', '03'];
    const slip = fc.record({
      type: fc.constantFrom('DE' as const, 'LO2' as const, 'XIEN2' as const),
      numbers: fc.shuffledSubarray(numbers, { minLength: 2, maxLength: 2 }),
      stake: fc.constantFrom(300, 500, 700),
    });
    const ops = fc.array(fc.tuple(fc.nat(3), slip), { minLength: 4, maxLength: 14 });
    await fc.assert(
      fc.asyncProperty(ops, ops, fc.array(fc.nat(30), { maxLength: 20 }), async (first, second, cancels) => {
        const members = [await member(FUNDS), await member(FUNDS), await member(FUNDS), await member(FUNDS)];
        const draw = await openDraw();
        const float = await houseAccount(server.db, demo.id, 'VENDOR_FLOAT');
        const floatBefore = await getAccountBalance(server.db, float);
        const place = ([who, s]: [number, Slip]) =>
          bet(
            members[who]!,
            draw.id,
            s.type === 'XIEN2' ? s : { ...s, numbers: s.numbers.slice(0, 1) },
            limits,
          )
            .then((placed) => ({ who, betId: placed.betId }))
            .catch((error: { code?: string }) => {
              if (error.code !== 'LOTTERY_LIMIT_REACHED' && error.code !== 'WALLET_INSUFFICIENT_FUNDS')
                throw error;
              return undefined;
            });
        const check = async () => {
          await expectExactCounters(draw.id);
          for (const [key, stake] of await countersOf(draw.id))
            expect(stake).toBeLessThanOrEqual(key.startsWith('#member') ? limits.perDraw : limits.perNumber);
          const open = await server.db
            .selectFrom('lottery_bet')
            .select(['member_id', 'cost'])
            .where('draw_id', '=', draw.id)
            .where('status', '=', 'OPEN')
            .execute();
          const held = (memberId: number) =>
            open.filter((b) => b.member_id === memberId).reduce((sum, b) => sum + Number(b.cost), 0);
          expect(await Promise.all(members.map(main))).toEqual(members.map((m) => FUNDS - held(m)));
          expect((await getAccountBalance(server.db, float)) - floatBefore).toBe(
            open.reduce((sum, b) => sum + Number(b.cost), 0),
          );
        };
        // Distinct bets of four members at once, against the same numbers and their own caps.
        const placed = (await Promise.all(first.map(place))).filter((p) => p !== undefined);
        await check();
        // Cancels (some of one bet many times) and new bets, all at once.
        const picks = cancels
          .map((i) => placed[i % Math.max(1, placed.length)])
          .filter((p) => p !== undefined);
        const results = await Promise.all([
          ...picks.map((p) => outcome(cancel(members[p.who]!, p.betId))),
          ...second.map((op) => place(op).then(() => 'placed')),
        ]);
        expect(results.every((r) => r === 'ok' || r === 'CONFLICT' || r === 'placed')).toBe(true);
        // Each bet picked is cancelled exactly once.
        const picked = new Set(picks.map((p) => p.betId));
        expect(results.filter((r) => r === 'ok')).toHaveLength(picked.size);
        await check();
      }),
      { numRuns: 10 },
    );
  }, 180_000);

  it('settles a draw once when two settlements run at once: each bet, each win and the daily summaries once', async () => {
    const members = [await member(500_000), await member(500_000)];
    const draw = await openDraw();
    for (const memberId of members) for (const slip of SLIPS) await bet(memberId, draw.id, slip);
    const closed = new Date(Date.parse(draw.closes_at) + 1);
    const result = await drawResult(server.db, SESSION_SECRET, draw.id, undefined, closed);
    const before = await Promise.all(members.map(main));
    const runs = await Promise.all(
      [2, 3, 5, 100].map((batchSize) => settleDraw(server.db, draw.id, () => DEMO_ODDS, { batchSize })),
    );
    const owed = SLIPS.reduce((sum, slip) => sum + slipPayout(XSMB, result, slip, DEMO_ODDS), 0);
    expect(runs.reduce((sum, r) => sum + r.settled, 0)).toBe(members.length * SLIPS.length);
    expect(runs.reduce((sum, r) => sum + r.paid, 0)).toBe(owed * members.length);
    const after = await Promise.all(members.map(main));
    after.forEach((balance, i) => expect(balance - before[i]!).toBe(owed));
    const summaries = await server.db
      .selectFrom('bet_daily_summary')
      .select(['member_id', 'bets', 'payout'])
      .where('member_id', 'in', members)
      .execute();
    expect(summaries.map((s) => [Number(s.bets), Number(s.payout)])).toEqual(
      members.map(() => [SLIPS.length, owed]),
    );
  });
});
