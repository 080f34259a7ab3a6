import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  /**
   * A game's draws in time order (issue 19 item 17): its newest results, the draw taking bets, and the
   * key VN statistics are memoised under were found by sorting every draw of the game (7,530 of the
   * North's history, ~10 ms a read on SQLite); now the newest come first from the index.
   */
  await db.schema
    .createIndex('lottery_draw_by_game')
    .on('lottery_draw')
    .columns(['vendor_code', 'game_id', 'draws_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('lottery_draw_by_game').execute();
}
