import { readFile } from 'node:fs/promises';
import type { LotteryOwed, ResultTrailResponse } from '@jade/contracts/lottery';
import { randomToken, sealSetting } from '../../platform/crypto.js';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { GameCategory } from '@jade/contracts/games';
import { groupCommit } from '../../platform/db/group-commit.js';
import * as records from '../games/bet-records.js';
import { gameCategoryOf } from '../games/service.js';
import * as ledger from '../wallet/ledger.js';
import { payoutsFor, type BetTypeCode } from './bet-types.js';
import { findDraw, isSettledBet, roundIdOf, seedPurpose, settleDraw, type DrawRow } from './draws.js';
import { tellDrawChanged } from './draw-news.js';
import { seedHash } from './fair-draw.js';
import { DEFAULT_SETTINGS, oddsOfVersions } from './settings.js';
import { resultProblem, STRUCTURES, type DrawResult } from './structures.js';
import { wakeJob } from '../../platform/jobs.js';
import { LOTTERY_JOB, LOTTERY_VENDORS, scheduleOf } from './schedule.js';

/**
 * Official results (issue 11; decision 0020): where a game's results come from, an operator's entry
 * confirmed by a second operator who keys the same result in blind, and a results feed or file
 * imported whole. Every result given is kept in `lottery_result_entry`, the draw's audit trail.
 */
export type ResultSource = 'FAIR' | 'OPERATOR';
export type ResultRow = { numero: string; result: DrawResult };
/** Who gives a result: an operator (id null for the console) or a feed. */
export type ResultAuthor = { id: number | null; name: string };

/** A lottery game by its game id, whatever the brand (draws are shared by every brand offering it). */
export const findLotteryGameById = async (db: DbOrTrx, gameId: string) => {
  const game = await db
    .selectFrom('game')
    .innerJoin('vendor', 'vendor.id', 'game.vendor_id')
    .select(['vendor.code as vendorCode', 'game.game_id as gameId'])
    .where('vendor.code', 'in', [...LOTTERY_VENDORS])
    .where('game.game_id', '=', gameId)
    .executeTakeFirst();
  if (!game) throw new AppError('GAME_NOT_FOUND', `No lottery game '${gameId}'`);
  return game;
};

/** Where a game's results come from: the engine's fair draws unless set to official results. */
export const gameSourceOf = async (db: DbOrTrx, vendorCode: string, gameId: string): Promise<ResultSource> =>
  (
    await db
      .selectFrom('lottery_game_source')
      .select('source')
      .where('vendor_code', '=', vendorCode)
      .where('game_id', '=', gameId)
      .executeTakeFirst()
  )?.source ?? 'FAIR';

/**
 * Sets where a game's results come from, for every draw not yet drawn (issue 19 item 15): the one
 * open for bets too, not only the draws made from now on. A draw turned official loses its sealed
 * seed (its published hash would promise a fair draw that never comes); one turned fair gets a new
 * sealed seed (so the server secret is needed), and an entry waiting on it is withdrawn, on record.
 */
