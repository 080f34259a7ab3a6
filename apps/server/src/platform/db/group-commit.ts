import type { AnswerKey } from './answer-key.js';
import { withCommitScope } from './after-commit.js';
import { sqliteHandleOf, type Db, type DbOrTrx } from './index.js';
import { writeHandles, writeTransaction } from './transaction.js';

/**
 * Small durable writes, committed in groups (docs/decisions/0004-ledger-group-commit.md).
 *
 * On SQLite every commit costs an fsync (synchronous=FULL). Jobs queued while a commit is in
 * progress are run together in the next `BEGIN IMMEDIATE` transaction, each inside its own
 * savepoint, so a job that throws is rolled back alone; every caller is answered after the COMMIT
 * that made its job durable. Jobs hold Kysely's lock on the one connection while they run: they
 * must only query the database (no network calls, no timers).
 *
 * On PostgreSQL a job is simply its own transaction.
 */
type Job = {
  work: (trx: DbOrTrx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};
type Queue = { jobs: Job[]; draining: boolean };

const MAX_GROUP = 512;
const queues = new WeakMap<Db, Queue>();

const commitGroup = async (db: Db, group: Job[]) => {
  const outcomes: ({ ok: true; value: unknown; done: () => void } | { ok: false; error: unknown })[] = [];
  // Transaction control goes straight to better-sqlite3: the connection is ours while we hold it.
  const raw = sqliteHandleOf(db)!;
  try {
    await db.connection().execute(async (conn) => {
      raw.exec('begin immediate');
      const handles = writeHandles(db, conn);
      try {
        for (const job of group) {
          raw.exec('savepoint job');
          try {
            // Each job in a commit scope of its own, on the handles while it runs: a job rolled back to
            // its savepoint announces nothing, and no job hears another's.
            const { value, done } = await withCommitScope(handles, db, () => job.work(conn));
            outcomes.push({ ok: true, value, done });
            raw.exec('release job');
          } catch (error) {
            raw.exec('rollback to job');
            raw.exec('release job');
            outcomes.push({ ok: false, error });
          }
        }
        raw.exec('commit');
      } catch (error) {
        if (raw.inTransaction) raw.exec('rollback');
        throw error;
      }
    });
  } catch (error) {
    // Nothing of the group was committed: every caller is told so.
    for (const job of group) job.reject(error);
    return;
  }
  group.forEach((job, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) {
      outcome.done();
      job.resolve(outcome.value);
    } else job.reject(outcome.error);
  });
};

const drain = async (db: Db, queue: Queue) => {
  try {
    while (queue.jobs.length > 0) {
      await commitGroup(db, queue.jobs.splice(0, MAX_GROUP));
      // Let the event loop read the requests that arrived during the commit, so they join the next group.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    queue.draining = false;
  }
};

/**
 * Runs a write in one commit: `groupCommit` by default, or a route's `withIdempotentWrite` (the
 * request's idempotency key commits with the write). A write that can store its own record with the
 * key in its last statement takes the key it is offered (PostgreSQL, decision 0101) and gives
 * `rebuild`, which makes its value again from that record for a retry.
 */
export type OneCommit = <T>(
  write: (trx: DbOrTrx, answerKey?: AnswerKey) => Promise<T>,
  rebuild?: (record: unknown) => T | Promise<T>,
) => Promise<T>;

export const groupCommit = <T>(db: Db, work: (trx: DbOrTrx) => Promise<T>): Promise<T> => {
  if (!sqliteHandleOf(db)) return writeTransaction(db, work);
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = { jobs: [], draining: false }));
  const q = queue;
  return new Promise<T>((resolve, reject) => {
    q.jobs.push({ work, resolve: resolve as (value: unknown) => void, reject });
    if (!q.draining) {
      q.draining = true;
      // Start on the next turn of the event loop, so the jobs of requests already read join the group.
      setImmediate(() => void drain(db, q));
    }
  });
};
