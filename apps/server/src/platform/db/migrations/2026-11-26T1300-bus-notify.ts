import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * PostgreSQL: the database tells every instance's bus (decision 0057, channel `jade_bus`, messages
 * `topic:{json}`) what its lobbies and members' streams show, in the transaction that changes it, so
 * it is heard at commit, never after a rollback, and costs the write no statement of its own:
 *   - `balance:{"merchantId":..,"memberId":..}` for each member whose ledger account moved;
 *   - `draw:{"vendorCode":..,"gameId":..}` for each game whose draws were made or changed.
 * Statement-level with transition tables, so a settlement that moves a thousand accounts runs each
 * trigger once, and PostgreSQL folds a transaction's identical messages into one. SQLite needs none.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create or replace function jade_bus_balance() returns trigger language plpgsql as $$
    begin
      perform pg_notify('jade_bus', 'balance:' || json_build_object('merchantId', m.merchant_id, 'memberId', m.member_id)::text)
         from (select distinct merchant_id, member_id from moved where member_id is not null) m;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger jade_bus_balance after update on ledger_account
    referencing new table as moved for each statement execute function jade_bus_balance()`.execute(db);
  await sql`
    create or replace function jade_bus_draw() returns trigger language plpgsql as $$
    begin
      perform pg_notify('jade_bus', 'draw:' || json_build_object('vendorCode', d.vendor_code, 'gameId', d.game_id)::text)
         from (select distinct vendor_code, game_id from moved) d;
      return null;
    end
    $$`.execute(db);
  // A trigger with a transition table takes one event: one for inserts, one for updates.
  await sql`
    create trigger jade_bus_draw_insert after insert on lottery_draw
    referencing new table as moved for each statement execute function jade_bus_draw()`.execute(db);
  await sql`
    create trigger jade_bus_draw_update after update on lottery_draw
    referencing new table as moved for each statement execute function jade_bus_draw()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger if exists jade_bus_draw_update on lottery_draw`.execute(db);
  await sql`drop trigger if exists jade_bus_draw_insert on lottery_draw`.execute(db);
  await sql`drop trigger if exists jade_bus_balance on ledger_account`.execute(db);
  await sql`drop function if exists jade_bus_draw()`.execute(db);
  await sql`drop function if exists jade_bus_balance()`.execute(db);
}