export const setGameSource = async (
  db: Db,
  game: { vendorCode: string; gameId: string },
  source: ResultSource,
  options: { serverSecret?: (() => string) | undefined; by?: ResultAuthor } = {},
  now = new Date(),
) => {
  const undrawn = await db
    .selectFrom('lottery_draw')
    .selectAll()
    .where('vendor_code', '=', game.vendorCode)
    .where('game_id', '=', game.gameId)
    .where('status', 'in', ['SCHEDULED', 'OPEN', 'CLOSED'])
    .where('source', '!=', source)
    .execute();
  if (source === 'FAIR' && undrawn.length > 0 && !options.serverSecret)
    throw new AppError('BAD_REQUEST', 'The server secret is needed to seal the fair draws');
  let switched = 0;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('lottery_game_source')
      .values({ vendor_code: game.vendorCode, game_id: game.gameId, source, updated_at: now.toISOString() })
      .onConflict((oc) =>
        oc.columns(['vendor_code', 'game_id']).doUpdateSet({ source, updated_at: now.toISOString() }),
      )
      .execute();
    for (const draw of undrawn) {
      const seed = source === 'FAIR' ? randomToken(32) : null;
      const updated = await trx
        .updateTable('lottery_draw')
        .set({
          source,
          seed_hash: seed ? seedHash(seed) : null,
          seed_sealed: seed ? sealSetting(options.serverSecret!(), seedPurpose(draw), seed) : null,
        })
        .where('id', '=', draw.id)
        .where('status', 'in', ['SCHEDULED', 'OPEN', 'CLOSED'])
        .where('source', '=', draw.source)
        .executeTakeFirst();
      switched += Number(updated.numUpdatedRows);
      if (source !== 'FAIR') continue;
      const withdrawn = await trx
        .updateTable('lottery_result_entry')
        .set({ status: 'WITHDRAWN' })
        .where('draw_id', '=', draw.id)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      if (Number(withdrawn.numUpdatedRows) > 0)
        await recordEntry(
          trx,
          { drawId: draw.id, kind: 'WITHDRAW', status: 'APPLIED' },
          {},
          options.by ?? { id: null, name: 'console' },
          now,
        );
    }
  });
  if (switched > 0) tellDrawChanged(db, game);
  // Draws turned fair may be due now: the job draws them at once rather than at its next wake-up.
  if (switched > 0 && source === 'FAIR') wakeJob(LOTTERY_JOB);
  return { switched };
};

/**
 * The XSMB results file's rows (apps/server/resources/xsmb-results.csv: date, special, prize1,
 * prize2_1 … prize7_4) as draw numbers (YYYYMMDD) and results.
 */
export const parseXsmbCsv = (text: string): ResultRow[] => {
  const [head = '', ...lines] = text.trim().split(/\r?\n/);
  const header = head.split(',');
  const column = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new AppError('BAD_REQUEST', `The results file has no '${name}' column`);
    return i;
  };
  const tiers = [
    ['SPECIAL', ['special']],
    ['FIRST', ['prize1']],
    ...(
      [
        ['SECOND', 'prize2', 2],
        ['THIRD', 'prize3', 6],
        ['FOURTH', 'prize4', 4],
        ['FIFTH', 'prize5', 6],
        ['SIXTH', 'prize6', 3],
        ['SEVENTH', 'prize7', 4],
      ] as const
    ).map(([code, prefix, n]) => [code, Array.from({ length: n }, (_, i) => `${prefix}_${i + 1}`)] as const),
  ] as const;
  const indexes = tiers.map(([code, names]) => [code, names.map(column)] as const);
  const date = column('date');
  return lines.map((line) => {
    const cells = line.split(',');
    return {
      numero: (cells[date] ?? '').replaceAll('-', ''),
      result: Object.fromEntries(indexes.map(([code, at]) => [code, at.map((i) => cells[i] ?? '')])),
    };
  });
};

type EntryKind = 'ENTRY' | 'CORRECTION' | 'CONFIRM' | 'FEED' | 'WITHDRAW' | 'REJECT';
/** The kinds of entry that open a pair: a second operator confirms them. */
const FIRST_KINDS = ['ENTRY', 'FEED', 'CORRECTION'] as const;

const recordEntry = (
  db: DbOrTrx,
  entry: { drawId: number; kind: EntryKind; status: 'PENDING' | 'APPLIED' | 'REFUSED' },
  result: DrawResult,
  by: ResultAuthor,
  now: Date,
) =>
  db
    .insertInto('lottery_result_entry')
    .values({
      draw_id: entry.drawId,
      kind: entry.kind,
      status: entry.status,
      result: JSON.stringify(result),
      operator_id: by.id,
      operator_name: by.name,
      created_at: now.toISOString(),
    })
    .execute();

