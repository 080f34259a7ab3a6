import type { FastifyRequest } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';
import type { Db } from '../db/index.js';
import { postgresPool } from '../db/pg-client.js';
import type { Database } from '../db/schema.js';
import { withIdempotentWrite } from './idempotency.js';

/**
 * `withIdempotentWrite` on PostgreSQL (decision 0082): the request's key is written with its answer in
 * the COMMIT's round trip, so a write of one statement costs two round trips (three before), and every
 * idempotency rule still holds: a replay answers the same without writing again, the key with another
 * body is refused, two requests with one key at once take effect once.
 */
const postgres = process.env.TEST_POSTGRES_URL;

describe.skipIf(!postgres)('idempotent writes on PostgreSQL', () => {
  let server: TestServer;
  let pool: pg.Pool;
  let db: Db;
  /** The round trips the pool's connections finished (PostgreSQL's ReadyForQuery). */
  let roundTrips = 0;

  const request = (key: string, body: object) =>
    ({
      headers: { 'idempotency-key': key },
      method: 'POST',
      routeOptions: { url: '/probe' },
      url: '/probe',
      body,
    }) as unknown as FastifyRequest;

  /** The write: one statement that adds a row and answers its id. */
  const write = (key: string, note: string) =>
    withIdempotentWrite(db, request(key, { note }), 'probe', async (trx) => {
      const { rows } = await sql<{ id: number }>`
        insert into idempotency_probe (note) values (${note}) returning id`.execute(trx);
      return { id: rows[0]!.id, note };
    });
  const notes = async () =>
    (await sql<{ note: string }>`select note from idempotency_probe order by id`.execute(db)).rows.map(
      (r) => r.note,
    );

  beforeAll(async () => {
    server = await startTestServer();
    await sql`create table idempotency_probe (id serial primary key, note text not null)`.execute(server.db);
    pool = postgresPool(server.databaseUrl, 4);
    pool.on('connect', (client) =>
      (
        client as unknown as { connection: { on: (event: string, listener: () => void) => void } }
      ).connection.on('readyForQuery', () => roundTrips++),
    );
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }) as Db;
  });
  afterAll(async () => {
    await db?.destroy();
    await server?.close();
  });
  beforeEach(async () => {
    await sql`delete from idempotency_probe`.execute(db);
    await sql`delete from idempotency_key where scope = 'probe'`.execute(db);
    roundTrips = 0;
  });

  it("writes the key with its answer in the COMMIT's round trip, and a replay answers the same", async () => {
    await write('warm', 'warm');
    roundTrips = 0;
    const first = await write('k1', 'one');
    // BEGIN with the write's statement, then the key with the COMMIT.
    expect(roundTrips).toBe(2);
    expect(await write('k1', 'one')).toEqual(first);
    await expect(write('k1', 'other')).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await notes()).toEqual(['warm', 'one']);
    const stored = await sql<{ status_code: number; response: string; completed_at: string | null }>`
      select status_code, response, completed_at from idempotency_key
       where scope = 'probe' and key = 'k1'`.execute(db);
    expect(stored.rows).toEqual([
      { status_code: 200, response: JSON.stringify({ value: first }), completed_at: expect.any(String) },
    ]);
  });

  it('takes effect once when requests with one key run at once, each answered the same', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => write('same', 'once')));
    expect(await notes()).toEqual(['once']);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(
      (
        await sql<{ open: number }>`select count(*)::integer as open from pg_stat_activity
         where state = 'idle in transaction' and datname = current_database()`.execute(db)
      ).rows[0]!.open,
    ).toBe(0);
  });
});
