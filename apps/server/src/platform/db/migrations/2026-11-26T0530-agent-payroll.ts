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
   * One salary or dividend payment per contract and period (decision 0041): the figures it was
   * computed from, what the payer paid and what is still owed. Unique per (contract, period), so a
   * run repeated, cut half-way or run on two instances finds the row and pays once.
   */
  await withId(db, db.schema.createTable('agent_payment'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('contract_id', 'integer', (c) => c.notNull())
    .addColumn('holder_id', 'integer', (c) => c.notNull())
    /** The upline who pays; null: the brand. */
    .addColumn('payer_id', 'integer')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('category', 'varchar(10)', (c) => c.notNull())
    .addColumn('period_key', 'varchar(40)', (c) => c.notNull())
    /** The brand's day the period ends on (reports group by it). */
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('window_start', 'varchar(32)', (c) => c.notNull())
    .addColumn('window_end', 'varchar(32)', (c) => c.notNull())
    .addColumn('team_valid_bet', 'bigint', (c) => c.notNull())
    /** Dividends: the team's net loss after any profit carried in; salaries: 0. */
    .addColumn('net_loss', 'bigint', (c) => c.notNull())
    .addColumn('carried_in', 'bigint', (c) => c.notNull())
    .addColumn('active_members', 'integer', (c) => c.notNull())
    /** The tier reached (0-based), or null when none was. */
    .addColumn('tier', 'integer')
    .addColumn('gross', 'bigint', (c) => c.notNull())
    .addColumn('paid', 'bigint', (c) => c.notNull())
    .addColumn('owed', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('approved_by', 'varchar(100)')
    .addColumn('approved_at', 'varchar(32)')
    .addUniqueConstraint('agent_payment_period', ['contract_id', 'period_key'])
    .execute();
  await db.schema
    .createIndex('agent_payment_holder')
    .on('agent_payment')
    .columns(['merchant_id', 'holder_id', 'kind', 'day'])
    .execute();
  await db.schema
    .createIndex('agent_payment_payer')
    .on('agent_payment')
    .columns(['merchant_id', 'payer_id', 'day'])
    .execute();
  await db.schema
    .createIndex('agent_payment_status')
    .on('agent_payment')
    .columns(['merchant_id', 'status'])
    .execute();

  /** What an upline could not pay a child: it blocks the upline's withdrawals until settled. */
  await withId(db, db.schema.createTable('agent_debt'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('payment_id', 'integer', (c) => c.notNull())
    .addColumn('debtor_id', 'integer', (c) => c.notNull())
    .addColumn('creditor_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('settled', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('settled_at', 'varchar(32)')
    .addUniqueConstraint('agent_debt_payment', ['payment_id'])
    .execute();
  await db.schema
    .createIndex('agent_debt_open')
    .on('agent_debt')
    .columns(['merchant_id', 'debtor_id', 'status'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('agent_debt').execute();
  await db.schema.dropTable('agent_payment').execute();
}
