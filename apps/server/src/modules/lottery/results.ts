import { readFile } from 'node:fs/promises';
import type { ResultTrailResponse } from '@jade/contracts/lottery';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { GameCategory } from '@jade/contracts/games';
import { groupCommit } from '../../platform/db/group-commit.js';
import * as records from '../games/bet-records.js';
import { gameCategoryOf } from '../games/service.js';
import * as ledger from '../wallet/ledger.js';
import { payoutsFor, type BetTypeCode } from './bet-types.js';
import { drawResult, findDraw, isSettledBet, roundIdOf, settleDraw, type DrawRow } from './draws.js';
import { DEFAULT_SETTINGS, oddsOfVersions } from './settings.js';
import { resultProblem, STRUCTURES, type DrawResult } from './structures.js';
import { LOTTERY_VENDORS, scheduleOf } from './schedule.js';

/**
 * Official results (issue 11; decision 0020): where a game's results come from, an operator's entry
 * confirmed by a second operator who keys the same result in blind, and a results feed or file
 * imported whole. Every result given is kept in `lottery_result_entry`, the draw's audit trail.
 */
export type ResultSource = 'FAIR' | 'OPERATOR';
export type ResultRow = { numero: string; result: DrawResult };
/** Who gives a result: an operator (id null for the console) or a feed. */
export type ResultAuthor = { id: number | null; name: string };

/** An official result opens no sealed seed: drawing it needs no server secret. */
const NO_SEED_SECRET = '';

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

