import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import { isUniqueViolation } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { tellDrawChanged } from './draw-news.js';
import { createDraw, drawResult, settleDraw } from './draws.js';
import { gameSourceOf, resumeCorrections } from './results.js';
import { LOTTERY_VENDORS, missedDailyDraws, nextDraw, scheduleOf, type PlannedDraw } from './schedule.js';
import type { DrawStructureCode } from './structures.js';

/** How far back the catch-up fills a daily game's missed draws: a year, so a start costs a bounded time. */
export const CATCH_UP_DAYS = 366;
/** Draws drawn, or settled, per query of the job's loops. */
const BATCH = 100;

/**
 * The lottery games, each with its result source and the time of its newest draw whose betting closed
 * by `at`: one statement, however many games (the job runs several times a minute for the fast games;
 * a read a game was 3 statements a game a run, most of an idle server's statements).
 */
const lotteryGames = (db: Db, at: string) =>
  db
    .selectFrom('game')
    .innerJoin('vendor', 'vendor.id', 'game.vendor_id')
    .select((eb) => [
      'vendor.code as vendor_code',
      'game.game_id',
      eb
        .selectFrom('lottery_game_source')
        .select('lottery_game_source.source')
        .whereRef('lottery_game_source.vendor_code', '=', 'vendor.code')
        .whereRef('lottery_game_source.game_id', '=', 'game.game_id')
        .as('source'),
      // A daily draw's number is its date, so the newest number is the newest draw (the unique index,
      // read backwards past the draw taking bets). Closed draws only: the catch-up fills the days
      // after this one, and the next draw is made before it.
      eb
        .selectFrom('lottery_draw')
        .select('lottery_draw.draws_at')
        .whereRef('lottery_draw.vendor_code', '=', 'vendor.code')
        .whereRef('lottery_draw.game_id', '=', 'game.game_id')
        .where('lottery_draw.closes_at', '<=', at)
        .orderBy('lottery_draw.draw_no', 'desc')
        .limit(1)
        .as('last_draws_at'),
    ])
    .where('vendor.code', 'in', [...LOTTERY_VENDORS])
    .execute();
type LotteryGame = Awaited<ReturnType<typeof lotteryGames>>[number];

/** Makes a draw once: a second maker (another tick, another instance) meets the unique draw number. */
const createOnce = async (
  db: Db,
  serverSecret: string,
  game: { vendor_code: string; game_id: string },
  structure: DrawStructureCode,
  source: 'FAIR' | 'OPERATOR',
  planned: PlannedDraw,
  now: Date,
) => {
  try {
    await createDraw(
      db,
      serverSecret,
      {
        vendorCode: game.vendor_code,
        gameId: game.game_id,
        drawNo: planned.drawNo,
        structure,
        source,
        opensAt: planned.opensAt,
        closesAt: planned.closesAt,
        drawsAt: planned.drawsAt,
      },
      now,
    );
    return 1;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return 0;
  }
};

/**
 * The daily draws a game missed (issue 20 item 5): every draw day since the game's last closed draw
 * whose betting has closed, up to CATCH_UP_DAYS back, is made with the game's result source. A run
 * stopped part-way leaves the next draw made and the gap's newest filled day as the last closed
 * draw, so the next run goes on from there. The demo's North history ends in August, and a server
 * that was stopped made no draws meanwhile; without this the job only ever made the next draw, and
 * the latest result stayed where the gap began. Only games on the fair draw are filled: an official
 * game's past dates come from the results feed as history (`lottery results import`), and no operator
 * should be asked for draws no one could bet on. The job's next steps draw and settle what was made,
 * each step a conditional update, so a catch-up run twice, or on two instances at once, makes and
 * settles each draw once.
 */
const catchUpDailyDraws = async (db: Db, serverSecret: string, now: Date, games: LotteryGame[]) => {
  let created = 0;
  for (const game of games) {
    const schedule = scheduleOf(game.vendor_code, game.game_id);
    if (schedule?.kind !== 'DAILY' || (game.source ?? 'FAIR') !== 'FAIR') continue;
    // A game that never drew has no gap: its first draw is the next one.
    if (!game.last_draws_at) continue;
    const missed = missedDailyDraws(schedule, new Date(game.last_draws_at), now, CATCH_UP_DAYS);
    // Rare (a server that was stopped): the source is read again just before, as the draws are made.
    if (missed.length === 0 || (await gameSourceOf(db, game.vendor_code, game.game_id)) !== 'FAIR') continue;
    for (const planned of missed)
      created += await createOnce(db, serverSecret, game, schedule.structure, 'FAIR', planned, now);
  }
  return { created };
};

/**
 * The lottery's leased job (every few seconds): every scheduled game has its next draw, made first so
 * that a server started after a stop takes bets at once; then the daily draws missed are made
 * (catch-up: a year's gap is thousands of draws); draws open, close, are drawn (fair ones from their
 * sealed seed; an operator's wait for the official result) and settled, each step a conditional
 * update, so a step run twice does nothing more.
 */
