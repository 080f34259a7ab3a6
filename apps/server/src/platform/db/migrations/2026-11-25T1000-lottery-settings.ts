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
   * A brand's odds and stake limits on one lottery game, as versions: a change adds a row, never edits
   * one, so each bet keeps the version it was placed under (and an operator's changes stay on record).
   */
  await withId(db, db.schema.createTable('lottery_setting'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('vendor_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('game_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('odds', 'text', (c) => c.notNull())
    .addColumn('limits', 'text', (c) => c.notNull())
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lottery_setting_game')
    .on('lottery_setting')
    .columns(['merchant_id', 'vendor_code', 'game_id', 'id'])
    .execute();
  /** The settings version a bet was placed under (null: the built-in defaults). */
  await db.schema
    .alterTable('lottery_bet')
    .addColumn('setting_id', 'integer', (c) => c.references('lottery_setting.id'))
    .execute();
}
