import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  /**
   * bigint minor units: the most a round of the game may stake (issue 19: the studio keeps to it and
   * the platform refuses a debit above it, as below min_bet). Null: the catalogue sets no maximum.
   */
  await db.schema.alterTable('game').addColumn('max_bet', 'bigint').execute();
  // The in-house studio's tables, as its catalogue entry now gives them, on a database seeded before.
  for (const [gameId, maxBet] of [
    ['JADE_FORTUNE', 1_000_000],
    ['JADE_ROULETTE', 5_000_000],
    ['JADE_BACCARAT', 5_000_000],
  ] as const) {
    await db
      .updateTable('game')
      .set({ max_bet: maxBet })
      .where('game_id', '=', gameId)
      .where('vendor_id', 'in', sql`(select id from vendor where code = 'JADE_STUDIO')`)
      .execute();
  }
}