export const runLotteryTick = async (db: Db, serverSecret: string, now = new Date()) => {
  const at = now.toISOString();
  const games = await lotteryGames(db, at);
  let created = 0;
  const next = games.flatMap((game) => {
    const schedule = scheduleOf(game.vendor_code, game.game_id);
    return schedule ? [{ game, schedule, planned: nextDraw(schedule, now) }] : [];
  });
  // The next time a game's next draw changes (its current one closes): a draw to make then.
  const nextToMake = Math.min(...next.map(({ planned }) => planned.closesAt.getTime()));
  // Which games' next draws are made already: one statement for all of them.
  const made = new Set(
    next.length === 0
      ? []
      : (
          await db
            .selectFrom('lottery_draw')
            .select(['vendor_code', 'game_id', 'draw_no'])
            .where((eb) =>
              eb.or(
                next.map(({ game, planned }) =>
                  eb.and([
                    eb('vendor_code', '=', game.vendor_code),
                    eb('game_id', '=', game.game_id),
                    eb('draw_no', '=', planned.drawNo),
                  ]),
                ),
              ),
            )
            .execute()
        ).map((draw) => `${draw.vendor_code}/${draw.game_id}/${draw.draw_no}`),
  );
  for (const { game, schedule, planned } of next) {
    if (made.has(`${game.vendor_code}/${game.game_id}/${planned.drawNo}`)) continue;
    // Fair draws unless the game takes official results (`lottery source`), read as the draw is made;
    // the demo's daily draws are fair draws too.
    const source = await gameSourceOf(db, game.vendor_code, game.game_id);
    created += await createOnce(db, serverSecret, game, schedule.structure, source, planned, now);
  }
  created += (await catchUpDailyDraws(db, serverSecret, now, games)).created;
  const opened = await db
    .updateTable('lottery_draw')
    .set({ status: 'OPEN' })
    .where('status', '=', 'SCHEDULED')
    .where('opens_at', '<=', at)
    .returning(['vendor_code', 'game_id'])
    .execute();
  const closed = await db
    .updateTable('lottery_draw')
    .set({ status: 'CLOSED' })
    .where('status', '=', 'OPEN')
    .where('closes_at', '<=', at)
    .returning(['vendor_code', 'game_id'])
    .execute();
  for (const draw of [...opened, ...closed])
    tellDrawChanged(db, { vendorCode: draw.vendor_code, gameId: draw.game_id });
  // Oldest first and until none is left, so a catch-up's draws are all drawn in this run.
  let drawn = 0;
  for (let lastId = 0; ;) {
    const due = await db
      .selectFrom('lottery_draw')
      .selectAll()
      .where('status', '=', 'CLOSED')
      .where('source', '=', 'FAIR')
      .where('draws_at', '<=', at)
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const draw of due) {
      try {
        await drawResult(db, serverSecret, draw.id, undefined, now);
        drawn++;
      } catch (error) {
        // Drawn meanwhile by another run of the job: the draw's conditional update let one through.
        if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
      }
    }
    if (due.length < BATCH) break;
    lastId = due[due.length - 1]!.id;
  }
  let settled = 0;
  for (let lastId = 0; ;) {
    const ready = await db
      .selectFrom('lottery_draw')
      .select('id')
      .where('status', '=', 'DRAWN')
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const draw of ready) settled += (await settleDraw(db, draw.id, undefined, {}, now)).settled;
    if (ready.length < BATCH) break;
    lastId = ready[ready.length - 1]!.id;
  }
  // A correction whose resettlement stopped part-way is finished here.
  const corrections = await resumeCorrections(db, now);
  const nextEvent = Math.min(nextToMake, await nextDrawEvent(db, at));
  return {
    created,
    drawn,
    settled,
    corrections,
    /** When this job has work next, as far as it knows (the job sleeps until then, decision 0056). */
    nextRunAt: Number.isFinite(nextEvent) ? new Date(nextEvent) : undefined,
  };
};

/**
 * The next step a draw takes after `at`: a scheduled one opens, an open one closes, a closed fair one
 * is drawn (an official draw waits for its result, whose entry settles it). One statement.
 */
const nextDrawEvent = async (db: Db, at: string) => {
  const row = await sql<{ next: string | null }>`
    select min(t) as next from (
      select min(opens_at) as t from lottery_draw where status = 'SCHEDULED' and opens_at > ${at}
      union all
      select min(closes_at) as t from lottery_draw where status = 'OPEN' and closes_at > ${at}
      union all
      select min(draws_at) as t from lottery_draw where status = 'CLOSED' and source = 'FAIR' and draws_at > ${at}
    ) as events`.execute(db);
  const next = row.rows[0]?.next;
  return next ? Date.parse(next) : Infinity;
};
