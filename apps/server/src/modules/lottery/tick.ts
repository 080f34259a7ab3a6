import type { Db } from '../../platform/db/index.js';
import { isUniqueViolation } from '../../platform/db/transaction.js';
import { createDraw, drawResult, settleDraw } from './draws.js';
import { gameSourceOf, resumeCorrections } from './results.js';
import { LOTTERY_VENDORS, nextDraw, scheduleOf } from './schedule.js';

/**
 * The lottery's leased job (every few seconds): every scheduled game has its next draw; draws open,
 * close, are drawn (fair ones from their sealed seed; an operator's wait for the official result)
 * and settled, each step a conditional update, so a step run twice does nothing more.
 */
export const runLotteryTick = async (db: Db, serverSecret: string, now = new Date()) => {
  const games = await db
    .selectFrom('game')
    .innerJoin('vendor', 'vendor.id', 'game.vendor_id')
    .select(['vendor.code as vendor_code', 'game.game_id'])
    .where('vendor.code', 'in', [...LOTTERY_VENDORS])
    .execute();
  let created = 0;
  for (const game of games) {
    const schedule = scheduleOf(game.vendor_code, game.game_id);
    if (!schedule) continue;
    const planned = nextDraw(schedule, now);
    const exists = await db
      .selectFrom('lottery_draw')
      .select('id')
      .where('vendor_code', '=', game.vendor_code)
      .where('game_id', '=', game.game_id)
      .where('draw_no', '=', planned.drawNo)
      .executeTakeFirst();
    if (exists) continue;
    try {
      await createDraw(
        db,
        serverSecret,
        {
          vendorCode: game.vendor_code,
          gameId: game.game_id,
          drawNo: planned.drawNo,
          structure: schedule.structure,
          // Fair draws unless the game takes official results (`lottery source`); the demo's daily
          // draws are fair draws too.
          source: await gameSourceOf(db, game.vendor_code, game.game_id),
          opensAt: planned.opensAt,
          closesAt: planned.closesAt,
          drawsAt: planned.drawsAt,
        },
        now,
      );
      created++;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  const at = now.toISOString();
  await db
    .updateTable('lottery_draw')
    .set({ status: 'OPEN' })
    .where('status', '=', 'SCHEDULED')
    .where('opens_at', '<=', at)
    .execute();
  await db
    .updateTable('lottery_draw')
    .set({ status: 'CLOSED' })
    .where('status', '=', 'OPEN')
    .where('closes_at', '<=', at)
    .execute();
  const due = await db
    .selectFrom('lottery_draw')
    .selectAll()
    .where('status', '=', 'CLOSED')
    .where('source', '=', 'FAIR')
    .where('draws_at', '<=', at)
    .orderBy('draws_at')
    .limit(100)
    .execute();
  for (const draw of due) await drawResult(db, serverSecret, draw.id, undefined, now);
  const drawn = await db
    .selectFrom('lottery_draw')
    .select('id')
    .where('status', '=', 'DRAWN')
    .limit(100)
    .execute();
  let settled = 0;
  for (const draw of drawn) settled += (await settleDraw(db, draw.id, undefined, {}, now)).settled;
  // A correction whose resettlement stopped part-way is finished here.
  const corrections = await resumeCorrections(db, now);
  return { created, drawn: due.length, settled, corrections };
};