/**
 * The same result: the same tiers, each with the same numbers as a multiset. An official sheet lists
 * a tier's prizes in the order they were drawn, which two operators may copy differently; the order
 * pays nothing (every prize of a tier pays the same).
 */
const sameResult = (a: DrawResult, b: DrawResult) => {
  const sorted = (numbers: readonly string[]) => [...numbers].sort().join();
  return (
    Object.keys(a).length === Object.keys(b).length &&
    Object.entries(a).every(([tier, numbers]) => sorted(b[tier] ?? []) === sorted(numbers))
  );
};

/** A draw waiting for its official result: taken from an operator, closed, not drawn yet. */
const assertAwaitingResult = (draw: DrawRow | undefined, now: Date): DrawRow => {
  if (!draw) throw new AppError('NOT_FOUND', 'No such draw');
  if (draw.source !== 'OPERATOR')
    throw new AppError('CONFLICT', 'This draw is drawn by the engine, not given an official result');
  if (!['SCHEDULED', 'OPEN', 'CLOSED'].includes(draw.status))
    throw new AppError('CONFLICT', `The draw is ${draw.status}`);
  // Betting closes before the draw is held: a result is known only from the draw time on.
  if (now.toISOString() < draw.draws_at) throw new AppError('CONFLICT', 'The draw has not been drawn yet');
  return draw;
};

/**
 * An operator gives a draw's official result. The first entry waits; a second operator keys the result
 * in without seeing it (the trail hides it, `resultTrail`), and when both agree the result is applied
 * and the draw settled. The same operator cannot confirm their own entry; a second entry that differs
 * is refused and recorded, and the first keeps waiting for a match, or is withdrawn by its author or
 * rejected by another operator (`withdrawOrRejectResult`). A results feed's result (`kind` FEED) is
 * such a first entry too, confirmed the same way. Given for a settled official draw, the same two
 * steps make a correction: the draw takes the new result and its bets are settled again
 * (`resettleCorrection`). `expect` states which step the caller means (the CLI's enter and confirm):
 * FIRST is refused when an entry waits, CONFIRM when none does.
 */
