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
   * A brand's missions (decision 0052): what counts (kind, category), how much (target: minor units
   * for DEPOSIT and VALID_BET, days for LOGIN_DAYS and STREAK_DAYS), over which period of the brand's
   * business days (DAILY, WEEKLY, ONCE) and what it pays (money and/or points).
   */
  await withId(db, db.schema.createTable('mission'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('category', 'varchar(16)')
    .addColumn('target', 'bigint', (c) => c.notNull())
    .addColumn('period', 'varchar(8)', (c) => c.notNull())
    .addColumn('reward_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reward_points', 'bigint', (c) => c.notNull().defaultTo(0))
    /** JSON object of titles keyed by language code. */
    .addColumn('titles', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ends_at', 'varchar(32)')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('mission_code_unique', ['merchant_id', 'code'])
    .execute();

  /**
   * A member's mission in one period once it was found complete: COMPLETED, then CLAIMED by the
   * conditional update that pays the reward in the same transaction. Progress itself is never stored
   * here as a counter: it is computed from deposits, daily summaries and login days.
   */
  await db.schema
    .createTable('mission_progress')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('mission_id', 'integer', (c) => c.notNull().references('mission.id').onDelete('cascade'))
    /** The period's first business day (DAILY, WEEKLY) or 'ONCE'. */
    .addColumn('period_key', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('progress', 'bigint', (c) => c.notNull())
    .addColumn('reward_amount', 'bigint', (c) => c.notNull())
    .addColumn('reward_points', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('claimed_at', 'varchar(32)')
    .addPrimaryKeyConstraint('mission_progress_pk', ['member_id', 'mission_id', 'period_key'])
    .execute();
  await db.schema
    .createIndex('mission_progress_brand_idx')
    .on('mission_progress')
    .columns(['merchant_id', 'period_key'])
    .execute();

  /**
   * The business days a member logged in on (written at each login, once a day): sessions are pruned
   * when they expire, login days stay, so LOGIN_DAYS and STREAK_DAYS missions count from records.
   */
  await db.schema
    .createTable('member_login_day')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_login_day_pk', ['member_id', 'day'])
    .execute();
  await db.schema
    .createIndex('member_login_day_brand_idx')
    .on('member_login_day')
    .columns(['merchant_id', 'day'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('member_login_day').execute();
  await db.schema.dropTable('mission_progress').execute();
  await db.schema.dropTable('mission').execute();
}
