import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';

/**
 * DATABASE_POOL_SIZE (decision 0084): the PostgreSQL connections a server's pool opens at most, so an
 * operator can fit the pool to the machine PostgreSQL runs on.
 */
const postgres = process.env.TEST_POSTGRES_URL;

describe.skipIf(!postgres)('the PostgreSQL pool size', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ DATABASE_POOL_SIZE: '2' });
  });
  afterAll(async () => server.close());

  it('runs statements asked at once on at most DATABASE_POOL_SIZE connections', async () => {
    const rows = await Promise.all(
      Array.from({ length: 6 }, () =>
        sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(server.db),
      ),
    );
    const backends = new Set(rows.map(({ rows: [row] }) => row!.pid));
    expect(backends.size).toBeGreaterThan(0);
    expect(backends.size).toBeLessThanOrEqual(2);
  });
});