export const enterOfficialResult = async (
  db: Db,
  input: {
    drawId: number;
    result: DrawResult;
    by: ResultAuthor;
    kind?: 'ENTRY' | 'FEED';
    expect?: 'FIRST' | 'CONFIRM';
  },
  now = new Date(),
): Promise<{ status: 'PENDING' | 'APPLIED' }> => {
  const found = await findDraw(db, input.drawId);
  const isCorrection = found?.source === 'OPERATOR' && found.status === 'SETTLED';
  const draw = isCorrection ? found : assertAwaitingResult(found, now);
  const problem = resultProblem(STRUCTURES[draw.structure as keyof typeof STRUCTURES], input.result);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  const kind = isCorrection ? 'CORRECTION' : (input.kind ?? 'ENTRY');
  const decision = await db.transaction().execute(async (trx) => {
    // A draw's entries are decided one at a time: the draw's row is locked, and its state read again
    // under the lock, so a confirmation that lost a race finds the result already on record.
    await trx.updateTable('lottery_draw').set({ id: draw.id }).where('id', '=', draw.id).execute();
    const current = (await findDraw(trx, draw.id))!;
    if (isCorrection && sameResult(JSON.parse(current.result ?? '{}') as DrawResult, input.result))
      throw new AppError('CONFLICT', 'That is the result on record already');
    if (!isCorrection && !['SCHEDULED', 'OPEN', 'CLOSED'].includes(current.status))
      throw new AppError('CONFLICT', `The draw is ${current.status}`);
    const pending = await pendingEntry(trx, draw.id, isCorrection);
    if (!pending) {
      if (input.expect === 'CONFIRM')
        throw new AppError('CONFLICT', 'Nothing waits for a confirmation on this draw: enter the result');
      await recordEntry(trx, { drawId: draw.id, kind, status: 'PENDING' }, input.result, input.by, now);
      return { outcome: 'PENDING' as const };
    }
    if (pending.operator_name === input.by.name)
      throw new AppError('CONFLICT', 'A second operator must confirm this result');
    if (input.expect === 'FIRST')
      throw new AppError('CONFLICT', 'An entry waits on this draw: confirm it, or reject it');
    if (!sameResult(JSON.parse(pending.result) as DrawResult, input.result)) {
      await recordEntry(
        trx,
        { drawId: draw.id, kind: 'CONFIRM', status: 'REFUSED' },
        input.result,
        input.by,
        now,
      );
      return { outcome: 'MISMATCH' as const };
    }
    // One confirmation wins: a second sent at the same moment finds the entry no longer pending.
    const confirmed = await trx
      .updateTable('lottery_result_entry')
      .set({ status: isCorrection ? 'SETTLING' : 'APPLIED' })
      .where('id', '=', pending.id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(confirmed.numUpdatedRows) !== 1)
      throw new AppError('CONFLICT', 'This result was confirmed meanwhile');
    await recordEntry(
      trx,
      { drawId: draw.id, kind: 'CONFIRM', status: 'APPLIED' },
      input.result,
      input.by,
      now,
    );
    // The result is on the draw when the confirmation commits: a corrected one shows at once (its bets
    // are settled again below, or by the job after a crash); a first one is drawn, and settled below.
    // The first entry's numbers are the ones kept (the two hold the same numbers per tier).
    const result = pending.result;
    await trx
      .updateTable('lottery_draw')
      .set(isCorrection ? { result } : { status: 'DRAWN', result, drawn_at: now.toISOString() })
      .where('id', '=', draw.id)
      .execute();
    return { outcome: 'APPLIED' as const, entryId: pending.id };
  });
  if (decision.outcome === 'MISMATCH')
    throw new AppError(
      'CONFLICT',
      'This result differs from the one entered first; check both against the official sheet',
    );
  if (decision.outcome === 'APPLIED') {
    // A corrected result shows at once in the lobbies; a first one shows as its settlement tells.
    if (isCorrection) tellDrawChanged(db, { vendorCode: draw.vendor_code, gameId: draw.game_id });
    if (isCorrection) await resettleCorrection(db, decision.entryId, now);
    else await settleDraw(db, draw.id, undefined, {}, now);
  }
  return { status: decision.outcome };
};

/** The entry waiting for a second operator on a draw (a correction's, for a settled draw). */
const pendingEntry = (db: DbOrTrx, drawId: number, isCorrection: boolean) =>
  db
    .selectFrom('lottery_result_entry')
    .selectAll()
    .where('draw_id', '=', drawId)
    .where('kind', 'in', isCorrection ? ['CORRECTION'] : ['ENTRY', 'FEED'])
    .where('status', '=', 'PENDING')
    .orderBy('id')
    .executeTakeFirst();

/**
 * Takes a waiting entry off a draw: its author withdraws it (a typing mistake), or another operator
 * rejects it (it does not match the official sheet). Both are recorded in the draw's trail, and a
 * fresh pair of entries can then be given. Without this one mistyped entry would lock the draw.
 */