/** Sets where a game's results come from, for the draws made from now on. */
export const setGameSource = async (
  db: DbOrTrx,
  game: { vendorCode: string; gameId: string },
  source: ResultSource,
  now = new Date(),
) => {
  await db
    .insertInto('lottery_game_source')
    .values({ vendor_code: game.vendorCode, game_id: game.gameId, source, updated_at: now.toISOString() })
    .onConflict((oc) =>
      oc.columns(['vendor_code', 'game_id']).doUpdateSet({ source, updated_at: now.toISOString() }),
    )
    .execute();
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

const recordEntry = (
  db: DbOrTrx,
  entry: {
    drawId: number;
    kind: 'ENTRY' | 'CORRECTION' | 'CONFIRM' | 'FEED';
    status: 'PENDING' | 'APPLIED' | 'REFUSED';
  },
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

const sameResult = (a: DrawResult, b: DrawResult) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([tier, numbers]) => (b[tier] ?? []).join() === numbers.join());

/** A draw waiting for its official result: taken from an operator, closed, not drawn yet. */
const assertAwaitingResult = (draw: DrawRow | undefined, now: Date): DrawRow => {
  if (!draw) throw new AppError('NOT_FOUND', 'No such draw');
  if (draw.source !== 'OPERATOR')
    throw new AppError('CONFLICT', 'This draw is drawn by the engine, not given an official result');
  if (!['SCHEDULED', 'OPEN', 'CLOSED'].includes(draw.status))
    throw new AppError('CONFLICT', `The draw is ${draw.status}`);
  if (now.toISOString() < draw.closes_at) throw new AppError('CONFLICT', 'The draw has not closed yet');
  return draw;
};

/**
 * An operator gives a draw's official result. The first entry waits; a second operator keys the result
 * in without seeing it, and when both agree the result is applied and the draw settled. The same
 * operator cannot confirm their own entry; a second entry that differs is refused and recorded, and
 * the first keeps waiting for a match. Given for a settled official draw, the same two steps make a
 * correction: the draw takes the new result and its bets are settled again (`resettleCorrection`).
 */
export const enterOfficialResult = async (
  db: Db,
  input: { drawId: number; result: DrawResult; by: ResultAuthor },
  now = new Date(),
): Promise<{ status: 'PENDING' | 'APPLIED' }> => {
  const found = await findDraw(db, input.drawId);
  const isCorrection = found?.source === 'OPERATOR' && found.status === 'SETTLED';
  const draw = isCorrection ? found : assertAwaitingResult(found, now);
  const problem = resultProblem(STRUCTURES[draw.structure as keyof typeof STRUCTURES], input.result);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  const kind = isCorrection ? 'CORRECTION' : 'ENTRY';
  const decision = await db.transaction().execute(async (trx) => {
    // A draw's entries are decided one at a time: the draw's row is locked, and its state read again
    // under the lock, so a confirmation that lost a race finds the result already on record.
    await trx.updateTable('lottery_draw').set({ id: draw.id }).where('id', '=', draw.id).execute();
    const current = (await findDraw(trx, draw.id))!;
    if (isCorrection && sameResult(JSON.parse(current.result ?? '{}') as DrawResult, input.result))
      throw new AppError('CONFLICT', 'That is the result on record already');
    if (!isCorrection && !['SCHEDULED', 'OPEN', 'CLOSED'].includes(current.status))
      throw new AppError('CONFLICT', `The draw is ${current.status}`);
    const pending = await trx
      .selectFrom('lottery_result_entry')
      .selectAll()
      .where('draw_id', '=', draw.id)
      .where('kind', '=', kind)
      .where('status', '=', 'PENDING')
      .orderBy('id')
      .executeTakeFirst();
    if (!pending) {
      await recordEntry(trx, { drawId: draw.id, kind, status: 'PENDING' }, input.result, input.by, now);
      return { outcome: 'PENDING' as const };
    }
    if (pending.operator_name === input.by.name)
      throw new AppError('CONFLICT', 'A second operator must confirm this result');
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
    await trx
      .updateTable('lottery_draw')
      .set(
        isCorrection
          ? { result: JSON.stringify(input.result) }
          : { status: 'DRAWN', result: JSON.stringify(input.result), drawn_at: now.toISOString() },
      )
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
    if (isCorrection) await resettleCorrection(db, decision.entryId, now);
    else await settleDraw(db, draw.id, undefined, {}, now);
  }
  return { status: decision.outcome };
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
  for (;;) {
    const bets = await db
      .selectFrom('lottery_bet')
      .selectAll()
      .where('draw_id', '=', draw.id)
      .where(isSettledBet)
      .where('id', 'not in', (eb) =>
        eb.selectFrom('lottery_bet_adjustment').select('bet_id').where('entry_id', '=', entry.id),
      )
      .orderBy('id')
      .limit(500)
      .execute();
    if (bets.length === 0) break;
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
              day: (record.settledAt ?? at).slice(0, 10),
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

/** A draw's state and its audit trail: every result given for it, oldest first. */
export const resultTrail = async (db: DbOrTrx, draw: DrawRow): Promise<ResultTrailResponse> => {
  const entries = await db
    .selectFrom('lottery_result_entry')
    .select(['kind', 'status', 'result', 'operator_name', 'created_at'])
    .where('draw_id', '=', draw.id)
    .orderBy('id')
    .execute();
  return {
    status: draw.status,
    source: draw.source,
    result: draw.result ? (JSON.parse(draw.result) as Record<string, string[]>) : null,
    entries: entries.map((entry) => ({
      kind: entry.kind,
      status: entry.status,
      result: JSON.parse(entry.result) as Record<string, string[]>,
      operator: entry.operator_name,
      createdAt: entry.created_at,
    })),
  };
};

/**
 * Imports results from a feed or a file. A draw waiting for its official result takes it (recorded as
 * FEED) and is settled; a draw already drawn with the same result is left as it is, and one drawn with
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
  const counts = { applied: 0, added: 0, unchanged: 0, skipped: 0, conflicts: [] as string[] };
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
    if (draw.source !== 'OPERATOR' || draw.status === 'VOID' || now.toISOString() < draw.closes_at) {
      counts.skipped++;
      continue;
    }
    await recordEntry(db, { drawId: draw.id, kind: 'FEED', status: 'APPLIED' }, row.result, by, now);
    await drawResult(db, NO_SEED_SECRET, draw.id, row.result, now);
    await settleDraw(db, draw.id, undefined, {}, now);
    counts.applied++;
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
