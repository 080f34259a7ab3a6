import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const withId = <T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) =>
  db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

export async function up(db: AnyDb): Promise<void> {
  /**
   * One row per account: a member's main wallet, a member's wallet at a vendor, a member's held
   * funds, or one of a brand's house accounts. `code` names it within the brand
   * ('member:42:MAIN', 'member:42:VENDOR:TCG_SEA', 'house:CASH').
   */
  await withId(db, db.schema.createTable('ledger_account'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('code', 'varchar(96)', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.references('member.id'))
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    /** House accounts may go below zero (cash owed to the outside world); member accounts never. */
    .addColumn('allow_negative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('ledger_account_code', ['merchant_id', 'code'])
    .execute();
  await db.schema.createIndex('ledger_account_member').on('ledger_account').column('member_id').execute();

  /** A set of legs posted atomically under one idempotency key. */
  await withId(db, db.schema.createTable('ledger_batch'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull())
    /** sha256 of the legs, to refuse the same key with different content. */
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('ledger_batch_key', ['merchant_id', 'idempotency_key'])
    .execute();

  /** One movement: `amount` leaves the debit account and reaches the credit account. */
  await withId(db, db.schema.createTable('ledger_transfer'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('batch_id', 'bigint', (c) => c.notNull().references('ledger_batch.id'))
    .addColumn('leg', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('debit_account_id', 'bigint', (c) => c.notNull().references('ledger_account.id'))
    .addColumn('credit_account_id', 'bigint', (c) => c.notNull().references('ledger_account.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reference', 'varchar(200)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_transfer_batch').on('ledger_transfer').column('batch_id').execute();
  await db.schema
    .createIndex('ledger_transfer_debit')
    .on('ledger_transfer')
    .columns(['debit_account_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('ledger_transfer_credit')
    .on('ledger_transfer')
    .columns(['credit_account_id', 'created_at'])
    .execute();

  /** HTTP idempotency keys (the IETF Idempotency-Key draft), scoped to the member. */
  await db.schema
    .createTable('idempotency_key')
    .addColumn('scope', 'varchar(64)', (c) => c.notNull())
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(32)')
    .addPrimaryKeyConstraint('idempotency_key_pk', ['scope', 'key'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['idempotency_key', 'ledger_transfer', 'ledger_batch', 'ledger_account']) {
    await db.schema.dropTable(table).execute();
  }
}
