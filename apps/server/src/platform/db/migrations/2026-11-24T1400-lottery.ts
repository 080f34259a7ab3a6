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
   * A lottery draw of one game (a catalogue game of an in-house lottery vendor): its structure, its
   * times, its state (SCHEDULED, OPEN, CLOSED, DRAWN, SETTLED, VOID), and its result with the seed
   * that proves a fair one (sealed until revealed).
   */
  await withId(db, db.schema.createTable('lottery_draw'))
    .addColumn('vendor_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('game_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('draw_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('structure', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('opens_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('closes_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('draws_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('seed_hash', 'varchar(64)')
    .addColumn('seed_sealed', 'text')
    .addColumn('server_seed', 'varchar(128)')
    .addColumn('result', 'text')
    .addColumn('drawn_at', 'varchar(32)')
    .addColumn('settled_at', 'varchar(32)')
    .addUniqueConstraint('lottery_draw_number', ['vendor_code', 'game_id', 'draw_no'])
    .execute();
  await db.schema
    .createIndex('lottery_draw_due')
    .on('lottery_draw')
    .columns(['status', 'draws_at'])
    .execute();

  /** One slip on one draw: its type, numbers, stake, cost and, once settled, payout. */
  await withId(db, db.schema.createTable('lottery_bet'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('draw_id', 'integer', (c) => c.notNull().references('lottery_draw.id'))
    .addColumn('bet_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('numbers', 'text', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull())
    .addColumn('payout', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    /** The member's idempotency key of the placing request: a retry finds its bet. */
    .addColumn('request_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('placed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('settled_at', 'varchar(32)')
    .addUniqueConstraint('lottery_bet_request', ['merchant_id', 'member_id', 'request_key'])
    .execute();
  await db.schema
    .createIndex('lottery_bet_draw')
    .on('lottery_bet')
    .columns(['draw_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('lottery_bet_member')
    .on('lottery_bet')
    .columns(['merchant_id', 'member_id', 'placed_at'])
    .execute();

  /** What a brand has at stake on one number of one bet type of a draw: its liability cap's counter. */
  await db.schema
    .createTable('lottery_exposure')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('draw_id', 'integer', (c) => c.notNull())
    .addColumn('bet_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('number', 'varchar(8)', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lottery_exposure_pk', ['merchant_id', 'draw_id', 'bet_type', 'number'])
    .execute();
}
