import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTrx } from './db/index.js';

export type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

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

/** Runs each job every `everyMs` while this instance holds its lease; returns a stop function. */
export const startJobs = (db: DbOrTrx, jobs: Job[], log: FastifyBaseLogger) => {
  const holder = randomUUID();
  const timers = jobs.map((job) => {
    let running = false;
    return setInterval(() => {
      if (running) return;
      running = true;
      void (async () => {
        try {
          if (await acquireLease(db, job.name, holder, job.everyMs * 3)) await job.run();
        } catch (error) {
          log.error({ err: error, job: job.name }, 'job failed');
        } finally {
          running = false;
        }
      })();
    }, job.everyMs);
  });
  return () => timers.forEach((t) => clearInterval(t));
};
