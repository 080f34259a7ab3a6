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
/** A trigger function telling `topic:{json of the keys}` once per distinct key of the rows `moved`. */
const busFunction = (name: string, topic: string, keys: Record<string, string>, where = 'true') => {
  const json = Object.entries(keys)
    .map(([field, column]) => `'${field}', k.${column}`)
    .join(', ');
  const columns = Object.values(keys).join(', ');
  return sql`
    create or replace function ${sql.raw(name)}() returns trigger language plpgsql as $$
    begin
      perform pg_notify('jade_bus', '${sql.raw(topic)}:' || json_build_object(${sql.raw(json)})::text)
         from (select distinct ${sql.raw(columns)} from moved where ${sql.raw(where)}) k;
      return null;
    end
    $$`;
};

/** An after-statement trigger on `table` handing its changed rows to `fn` as `moved`. */
const busTrigger = (name: string, event: 'insert' | 'update', table: string, fn: string) =>
  sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.table(table)}
      referencing new table as moved for each statement execute function ${sql.raw(fn)}()`;

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  const member = { merchantId: 'merchant_id', memberId: 'member_id' };
  await busFunction('jade_bus_balance', 'balance', member, 'member_id is not null').execute(db);
  await busTrigger('jade_bus_balance', 'update', 'ledger_account', 'jade_bus_balance').execute(db);
  await busFunction('jade_bus_draw', 'draw', { vendorCode: 'vendor_code', gameId: 'game_id' }).execute(db);
  // A trigger with a transition table takes one event: one for inserts, one for updates.
  await busTrigger('jade_bus_draw_insert', 'insert', 'lottery_draw', 'jade_bus_draw').execute(db);
  await busTrigger('jade_bus_draw_update', 'update', 'lottery_draw', 'jade_bus_draw').execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger if exists jade_bus_draw_update on lottery_draw`.execute(db);
  await sql`drop trigger if exists jade_bus_draw_insert on lottery_draw`.execute(db);
  await sql`drop trigger if exists jade_bus_balance on ledger_account`.execute(db);
  await sql`drop function if exists jade_bus_draw()`.execute(db);
  await sql`drop function if exists jade_bus_balance()`.execute(db);
}
