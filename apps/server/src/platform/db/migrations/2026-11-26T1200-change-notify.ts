import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The tables the read memos watched when this landed (platform/db/read-cache.ts, WATCHED_TABLES). */
const TABLES = [
  'merchant',
  'merchant_domain',
  'merchant_region_rule',
  'vendor',
  'merchant_vendor',
  'vendor_wallet_api',
  'vendor_connection',
  'game',
];

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * PostgreSQL: a commit that changes a watched table tells every instance's change bus (decision
 * 0055). Statement-level, so a bulk write sends one notification, and PostgreSQL folds identical
 * notifications of one transaction into one. SQLite needs nothing: `PRAGMA data_version` tells.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create or replace function jade_notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('jade_change', tg_table_name);
      return null;
    end
    $$`.execute(db);
  for (const table of TABLES) {
    await sql`
      create trigger jade_change after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function jade_notify_change()`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES)
    await sql`drop trigger if exists jade_change on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists jade_notify_change()`.execute(db);
}
