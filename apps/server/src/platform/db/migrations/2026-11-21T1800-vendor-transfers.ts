import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const withId = <T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) =>
  db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

export async function up(db: AnyDb): Promise<void> {
  /** A brand's wallet API for a transfer-mode vendor; a vendor without one settles locally. */
  await db.schema
    .createTable('vendor_wallet_api')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('vendor_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('base_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('timeout_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('vendor_wallet_api_pk', ['merchant_id', 'vendor_code'])
    .execute();

  /** A transfer to or from a vendor's wallet: PENDING until the vendor's answer is known. */
  await withId(db, db.schema.createTable('vendor_transfer'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('vendor_code', 'varchar(64)', (c) => c.notNull())
    /** IN (main to vendor) or OUT (vendor to main). */
    .addColumn('direction', 'varchar(8)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    /** The reference the vendor knows the transfer by; unique, so a retry never moves money twice. */
    .addColumn('reference', 'varchar(120)', (c) => c.notNull().unique())
    /** PENDING, DONE, FAILED. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('resolved_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('vendor_transfer_pending')
    .on('vendor_transfer')
    .columns(['status', 'created_at'])
    .execute();
}
