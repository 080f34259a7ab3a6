import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const withId = <T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) =>
  db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

export async function up(db: AnyDb): Promise<void> {
  /** Back-office principals: a separate kind from members (ROADMAP, consequences). */
  await withId(db, db.schema.createTable('operator'))
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    /** null: every brand; otherwise the one brand this operator works for. */
    .addColumn('merchant_id', 'integer', (c) => c.references('merchant.id').onDelete('cascade'))
    .addColumn('role', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('operator_session')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operator.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();

  await withId(db, db.schema.createTable('payment_channel'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    /** 'MANUAL_BANK' or 'GATEWAY'. */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    /** JSON: the receiving bank account, or the gateway's URL and signing secret. */
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('min_amount', 'bigint', (c) => c.notNull())
    .addColumn('max_amount', 'bigint', (c) => c.notNull())
    .addColumn('daily_limit', 'bigint', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('payment_channel_code', ['merchant_id', 'code'])
    .execute();

  await withId(db, db.schema.createTable('deposit'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('payment_channel.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    /** PENDING, APPROVED, REJECTED (manual); AWAITING_PAYMENT, APPROVED, FAILED (gateway). */
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('reference', 'varchar(100)')
    .addColumn('proof_file', 'varchar(200)')
    .addColumn('gateway_order_id', 'varchar(100)')
    .addColumn('note', 'varchar(200)')
    .addColumn('operator_id', 'integer', (c) => c.references('operator.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('deposit_member').on('deposit').columns(['member_id', 'created_at']).execute();
  await db.schema
    .createIndex('deposit_status')
    .on('deposit')
    .columns(['merchant_id', 'status', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('member_bank_account'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('bank_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('account_number', 'varchar(40)', (c) => c.notNull())
    .addColumn('account_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('member_bank_account_unique', ['member_id', 'account_number'])
    .execute();

  await withId(db, db.schema.createTable('withdrawal'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('bank_account_id', 'integer', (c) => c.notNull().references('member_bank_account.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    /** PENDING → PAID → RECEIVED | NOT_RECEIVED | AUTO_RECEIVED; or PENDING → REJECTED. */
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('operator_id', 'integer', (c) => c.references('operator.id'))
    .addColumn('note', 'varchar(200)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)')
    /** After payout: the member confirms before this, or it counts as received (§4). */
    .addColumn('confirm_deadline', 'varchar(32)')
    .addColumn('confirmed_at', 'varchar(32)')
    .addColumn('complaint', 'varchar(140)')
    /** JSON array of stored proof file names. */
    .addColumn('proof_files', 'text')
    .execute();
  await db.schema
    .createIndex('withdrawal_member')
    .on('withdrawal')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('withdrawal_status')
    .on('withdrawal')
    .columns(['merchant_id', 'status', 'created_at'])
    .execute();

  /** One row per background job: whoever holds an unexpired lease runs it (several instances, one runner). */
  await db.schema
    .createTable('job_lease')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  /** Brand money rules: turnover requirement, withdrawal limits, auto-receive minutes. */
  await db.schema
    .createTable('merchant_money_setting')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey().references('merchant.id').onDelete('cascade'))
    .addColumn('settings', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'job_lease',
    'merchant_money_setting',
    'withdrawal',
    'member_bank_account',
    'deposit',
    'payment_channel',
    'operator_session',
    'operator',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
