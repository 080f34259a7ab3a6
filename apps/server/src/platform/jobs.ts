import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Counter } from 'prom-client';
import type { DbOrTrx } from './db/index.js';
import { busOfHandle } from './instance-bus.js';

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
 * How long a lease lasts unless its holder renews it: a holder that crashed (or froze) hands its jobs
 * on after this at most (decision 0066). It used to last three of the job's periods (15 minutes).
 */
export const LEASE_MS = 30_000;
/** How often a holder renews all its leases, in one statement. */
export const HEARTBEAT_MS = 10_000;
/** How long a graceful stop waits for runs in progress before it releases their leases. */
const STOP_WAIT_MS = 5_000;
/** A released lease's expiry (or a new row's): long past, so anyone may take it. */
const PAST = new Date(0).toISOString();

export type LeaseTiming = { leaseMs?: number; heartbeatMs?: number };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * One instance's leases of its jobs (ARCHITECTURE.md, background jobs; decision 0066). Only the holder
 * of an unexpired lease runs a job, so several instances never run one at once:
 *   - a holder renews every lease it holds in one statement per heartbeat (`where holder = …`), and
 *     trusts a lease without asking while a third of it is left, so its runs cost no statement;
 *   - an instance refused a lease learns when it ends and sleeps until then: one timer for all its
 *     refused jobs, which wakes each job it takes;
 *   - a graceful stop releases the leases and says so on the instance bus, so the others take them
 *     at once instead of at their expiry.
 */
