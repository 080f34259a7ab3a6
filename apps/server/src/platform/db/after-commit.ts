import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Work that waits for a write to commit (decision 0036): what the open pages are told about money
 * that moved. Code inside a write calls `afterCommit`; `writeTransaction` and each `groupCommit` job
 * run in a scope that keeps those calls, runs them once the write has committed and drops them when
 * it rolls back, so a rolled-back post announces nothing. Outside any scope (a statement that commits
 * on its own) the work runs at once.
 */
type Scope = { pending: (() => void)[]; owner?: object };
const scopes = new AsyncLocalStorage<Scope>();

/** Runs `fn` when the write this code runs in commits (at once when it runs in none). */
export const afterCommit = (fn: () => void) => {
  const scope = scopes.getStore();
  if (scope) scope.pending.push(fn);
  else runQuietly(fn);
};

/**
 * The database handle the write this code runs in was opened on (undefined outside a write): what
 * is told after the commit goes out through that handle's instance bus (decision 0057).
 */
export const commitOwner = (): object | undefined => scopes.getStore()?.owner;

/**
 * Runs `work` in a scope of its own; answers its value and the work it left for after the commit.
 * The caller runs `done` after committing, and drops it on a rollback. `owner` is the handle written.
 */
export const withCommitScope = async <T>(
  work: () => Promise<T>,
  owner?: object,
): Promise<{ value: T; done: () => void }> => {
  const scope: Scope = { pending: [], owner };
  const value = await scopes.run(scope, work);
  return {
    value,
    done: () => {
      for (const fn of scope.pending) runQuietly(fn);
    },
  };
};

/** Nothing a listener does may fail a write that already committed. */
const runQuietly = (fn: () => void) => {
  try {
    fn();
  } catch {
    // A listener's failure is its own; the money has moved either way.
  }
};
