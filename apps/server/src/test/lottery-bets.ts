import { sql } from 'kysely';
import type { Slip } from '../modules/lottery/bet-types.js';
import type { DrawRow } from '../modules/lottery/draws.js';
import type { Db } from '../platform/db/index.js';

/**
 * One draw's lottery bets written straight into the database with their betting records, as placing
 * them would have (placing ten thousand one by one takes minutes): bet `i` (from 0, asked in order) is
 * `slipOf(i)` by member `memberIds[i % memberIds.length]`, costing `costOf(slip)`, placed at `placedAt`.
 * Each bet keeps its record's id and round (`game:draw no:bet id`, as draws.ts roundIdOf names it), the
 * ids follow the tables' highest, and on PostgreSQL the id sequences are moved past them so a bet
 * placed afterwards gets a free id. Chunks of 500 rows (1,000 on PostgreSQL), 20 chunks a transaction.
 * Answers the number of bets written.
 *
 * The lottery settlement test uses it, and so does the bench (bench/support.mjs, through tsx: the
 * server's build leaves src/test out), which runs the built server: hence the server's code comes in
 * as arguments (`costOf`, `postgres`) and only its types are imported here.
 */
export const writeLotteryBets = async (
  db: Db,
  {
    merchantId,
    memberIds,
    draw,
    bets,
    slipOf,
    costOf,
    postgres,
    placedAt = new Date().toISOString(),
    category = 'ELOTT',
  }: {
    merchantId: number;
    memberIds: readonly number[];
    draw: Pick<DrawRow, 'id' | 'vendor_code' | 'game_id' | 'draw_no'>;
    bets: number;
    slipOf: (i: number) => Slip;
    costOf: (slip: Slip) => number;
    postgres: boolean;
    placedAt?: string;
    category?: string;
  },
): Promise<number> => {
  const highest = async (table: 'bet_record' | 'lottery_bet') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('top'))
          .executeTakeFirstOrThrow()
      ).top,
    );
  const recordBase = await highest('bet_record');
  const betBase = await highest('lottery_bet');
  const CHUNK = postgres ? 1_000 : 500;
  for (let from = 0; from < bets; from += CHUNK * 20)
    await db.transaction().execute(async (trx) => {
      for (let at = from; at < Math.min(from + CHUNK * 20, bets); at += CHUNK) {
        const betRows = [];
        const records = [];
        for (let i = at; i < Math.min(at + CHUNK, bets); i++) {
          const slip = slipOf(i);
          const memberId = memberIds[i % memberIds.length]!;
          const cost = costOf(slip);
          const betId = betBase + i + 1;
          const recordId = recordBase + i + 1;
          betRows.push({
            id: betId,
            merchant_id: merchantId,
            member_id: memberId,
            draw_id: draw.id,
            bet_type: slip.type,
            numbers: JSON.stringify(slip.numbers),
            stake: slip.stake,
            cost,
            payout: 0,
            status: 'OPEN' as const,
            request_key: `written-${draw.id}-${betId}`,
            placed_at: placedAt,
            settled_at: null,
            record_id: recordId,
          });
          records.push({
            id: recordId,
            merchant_id: merchantId,
            member_id: memberId,
            vendor_code: draw.vendor_code,
            game_id: draw.game_id,
            category,
            round_id: `${draw.game_id}:${draw.draw_no}:${betId}`,
            stake: cost,
            valid_bet: 0,
            payout: 0,
            win_loss: -cost,
            status: 'OPEN' as const,
            placed_at: placedAt,
            settled_at: null,
            settled_day: null,
          });
        }
        await trx.insertInto('bet_record').values(records).execute();
        await trx.insertInto('lottery_bet').values(betRows).execute();
      }
    });
  if (postgres && bets > 0) {
    await sql`select setval(pg_get_serial_sequence('lottery_bet', 'id'), ${betBase + bets})`.execute(db);
    await sql`select setval(pg_get_serial_sequence('bet_record', 'id'), ${recordBase + bets})`.execute(db);
  }
  return bets;
};
