import type { GameCategory } from '@jade/contracts/games';
import type { CancelLotteryBetResponse, LotteryCosts, StakeLimits } from '@jade/contracts/lottery';
import { sql, type Selectable } from 'kysely';
import { openSetting, randomToken, sealSetting } from '../../platform/crypto.js';
import { sqliteHandleOf, type Db, type DbOrTrx } from '../../platform/db/index.js';
import type { Database } from '../../platform/db/schema.js';
import { groupCommit, type OneCommit } from '../../platform/db/group-commit.js';
import { publishMemberEvent } from '../../platform/member-events.js';
import { isUniqueViolation } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { dayOf } from '../../platform/time-zone.js';
import * as records from '../games/bet-records.js';
import { gameCategoryOf } from '../games/service.js';
import { accruePoints, accruePointsPrepared } from '../points/accrual.js';
import * as ledger from '../wallet/ledger.js';
import {
  exposureOf,
  payoutsFor,
  slipCost,
  slipProblem,
  type BetTypeCode,
  type Odds,
  type Slip,
} from './bet-types.js';
import { tellDrawChanged } from './draw-news.js';
import { fairDraw, seedHash } from './fair-draw.js';
import { oddsOfVersions } from './settings.js';
import { sqliteSettlement, type BetRow, type Settlement } from './settle-sqlite.js';
import { resultProblem, STRUCTURES, type DrawResult, type DrawStructureCode } from './structures.js';

/**
 * Draws and bets of the in-house lottery (issue 11, decision 0019). A bet moves its cost from the
 * member's main wallet to VENDOR_FLOAT (the lottery is a vendor like any other) in one write with the
 * bet, its limits' counters and its betting record; settling moves each win back, once per bet
 * however often it runs.
 */
export type DrawRow = Selectable<Database['lottery_draw']>;

export const seedPurpose = (draw: Pick<DrawRow, 'vendor_code' | 'game_id' | 'draw_no'>) =>
  `lottery-seed:${draw.vendor_code}:${draw.game_id}:${draw.draw_no}`;

/** The key a fair draw's digits come from (fair-draw.ts). */
export const drawKey = (draw: Pick<DrawRow, 'vendor_code' | 'game_id' | 'draw_no'>) =>
  `${draw.vendor_code}:${draw.game_id}:${draw.draw_no}`;

export const roundIdOf = (draw: DrawRow, betId: number) => `${draw.game_id}:${draw.draw_no}:${betId}`;

const structureOf = (draw: DrawRow) => {
  const structure = STRUCTURES[draw.structure as DrawStructureCode];
  if (!structure) throw new Error(`draw ${draw.id} has an unknown structure ${draw.structure}`);
  return structure;
};

export const findDraw = (db: DbOrTrx, id: number) =>
  db.selectFrom('lottery_draw').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Schedules a draw. A fair draw's server seed is made now, kept sealed, and only its hash is
 * published until the result.
 */