export const withdrawOrRejectResult = async (
  db: Db,
  input: { drawId: number; by: ResultAuthor; action: 'WITHDRAW' | 'REJECT' },
  now = new Date(),
): Promise<{ status: 'WITHDRAWN' | 'REJECTED' }> => {
  const draw = await findDraw(db, input.drawId);
  if (!draw) throw new AppError('NOT_FOUND', 'No such draw');
  const isCorrection = draw.source === 'OPERATOR' && draw.status === 'SETTLED';
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('lottery_draw').set({ id: draw.id }).where('id', '=', draw.id).execute();
    const pending = await pendingEntry(trx, draw.id, isCorrection);
    if (!pending) throw new AppError('CONFLICT', 'No entry waits for a confirmation on this draw');
    const isAuthor = pending.operator_name === input.by.name;
    if (input.action === 'WITHDRAW' && !isAuthor)
      throw new AppError('CONFLICT', 'Only its author withdraws an entry; a second operator rejects it');
    if (input.action === 'REJECT' && isAuthor)
      throw new AppError('CONFLICT', 'An entry is rejected by a second operator; its author withdraws it');
    const status = input.action === 'WITHDRAW' ? ('WITHDRAWN' as const) : ('REJECTED' as const);
    const taken = await trx
      .updateTable('lottery_result_entry')
      .set({ status })
      .where('id', '=', pending.id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1)
      throw new AppError('CONFLICT', 'This entry was decided meanwhile');
    await recordEntry(trx, { drawId: draw.id, kind: input.action, status: 'APPLIED' }, {}, input.by, now);
    return { status };
  });
};

/**
 * Settles a draw's bets again on its corrected result: each bet's payout at the odds it was placed
 * under, the difference paid on top (WIN) or taken back (WIN_ROLLBACK, as far as the member's main
 * wallet holds it; the rest is recorded as owed), the betting record and daily summary moved by what
 * moved, and one adjustment row a bet. A rerun skips the bets already done; the correction is APPLIED
 * once every bet is.
 */
