import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const withId = <T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) =>
  db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

export async function up(db: AnyDb): Promise<void> {
  /**
   * What a corrected result changed for one bet: its payout before and after, the money moved for it
   * (a win paid on top, or taken back), and what could not be taken back (the member's main wallet
   * held less). One row a bet a correction: a rerun after a crash skips the bets already done.
   */
  await withId(db, db.schema.createTable('lottery_bet_adjustment'))
    .addColumn('bet_id', 'integer', (c) => c.notNull().references('lottery_bet.id'))
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('lottery_result_entry.id'))
    .addColumn('old_payout', 'bigint', (c) => c.notNull())
    .addColumn('new_payout', 'bigint', (c) => c.notNull())
    .addColumn('moved', 'bigint', (c) => c.notNull())
    .addColumn('owed', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('lottery_bet_adjustment_once', ['bet_id', 'entry_id'])
    .execute();
}
