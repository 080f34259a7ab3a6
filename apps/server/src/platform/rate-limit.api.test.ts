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
  it('counts hits over a sliding window, weighting the previous one by its share still inside', async () => {
    const hits = [];
    for (const ms of [0, 10, 20]) hits.push((await hitRateLimit(server.db, 'window', 2, 60, at(ms))).allowed);
    expect(hits).toEqual([true, true, false]);
    // A second into the next window the previous one's 3 hits (refused ones count) weigh 3 × 59/60,
    // and 1 + 2.95 > 2; a fixed window started again from 0 and allowed it.
    expect((await hitRateLimit(server.db, 'window', 2, 60, at(61_000))).allowed).toBe(false);
    // Half way through the window after: 1 + 1 × 1/2 ≤ 2.
    expect((await hitRateLimit(server.db, 'window', 2, 60, at(150_000))).allowed).toBe(true);
  });

  it("refuses a burst straddling a window's turn that a fixed window let through, and says when to retry", async () => {
    const hit = (ms: number) => hitRateLimit(server.db, 'straddle', 2, 60, at(ms));
    expect((await hit(59_000)).allowed).toBe(true);
    expect((await hit(59_500)).allowed).toBe(true);
    // 500 ms into the next window: 1 + 2 × 59.5/60 > 2 (a fixed window counted 1).
    const refused = await hit(60_500);
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    // A minute after the last hit: 1 + 1 × 59/60 ≤ 2.
    expect((await hit(121_000)).allowed).toBe(true);
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
