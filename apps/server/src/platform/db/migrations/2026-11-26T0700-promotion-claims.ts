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
   * A promotion's rules (decision 0050): what it pays (kind), who may take it (deposit counts,
   * languages), and whether an operator reviews each application and proof is asked for.
   */
  const promotionColumns: [string, 'varchar(16)' | 'integer' | 'bigint' | 'text', unknown][] = [
    ['kind', 'varchar(16)', 'NONE'],
    ['bonus_amount', 'bigint', null],
    ['min_deposit_count', 'integer', 0],
    ['max_deposit_count', 'integer', null],
    ['languages', 'text', null],
    ['needs_review', 'integer', 0],
    ['proof_required', 'integer', 0],
  ];
  for (const [name, type, fallback] of promotionColumns) {
    await db.schema
      .alterTable('promotion')
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();
  }

  /**
   * A member's application for a promotion and, once paid, its bonus (§4 activity statuses).
   * claim_key names the thing paid (promo:<promotion>:<member>[:<deposit>]) and is the ledger
   * idempotency key of the bonus: one claim per member and promotion, or per deposit for deposit offers.
   */
  await withId(db, db.schema.createTable('promotion_claim'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotion.id'))
    .addColumn('deposit_id', 'integer')
    .addColumn('claim_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('deposit_amount', 'bigint')
    .addColumn('bonus', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('turnover_required', 'bigint', (c) => c.notNull().defaultTo(0))
    /** The member's settled valid bets when the bonus was paid: progress counts from there. */
    .addColumn('turnover_baseline', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('comment', 'varchar(140)')
    /** JSON array of file names under <data dir>/uploads/promotions/<brand>. */
    .addColumn('proof_files', 'text')
    .addColumn('operator_id', 'integer')
    .addColumn('review_note', 'varchar(200)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('paid_at', 'varchar(32)')
    .addColumn('completed_at', 'varchar(32)')
    .addUniqueConstraint('promotion_claim_key', ['merchant_id', 'claim_key'])
    .execute();
  await db.schema
    .createIndex('promotion_claim_member')
    .on('promotion_claim')
    .columns(['member_id', 'status'])
    .execute();
  await db.schema
    .createIndex('promotion_claim_queue')
    .on('promotion_claim')
    .columns(['merchant_id', 'status', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('promotion_claim').execute();
  for (const name of [
    'kind',
    'bonus_amount',
    'min_deposit_count',
    'max_deposit_count',
    'languages',
    'needs_review',
    'proof_required',
  ]) {
    await db.schema.alterTable('promotion').dropColumn(name).execute();
  }
}
