import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOTTERY_JOB } from '../modules/lottery/schedule.js';
import { serverJobs } from '../server-jobs.js';
import { startInstance, startTestServer, type TestServer } from '../test/server.js';
import { jobTicks, startJobs, type Job } from './jobs.js';

/**
 * Issue 23 item 3 (decision 0066): each job runs on one instance at a time, and a crashed holder's
 * lease passes on within the lease's length (seconds), not three of the job's periods (the lottery
 * job's three minutes); a holder that stops gracefully releases its leases and says so on the
 * instance bus, so a standby takes them at once. Three instances of one PostgreSQL database, each its
 * own handle and bus (`startInstance`), running the lottery job's lease with a counting run.
 */
const postgres = process.env.TEST_POSTGRES_URL;
/** A short lease for the crash (production's is 30 s, renewed every 10 s). */
const TEST_LEASE = { leaseMs: 1_500, heartbeatMs: 300 };
/** The counting job names its next event this far on: the period a run is owed in. */
const PERIOD_MS = 400;

type Run = { instance: string; at: number };

const until = async (what: string, check: () => boolean, withinMs: number) => {
  const deadline = Date.now() + withinMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.skipIf(!postgres)('job leases across instances', () => {
  let first: TestServer;
  let instances: TestServer[];

  beforeAll(async () => {
    first = await startTestServer();
    instances = [first, await startInstance(first), await startInstance(first)];
  });
  afterAll(async () => {
    for (const instance of instances?.slice(1) ?? []) await instance.close();
    await first?.close();
  });

  /** The server's lottery job (its name, period and first wake) with a run that counts and names its next event. */
  const lotteryJob = (runs: Run[], instance: string, name = LOTTERY_JOB): Job => {
    const real = serverJobs(first.db, first.serverSecret, first.app.log).find(
      (job) => job.name === LOTTERY_JOB,
    )!;
    return {
      ...real,
      name,
      run: async () => {
        runs.push({ instance, at: Date.now() });
        return { nextRunAt: new Date(Date.now() + PERIOD_MS) };
      },
    };
  };

  it("a crashed holder's lottery lease passes to one standby within seconds, which alone runs it each period after", async () => {
    const runs: Run[] = [];
    const names = ['A', 'B', 'C'];
    const stops = instances.map((instance, i) =>
      startJobs(instance.db, [lotteryJob(runs, names[i]!)], instance.app.log, TEST_LEASE),
    );
    try {
      // One holder runs it every period; the other two stand by.
      await until('three runs', () => runs.length >= 3, 10_000);
      const holder = runs[0]!.instance;
      expect(new Set(runs.map((run) => run.instance))).toEqual(new Set([holder]));

      // The holder crashes: its timers stop and its lease is left as it was (no release).
      const crashedAt = Date.now();
      await stops[names.indexOf(holder)]!({ release: false });
      const after = () => runs.filter((run) => run.at > crashedAt);
      await until('another instance runs the job', () => after().length > 0, 5_000);
      const tookMs = after()[0]!.at - crashedAt;
      expect(tookMs).toBeLessThanOrEqual(TEST_LEASE.leaseMs + 1_000);

      // From then on exactly one instance runs it, once a period.
      const heir = after()[0]!.instance;
      expect(heir).not.toBe(holder);
      await until('five runs after the crash', () => after().length >= 6, 10_000);
      expect(new Set(after().map((run) => run.instance))).toEqual(new Set([heir]));
      const gaps = after()
        .slice(1)
        .map((run, i) => run.at - after()[i]!.at);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(PERIOD_MS - 50);
      console.log(`lease passed on after ${tookMs} ms (lease ${TEST_LEASE.leaseMs} ms)`);
    } finally {
      for (const stop of stops) await stop({ release: false });
    }
  });

  it('a holder that stops releases its lease and a standby takes it at once, whatever the lease length', async () => {
    const runs: Run[] = [];
    const name = 'lottery-release-test';
    // Production's lease length: only the release can hand the job over within seconds.
    const holder = startJobs(instances[0]!.db, [lotteryJob(runs, 'A', name)], instances[0]!.app.log);
    let standby: Awaited<ReturnType<typeof startJobs>> | undefined;
    try {
      await until('the holder runs', () => runs.length >= 1, 5_000);
      standby = startJobs(instances[1]!.db, [lotteryJob(runs, 'B', name)], instances[1]!.app.log);
      // The standby asks for the lease at its first wake-up and is refused.
      const refusals = async () =>
        (await jobTicks.get()).values.find((v) => v.labels.job === name && v.labels.outcome === 'STANDBY')
          ?.value ?? 0;
      const deadline = Date.now() + 5_000;
      while ((await refusals()) === 0) {
        if (Date.now() > deadline) throw new Error('the standby never asked for the lease');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(runs.every((run) => run.instance === 'A')).toBe(true);
      const stoppedAt = Date.now();
      await holder();
      await until('the standby runs the job', () => runs.some((run) => run.instance === 'B'), 3_000);
      console.log(
        `released lease taken after ${runs.find((run) => run.instance === 'B')!.at - stoppedAt} ms`,
      );
    } finally {
      await holder({ release: false });
      await standby?.({ release: false });
    }
  });
});
