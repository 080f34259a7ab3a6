import { PostgresAdapter, sql } from 'kysely';
import { busOfHandle, type BusTopic, type InstanceBus } from '../instance-bus.js';
import { afterCommit, commitOwner, withCommitScope, type WriteHandle } from './after-commit.js';
import { sqliteHandleOf, type Db, type DbOrTrx, type Dialect } from './index.js';

const RETRYABLE_PG = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

export const dialectOf = (db: DbOrTrx): Dialect =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

/** A write refused by a unique constraint: PostgreSQL's 23505, or SQLite's message. */
export const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === '23505' || String(e?.message ?? '').includes('UNIQUE constraint failed');
};

const isRetryable = (error: unknown) => RETRYABLE_PG.has(String((error as { code?: unknown })?.code ?? ''));

/**
 * The handle to use once the write `db` belongs to has committed: the one `writeTransaction` or
 * `groupCommit` opened it on, or `db` itself when it is no transaction; null for a transaction opened
 * some other way. What a write leaves for `afterCommit` reads through it, outside the write's locks.
 */
export const handleOutside = (db: DbOrTrx): Db | null =>
  (commitOwner(db) as Db | undefined) ?? (db.isTransaction ? null : (db as Db));

const isKysely = (db: WriteHandle): db is DbOrTrx => 'getExecutor' in db;

/**
 * The instance bus of the handle `db` belongs to (decision 0057): inside a write, the bus of the
 * handle the write was opened on.
 */
export const instanceBusOf = (db: WriteHandle): InstanceBus => {
  const owner = commitOwner(db) ?? (isKysely(db) ? db : undefined);
  // better-sqlite3's handle is written through only inside a write, where its scope names the owner.
  if (!owner) throw new Error('instanceBusOf: a SQLite handle outside a write');
  return busOfHandle(owner as Db);
};

/**
 * Tells every instance once the write `db` runs in has committed (at once outside a write). A topic
 * the database tells itself on this transport (PostgreSQL's triggers) is not told twice.
 */
export const tellInstances = (db: WriteHandle, topic: BusTopic, payload: object) => {
  const bus = instanceBusOf(db);
  if (!bus.toldByDatabase.has(topic)) afterCommit(db, () => bus.publish(topic, payload));
};

/**
 * The handles a write on `db` hands out to code that runs in it: `trx` (its transaction, or SQLite's
 * reserved connection) and, on SQLite, better-sqlite3's handle that prepared statements run on.
 */
export const writeHandles = (db: Db, trx: DbOrTrx): WriteHandle[] => {
  const raw = sqliteHandleOf(db);
  return raw ? [trx, raw] : [trx];
};

/**
 * Runs `work` in one write transaction, the one way money code opens a transaction.
 *
 * SQLite: `BEGIN IMMEDIATE` on the reserved connection takes the write lock up front, so a second
 * process writing the same file waits (busy_timeout) instead of failing at its first write.
 * PostgreSQL: a normal transaction on one pooled client; serialization failures and deadlocks
 * (40001, 40P01) are retried a bounded number of times.
 * Never await network calls (vendors, gateways) inside `work`. What `work` leaves to `afterCommit`
 * runs once the commit is done, and not at all after a rollback (decision 0036).
 */
export const writeTransaction = async <T>(db: Db, work: (trx: DbOrTrx) => Promise<T>): Promise<T> => {
  if (dialectOf(db) === 'sqlite') {
    return db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        const { value, done } = await withCommitScope(writeHandles(db, conn), db, () => work(conn));
        await sql`commit`.execute(conn);
        done();
        return value;
      } catch (error) {
        // SQLite may already have rolled back on its own (SQLITE_FULL, SQLITE_IOERR).
        await sql`rollback`.execute(conn).catch(() => undefined);
        throw error;
      }
    });
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const { value, done } = await db
        .transaction()
        .execute((trx) => withCommitScope(writeHandles(db, trx), db, () => work(trx)));
      done();
      return value;
    } catch (error) {
      if (!isRetryable(error) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
};
