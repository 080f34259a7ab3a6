import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A draw's bets in one index by id, with no state in it (decision 0072): settling a bet changes no
 * indexed column, so on PostgreSQL the update is HOT (a new tuple version on the same page, no new
 * entry in any index) and SQLite rewrites no index entry. Settlement, voids and corrections read a
 * draw's bets in id order from a cursor and filter their state on the row. On PostgreSQL the table
 * leaves room on each page for the settled versions of its bets (a batch updates whole pages in one
 * transaction, whose old versions cannot be pruned until it commits).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('lottery_bet_open').execute();
  await db.schema.dropIndex('lottery_bet_settled').execute();
  await db.schema.createIndex('lottery_bet_draw_id').on('lottery_bet').columns(['draw_id', 'id']).execute();
  if (isPostgres(db)) await sql`alter table lottery_bet set (fillfactor = 45)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await sql`alter table lottery_bet reset (fillfactor)`.execute(db);
  await db.schema.dropIndex('lottery_bet_draw_id').execute();
  await db.schema
    .createIndex('lottery_bet_open')
    .on('lottery_bet')
    .columns(['draw_id', 'id'])
    .where(sql.ref('status'), '=', 'OPEN')
    .execute();
  await db.schema
    .createIndex('lottery_bet_settled')
    .on('lottery_bet')
    .columns(['draw_id', 'id'])
    .where(sql.ref('status'), 'in', ['WON', 'LOST'])
    .execute();
}
