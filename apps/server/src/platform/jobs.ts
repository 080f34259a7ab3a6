import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Counter } from 'prom-client';
import type { DbOrTrx } from './db/index.js';

/**
 * A background job. `run` may answer `{ nextRunAt }`, the time of the next event it knows of (the
 * lottery's next close or draw): the job then sleeps until then rather than a whole period, and never
 * longer than `everyMs`, so what it cannot foresee (a change made by another process) waits at most a
 * period. Without it the job runs every `everyMs`.
 */
export type Job = {
  name: string;
  everyMs: number;
  /** The first run, this long after the start (default `everyMs`). */
  firstMs?: number;
  run: () => Promise<unknown>;
};

/** The shortest sleep between two runs, whatever the next event: a burst of events costs one run. */
export const MIN_SLEEP_MS = 250;

const nextRunAtOf = (answer: unknown): Date | undefined => {
  const next = (answer as { nextRunAt?: unknown } | null | undefined)?.nextRunAt;
  return next instanceof Date && !Number.isNaN(next.getTime()) ? next : undefined;
};

/**
 * Each job's wake-ups in this process by outcome: RAN (this instance held the lease and ran it),
 * STANDBY (another instance holds it), FAILED (the run threw). With several instances the sum of RAN
 * over them shows each job runs once per period, and on one instance only (decision 0058). Registered
 * on each app's /metrics registry (http/metrics.ts), on none by itself.
 */
export const jobTicks = new Counter({
  name: 'jade_job_ticks_total',
  help: "Background job wake-ups by job and outcome (RAN, STANDBY: another instance holds the job's lease, FAILED)",
  labelNames: ['job', 'outcome'] as const,
  registers: [],
});

/** The running jobs' wake-ups by name, in this process. */
const wakers = new Map<string, Set<() => void>>();

/**
 * Something in this process has given job `name` work sooner than it planned (a draw made whose close
 * comes before the job's wake-up): it runs now. A no-op when the job does not run here.
 */
export const wakeJob = (name: string) => {
  for (const wake of wakers.get(name) ?? []) wake();
};

/**
 * Takes (or renews) the lease of a job: only the holder of an unexpired lease runs it, so several
 * server instances never run the same job at once (ARCHITECTURE.md, background jobs).
 */
export const acquireLease = async (
  db: DbOrTrx,
  name: string,
  holder: string,
  ttlMs: number,
  now = new Date(),
) => {
  const expires = new Date(now.getTime() + ttlMs).toISOString();
  await db
    .insertInto('job_lease')
    .values({ name, holder, expires_at: new Date(0).toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const taken = await db
    .updateTable('job_lease')
    .set({ holder, expires_at: expires })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', now.toISOString())]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
};

/**
 * Runs each job while this instance holds its lease: every `everyMs`, or sooner when a run names its
 * next event or `wakeJob` is called; returns a stop function.
 */
export const startJobs = (db: DbOrTrx, jobs: Job[], log: FastifyBaseLogger) => {
  const holder = randomUUID();
  const stops = jobs.map((job) => {
    let timer: NodeJS.Timeout | undefined;
    let running = false;
    let wokenWhileRunning = false;
    let stopped = false;
    const sleep = (ms: number) => {
      clearTimeout(timer);
      if (!stopped) timer = setTimeout(tick, ms);
    };
    const tick = () => {
      running = true;
      void (async () => {
        let delay = job.everyMs;
        try {
          // The lease outlives the longest sleep, so a holder that sleeps keeps its job.
          if (await acquireLease(db, job.name, holder, job.everyMs * 3)) {
            const next = nextRunAtOf(await job.run());
            jobTicks.inc({ job: job.name, outcome: 'RAN' });
            if (next) delay = Math.min(job.everyMs, Math.max(MIN_SLEEP_MS, next.getTime() - Date.now()));
          } else {
            jobTicks.inc({ job: job.name, outcome: 'STANDBY' });
          }
        } catch (error) {
          jobTicks.inc({ job: job.name, outcome: 'FAILED' });
          log.error({ err: error, job: job.name }, 'job failed');
        } finally {
          running = false;
          sleep(wokenWhileRunning ? 0 : delay);
          wokenWhileRunning = false;
        }
      })();
    };
    const wake = () => {
      if (running) wokenWhileRunning = true;
      else sleep(0);
    };
    const set = wakers.get(job.name) ?? new Set();
    set.add(wake);
    wakers.set(job.name, set);
    sleep(job.firstMs ?? job.everyMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
      set.delete(wake);
    };
  });
  return () => stops.forEach((stop) => stop());
};
