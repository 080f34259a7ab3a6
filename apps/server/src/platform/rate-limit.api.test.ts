import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.js';
import { hitInterval, hitRateLimit } from './rate-limit.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const at = (ms: number) => new Date(Date.UTC(2026, 10, 21, 9, 0, 0) + ms);

describe('rate limits in the database', () => {
  it('counts hits per fixed window', async () => {
    const hits = [];
    for (const ms of [0, 10, 20]) hits.push((await hitRateLimit(server.db, 'window', 2, 60, at(ms))).allowed);
    expect(hits).toEqual([true, true, false]);
    expect((await hitRateLimit(server.db, 'window', 2, 60, at(60_000))).allowed).toBe(true);
  });

  it('allows once per interval, measured from the last allowed hit, also across a second boundary', async () => {
    const allowed = async (ms: number) => (await hitInterval(server.db, 'interval', 1000, at(ms))).allowed;
    expect(await allowed(999)).toBe(true);
    // 2 ms later, in the next clock second: a fixed window would let it through.
    expect(await allowed(1001)).toBe(false);
    expect(await allowed(1998)).toBe(false);
    expect(await allowed(1999)).toBe(true);
    expect(await allowed(2500)).toBe(false);
    // Keys are independent.
    expect((await hitInterval(server.db, 'interval-other', 1000, at(2500))).allowed).toBe(true);
  });
});
