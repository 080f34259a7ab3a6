import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { withPlugin, type Db } from './platform/db/index.js';
import { startJobs, wakeJob } from './platform/jobs.js';
import { LOTTERY_JOB } from './modules/lottery/schedule.js';
import { serverJobs } from './server-jobs.js';
import { startTestServer, type TestServer } from './test/server.js';

/**
 * Issue 23 item 6: an idle server's jobs wake the database only as often as their work needs. The
 * real jobs run on the real (demo-seeded) database for ten minutes of the test's clock (fake timers
 * and Date: the database and the jobs are real), and every statement they send is counted.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/**
 * The bound on what jobs send when they find nothing to do, about twice what was measured (~25 a
 * minute: leases, and a query or two a run). The lottery's draws are real work whose amount depends on
 * the hour (which games draw then), so the statements of a lottery run that made, drew or settled a
 * draw are not counted; how often that job wakes is bounded instead. With the lottery job running
 * every 5 s, as before decision 0056, it woke 12 times a minute.
 */
const STATEMENTS_PER_MINUTE = 60;
const LOTTERY_RUNS_PER_MINUTE = 6;
/**
 * Jobs whose work appears at a known time or is announced by this process (a withdrawal paid out, a
 * transfer left pending, a wallet API configured) sleep until then: with nothing to do, a run every
 * five minutes at most. Before, they ran every 15 to 30 s (2 to 4 times a minute).
 */
const EVENT_JOBS = ['withdrawal-auto-receive', 'vendor-transfer-reconcile', 'vendor-bet-pull'];
const EVENT_JOB_RUNS_PER_MINUTE = 0.2;

// On SQLite only: on PostgreSQL the jobs' round trips are real I/O that the fake clock's advance does
// not wait for, so the count depends on the machine's speed (CI saw 0.5 a minute).
it.skipIf(process.env.TEST_POSTGRES_URL)(
  `an idle server's jobs send at most ${STATEMENTS_PER_MINUTE} statements a minute beside their work`,
  async () => {
    let counting = false;
    let statements = 0;
    let lotteryRuns = 0;
    const runsOf = new Map<string, number>();
    /** The database through a handle that tells `sent` of every statement it runs. */
    const counted = (sent: () => void): Db => {
      const counter: KyselyPlugin = {
        transformQuery: (args) => {
          sent();
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      return withPlugin(server.db, counter);
    };
    // Each job on a handle of its own: what it sends is its run's, whatever runs beside it. What the
    // scheduler sends (the leases) goes through `db`.
    const db = counted(() => {
      if (counting) statements += 1;
    });
    const jobs = serverJobs(server.db, server.serverSecret, server.app.log).map(({ name }) => {
      let sent = 0;
      const own = counted(() => (sent += 1));
      const j = serverJobs(own, server.serverSecret, server.app.log).find(
        (candidate) => candidate.name === name,
      )!;
      return {
        ...j,
        run: async () => {
          const before = sent;
          const answer = await j.run();
          const run = { statements: sent - before };
          if (!counting) return answer;
          runsOf.set(j.name, (runsOf.get(j.name) ?? 0) + 1);
          if (j.name !== LOTTERY_JOB) statements += run.statements;
          else {
            lotteryRuns += 1;
            const { created, drawn, settled } = answer as { created: number; drawn: number; settled: number };
            if (created + drawn + settled === 0) statements += run.statements;
          }
          return answer;
        },
      };
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let stop: ReturnType<typeof startJobs> = async () => {};
    try {
      stop = startJobs(db, jobs, server.app.log);
      // The first runs catch up (the demo's draws made and drawn): counted from the second minute.
      await vi.advanceTimersByTimeAsync(60_000);
      counting = true;
      await vi.advanceTimersByTimeAsync(10 * 60_000);
    } finally {
      await stop();
      vi.useRealTimers();
    }
    const perMinute = statements / 10;
    console.log(
      `idle jobs: ${perMinute} statements a minute beside their work; the lottery job woke ${lotteryRuns / 10} times a minute`,
    );
    expect(perMinute).toBeLessThanOrEqual(STATEMENTS_PER_MINUTE);
    expect(lotteryRuns / 10).toBeLessThanOrEqual(LOTTERY_RUNS_PER_MINUTE);
    const eventJobRuns = Object.fromEntries(EVENT_JOBS.map((name) => [name, (runsOf.get(name) ?? 0) / 10]));
    console.log('idle runs a minute:', eventJobRuns);
    for (const name of EVENT_JOBS)
      expect(eventJobRuns[name], name).toBeLessThanOrEqual(EVENT_JOB_RUNS_PER_MINUTE);
    // Not so quiet that nothing runs.
    expect(perMinute).toBeGreaterThan(2);
  },
);

// The scheduler's timing, on SQLite: on PostgreSQL the lease's round trips are real I/O that a fake
// clock's advance does not wait for. What must hold on both, a period paid once however often a job
// runs, is tested by each job's own run-twice tests.
it.skipIf(process.env.TEST_POSTGRES_URL)(
  'a job sleeps until the next event it names, a period at most, and runs at once when woken',
  async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const runs: number[] = [];
    let next: Date | undefined;
    const start = Date.now();
    const stop = startJobs(
      server.db,
      [
        {
          name: 'test-sleeper',
          everyMs: 60_000,
          firstMs: 1_000,
          run: async () => {
            runs.push(Date.now() - start);
            return { nextRunAt: next };
          },
        },
      ],
      server.app.log,
    );
    try {
      next = new Date(start + 11_000);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(runs).toEqual([1_000]);
      // It names an event 10 s on: it sleeps 10 s, not its minute.
      next = undefined;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(runs).toEqual([1_000, 11_000]);
      // Nothing named: a period.
      await vi.advanceTimersByTimeAsync(59_000);
      expect(runs).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(runs).toEqual([1_000, 11_000, 71_000]);
      // Woken by work given in this process: at once.
      await vi.advanceTimersByTimeAsync(5_000);
      wakeJob('test-sleeper');
      await vi.advanceTimersByTimeAsync(0);
      expect(runs).toEqual([1_000, 11_000, 71_000, 76_000]);
    } finally {
      await stop();
      vi.useRealTimers();
    }
  },
);
