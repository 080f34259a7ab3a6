import type SQLite from 'better-sqlite3';
import type { DbOrTrx } from './index.js';

/**
 * Work that waits for a write to commit (decision 0036): what the open pages are told about money
 * that moved. Code inside a write calls `afterCommit` with the handle it writes on; `writeTransaction`
 * and each `groupCommit` job open a scope on the handles they hand out, which keeps those calls, runs
 * them once the write has committed and drops them when it rolls back, so a rolled-back post
 * announces nothing. Given any other handle (a statement that commits on its own) the work runs at
 * once.
 *
 * The scope goes with the handle, not with the async context (decision 0077): an `AsyncLocalStorage`
 * turned on V8's promise hooks for the whole process at the first write, and every promise of every
 * request paid for them.
 */
type Scope = { pending: (() => void)[]; owner: object };

/**
 * What a write runs on: its transaction (PostgreSQL), the connection it reserved (SQLite), or
 * better-sqlite3's handle that prepared statements run on inside it (the ledger, the seamless wallet).
 */
export type WriteHandle = DbOrTrx | SQLite.Database;

/** The scope open on each handle of a write that is running; removed when its work ends. */
const scopes = new WeakMap<WriteHandle, Scope>();

/** Runs `fn` once the write `db` runs in commits; at once when `db` is in no write. */
export const afterCommit = (db: WriteHandle, fn: () => void) => {
  const scope = scopes.get(db);
  if (scope) scope.pending.push(fn);
  else runQuietly(fn);
};

/**
 * The database handle the write `db` runs in was opened on (undefined when `db` is in no write):
 * what is told after the commit goes out through that handle's instance bus (decision 0057).
 */
export const commitOwner = (db: WriteHandle): object | undefined => scopes.get(db)?.owner;

/**
 * Runs `work` in a scope of its own on `handles` (those the write hands out); answers its value and
 * the work it left for after the commit. The caller runs `done` after committing, and drops it on a
 * rollback. `owner` is the handle written. Writes that share a handle (group commit's jobs on
 * SQLite's one connection) must run one after the other: each job has the handles while it runs.
 */
export const withCommitScope = async <T>(
  handles: readonly WriteHandle[],
  owner: object,
  work: () => Promise<T>,
): Promise<{ value: T; done: () => void }> => {
  const scope: Scope = { pending: [], owner };
  for (const handle of handles) scopes.set(handle, scope);
  try {
    const value = await work();
    return {
      value,
      done: () => {
        for (const fn of scope.pending) runQuietly(fn);
      },
    };
  } finally {
    for (const handle of handles) if (scopes.get(handle) === scope) scopes.delete(handle);
  }
};

/** Nothing a listener does may fail a write that already committed. */
const runQuietly = (fn: () => void) => {
  try {
    fn();
  } catch {
    // A listener's failure is its own; the money has moved either way.
  }
};
