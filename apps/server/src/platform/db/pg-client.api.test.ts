import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';
import { postgresPool, PREPARED, ROWS_AS_ARRAYS, THEN_COMMIT } from './pg-client.js';
import type { Database } from './schema.js';

/**
 * The PostgreSQL pool's client (decision 0075): a transaction's BEGIN rides with its first statement
 * (one round trip less), marked statements are prepared once per connection, and the transaction
 * keeps every property it had: a failed first statement, a rollback, text of several statements.
 */
const postgres = process.env.TEST_POSTGRES_URL;

/**
 * A client that breaks the protocol does not answer: its statement waits for a reply that never
 * comes, and with one connection every later statement queues behind it, so the file used to hang
 * until each hook's timeout. Here a statement unanswered for this long fails with node-pg's "Query read
 * timeout" (`query_timeout`), each test gets a pool of its own whose connection is ended after it, and
 * a test and a hook fail at their own timeout: a regression shows as failures within seconds.
 */
const ANSWER_MS = 5_000;

describe.skipIf(!postgres)('the PostgreSQL pool client', { timeout: 3 * ANSWER_MS }, () => {
  let server: TestServer;
  let pool: pg.Pool;
  let db: Kysely<Database>;
  let clients: pg.Client[] = [];
  /** The round trips the one pooled connection finished (PostgreSQL's ReadyForQuery). */
  let roundTrips = 0;

  beforeAll(async () => {
    server = await startTestServer();
    await sql`create table pg_client_probe (id integer primary key, note text not null)`.execute(server.db);
  });
  afterAll(async () => server.close());
  beforeEach(async () => {
    const url = new URL(server.databaseUrl);
    url.searchParams.set('query_timeout', String(ANSWER_MS));
    pool = postgresPool(url.toString(), 1);
    pool.on('connect', (client) => {
      clients.push(client);
      (
        client as unknown as { connection: { on: (event: string, listener: () => void) => void } }
      ).connection.on('readyForQuery', () => roundTrips++);
    });
    // A connection ended under a stuck statement reports it here rather than crashing the run.
    pool.on('error', () => undefined);
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    await sql`delete from pg_client_probe`.execute(db);
    roundTrips = 0;
  }, 2 * ANSWER_MS);
  afterEach(async () => {
    // Closing the socket under a stuck statement fails whatever still waits on it (a polite end would
    // wait for a server that is not reading), so the pool can close.
    if (pool.totalCount > pool.idleCount)
      for (const client of clients)
        (
          client as unknown as { connection: { stream: { destroy: () => void } } }
        ).connection.stream.destroy();
    clients = [];
    await db.destroy();
  }, 2 * ANSWER_MS);

  const notes = async () =>
    (await sql<{ note: string }>`select note from pg_client_probe order by id`.execute(db)).rows.map(
      (r) => r.note,
    );
  const inTransaction = async () =>
    (await sql<{ open: boolean }>`select now() <> statement_timestamp() as open`.execute(db)).rows[0]!.open;

  it('sends a transaction BEGIN in the round trip of its first statement', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`insert into pg_client_probe values (${1}, ${'one'})`.execute(trx);
      // The BEGIN ran: a second statement sees the transaction's start, not its own.
      expect(
        (await sql<{ open: boolean }>`select now() <> statement_timestamp() as open`.execute(trx)).rows[0]!
          .open,
      ).toBe(true);
      await sql`insert into pg_client_probe values (${2}, ${'two'})`.execute(trx);
    });
    // Three statements and the COMMIT: four round trips, the BEGIN's not among them.
    expect(roundTrips).toBe(4);
    expect(await notes()).toEqual(['one', 'two']);
  });

  it('rolls back what a transaction wrote when it throws', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into pg_client_probe values (${1}, ${'gone'})`.execute(trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await notes()).toEqual([]);
    expect(await inTransaction()).toBe(false);
  });

  it('ends a transaction whose first statement fails, and the connection serves the next', async () => {
    await sql`insert into pg_client_probe values (${1}, ${'kept'})`.execute(db);
    const duplicate = CompiledQuery.raw(`${PREPARED}insert into pg_client_probe values ($1, $2)`, [
      1,
      'again',
    ]);
    for (let i = 0; i < 2; i++)
      await expect(db.transaction().execute((trx) => trx.executeQuery(duplicate))).rejects.toThrow(
        /duplicate key/,
      );
    expect(await inTransaction()).toBe(false);
    // The named statement whose first run failed in a BEGIN's batch runs again once parsed anew.
    await db
      .transaction()
      .execute((trx) =>
        trx.executeQuery(
          CompiledQuery.raw(`${PREPARED}insert into pg_client_probe values ($1, $2)`, [2, 'two']),
        ),
      );
    expect(await notes()).toEqual(['kept', 'two']);
  });

  it('sends nothing for a transaction that ran no statement', async () => {
    await db.transaction().execute(async () => undefined);
    expect(roundTrips).toBe(0);
  });

  it('runs text of several statements after a held BEGIN, in the transaction', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into pg_client_probe values (1, 'a'); insert into pg_client_probe values (2, 'b')`.execute(
          trx,
        );
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await notes()).toEqual([]);
  });

  it("sends a transaction's COMMIT in the round trip of its last statement (THEN_COMMIT)", async () => {
    const last = (id: number, note: string) =>
      CompiledQuery.raw(`${THEN_COMMIT}${PREPARED}insert into pg_client_probe values ($1, $2)`, [id, note]);
    await db.transaction().execute(async (trx) => {
      await sql`insert into pg_client_probe values (${1}, ${'one'})`.execute(trx);
      await trx.executeQuery(last(2, 'two'));
    });
    // BEGIN with the first statement, the last with the COMMIT: two round trips (three before).
    expect(roundTrips).toBe(2);
    expect(await notes()).toEqual(['one', 'two']);
    expect(await inTransaction()).toBe(false);

    // A transaction of that statement alone is one round trip: BEGIN, the statement, COMMIT.
    roundTrips = 0;
    await db.transaction().execute((trx) => trx.executeQuery(last(3, 'three')));
    expect(roundTrips).toBe(1);
    expect(await notes()).toEqual(['one', 'two', 'three']);
  });

  it('rolls back the whole transaction when its last statement fails before the COMMIT sent with it', async () => {
    const duplicate = CompiledQuery.raw(
      `${THEN_COMMIT}${PREPARED}insert into pg_client_probe values ($1, $2)`,
      [1, 'again'],
    );
    await sql`insert into pg_client_probe values (${1}, ${'kept'})`.execute(db);
    for (let id = 2; id < 4; id++)
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into pg_client_probe values (${id}, ${'undone'})`.execute(trx);
          await trx.executeQuery(duplicate);
        }),
      ).rejects.toThrow(/duplicate key/);
    expect(await inTransaction()).toBe(false);
    expect(await notes()).toEqual(['kept']);
  });

  it('refuses a statement after the one that committed, rather than run it outside the transaction', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.executeQuery(
          CompiledQuery.raw(`${THEN_COMMIT}insert into pg_client_probe values ($1, $2)`, [1, 'one']),
        );
        await sql`insert into pg_client_probe values (${2}, ${'late'})`.execute(trx);
      }),
    ).rejects.toThrow(/committed with its last statement/);
    expect(await notes()).toEqual(['one']);
    expect(await inTransaction()).toBe(false);
  });

  it('surfaces what failed after the statement that committed: its ROLLBACK ends nothing (decision 0101)', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.executeQuery(
          CompiledQuery.raw(`${THEN_COMMIT}insert into pg_client_probe values ($1, $2)`, [1, 'stands']),
        );
        throw new Error('named after the statement');
      }),
    ).rejects.toThrow('named after the statement');
    expect(await notes()).toEqual(['stands']);
    expect(await inTransaction()).toBe(false);
    // The connection goes on as any other.
    await db
      .transaction()
      .execute((trx) => sql`insert into pg_client_probe values (${2}, ${'next'})`.execute(trx));
    expect(await notes()).toEqual(['stands', 'next']);
  });

  it("asks for a named statement's row description once per connection, and answers its rows as before", async () => {
    let descriptions = 0;
    const client = await pool.connect();
    (
      client as unknown as { connection: { on: (event: string, listener: () => void) => void } }
    ).connection.on('rowDescription', () => descriptions++);
    client.release();
    const asObjects = `${PREPARED}select $1::integer as a, 'x' as b, $2::bigint as c`;
    const asArrays = `${ROWS_AS_ARRAYS}${PREPARED}select $1::integer as a, 'x' as b`;
    const noRows = `${PREPARED}insert into pg_client_probe values ($1, $2)`;
    for (const value of [1, 2, 3]) {
      expect((await db.executeQuery(CompiledQuery.raw(asObjects, [value, value * 10]))).rows).toEqual([
        { a: value, b: 'x', c: value * 10 },
      ]);
      expect((await db.executeQuery(CompiledQuery.raw(asArrays, [value]))).rows).toEqual([[value, 'x']]);
      const inserted = await db.executeQuery(CompiledQuery.raw(noRows, [value, `note ${value}`]));
      expect(inserted.numAffectedRows).toBe(1n);
      expect(inserted.rows).toEqual([]);
    }
    // In a transaction, with its BEGIN before it and its COMMIT after it: the same.
    await db.transaction().execute(async (trx) => {
      expect((await trx.executeQuery(CompiledQuery.raw(asArrays, [4]))).rows).toEqual([[4, 'x']]);
      await trx.executeQuery(CompiledQuery.raw(`${THEN_COMMIT}${noRows}`, [4, 'note 4']));
    });
    // One description for each of the two statements that answer rows, on their first run (eight
    // without decision 0088: one an execution that answers rows).
    expect(descriptions).toBe(2);
    expect(await notes()).toEqual(['note 1', 'note 2', 'note 3', 'note 4']);
  });

  it('prepares marked text once per connection and answers marked rows as arrays', async () => {
    const text = `${ROWS_AS_ARRAYS}${PREPARED}select $1::integer as a, 'x' as b`;
    for (const value of [1, 2, 3])
      expect((await db.executeQuery(CompiledQuery.raw(text, [value]))).rows).toEqual([[value, 'x']]);
    const prepared = await sql<{ n: number }>`select count(*)::integer as n from pg_prepared_statements
      where statement like ${'%select $1::integer as a%'}`.execute(db);
    expect(prepared.rows[0]!.n).toBe(1);
  });
});