export const resettleCorrection = async (db: Db, entryId: number, now = new Date()) => {
  const entry = await db
    .selectFrom('lottery_result_entry')
    .selectAll()
    .where('id', '=', entryId)
    .where('kind', '=', 'CORRECTION')
    .where('status', '=', 'SETTLING')
    .executeTakeFirst();
  const totals = { adjusted: 0, paid: 0, takenBack: 0, owed: 0 };
  if (!entry) return totals;
  const draw = (await findDraw(db, entry.draw_id))!;
  const structure = STRUCTURES[draw.structure as keyof typeof STRUCTURES];
  const payoutOf = payoutsFor.bind(null, structure, JSON.parse(entry.result) as DrawResult);
  const category = ((await gameCategoryOf(db, draw.vendor_code, draw.game_id)) ?? 'LOTT') as GameCategory;
  const at = now.toISOString();
  // Read on from the last bet taken along the draw's index by id (as settlement does, decision 0072),
  // not from the draw's first bet each time; a rerun starts from 0 and skips the bets already adjusted.
  for (let after = 0; ;) {
    const bets = await db
      .selectFrom('lottery_bet')
      .selectAll()
      .where('draw_id', '=', draw.id)
      .where('id', '>', after)
      .where(isSettledBet)
      .where('id', 'not in', (eb) =>
        eb.selectFrom('lottery_bet_adjustment').select('bet_id').where('entry_id', '=', entry.id),
      )
      .orderBy('id')
      .limit(500)
      .execute();
    if (bets.length === 0) break;
    after = bets.at(-1)!.id;
    const versions = await oddsOfVersions(
      db,
      bets.map((bet) => bet.setting_id),
    );
    for (const bet of bets) {
      const pay = payoutOf(versions.get(bet.setting_id) ?? DEFAULT_SETTINGS.odds);
      const newPayout = pay({
        type: bet.bet_type as BetTypeCode,
        numbers: JSON.parse(bet.numbers) as string[],
        stake: Number(bet.stake),
      });
      const delta = newPayout - Number(bet.payout);
      const main = await ledger.memberAccount(db, bet.merchant_id, bet.member_id, 'MAIN');
      const float = await ledger.houseAccount(db, bet.merchant_id, 'VENDOR_FLOAT');
      const roundId = roundIdOf(draw, bet.id);
      const reference = records.roundReference(draw.vendor_code, roundId);
      const done = await groupCommit(db, async (trx) => {
        const already = await trx
          .selectFrom('lottery_bet_adjustment')
          .select('id')
          .where('bet_id', '=', bet.id)
          .where('entry_id', '=', entry.id)
          .executeTakeFirst();
        if (already) return undefined;
        let moved = 0;
        let owed = 0;
        if (delta > 0) moved = delta;
        else if (delta < 0) {
          const take = Math.min(-delta, await ledger.getAccountBalance(trx, main));
          moved = -take;
          owed = -delta - take;
        }
        if (moved !== 0)
          await ledger.postTransfersWithin(
            db,
            trx,
            {
              merchantId: bet.merchant_id,
              idempotencyKey: `lottery-correct:${entry.id}:${bet.id}`,
              legs: [
                moved > 0
                  ? { kind: 'WIN', debitAccountId: float, creditAccountId: main, amount: moved, reference }
                  : {
                      kind: 'WIN_ROLLBACK',
                      debitAccountId: main,
                      creditAccountId: float,
                      amount: -moved,
                      reference,
                    },
              ],
            },
            now,
          );
        await trx
          .insertInto('lottery_bet_adjustment')
          .values({
            bet_id: bet.id,
            entry_id: entry.id,
            old_payout: Number(bet.payout),
            new_payout: newPayout,
            moved,
            owed,
            created_at: at,
          })
          .execute();
        await trx
          .updateTable('lottery_bet')
          .set({ payout: newPayout, status: newPayout > 0 ? 'WON' : 'LOST' })
          .where('id', '=', bet.id)
          .execute();
        const record = await records.findBetRecord(trx, {
          merchantId: bet.merchant_id,
          vendorCode: draw.vendor_code,
          roundId,
        });
        if (record && moved !== 0) {
          await records.writeRecordState(
            trx,
            record.id,
            records.afterPayout(record, { amount: moved, close: false, at }).state,
          );
          await records.addToDailySummary(
            trx,
            {
              merchantId: bet.merchant_id,
              memberId: bet.member_id,
              // The day the record settled on in its brand's zone, where the summary counted it.
              day: record.settledDay ?? at.slice(0, 10),
              category,
              stake: 0,
              validBet: 0,
              payout: moved,
              winLoss: moved,
            },
            0,
          );
        }
        return { moved, owed };
      });
      if (!done) continue;
      totals.adjusted++;
      if (done.moved > 0) totals.paid += done.moved;
      else totals.takenBack -= done.moved;
      totals.owed += done.owed;
    }
  }
  await db
    .updateTable('lottery_result_entry')
    .set({ status: 'APPLIED' })
    .where('id', '=', entry.id)
    .where('status', '=', 'SETTLING')
    .execute();
  return totals;
};

/** Corrections whose resettlement stopped part-way (a crash): the lottery job finishes them. */
export const resumeCorrections = async (db: Db, now = new Date()) => {
  const settling = await db
    .selectFrom('lottery_result_entry')
    .select('id')
    .where('kind', '=', 'CORRECTION')
    .where('status', '=', 'SETTLING')
    .execute();
  for (const entry of settling) await resettleCorrection(db, entry.id, now);
  return settling.length;
};

/** A game's draw by its number. */
export const findGameDraw = async (db: DbOrTrx, gameId: string, numero: string) => {
  const game = await findLotteryGameById(db, gameId);
  const draw = await db
    .selectFrom('lottery_draw')
    .selectAll()
    .where('vendor_code', '=', game.vendorCode)
    .where('game_id', '=', game.gameId)
    .where('draw_no', '=', numero)
    .executeTakeFirst();
  if (!draw) throw new AppError('NOT_FOUND', `No draw ${numero} of ${gameId}`);
  return draw;
};

/**
 * A draw's state and its audit trail: every result given for it, oldest first. The second operator
 * keys a result in blind (issue 19 item 9), so the numbers of an entry still waiting, and of a
 * confirmation refused against it, show to their author alone (`viewer`, null for the console) until
 * the entry is confirmed, withdrawn or rejected (a refused confirmation: until a result is confirmed).
 */
