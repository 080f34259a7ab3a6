import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  /**
   * JSON: a settings version's cost multipliers per Vietnamese bet type, where the brand does not
   * charge the standard one (issue 11: configurable odds and cost multiplier per brand and game).
   */
  await db.schema
    .alterTable('lottery_setting')
    .addColumn('costs', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
