import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type KyselyPlugin, type Transaction } from 'kysely';
import pg from 'pg';
import { CHANGE_CHANNEL, startChangeBus, type ChangeBus } from '../change-bus.js';
import {
  attachInstanceBus,
  BUS_CHANNEL,
  createPostgresBus,
  createRedisBus,
  createSqliteBus,
  type InstanceBus,
} from '../instance-bus.js';
import { postgresPool, ROWS_AS_ARRAYS } from './pg-client.js';
import { readCacheInvalidation, type CacheScope } from './read-cache.js';
import type { Database } from './schema.js';

export { PREPARED, ROWS_AS_ARRAYS, THEN_COMMIT } from './pg-client.js';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Repositories take either; the caller owns the transaction (STYLE.md). */
export type DbOrTrx = Db | Trx;
export type Dialect = 'sqlite' | 'postgres';

export type DbHandle = {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL: the change bus this handle's read memos trust (decision 0055). */
  changes?: ChangeBus;
  /** What this instance tells every instance, and hears from them (decision 0057). */
  bus: InstanceBus;
  close: () => Promise<void>;
};

const sqliteHandles = new WeakMap<Db, SQLite.Database>();
const changeBuses = new WeakMap<Db, ChangeBus>();
/**
 * The better-sqlite3 handle behind a SQLite `Db`, for the few hot paths that run prepared statements
 * directly (the ledger's posting). Use it only inside `db.connection().execute(...)`, which holds
 * Kysely's lock on the one connection, so no other query interleaves.
 */
export const sqliteHandleOf = (db: DbOrTrx): SQLite.Database | undefined => sqliteHandles.get(db as Db);

/**
 * What the read memos (read-cache.ts) of this handle trust: the SQLite file, or the PostgreSQL change
 * bus. Undefined inside a transaction (its reads may not be committed yet): nothing is memoised there.
 */
export const cacheScopeOf = (db: DbOrTrx): CacheScope | undefined =>
  sqliteHandles.get(db as Db) ?? changeBuses.get(db as Db)?.state;

/**
 * `db` with a plugin added (a test counting the statements a job runs), keeping its SQLite handle so
 * the ledger's prepared-statement path still runs.
 */
export const withPlugin = (db: Db, plugin: KyselyPlugin): Db => {
  const next = db.withPlugin(plugin);
  const sqlite = sqliteHandles.get(db);
  if (sqlite) sqliteHandles.set(next, sqlite);
  const changes = changeBuses.get(db);
  if (changes) changeBuses.set(next, changes);
  return next;
};

const sqlitePath = (url: string) => url.slice('sqlite:'.length) || ':memory:';

/**
 * PostgreSQL answers bigint (int8) as text; money columns are bigint, and amounts in code are safe
 * integers (ARCHITECTURE.md, money). A value beyond 2^53 would lose precision, so it is refused loudly.
 */
pg.types.setTypeParser(20, (text: string) => {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`bigint ${text} is beyond the safe integer range`);
  return value;
});

const STATEMENT_CACHE_SIZE = 2000;

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs as much as running a small one.
 * Statements are kept by their SQL text (queries are parameterised, so the set of texts is small and
 * fixed). Reuse is safe: the driver runs one query at a time on the one connection and never streams
 * here. Past the cap (a runaway of distinct texts) statements are simply not kept.
 */
const withStatementCache = (sqlite: SQLite.Database) => {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (sql.startsWith(ROWS_AS_ARRAYS)) statement.raw(true);
        if (statements.size < STATEMENT_CACHE_SIZE) statements.set(sql, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
};

/**
 * Opens the database. The instance bus is chosen here (decision 0057): Redis pub/sub when `redisUrl`
 * is given, else PostgreSQL's LISTEN/NOTIFY on the change bus's connection, and on SQLite (one
 * server process) the process's own delivery, with what a process that `tellsServer` (the CLI)
 * publishes left in `bus_outbox` for the server to hear.
 */
export const openDb = (
  databaseUrl: string,
  {
    redisUrl,
    tellsServer = false,
    poolSize,
  }: { redisUrl?: string; tellsServer?: boolean; poolSize?: number } = {},
): DbHandle => {
  if (databaseUrl.startsWith('sqlite:')) {
    const file = sqlitePath(databaseUrl);
    if (file !== ':memory:') {
      // Readable by the owner only: the folder, the file, and (SQLite copies the file's mode) its WAL.
      fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
      fs.closeSync(fs.openSync(file, 'a', 0o600));
    }
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = FULL');
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      plugins: [readCacheInvalidation],
    });
    sqliteHandles.set(db, sqlite);
    const bus = createSqliteBus(db, sqlite, { tellsServer });
    attachInstanceBus(db, bus);
    return {
      db,
      dialect: 'sqlite',
      bus,
      close: async () => {
        // What the CLI told the server is written before the connection closes.
        await bus.close();
        await db.destroy();
      },
    };
  }
  const pool = postgresPool(databaseUrl, poolSize);
  // An idle connection the server drops (a restart, a failover) must not crash the process; the pool
  // replaces it on the next checkout.
  pool.on('error', (error) => console.error('PostgreSQL idle connection error:', error.message));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [readCacheInvalidation],
  });
  // Other instances and the CLI write without this process seeing it: their commits are heard here.
  const changes = startChangeBus(databaseUrl, redisUrl ? [CHANGE_CHANNEL] : [CHANGE_CHANNEL, BUS_CHANNEL]);
  changeBuses.set(db, changes);
  const bus = redisUrl ? createRedisBus(redisUrl) : createPostgresBus(db, changes);
  attachInstanceBus(db, bus);
  return {
    db,
    dialect: 'postgres',
    changes,
    bus,
    close: async () => {
      // What the bus still sends (a CLI's last messages) goes out before the connections close.
      await bus.close();
      await changes.close();
      await db.destroy();
    },
  };
};
