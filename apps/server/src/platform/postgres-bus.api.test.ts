import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.js';
import { openDb, withPlugin, type DbHandle } from './db/index.js';
import { createPostgresBus } from './instance-bus.js';

/**
 * The PostgreSQL instance bus's statements (decisions 0071 and 0084): what is told while one of its
 * NOTIFY statements is in flight goes out in one statement once it is answered, not in one a turn.
 */
const postgres = process.env.TEST_POSTGRES_URL;

describe.skipIf(!postgres)('the PostgreSQL instance bus', () => {
  let server: TestServer;
  let handle: DbHandle;

  beforeAll(async () => {
    server = await startTestServer();
    // One connection, so a statement of the test's own can hold the bus's statement in flight.
    handle = openDb(server.databaseUrl, { poolSize: 1 });
  });
  afterAll(async () => {
    await handle.close();
    await server.close();
  });

  it('sends what is told while its statement is in flight in one statement after it, in order', async () => {
    let statements = 0;
    const counted = withPlugin(handle.db, {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        statements += 1;
        return result;
      },
    });
    const bus = createPostgresBus(counted, handle.changes!);
    await bus.ready();
    const heard: number[] = [];
    bus.subscribe('member', (payload) => {
      const { probe } = payload as { probe?: number };
      if (probe !== undefined) heard.push(probe);
    });
    try {
      const busy = sql`select pg_sleep(0.3)`.execute(handle.db);
      bus.publish('member', { probe: 1 });
      // Each message told in a turn of its own, while the first statement waits for the connection.
      for (let probe = 2; probe <= 6; probe++) {
        await new Promise((resolve) => setImmediate(resolve));
        bus.publish('member', { probe });
      }
      await busy;
      for (let i = 0; i < 100 && heard.length < 6; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual([1, 2, 3, 4, 5, 6]);
      expect(statements).toBe(2);
    } finally {
      await bus.close();
    }
  });
});
