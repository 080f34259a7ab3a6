import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const withId = <T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) =>
  db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

export async function up(db: AnyDb): Promise<void> {
  /** When announced maintenance is expected to end (ISO-8601), shown with the maintenance message. */
  await db.schema.alterTable('merchant').addColumn('maintenance_until', 'varchar(32)').execute();

  /** The public origin (scheme, host, port) links sent for this domain are built from. */
  await db.schema.alterTable('merchant_domain').addColumn('origin', 'varchar(300)').execute();

  /** A password-reset link: it names one member; a newer link or a use ends the others. */
  await withId(db, db.schema.createTable('password_reset'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ended_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('password_reset_member').on('password_reset').column('member_id').execute();
  await db.schema.createIndex('password_reset_expiry').on('password_reset').column('expires_at').execute();

  /** Failed logins per (account, source address): counted before the hash check, locked with backoff. */
  await db.schema
    .createTable('login_throttle')
    .addColumn('scope', 'varchar(16)', (c) => c.notNull())
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('account', 'varchar(120)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('lockouts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_throttle_pk', ['scope', 'merchant_id', 'account', 'ip'])
    .execute();
  await db.schema.createIndex('login_throttle_updated').on('login_throttle').column('updated_at').execute();

  /** Security events for the operator: lockouts, recovery-channel changes. */
  await withId(db, db.schema.createTable('security_event'))
    .addColumn('merchant_id', 'integer')
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject', 'varchar(120)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('security_event_merchant')
    .on('security_event')
    .columns(['merchant_id', 'created_at'])
    .execute();

  /** Turnover requirement moved with money between members (upline transfers); signed, minor units. */
  await withId(db, db.schema.createTable('turnover_adjustment'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('ledger_transfer_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('turnover_adjustment_member')
    .on('turnover_adjustment')
    .column('member_id')
    .execute();

  await db.schema.createIndex('captcha_expiry').on('captcha').column('expires_at').execute();
  await db.schema.createIndex('payload_nonce_expiry').on('payload_nonce').column('expires_at').execute();
}
