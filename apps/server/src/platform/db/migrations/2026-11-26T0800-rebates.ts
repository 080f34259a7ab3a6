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
   * A brand's rebate rates (decision 0051): basis points of valid bet, per game category and VIP rank
   * level. A member of a level without a row takes the row of the highest level below it.
   */
  await db.schema
    .createTable('rebate_rate')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('vip_level', 'integer', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('rebate_rate_pk', ['merchant_id', 'category', 'vip_level'])
    .execute();

  /**
   * Every rebate paid: one row per member, category and period. A period runs from the day after the
   * previous rebate's last day (or the part of that day it had not covered) to `to_day`; `previous_id`
   * names the rebate it follows (0 for the first), and its uniqueness is what keeps two claims or two
   * job runs computing the same period to one payment.
   */
  await withId(db, db.schema.createTable('rebate'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('previous_id', 'integer', (c) => c.notNull())
    .addColumn('from_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('to_day', 'varchar(10)', (c) => c.notNull())
    /** The valid bet of `to_day` this rebate covered: a later claim the same day pays only the rest. */
    .addColumn('to_day_valid_bet', 'bigint', (c) => c.notNull())
    .addColumn('valid_bet', 'bigint', (c) => c.notNull())
    .addColumn('vip_level', 'integer', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('boost_bp', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    /** 'CLAIM' (the member, manualRebate) or 'JOB' (the daily rebate of brands without MANPLAYREB3). */
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('ledger_transfer_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('rebate_period_uq', ['member_id', 'category', 'previous_id'])
    .execute();
  await db.schema
    .createIndex('rebate_member_idx')
    .on('rebate')
    .columns(['merchant_id', 'member_id', 'category', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rebate').execute();
  await db.schema.dropTable('rebate_rate').execute();
}
