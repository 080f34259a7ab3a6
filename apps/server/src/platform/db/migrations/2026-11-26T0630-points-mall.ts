import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const withId = <T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) =>
  db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

/**
 * The points mall (decision 0046). Point balances are ledger accounts (kind POINTS), so no table here
 * holds a balance: these are the brand's rates and conversion, its rewards and their stock, and the
 * members' redemptions. Every point figure is in hundredths of a point.
 */
export async function up(db: AnyDb): Promise<void> {
  /** Points a category's valid bet earns: hundredths of a point per currency unit (§9: LIVE 70). */
  await db.schema
    .createTable('point_rate')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('rate', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('point_rate_pk', ['merchant_id', 'category'])
    .execute();

  /** Conversion to money: `convert_points` (hundredths) buy `convert_amount` (minor units). */
  await db.schema
    .createTable('point_setting')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey())
    .addColumn('convert_points', 'bigint', (c) => c.notNull())
    .addColumn('convert_amount', 'bigint', (c) => c.notNull())
    .addColumn('min_convert', 'bigint', (c) => c.notNull())
    .addColumn('max_convert', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  /** A reward: its names and descriptions by language (JSON), its cost and what is left in stock. */
  await withId(db, db.schema.createTable('point_reward'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('descriptions', 'text', (c) => c.notNull())
    .addColumn('image_url', 'varchar(500)')
    .addColumn('cost', 'bigint', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('point_reward_merchant')
    .on('point_reward')
    .columns(['merchant_id', 'sort_order'])
    .execute();

  /**
   * A member's redemption: IN_PROCESS until an operator approves or rejects it (a rejection gives the
   * points and the stock back, once). `request_key` is the member's Idempotency-Key.
   */
  await withId(db, db.schema.createTable('point_redemption'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('reward_id', 'integer', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)')
    .addColumn('request_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('decided_by', 'varchar(100)')
    .execute();
  await db.schema
    .createIndex('point_redemption_key')
    .on('point_redemption')
    .columns(['merchant_id', 'member_id', 'request_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('point_redemption_status')
    .on('point_redemption')
    .columns(['merchant_id', 'status', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['point_redemption', 'point_reward', 'point_setting', 'point_rate'])
    await db.schema.dropTable(table).execute();
}
