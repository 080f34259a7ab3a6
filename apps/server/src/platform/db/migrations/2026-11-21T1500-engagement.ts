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
   * A brand's VIP ladder. A member's current level stays on member.vip_level; the recomputation job
   * (ROADMAP, Engagement) compares a member's deposits and turnover with these requirements.
   * Money columns are integer minor units; rates are basis points.
   */
  await withId(db, db.schema.createTable('vip_rank'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    /** JSON object of names keyed by language code. */
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('deposit_requirement', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('turnover_requirement', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('daily_withdrawal_count', 'integer', (c) => c.notNull())
    .addColumn('daily_withdrawal_limit', 'bigint', (c) => c.notNull())
    .addColumn('birthday_bonus', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('upgrade_bonus', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rebate_rate_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('vip_rank_level', ['merchant_id', 'level'])
    .execute();

  /**
   * A brand's promotions. Claims, their turnover and their bonus payments will live in a table of
   * their own that references promotion.id; the terms columns are what a claim will be checked against.
   */
  await withId(db, db.schema.createTable('promotion'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    /** JSON objects keyed by language code; contents are HTML. */
    .addColumn('titles', 'text', (c) => c.notNull())
    .addColumn('summaries', 'text', (c) => c.notNull())
    .addColumn('contents', 'text', (c) => c.notNull())
    .addColumn('image_url', 'varchar(500)')
    .addColumn('starts_at', 'varchar(32)', (c) => c.notNull())
    /** null: open-ended. */
    .addColumn('ends_at', 'varchar(32)')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    /** 'ALL', 'MEMBER' (has deposited) or 'NEW_MEMBER' (has not yet). */
    .addColumn('audience', 'varchar(16)', (c) => c.notNull().defaultTo('ALL'))
    .addColumn('min_vip_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus_rate_bp', 'integer')
    .addColumn('max_bonus', 'bigint')
    .addColumn('min_deposit', 'bigint')
    .addColumn('turnover_multiplier', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('promotion_code', ['merchant_id', 'code'])
    .execute();
  await db.schema
    .createIndex('promotion_current')
    .on('promotion')
    .columns(['merchant_id', 'enabled', 'starts_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['promotion', 'vip_rank']) {
    await db.schema.dropTable(table).execute();
  }
}