export const createDraw = async (
  db: DbOrTrx,
  serverSecret: string,
  input: {
    vendorCode: string;
    gameId: string;
    drawNo: string;
    structure: DrawStructureCode;
    source: 'FAIR' | 'OPERATOR';
    opensAt: Date;
    closesAt: Date;
    drawsAt: Date;
  },
  now = new Date(),
): Promise<DrawRow> => {
  if (!(input.opensAt < input.closesAt && input.closesAt <= input.drawsAt))
    throw new AppError('BAD_REQUEST', 'A draw opens, then closes, then draws');
  const key = { vendor_code: input.vendorCode, game_id: input.gameId, draw_no: input.drawNo };
  const seed = input.source === 'FAIR' ? randomToken(32) : undefined;
  const row = await db
    .insertInto('lottery_draw')
    .values({
      ...key,
      structure: input.structure,
      status: input.opensAt <= now ? 'OPEN' : 'SCHEDULED',
      opens_at: input.opensAt.toISOString(),
      closes_at: input.closesAt.toISOString(),
      draws_at: input.drawsAt.toISOString(),
      source: input.source,
      seed_hash: seed ? seedHash(seed) : null,
      seed_sealed: seed ? sealSetting(serverSecret, seedPurpose(key), seed) : null,
      server_seed: null,
      result: null,
      drawn_at: null,
      settled_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  tellDrawChanged(db, input);
  return row;
};

export type PlacedBet = { betId: number; cost: number; replayed: boolean };

/**
 * Adds `amount` to a limit's counter if it stays within `cap`, atomically (one conditional upsert);
 * false when it would pass the cap. A cap of 0 is no limit.
 */
const withinCap = async (
  trx: DbOrTrx,
  key: { merchant_id: number; draw_id: number; bet_type: string; number: string },
  amount: number,
  cap: number,
) => {
  if (cap > 0 && amount > cap) return false;
  const written = await trx
    .insertInto('lottery_exposure')
    .values({ ...key, stake: amount })
    .onConflict((oc) => {
      const update = oc
        .columns(['merchant_id', 'draw_id', 'bet_type', 'number'])
        .doUpdateSet({ stake: sql`lottery_exposure.stake + cast(${amount} as bigint)` });
      return cap > 0
        ? update.where(
            sql<boolean>`lottery_exposure.stake + cast(${amount} as bigint) <= cast(${cap} as bigint)`,
          )
        : update;
    })
    .executeTakeFirst();
  return Number(written.numInsertedOrUpdatedRows ?? 0) === 1;
};

/**
 * Places one slip on an open draw: refused once the draw has closed, for a slip its structure does
 * not take, past a limit, or without the funds; a retry with the same key answers the first bet.
 */
export const placeBet = async (
  db: Db,
  input: {
    merchantId: number;
    memberId: number;
    drawId: number;
    category: GameCategory;
    slip: Slip;
    /** The brand's cost multipliers (settings); the standard ones where it sets none. */
    costs?: LotteryCosts;
    limits: StakeLimits;
    /** The settings version the bet is placed under (its odds settle it); null for the defaults. */
    settingId: number | null;
    requestKey: string;
  },
  now = new Date(),
): Promise<PlacedBet> => {
  const draw = await findDraw(db, input.drawId);
  if (!draw) throw new AppError('NOT_FOUND', 'No such draw');
  const structure = structureOf(draw);
  const problem = slipProblem(structure, input.slip);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  if (input.slip.stake < input.limits.minStake)
    throw new AppError('LOTTERY_LIMIT_REACHED', 'The stake is below the minimum', {
      details: { minimum: input.limits.minStake },
    });
  const cost = slipCost(structure, input.slip, input.costs);
  const main = await ledger.memberAccount(db, input.merchantId, input.memberId, 'MAIN');
  const float = await ledger.houseAccount(db, input.merchantId, 'VENDOR_FLOAT');
  const at = now.toISOString();
  // Two sends of one request racing on PostgreSQL both pass the first read; the second then meets
  // the first's request key and is run again, to answer as the first bet.
  for (let attempt = 0; ; attempt++) {
    try {
      return await placeOnce(db, input, { draw, cost, main, float, at }, now);
    } catch (error) {
      if (attempt < 2 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
};

const placeOnce = (
  db: Db,
  input: Parameters<typeof placeBet>[1],
  prepared: { draw: DrawRow; cost: number; main: number; float: number; at: string },
  now: Date,
): Promise<PlacedBet> => {
  const { draw, cost, main, float, at } = prepared;
  return groupCommit(db, async (trx) => {
    const previous = await trx
      .selectFrom('lottery_bet')
      .select(['id', 'cost'])
      .where('merchant_id', '=', input.merchantId)
      .where('member_id', '=', input.memberId)
      .where('request_key', '=', input.requestKey)
      .executeTakeFirst();
    if (previous) return { betId: previous.id, cost: Number(previous.cost), replayed: true };
    // The draw's state is read inside the write: a bet never lands after the close.
    const current = await findDraw(trx, draw.id);
    const isOpen =
      current &&
      (current.status === 'OPEN' || current.status === 'SCHEDULED') &&
      current.opens_at <= at &&
      at < current.closes_at;
    if (!isOpen) throw new AppError('LOTTERY_DRAW_CLOSED', 'Betting on this draw has closed');
    if (input.limits.perBet > 0 && cost > input.limits.perBet)
      throw new AppError('LOTTERY_LIMIT_REACHED', 'This bet is above the limit of one bet', {
        details: { limit: input.limits.perBet },
      });
    const base = { merchant_id: input.merchantId, draw_id: draw.id };
    if (
      !(await withinCap(
        trx,
        { ...base, bet_type: '#member', number: String(input.memberId) },
        cost,
        input.limits.perDraw,
      ))
    )
      throw new AppError('LOTTERY_LIMIT_REACHED', 'This bet would pass your limit on this draw', {
        details: { limit: input.limits.perDraw },
      });
    for (const { betType, number, amount } of exposureOf(input.slip)) {
      const key = { ...base, bet_type: betType, number };
      if (!(await withinCap(trx, key, amount, input.limits.perNumber)))
        throw new AppError('LOTTERY_LIMIT_REACHED', `Number ${number} takes no more bets on this draw`, {
          details: { number, limit: input.limits.perNumber },
        });
    }
    const bet = await trx
      .insertInto('lottery_bet')
      .values({
        merchant_id: input.merchantId,
        member_id: input.memberId,
        draw_id: draw.id,
        bet_type: input.slip.type,
        numbers: JSON.stringify(input.slip.numbers),
        stake: input.slip.stake,
        cost,
        payout: 0,
        status: 'OPEN',
        request_key: input.requestKey,
        placed_at: at,
        settled_at: null,
        setting_id: input.settingId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const roundId = roundIdOf(draw, bet.id);
    await ledger.postTransfersWithin(
      db,
      trx,
      {
        merchantId: input.merchantId,
        idempotencyKey: `lottery-bet:${bet.id}`,
        legs: [
          {
            kind: 'BET',
            debitAccountId: main,
            creditAccountId: float,
            amount: cost,
            reference: records.roundReference(draw.vendor_code, roundId),
          },
        ],
      },
      now,
    );
    const recordId = await records.addStake(trx, {
      merchantId: input.merchantId,
      vendorCode: draw.vendor_code,
      roundId,
      memberId: input.memberId,
      gameId: draw.game_id,
      category: input.category,
      amount: cost,
      at,
    });
    await trx.updateTable('lottery_bet').set({ record_id: recordId }).where('id', '=', bet.id).execute();
    return { betId: bet.id, cost, replayed: false };
  });
};

/**
 * Draws the result of a closed draw: a fair draw from its sealed seed (revealed with the result), an
 * operator's draw from the result given (checked against the structure).
 */
export const drawResult = async (
  db: Db,
  serverSecret: string,
  drawId: number,
  official?: DrawResult,
  now = new Date(),
): Promise<DrawResult> => {
  const draw = await findDraw(db, drawId);
  if (!draw) throw new AppError('NOT_FOUND', 'No such draw');
  if (now.toISOString() < draw.closes_at) throw new AppError('CONFLICT', 'The draw has not closed yet');
  if (draw.status !== 'OPEN' && draw.status !== 'CLOSED' && draw.status !== 'SCHEDULED')
    throw new AppError('CONFLICT', `The draw is ${draw.status}`);
  const structure = structureOf(draw);
  let result: DrawResult;
  let seed: string | null = null;
  if (draw.source === 'FAIR') {
    seed = openSetting(serverSecret, seedPurpose(draw), draw.seed_sealed!);
    result = fairDraw(structure, seed, drawKey(draw));
  } else {
    if (!official) throw new AppError('BAD_REQUEST', 'An official result is needed');
    const problem = resultProblem(structure, official);
    if (problem) throw new AppError('BAD_REQUEST', problem);
    result = official;
  }
  const updated = await db
    .updateTable('lottery_draw')
    .set({ status: 'DRAWN', result: JSON.stringify(result), server_seed: seed, drawn_at: now.toISOString() })
    .where('id', '=', draw.id)
    .where('status', 'in', ['SCHEDULED', 'OPEN', 'CLOSED'])
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new AppError('CONFLICT', 'The draw was drawn meanwhile');
  tellDrawChanged(db, { vendorCode: draw.vendor_code, gameId: draw.game_id });
  return result;
};

/**
 * Settles a drawn draw in batches. Each batch is one write: it reads its open bets inside the write
 * (so two settlements never both take a bet), marks the losing ones LOST and settles their betting
 * records set-wise, claims each winning bet and posts its win under the bet's own ledger key, and adds
 * the batch to the daily summaries, one row a member. A crash and a rerun pay each bet exactly once.
 * Each bet pays at the odds of the settings version it was placed under; `odds` overrides them (tests,
 * the benchmark). `stopAfterBatches` stops early (tests of a crash mid-settlement). `batches`: how many
 * batches settled bets.
 */
export const settleDraw = async (
  db: Db,
  drawId: number,
  odds?: (merchantId: number) => Odds,
  options: { batchSize?: number; stopAfterBatches?: number; workers?: number } = {},
  now = new Date(),
): Promise<{ settled: number; paid: number; batches: number }> => {
  const draw = await findDraw(db, drawId);
  if (!draw) throw new AppError('NOT_FOUND', 'No such draw');
  if (draw.status === 'SETTLED') return { settled: 0, paid: 0, batches: 0 };
  if (draw.status !== 'DRAWN' || !draw.result) throw new AppError('CONFLICT', `The draw is ${draw.status}`);
  const structure = structureOf(draw);
  const result = JSON.parse(draw.result) as DrawResult;
  const batchSize = options.batchSize ?? settlementBatchSize(db);
  const at = now.toISOString();
  // Each bet settles on its brand's day (decision 0038): a draw's bettors may be of brands in many zones.
  const days = new Map<number, string>();
  const dayOfBrand = (merchantId: number) => days.get(merchantId)!;
  const category = ((await gameCategoryOf(db, draw.vendor_code, draw.game_id)) ?? 'LOTT') as GameCategory;
  let versions = new Map<number | null, Odds>();
  const payouts = new Map<string, (slip: Slip) => number>();
  const payoutOf = (bet: BetRow) => {
    const key = odds ? `m${bet.merchant_id}` : `v${bet.setting_id}`;
    let pay = payouts.get(key);
    if (!pay) {
      const table = odds ? odds(bet.merchant_id) : versions.get(bet.setting_id);
      if (!table) throw new Error(`lottery setting ${bet.setting_id} is missing`);
      payouts.set(key, (pay = payoutsFor(structure, result, table)));
    }
    return pay(slipOf(bet));
  };
  const floats = new Map<number, number>();
  const mains = new Map<string, number>();
  if (options.stopAfterBatches === 0) return { settled: 0, paid: 0, batches: 0 };
  // Accounts are found (or made) before the writes: every bettor's main wallet (each paid from
  // it, so it exists) and each brand's float, once for the draw; and the odds of each settings
  // version the bets were placed under, from the same read.
  const bettors = await db
    .selectFrom('lottery_bet')
    .select(['merchant_id', 'member_id', 'setting_id'])
    .distinct()
    .where('draw_id', '=', draw.id)
    .where(isOpenBet)
    .execute();
  for (const bettor of bettors) {
    if (!days.has(bettor.merchant_id))
      days.set(bettor.merchant_id, dayOf(await records.brandTimeZone(db, bettor.merchant_id), now));
    if (!floats.has(bettor.merchant_id))
      floats.set(bettor.merchant_id, await ledger.houseAccount(db, bettor.merchant_id, 'VENDOR_FLOAT'));
    const key = `${bettor.merchant_id}:${bettor.member_id}`;
    if (!mains.has(key))
      mains.set(key, await ledger.memberAccount(db, bettor.merchant_id, bettor.member_id, 'MAIN'));
  }
  if (!odds)
    versions = await oddsOfVersions(
      db,
      bettors.map((row) => row.setting_id),
    );
  // The last bet any worker has taken: a worker that skips other workers' held bets reads on from it.
  let taken = 0;
  let tookFirst = () => {};
  const firstTaken = new Promise<void>((resolve) => (tookFirst = resolve));
  const settleBatch = (after: number, skipLocked: boolean) =>
    groupCommit(db, async (trx) => {
      const raw = sqliteHandleOf(db);
      const write = raw ? sqliteSettlement(raw) : kyselySettlement(trx, skipLocked);
      const bets = (await write.openBets(draw.id, after, batchSize)) as BetRow[];
      taken = Math.max(taken, bets.at(-1)?.id ?? 0);
      tookFirst();
      const losers: BetRow[] = [];
      const winners: (BetRow & { payout: number })[] = [];
      for (const bet of bets) {
        const payout = payoutOf(bet);
        if (payout > 0) winners.push({ ...bet, payout });
        else losers.push(bet);
      }
      // Bets and their records by id, a brand's day at a time, each list one parameter (an array on
      // PostgreSQL, JSON on SQLite): one statement a table for the batch's losers and one for its
      // winners, not one per thousand ids; then the wins, each under its own key.
      for (const [day, dayLosers] of byDay(losers, dayOfBrand))
        await write.markLost(
          { at, day },
          dayLosers.map((bet) => bet.id),
          dayLosers.map((bet) => bet.record_id),
        );
      for (const [day, dayWinners] of byDay(winners, dayOfBrand))
        await write.markWon(
          { at, day },
          dayWinners.map((bet) => ({ betId: bet.id, recordId: bet.record_id, payout: bet.payout })),
        );
      const postings: ledger.Posting[] = winners.map((bet) => ({
        merchantId: bet.merchant_id,
        idempotencyKey: `lottery-win:${bet.id}`,
        legs: [
          {
            kind: 'WIN',
            debitAccountId: floats.get(bet.merchant_id)!,
            creditAccountId: mains.get(`${bet.merchant_id}:${bet.member_id}`)!,
            amount: bet.payout,
            reference: records.roundReference(draw.vendor_code, roundIdOf(draw, bet.id)),
          },
        ],
      }));
      await ledger.postManyWithin(db, trx, postings, now);
      // The batch in the daily summaries: one row a member (a ticket's stake is its cost).
      const summaries = new Map<string, records.SummaryDelta & { bets: number }>();
      const won = new Map(winners.map((w) => [w.id, w.payout]));
      for (const bet of bets) {
        const key = `${bet.merchant_id}:${bet.member_id}`;
        const payout = won.get(bet.id) ?? 0;
        const row = summaries.get(key) ?? {
          merchantId: bet.merchant_id,
          memberId: bet.member_id,
          day: dayOfBrand(bet.merchant_id),
          category,
          bets: 0,
          stake: 0,
          validBet: 0,
          payout: 0,
          winLoss: 0,
          // Points are earned once for the whole draw, when it closes (closeSettlement).
        };
        row.bets++;
        row.stake += Number(bet.cost);
        row.validBet += Number(bet.cost);
        row.payout += payout;
        row.winLoss += payout - Number(bet.cost);
        summaries.set(key, row);
      }
      // In one order (brand, member), as the ledger locks accounts in id order: two workers' batches
      // wait for each other's rows instead of deadlocking.
      await write.addSummaries(
        [...summaries.values()].sort((a, b) => a.merchantId - b.merchantId || a.memberId - b.memberId),
      );
      announceSettled(trx, draw, bets, summaries);
      return {
        count: bets.length,
        last: bets.at(-1)?.id ?? after,
        sum: winners.reduce((total, bet) => total + bet.payout, 0),
      };
    });
  let settled = 0;
  let paid = 0;
  let batches = 0;
  let filled = 0;
  // A worker settles batch after batch, each read on from the last bet taken along the draw's index by
  // id (decision 0072), not stepping again over the bets already settled; a rerun after a crash starts
  // from 0. It is done (true) when it finds no open bet after it.
  const work = async (skipLocked: boolean) => {
    for (let after = 0; ;) {
      if (options.stopAfterBatches !== undefined && batches >= options.stopAfterBatches) return false;
      batches++;
      const outcome = await settleBatch(skipLocked ? taken : after, skipLocked);
      if (outcome.count === 0) return true;
      filled++;
      settled += outcome.count;
      paid += outcome.sum;
      after = outcome.last;
    }
  };
  // On PostgreSQL, workers on connections of their own (the second core), each taking the next open
  // bets no other holds (`skip locked`); then one pass that waits for any batch still held (another
  // instance's settlement of the draw), so the draw closes only once no bet of it is open.
  const workers = sqliteHandleOf(db) || options.stopAfterBatches !== undefined ? 1 : (options.workers ?? 2);
  if (workers > 1) {
    // The first worker takes the first batch before the next starts after it (started together, they
    // took every other bet of the same pages).
    const running = [work(true)];
    for (let i = 1; i < workers; i++) {
      await Promise.race([firstTaken, running[0]]);
      running.push(work(true));
    }
    await Promise.all(running);
  }
  if (!(await work(false))) return { settled, paid, batches: filled };
  await closeSettlement(db, draw.id, category, now);
  tellDrawChanged(db, { vendorCode: draw.vendor_code, gameId: draw.game_id });
  return { settled, paid, batches: filled };
};

/**
 * Bets a settlement batch takes by default (decision 0079). On PostgreSQL a batch is a transaction
 * and a commit, one upsert of the daily summaries (a row a bettor in it, each through its row
 * trigger) and one update of the winners' accounts: its cost grows with the batches, not the bets,
 * so 50,000 (20 batches for 1,000,000 bets, the two workers' share ten each). SQLite keeps 10,000:
 * one writer, a batch a synchronous run of prepared statements.
 */
export const settlementBatchSize = (db: Db) => (sqliteHandleOf(db) ? 10_000 : 50_000);

/**
 * The draw SETTLED and its points earned (decision 0059), in one write once no bet is open: one
 * posting a member for the whole draw (`points:lottery-draw:<draw>:<member>`), from the draw's settled
 * bets as the database holds them, so a settlement cut at any batch and run again earns each member
 * its points once. The conditional update decides which of two settlements posts them.
 */
const closeSettlement = (db: Db, drawId: number, category: string, now: Date) =>
  groupCommit(db, async (trx) => {
    const closed = await trx
      .updateTable('lottery_draw')
      .set({ status: 'SETTLED', settled_at: now.toISOString() })
      .where('id', '=', drawId)
      .where('status', '=', 'DRAWN')
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) return;
    const rates = await trx
      .selectFrom('point_rate')
      .select('merchant_id')
      .where('category', '=', category)
      .where('rate', '>', 0)
      .execute();
    if (rates.length === 0) return;
    // A ticket's cost is its valid bet (the draw's settled bets, their state filtered on the row).
    const bettors = await trx
      .selectFrom('lottery_bet')
      .select((eb) => ['merchant_id', 'member_id', eb.fn.sum<number | string>('cost').as('valid_bet')])
      .where('draw_id', '=', drawId)
      .where(isSettledBet)
      .where(
        'merchant_id',
        'in',
        rates.map((r) => r.merchant_id),
      )
      .groupBy(['merchant_id', 'member_id'])
      .execute();
    const accruals = bettors.map((b) => ({
      merchantId: b.merchant_id,
      memberId: b.member_id,
      category,
      validBet: Number(b.valid_bet),
      pointsKey: `lottery-draw:${drawId}:${b.member_id}`,
    }));
    const raw = sqliteHandleOf(db);
    if (raw) accruePointsPrepared(raw, accruals, now);
    else await accruePoints(trx, accruals, now);
  });

/** Bets grouped by the day their brand is on (most draws: one group). */
const byDay = <T extends { merchant_id: number }>(
  bets: readonly T[],
  dayOfBrand: (merchantId: number) => string,
) => {
  const groups = new Map<string, T[]>();
  for (const bet of bets) {
    const day = dayOfBrand(bet.merchant_id);
    const group = groups.get(day);
    if (group) group.push(bet);
    else groups.set(day, [bet]);
  }
  return groups;
};

/**
 * Tells each member of a settlement batch, once it commits, that their bets on the draw settled
 * (decision 0036): one event a member and batch, however many bets, so a draw of a million bets
 * makes as many events as it has bettors, not bets; the first bet's id names them.
 */
const announceSettled = (
  trx: DbOrTrx,
  draw: DrawRow,
  bets: readonly BetRow[],
  summaries: ReadonlyMap<string, { merchantId: number; memberId: number; bets: number; payout: number }>,
) => {
  const firstBet = new Map<string, number>();
  for (const bet of bets) {
    const key = `${bet.merchant_id}:${bet.member_id}`;
    firstBet.set(key, Math.min(firstBet.get(key) ?? bet.id, bet.id));
  }
  for (const [key, row] of summaries)
    publishMemberEvent(
      { merchantId: row.merchantId, memberId: row.memberId },
      {
        type: 'bet-settled',
        kind: 'LOTTERY',
        id: firstBet.get(key)!,
        game: draw.game_id,
        bets: row.bets,
        result: row.payout > 0 ? 'WIN' : 'LOSE',
        payout: row.payout,
      },
      trx,
    );
};

/**
 * The writes of a settlement batch on PostgreSQL (SQLite settles through settle-sqlite.ts), set-wise:
 * bets and records by id, winners' payouts joined from a list of values.
 */
const kyselySettlement = (trx: DbOrTrx, skipLocked: boolean): Settlement => ({
  // Locked: a second settlement of the draw waits for this batch, then finds its bets settled (read
  // committed rechecks the lock's rows) and takes the next ones; without the lock both took the same
  // bets and the daily summaries counted them twice.
  // With `skipLocked` (a settlement's parallel workers) it takes the next bets no other batch holds.
  openBets: (drawId, after, limit) =>
    openBets(trx, drawId, after, limit, { lock: skipLocked ? 'skip' : 'wait' }),
  async markLost(s, ids, recordIds) {
    await sql`
      update lottery_bet set status = 'LOST', payout = 0, settled_at = ${s.at}
      where id = any(${ids}::integer[])`.execute(trx);
    await sql`
      update bet_record
      set payout = 0, win_loss = 0 - stake, valid_bet = stake, status = 'SETTLED', settled_at = ${s.at},
        settled_day = ${s.day}
      where id = any(${recordIds}::integer[]) and status = 'OPEN'`.execute(trx);
  },
  async markWon(s, wins) {
    const bets = wins.map((w) => w.betId);
    const recordIds = wins.map((w) => w.recordId);
    // Amounts travel as text: a bigint array of JavaScript numbers, exact below 2^53.
    const payouts = wins.map((w) => String(w.payout));
    await sql`
      update lottery_bet set status = 'WON', payout = w.payout, settled_at = ${s.at}
      from unnest(${bets}::integer[], ${payouts}::bigint[]) as w (id, payout)
      where lottery_bet.id = w.id`.execute(trx);
    await sql`
      update bet_record
      set payout = w.payout, win_loss = w.payout - bet_record.stake, valid_bet = bet_record.stake,
        status = 'SETTLED', settled_at = ${s.at}, settled_day = ${s.day}
      from unnest(${recordIds}::integer[], ${payouts}::bigint[]) as w (id, payout)
      where bet_record.id = w.id and bet_record.status = 'OPEN'`.execute(trx);
  },
  addSummaries: (rows) => records.addManyToDailySummary(trx, rows),
});

/**
 * A bet still open. A draw's bets are read along its index by id (`lottery_bet_draw_id`, migration
 * 2026-11-28T0200), their state filtered on the row: no index holds it, so settling is a HOT update.
 */
export const isOpenBet = sql<boolean>`lottery_bet.status = 'OPEN'`;
/** A bet settled, WON or LOST. */
export const isSettledBet = sql<boolean>`lottery_bet.status in ('WON', 'LOST')`;

const openBets = (
  db: DbOrTrx,
  drawId: number,
  after: number,
  limit: number,
  { lock }: { lock?: 'wait' | 'skip' } = {},
) => {
  const query = db
    .selectFrom('lottery_bet')
    .select([
      'id',
      'merchant_id',
      'member_id',
      'bet_type',
      'numbers',
      'stake',
      'cost',
      'setting_id',
      'record_id',
    ])
    .where('draw_id', '=', drawId)
    .where('id', '>', after)
    .where(isOpenBet)
    .orderBy('id')
    .limit(limit)
    // Every bet has its record: placing one writes both, and the migration that added the column
    // filled it in for earlier bets.
    .$narrowType<{ record_id: number }>();
  if (!lock) return query.execute();
  return (lock === 'skip' ? query.forUpdate().skipLocked() : query.forUpdate()).execute();
};

const slipOf = (bet: BetRow): Slip => ({
  type: bet.bet_type as BetTypeCode,
  numbers: JSON.parse(bet.numbers) as string[],
  stake: Number(bet.stake),
});

/** A bet's cost back to its member and its record VOID, inside the write that took the bet back. */
const refundBet = async (
  db: Db,
  trx: DbOrTrx,
  draw: DrawRow,
  bet: Pick<BetRow, 'id' | 'merchant_id' | 'cost'>,
  accounts: { main: number; float: number },
  now: Date,
) => {
  const at = now.toISOString();
  const roundId = roundIdOf(draw, bet.id);
  await ledger.postTransfersWithin(
    db,
    trx,
    {
      merchantId: bet.merchant_id,
      idempotencyKey: `lottery-refund:${bet.id}`,
      legs: [
        {
          kind: 'BET_ROLLBACK',
          debitAccountId: accounts.float,
          creditAccountId: accounts.main,
          amount: Number(bet.cost),
          reference: records.roundReference(draw.vendor_code, roundId),
        },
      ],
    },
    now,
  );
  const record = await records.findBetRecord(trx, {
    merchantId: bet.merchant_id,
    vendorCode: draw.vendor_code,
    roundId,
  });
  if (record)
    await records.writeRecordState(
      trx,
      record.id,
      records.afterStakeRemoved(
        record,
        Number(bet.cost),
        at,
        await records.brandTimeZone(trx, bet.merchant_id),
      ),
    );
};

/** Voids a draw that will not be drawn: every open bet's cost goes back, and its record is VOID. */
export const voidDraw = async (db: Db, drawId: number, now = new Date()): Promise<{ refunded: number }> => {
  const draw = await findDraw(db, drawId);
  if (!draw) throw new AppError('NOT_FOUND', 'No such draw');
  if (draw.status === 'SETTLED' || draw.status === 'DRAWN')
    throw new AppError('CONFLICT', `A ${draw.status.toLowerCase()} draw cannot be voided`);
  await db
    .updateTable('lottery_draw')
    .set({ status: 'VOID' })
    .where('id', '=', draw.id)
    .where('status', 'in', ['SCHEDULED', 'OPEN', 'CLOSED', 'VOID'])
    .execute();
  tellDrawChanged(db, { vendorCode: draw.vendor_code, gameId: draw.game_id });
  const at = now.toISOString();
  let refunded = 0;
  for (let after = 0; ;) {
    const bets = (await openBets(db, draw.id, after, 500)) as BetRow[];
    if (bets.length === 0) break;
    after = bets.at(-1)!.id;
    for (const bet of bets) {
      const accounts = {
        main: await ledger.memberAccount(db, bet.merchant_id, bet.member_id, 'MAIN'),
        float: await ledger.houseAccount(db, bet.merchant_id, 'VENDOR_FLOAT'),
      };
      refunded += await groupCommit(db, async (trx) => {
        const claimed = await trx
          .updateTable('lottery_bet')
          .set({ status: 'REFUNDED', settled_at: at })
          .where('id', '=', bet.id)
          .where('status', '=', 'OPEN')
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return 0;
        await refundBet(db, trx, draw, bet, accounts, now);
        return 1;
      });
    }
  }
  return { refunded };
};

/**
 * Cancels one open bet of the member before its draw closes: its cost goes back, its limit counters
 * come down, its record is VOID, in one write. `oneCommit` runs that write (decision 0085: the
 * route's request key commits with the refund).
 */
export const cancelBet = async (
  db: Db,
  input: { merchantId: number; memberId: number; betId: number },
  now = new Date(),
  oneCommit: OneCommit = (write) => groupCommit(db, write),
): Promise<CancelLotteryBetResponse> => {
  const main = await ledger.memberAccount(db, input.merchantId, input.memberId, 'MAIN');
  const float = await ledger.houseAccount(db, input.merchantId, 'VENDOR_FLOAT');
  const at = now.toISOString();
  return oneCommit(async (trx) => {
    const bet = (await trx
      .selectFrom('lottery_bet')
      .select(['id', 'merchant_id', 'member_id', 'draw_id', 'bet_type', 'numbers', 'stake', 'cost', 'status'])
      .where('id', '=', input.betId)
      .where('merchant_id', '=', input.merchantId)
      .where('member_id', '=', input.memberId)
      .executeTakeFirst()) as (BetRow & { draw_id: number; status: string }) | undefined;
    if (!bet) throw new AppError('NOT_FOUND', 'No such bet');
    if (bet.status !== 'OPEN') throw new AppError('CONFLICT', 'This bet is no longer open');
    const draw = await findDraw(trx, bet.draw_id);
    if (!draw || !(draw.status === 'OPEN' || draw.status === 'SCHEDULED') || at >= draw.closes_at)
      throw new AppError('LOTTERY_DRAW_CLOSED', 'Betting on this draw has closed');
    // The claim is the bet's state change itself: of cancels racing on one bet (PostgreSQL reads the
    // bet OPEN in each), only the one whose update finds it still OPEN moves the counters and refunds.
    const claimed = await trx
      .updateTable('lottery_bet')
      .set({ status: 'REFUNDED', settled_at: at })
      .where('id', '=', bet.id)
      .where(isOpenBet)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('CONFLICT', 'This bet is no longer open');
    const base = { merchant_id: input.merchantId, draw_id: draw.id };
    const lower = (betType: string, number: string, amount: number) =>
      trx
        .updateTable('lottery_exposure')
        .set({ stake: sql`stake - cast(${amount} as bigint)` })
        .where('merchant_id', '=', base.merchant_id)
        .where('draw_id', '=', base.draw_id)
        .where('bet_type', '=', betType)
        .where('number', '=', number)
        .execute();
    await lower('#member', String(input.memberId), Number(bet.cost));
    for (const { betType, number, amount } of exposureOf(slipOf(bet))) await lower(betType, number, amount);
    await refundBet(db, trx, draw, bet, { main, float }, now);
    return { cancelled: true as const };
  });
};
