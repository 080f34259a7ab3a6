import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const withId = <T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) =>
  db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

export async function up(db: AnyDb): Promise<void> {
  /** Where a lottery game's results come from: FAIR draws by the engine, or OPERATOR (official results entered). */
  await db.schema
    .createTable('lottery_game_source')
    .addColumn('vendor_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('game_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('lottery_game_source_pk', ['vendor_code', 'game_id'])
    .execute();

  /**
   * Every official result given for a draw, by whom and how (ENTRY by an operator, CONFIRM by a
   * second operator, FEED from a results feed): the draw's audit trail. An ENTRY waits (PENDING) for
   * a second operator's matching CONFIRM; then both are APPLIED.
   */
  await withId(db, db.schema.createTable('lottery_result_entry'))
    .addColumn('draw_id', 'integer', (c) => c.notNull().references('lottery_draw.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'integer')
    .addColumn('operator_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lottery_result_entry_draw')
    .on('lottery_result_entry')
    .columns(['draw_id', 'id'])
    .execute();
}