const createLeases = (
  db: DbOrTrx,
  names: string[],
  { leaseMs, heartbeatMs }: Required<LeaseTiming>,
  log: FastifyBaseLogger,
  onTaken: (name: string) => void,
) => {
  const holder = randomUUID();
  /** Leases held, and when each ends as this instance set it (measured from before its statement). */
  const mine = new Map<string, number>();
  /** Leases refused, and when their holder's lease ends. */
  const waiting = new Map<string, number>();
  let rows: Promise<unknown> | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let watch: NodeJS.Timeout | undefined;
  let stopped = false;

  // A row per job, held by nobody: the first take is then an update like every other.
  const ensureRows = () =>
    (rows ??= db
      .insertInto('job_lease')
      .values(names.map((name) => ({ name, holder: '', expires_at: PAST })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
      .catch((error: unknown) => {
        rows = undefined;
        throw error;
      }));

  const scheduleHeartbeat = () => {
    if (!stopped && !heartbeat && mine.size > 0) heartbeat = setTimeout(beat, heartbeatMs);
  };
  const beat = () => {
    heartbeat = undefined;
    if (stopped || mine.size === 0) return;
    const sent = Date.now();
    void db
      .updateTable('job_lease')
      .set({ expires_at: iso(sent + leaseMs) })
      .where('holder', '=', holder)
      .returning('name')
      .execute()
      .then(
        (renewed) => {
          // A lease not renewed was taken by another instance while this one did not renew it in time.
          const kept = new Set(renewed.map((row) => row.name));
          for (const name of [...mine.keys()]) {
            if (kept.has(name)) mine.set(name, sent + leaseMs);
            else mine.delete(name);
          }
        },
        (error: unknown) => log.error({ err: error }, 'job lease renewal failed'),
      )
      .finally(scheduleHeartbeat);
  };

  const scheduleWatch = (delay?: number) => {
    clearTimeout(watch);
    watch = undefined;
    if (stopped || waiting.size === 0) return;
    // A little after the lease ends: the holder's clock and this one's may differ by a few milliseconds.
    const next = delay ?? Math.max(0, Math.min(...waiting.values()) - Date.now()) + 10;
    watch = setTimeout(watchNow, next);
  };
  const watchNow = () => {
    if (stopped || waiting.size === 0) return;
    take([...waiting.keys()]).then(
      (taken) => taken.forEach(onTaken),
      (error: unknown) => {
        log.error({ err: error }, 'job lease take-over failed');
        scheduleWatch(heartbeatMs);
      },
    );
  };

  /**
   * Takes those of `wanted` that are free or already this instance's (one statement), and learns when
   * the others' leases end (one more, only when some were refused).
   */
  const take = async (wanted: string[]) => {
    await ensureRows();
    const sent = Date.now();
    const taken = await db
      .updateTable('job_lease')
      .set({ holder, expires_at: iso(sent + leaseMs) })
      .where('name', 'in', wanted)
      .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', iso(sent))]))
      .returning('name')
      .execute();
    const got = new Set(taken.map((row) => row.name));
    for (const name of got) {
      mine.set(name, sent + leaseMs);
      waiting.delete(name);
    }
    const refused = wanted.filter((name) => !got.has(name));
    if (refused.length > 0) {
      const others = await db
        .selectFrom('job_lease')
        .select(['name', 'expires_at'])
        .where('name', 'in', refused)
        .execute();
      for (const row of others) {
        mine.delete(row.name);
        waiting.set(row.name, Date.parse(row.expires_at));
      }
    }
    scheduleWatch();
    scheduleHeartbeat();
    return got;
  };

  // Another instance released leases (it stopped): those this one waits for are taken now.
  const stopHearing = busOfHandle(db).subscribe('lease', (payload) => {
    const released = (payload as { names?: unknown } | null)?.names;
    if (Array.isArray(released) && released.some((name) => waiting.has(name as string))) watchNow();
  });

  return {
    /** Whether this instance holds job `name`'s lease now: asked of the database only near its end. */
    holds: async (name: string) =>
      (mine.get(name) ?? 0) - Date.now() > leaseMs / 3 || (await take([name])).has(name),
    stop: () => {
      stopped = true;
      clearTimeout(heartbeat);
      clearTimeout(watch);
      stopHearing();
    },
    /** Gives up the leases of `released` (jobs not running) and tells every instance. */
    release: async (released: string[]) => {
      const held = released.filter((name) => mine.has(name));
      mine.clear();
      if (held.length === 0) return;
      const rows = await db
        .updateTable('job_lease')
        .set({ expires_at: PAST })
        .where('holder', '=', holder)
        .where('name', 'in', held)
        .returning('name')
        .execute();
      if (rows.length > 0) busOfHandle(db).publish('lease', { names: rows.map((row) => row.name) });
    },
  };
};

/**
 * Runs each job while this instance holds its lease: every `everyMs`, or sooner when a run names its
 * next event or `wakeJob` is called; a job whose lease another instance holds sleeps until that lease
 * ends or is released. Answers the stop: by default it waits a little for runs in progress and
 * releases the leases (a graceful stop); `{ release: false }` leaves them to expire (a crash, in tests).
 */
export const startJobs = (
  db: DbOrTrx,
  jobs: Job[],
  log: FastifyBaseLogger,
  { leaseMs = LEASE_MS, heartbeatMs = HEARTBEAT_MS }: LeaseTiming = {},
) => {
  const wakes = new Map<string, () => void>();
  const inFlight = new Map<string, Promise<void>>();
  const leases = createLeases(
    db,
    jobs.map((job) => job.name),
    { leaseMs, heartbeatMs },
    log,
    (name) => wakes.get(name)?.(),
  );
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
      const run = (async () => {
        // Undefined: another instance holds the lease, and the lease's watch wakes this job.
        let delay: number | undefined = job.everyMs;
        try {
          if (await leases.holds(job.name)) {
            const next = nextRunAtOf(await job.run());
            jobTicks.inc({ job: job.name, outcome: 'RAN' });
            if (next) delay = Math.min(job.everyMs, Math.max(MIN_SLEEP_MS, next.getTime() - Date.now()));
          } else {
            jobTicks.inc({ job: job.name, outcome: 'STANDBY' });
            delay = undefined;
          }
        } catch (error) {
          jobTicks.inc({ job: job.name, outcome: 'FAILED' });
          log.error({ err: error, job: job.name }, 'job failed');
        } finally {
          running = false;
          if (wokenWhileRunning) sleep(0);
          else if (delay !== undefined) sleep(delay);
          wokenWhileRunning = false;
        }
      })();
      inFlight.set(job.name, run);
      void run.finally(() => inFlight.get(job.name) === run && inFlight.delete(job.name));
    };
    const wake = () => {
      if (running) wokenWhileRunning = true;
      else sleep(0);
    };
    wakes.set(job.name, wake);
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
  return async ({ release = true }: { release?: boolean } = {}) => {
    stops.forEach((stop) => stop());
    leases.stop();
    if (!release) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(inFlight.values()),
      new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS))),
    ]);
    clearTimeout(timer);
    // A run still going keeps its lease until it expires: no other instance starts it meanwhile.
    const idle = jobs.map((job) => job.name).filter((name) => !inFlight.has(name));
    await leases
      .release(idle)
      .catch((error: unknown) => log.error({ err: error }, 'job lease release failed'));
  };
};
