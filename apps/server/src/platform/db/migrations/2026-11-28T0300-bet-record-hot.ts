import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Settled records by brand and day in a narrow insert-only table of their own (decision 0074), in
 * place of the index `bet_record_settled` (merchant_id, settled_day): settling a record changes its
 * `settled_day`, and an update that changes an indexed column is never HOT on PostgreSQL 15, so every
 * index of `bet_record` took a new entry a settled record (primary key, round, member_placed,
 * settled). With no index on the columns settlement changes, the record's update is HOT; the day's
 * entry is one row of `bet_settled_day`, written by a trigger on whichever path settles a record
 * (lottery settlement, the seamless wallet, the transfer vendors' bet pull, the business-day fill).
 *
 * Insert-only: a record whose day changes (a correction settled on a later day) gets an entry for the
 * new day and keeps the old one, so a reader joins the record and keeps the entries whose day is the
 * record's own (`bet_record.settled_day = bet_settled_day.settled_day`). No foreign key (one check a
 * row on PostgreSQL); a brand's removal leaves its entries, which join no record.
 *
 * On PostgreSQL `bet_record` leaves room on each page for the settled versions of its records, as
 * `lottery_bet` does (decision 0072): a settlement batch updates whole pages in one transaction.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  let table = db.schema
    .createTable('bet_settled_day')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('settled_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bet_settled_day_pk', ['merchant_id', 'settled_day', 'record_id']);
  if (!pg) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await sql`
    insert into bet_settled_day (merchant_id, settled_day, record_id)
    select merchant_id, settled_day, id from bet_record where settled_day is not null`.execute(db);
  if (pg) {
    // Statement-level, from the statement's rows (one insert a settlement batch, not one a record).
    await sql`create function bet_settled_day_add() returns trigger language plpgsql as $$
      begin
        insert into bet_settled_day (merchant_id, settled_day, record_id)
        select merchant_id, settled_day, id from moved where settled_day is not null
        on conflict do nothing;
        return null;
      end $$`.execute(db);
    for (const event of ['insert', 'update'])
      await sql`create trigger ${sql.raw(`bet_settled_day_${event}`)} after ${sql.raw(event)} on bet_record
        referencing new table as moved for each statement execute function bet_settled_day_add()`.execute(db);
    await sql`alter table bet_record set (fillfactor = 45)`.execute(db);
  } else {
    const add =
      'insert or ignore into bet_settled_day (merchant_id, settled_day, record_id) values (new.merchant_id, new.settled_day, new.id)';
    await sql
      .raw(
        `create trigger bet_settled_day_insert after insert on bet_record
         when new.settled_day is not null begin ${add}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger bet_settled_day_update after update of settled_day on bet_record
         when new.settled_day is not null and new.settled_day is not old.settled_day begin ${add}; end`,
      )
      .execute(db);
  }
  await db.schema.dropIndex('bet_record_settled').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('bet_record_settled')
    .on('bet_record')
    .columns(['merchant_id', 'settled_day'])
    .where(sql.ref('settled_day'), 'is not', null)
    .execute();
  if (isPostgres(db)) {
    await sql`alter table bet_record reset (fillfactor)`.execute(db);
    await sql`drop trigger bet_settled_day_insert on bet_record`.execute(db);
    await sql`drop trigger bet_settled_day_update on bet_record`.execute(db);
    await sql`drop function bet_settled_day_add()`.execute(db);
  } else {
    await sql`drop trigger bet_settled_day_insert`.execute(db);
    await sql`drop trigger bet_settled_day_update`.execute(db);
  }
  await db.schema.dropTable('bet_settled_day').execute();
}
