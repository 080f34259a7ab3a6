import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * PostgreSQL (decision 0071): a ledger post no longer NOTIFYs in its own transaction. A transaction
 * that NOTIFYs takes one cluster-wide lock at commit and holds it through its WAL flush, so every
 * transfer's commit waited for the one before it (pgbench, a two-account move: 2,048–2,223 tps without
 * a NOTIFY, 457–459 with one). The balance message is published by the code once the post committed
 * (migration 2026-11-26T1300-bus-notify's trigger on `ledger_account` is dropped); draws keep theirs.
 * SQLite needs nothing.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger if exists jade_bus_balance on ledger_account`.execute(db);
  await sql`drop function if exists jade_bus_balance()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create or replace function jade_bus_balance() returns trigger language plpgsql as $$
    begin
      perform pg_notify('jade_bus', 'balance:' || json_build_object('merchantId', k.merchant_id, 'memberId', k.member_id)::text)
         from (select distinct merchant_id, member_id from moved where member_id is not null) k;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger jade_bus_balance after update on ledger_account
      referencing new table as moved for each statement execute function jade_bus_balance()`.execute(db);
}
