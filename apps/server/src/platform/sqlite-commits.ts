import type SQLite from 'better-sqlite3';

/** How often a watched SQLite file is looked at for another process's commit (`PRAGMA data_version`). */
export const SQLITE_LOOK_MS = 1_000;

type Watch = { timer: NodeJS.Timeout; listeners: Set<() => void>; seen: number };
const watches = new WeakMap<SQLite.Database, Watch>();

/**
 * Tells `listener` once another connection (the CLI's process) committed to `sqlite`'s file: one
 * look a second at `PRAGMA data_version` (the file's shared memory, not a query; it moves only when
 * another connection committed) per handle, shared by everyone watching it (the instance bus while a
 * member stream is open, the lobbies' draw watch while a lobby is open), and none while no one is.
 * Not inside an open write of this handle's: its snapshot may predate the other commit, so the
 * listeners are told at the next look instead. Returns the function that stops this listener.
 */
export const watchOtherCommits = (sqlite: SQLite.Database, listener: () => void): (() => void) => {
  let watch = watches.get(sqlite);
  if (!watch) {
    const version = sqlite.prepare('pragma data_version').pluck();
    const started: Watch = {
      listeners: new Set(),
      seen: version.get() as number,
      timer: setInterval(() => {
        if (sqlite.inTransaction || !sqlite.open) return;
        const now = version.get() as number;
        if (now === started.seen) return;
        started.seen = now;
        for (const told of [...started.listeners])
          try {
            told();
          } catch {
            // One listener's failure is its own: the others are told all the same.
          }
      }, SQLITE_LOOK_MS),
    };
    started.timer.unref();
    watches.set(sqlite, started);
    watch = started;
  }
  const current = watch;
  const entry = () => listener();
  current.listeners.add(entry);
  return () => {
    if (!current.listeners.delete(entry) || current.listeners.size > 0) return;
    clearInterval(current.timer);
    if (watches.get(sqlite) === current) watches.delete(sqlite);
  };
};
