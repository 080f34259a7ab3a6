import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * SQLite: what a CLI process tells the server process's instance bus (decision 0069), one row a
 * message (`topic:{json}`), read by the server when another connection committed and pruned by the
 * writer after an hour. PostgreSQL tells instances over NOTIFY or Redis and needs none.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table bus_outbox (
    id integer primary key autoincrement,
    message text not null,
    created_at text not null
  )`.execute(db);
  await sql`create index bus_outbox_created on bus_outbox (created_at)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop table bus_outbox`.execute(db);
}
