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
   * A brand's raffle (decision 0053). seed_hash is published at creation; the seed itself is kept
   * sealed under the server secret (seed_sealed) and copied to server_seed only when drawn, with the
   * hash of the closed entry list (entries_hash). Status OPEN → CLOSED → DRAWN.
   */
  await withId(db, db.schema.createTable('raffle'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('titles', 'text', (c) => c.notNull())
    .addColumn('basis', 'varchar(12)', (c) => c.notNull())
    .addColumn('unit_amount', 'bigint', (c) => c.notNull())
    .addColumn('max_tickets', 'integer', (c) => c.notNull())
    .addColumn('opens_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('closes_at', 'varchar(32)', (c) => c.notNull())
    /** JSON array of minor units, rank 1 first. */
    .addColumn('prizes', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('seed_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('seed_sealed', 'text', (c) => c.notNull())
    .addColumn('server_seed', 'varchar(128)')
    .addColumn('entries_hash', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('closed_at', 'varchar(32)')
    .addColumn('drawn_at', 'varchar(32)')
    .addUniqueConstraint('raffle_code', ['merchant_id', 'code'])
    .execute();
  await db.schema.createIndex('raffle_status').on('raffle').columns(['status', 'closes_at']).execute();

  /** A member's tickets in a raffle: one row per member, its tickets raised as the member claims more. */
  await withId(db, db.schema.createTable('raffle_entry'))
    .addColumn('raffle_id', 'integer', (c) => c.notNull().references('raffle.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('tickets', 'integer', (c) => c.notNull())
    .addColumn('joined_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('raffle_entry_member', ['raffle_id', 'member_id'])
    .execute();

  /** A prize won: one per rank; paid under the ledger key raffle:<raffle>:rank:<rank>. */
  await withId(db, db.schema.createTable('raffle_winner'))
    .addColumn('raffle_id', 'integer', (c) => c.notNull().references('raffle.id').onDelete('cascade'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('entry_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('drawn_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('raffle_winner_rank', ['raffle_id', 'rank'])
    .execute();
  await db.schema
    .createIndex('raffle_winner_board')
    .on('raffle_winner')
    .columns(['merchant_id', 'drawn_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('raffle_winner').execute();
  await db.schema.dropTable('raffle_entry').execute();
  await db.schema.dropTable('raffle').execute();
}