export const resultTrail = async (
  db: DbOrTrx,
  draw: DrawRow,
  viewer: string | null,
): Promise<ResultTrailResponse> => {
  const entries = await db
    .selectFrom('lottery_result_entry')
    .select(['id', 'kind', 'status', 'result', 'operator_name', 'created_at'])
    .where('draw_id', '=', draw.id)
    .orderBy('id')
    .execute();
  const lastConfirmed = Math.max(
    0,
    ...entries.filter((e) => e.kind === 'CONFIRM' && e.status === 'APPLIED').map((e) => e.id),
  );
  const isOpen = (entry: (typeof entries)[number]) =>
    (FIRST_KINDS as readonly string[]).includes(entry.kind)
      ? entry.status === 'PENDING'
      : entry.kind === 'CONFIRM' && entry.status === 'REFUSED' && entry.id > lastConfirmed;
  return {
    status: draw.status,
    source: draw.source,
    result: draw.result ? (JSON.parse(draw.result) as Record<string, string[]>) : null,
    entries: entries.map((entry) => ({
      kind: entry.kind,
      status: entry.status,
      result:
        entry.kind === 'WITHDRAW' ||
        entry.kind === 'REJECT' ||
        (isOpen(entry) && entry.operator_name !== viewer)
          ? null
          : (JSON.parse(entry.result) as Record<string, string[]>),
      operator: entry.operator_name,
      createdAt: entry.created_at,
    })),
  };
};

/**
 * What corrections could not take back: each bet whose member's main wallet held less than the win
 * taken back, with what is owed; a brand's own (`merchantId`) or every brand's (null).
 */
export const listOwed = async (db: DbOrTrx, merchantId: number | null): Promise<LotteryOwed[]> => {
  let query = db
    .selectFrom('lottery_bet_adjustment as a')
    .innerJoin('lottery_bet as b', 'b.id', 'a.bet_id')
    .innerJoin('lottery_draw as d', 'd.id', 'b.draw_id')
    .innerJoin('member as m', 'm.id', 'b.member_id')
    .innerJoin('merchant as mc', 'mc.id', 'b.merchant_id')
    .select([
      'mc.code as merchantCode',
      'b.member_id as memberId',
      'm.username',
      'd.game_id as gameCode',
      'd.draw_no as numero',
      'b.id as betId',
      'a.old_payout as oldPayout',
      'a.new_payout as newPayout',
      'a.owed',
      'a.created_at as createdAt',
    ])
    .where('a.owed', '>', 0)
    .orderBy('a.id', 'desc');
  if (merchantId !== null) query = query.where('b.merchant_id', '=', merchantId);
  return (await query.execute()).map((row) => ({
    ...row,
    oldPayout: Number(row.oldPayout),
    newPayout: Number(row.newPayout),
    owed: Number(row.owed),
  }));
};

/**
 * Imports results from a feed or a file. A draw waiting for its official result takes it as one entry
 * (FEED, by `by`, the operator who imports it) that a second operator confirms; a draw already drawn with the same result is left as it is, and one drawn with
 * another is reported (a correction is an operator's act); a past draw the site never held is added
 * as history (settled, with no bets), which is how the demo's North results come in.
 */
