import type SQLite from 'better-sqlite3';
import { sqliteHandleOf, type DbOrTrx } from './index.js';

/** Statements of the reads run at once, by SQL text, per connection (the texts are few and fixed). */
const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/**
 * SQLite: a read run at once on better-sqlite3's one connection, without Kysely's connection lock,
 * executor and plugins, and their promises (issue 23, decision 0086). Only where the read sees exactly
 * what the same read through Kysely would:
 *   - `db` is a database handle, not a transaction or a connection a caller holds (those are not in
 *     `sqliteHandleOf`'s map): their reads belong inside their owner's work, through Kysely;
 *   - no transaction is open on the connection (`inTransaction`). A write transaction
 *     (`writeTransaction`, Kysely's `transaction()`) holds Kysely's lock across awaits, and a read run
 *     beside it on the same connection would see its uncommitted rows. With none open the connection
 *     is in autocommit: the read sees what is committed, as the same read queued behind the lock would
 *     if it ran first. A write that holds the lock but has not begun yet has written nothing.
 * Its connection where it can, else undefined: the caller reads through Kysely, behind the lock, as
 * before. Reads only (a select: no plugin needs to see it).
 */
export const sqliteReadableNow = (db: DbOrTrx): SQLite.Database | undefined => {
  const sqlite = sqliteHandleOf(db);
  return sqlite && !sqlite.inTransaction && sqlite.open ? sqlite : undefined;
};

/** Runs a read on a connection `sqliteReadableNow` answered, at once. */
export const readNowOnSqlite = (
  sqlite: SQLite.Database,
  sql: string,
  parameters: readonly unknown[],
  rowsAsArrays: boolean,
): unknown[] => {
  let prepared = statements.get(sqlite);
  if (!prepared) statements.set(sqlite, (prepared = new Map()));
  let statement = prepared.get(sql);
  if (!statement) {
    statement = sqlite.prepare(sql);
    if (!statement.reader) throw new Error('readNowOnSqlite: reads only');
    statement.raw(rowsAsArrays);
    prepared.set(sql, statement);
  }
  return statement.all(parameters) as unknown[];
};
