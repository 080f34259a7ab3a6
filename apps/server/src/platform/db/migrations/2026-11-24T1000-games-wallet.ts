import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const withId = <T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) =>
  db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

export async function up(db: AnyDb): Promise<void> {
  /** How a brand talks to a vendor: the vendor's endpoint, and the key its wallet calls are signed with. */
  await db.schema
    .createTable('vendor_connection')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('vendor_code', 'varchar(64)', (c) => c.notNull())
    /** The vendor's base URL: launch (and, for a transfer wallet, its wallet API). */
    .addColumn('endpoint', 'varchar(500)', (c) => c.notNull())
    /** HMAC-SHA256, ED25519 or RSA-SHA256. */
    .addColumn('signature_algorithm', 'varchar(16)', (c) => c.notNull())
    /** The HMAC secret, or the vendor's public key (PEM); sealed (platform/crypto). */
    .addColumn('key_sealed', 'text', (c) => c.notNull())
    .addColumn('timeout_ms', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('vendor_connection_pk', ['merchant_id', 'vendor_code'])
    .execute();

  /** A game session: the token a vendor's wallet calls carry, bound to one member, game and brand. */
  await withId(db, db.schema.createTable('game_session'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('vendor_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('game_id', 'varchar(100)', (c) => c.notNull())
    /** keyedHash of the token: the token itself is never stored. */
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    /** The one-time launch code's hash, null once the game has opened. */
    .addColumn('launch_code_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('launch_expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('game_session_expiry').on('game_session').column('expires_at').execute();

  /**
   * Every seamless wallet call that moved (or was refused a move of) money, by the vendor's own
   * transaction id: the idempotency of the protocol. A rollback of a bet never seen leaves a
   * TOMBSTONE row under the bet's id, so the late bet takes nothing.
   */
  await withId(db, db.schema.createTable('wallet_transaction'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('vendor_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('transaction_id', 'varchar(100)', (c) => c.notNull())
    /** DEBIT, CREDIT, ROLLBACK or TOMBSTONE. */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('round_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('game_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    /** For a credit or rollback: the bet it refers to. */
    .addColumn('reference_transaction_id', 'varchar(100)')
    /** A bet: APPLIED, CREDITED or ROLLED_BACK. Others: APPLIED. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('wallet_transaction_vendor_id', ['merchant_id', 'vendor_code', 'transaction_id'])
    .execute();
  await db.schema
    .createIndex('wallet_transaction_day')
    .on('wallet_transaction')
    .columns(['merchant_id', 'created_at'])
    .execute();
  /** Game rounds' movements by round (reconciliation of betting records with the ledger). */
  await db.schema
    .createIndex('ledger_transfer_reference')
    .on('ledger_transfer')
    .column('reference')
    .execute();

  /**
   * The betting record: one row per round or ticket from every vendor, OPEN while bets are placed,
   * SETTLED or VOID at the end. The fact table the lottery, agents and engagement read.
   */
  await withId(db, db.schema.createTable('bet_record'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('vendor_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('game_id', 'varchar(100)', (c) => c.notNull())
    /** LOTT, ELOTT, LIVE, RNG, SPORTS, FISH, PVP or ESPORTS. */
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('round_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull())
    /** Turnover: the stake, unless the vendor counts less. */
    .addColumn('valid_bet', 'bigint', (c) => c.notNull())
    .addColumn('payout', 'bigint', (c) => c.notNull())
    /** payout - stake, from the member's side. */
    .addColumn('win_loss', 'bigint', (c) => c.notNull())
    /** OPEN, SETTLED or VOID. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('placed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('settled_at', 'varchar(32)')
    /** The UTC day of settled_at (YYYY-MM-DD): the key of the daily summary. */
    .addColumn('settled_day', 'varchar(10)')
    .addUniqueConstraint('bet_record_round', ['merchant_id', 'vendor_code', 'round_id'])
    .execute();
  await db.schema
    .createIndex('bet_record_member_placed')
    .on('bet_record')
    .columns(['merchant_id', 'member_id', 'placed_at'])
    .execute();
  await db.schema
    .createIndex('bet_record_day')
    .on('bet_record')
    .columns(['merchant_id', 'settled_day', 'member_id'])
    .execute();

  /** Settled records per member, UTC day and category, written in the transaction that settles each one. */
  await db.schema
    .createTable('bet_daily_summary')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('bets', 'integer', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull())
    .addColumn('valid_bet', 'bigint', (c) => c.notNull())
    .addColumn('payout', 'bigint', (c) => c.notNull())
    .addColumn('win_loss', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bet_daily_summary_pk', ['merchant_id', 'member_id', 'day', 'category'])
    .execute();
  await db.schema
    .createIndex('bet_daily_summary_day')
    .on('bet_daily_summary')
    .columns(['merchant_id', 'day'])
    .execute();
}