export const importResults = async (
  db: Db,
  game: { vendorCode: string; gameId: string },
  rows: readonly ResultRow[],
  by: ResultAuthor,
  now = new Date(),
) => {
  const schedule = scheduleOf(game.vendorCode, game.gameId);
  if (schedule?.kind !== 'DAILY')
    throw new AppError('BAD_REQUEST', `${game.gameId} has no daily draw to take official results`);
  const structure = STRUCTURES[schedule.structure];
  const counts = {
    applied: 0,
    pending: 0,
    added: 0,
    unchanged: 0,
    skipped: 0,
    conflicts: [] as string[],
    refused: [] as string[],
  };
  const existing = new Map(
    (
      await db
        .selectFrom('lottery_draw')
        .selectAll()
        .where('vendor_code', '=', game.vendorCode)
        .where('game_id', '=', game.gameId)
        .execute()
    ).map((draw) => [draw.draw_no, draw]),
  );
  const history: ResultRow[] = [];
  for (const row of rows) {
    const problem = resultProblem(structure, row.result);
    if (problem) throw new AppError('BAD_REQUEST', `Draw ${row.numero}: ${problem}`);
    const draw = existing.get(row.numero);
    if (!draw) {
      history.push(row);
      continue;
    }
    if (draw.status === 'DRAWN' || draw.status === 'SETTLED') {
      if (sameResult(JSON.parse(draw.result ?? '{}') as DrawResult, row.result)) counts.unchanged++;
      else counts.conflicts.push(row.numero);
      continue;
    }
    if (draw.source !== 'OPERATOR' || draw.status === 'VOID' || now.toISOString() < draw.draws_at) {
      counts.skipped++;
      continue;
    }
    // A feed's result is one entry (issue 19 item 13): a second operator confirms it, or it confirms
    // an operator's entry waiting on the draw (when the importer is someone else).
    try {
      const entered = await enterOfficialResult(
        db,
        { drawId: draw.id, result: row.result, by, kind: 'FEED' },
        now,
      );
      if (entered.status === 'APPLIED') counts.applied++;
      else counts.pending++;
    } catch (error) {
      // Refused as an entry: it differs from the one waiting, or the importer gave that one.
      if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
      counts.refused.push(`${row.numero}: ${error.message}`);
    }
  }
  // A past draw comes in whole, drawn and settled; a date still to come is left to the schedule.
  const hour = Math.floor(schedule.time / 60);
  const minute = schedule.time % 60;
  const offset = `+${String(schedule.utcOffset).padStart(2, '0')}:00`;
  const values = history.flatMap((row) => {
    const match = /^(\d{4})(\d{2})(\d{2})$/.exec(row.numero);
    if (!match) throw new AppError('BAD_REQUEST', `'${row.numero}' is not a draw date (YYYYMMDD)`);
    const drawsAt = new Date(
      `${match[1]}-${match[2]}-${match[3]}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00${offset}`,
    );
    if (Number.isNaN(drawsAt.getTime()) || drawsAt > now) {
      counts.skipped++;
      return [];
    }
    const at = (ms: number) => new Date(drawsAt.getTime() - ms).toISOString();
    return [
      {
        vendor_code: game.vendorCode,
        game_id: game.gameId,
        draw_no: row.numero,
        structure: structure.code,
        status: 'SETTLED' as const,
        opens_at: at(86_400_000),
        closes_at: at(schedule.closeBeforeSeconds * 1000),
        draws_at: drawsAt.toISOString(),
        source: 'OPERATOR' as const,
        seed_hash: null,
        seed_sealed: null,
        server_seed: null,
        result: JSON.stringify(row.result),
        drawn_at: drawsAt.toISOString(),
        settled_at: drawsAt.toISOString(),
      },
    ];
  });
  for (let i = 0; i < values.length; i += 500) {
    await db
      .insertInto('lottery_draw')
      .values(values.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['vendor_code', 'game_id', 'draw_no']).doNothing())
      .execute();
  }
  counts.added = values.length;
  if (values.length > 0) tellDrawChanged(db, game);
  return counts;
};

/** The demo brand's North history: the real results of the resources file, loaded once at seeding. */
export const seedDemoLotteryHistory = async (db: Db, now = new Date()) => {
  const file = new URL('../../../resources/xsmb-results.csv', import.meta.url);
  const rows = parseXsmbCsv(await readFile(file, 'utf8'));
  return importResults(
    db,
    await findLotteryGameById(db, 'VN_HN'),
    rows,
    { id: null, name: 'demo-seed' },
    now,
  );
};
