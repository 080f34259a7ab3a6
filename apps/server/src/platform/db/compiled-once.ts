import type { CompiledQuery, Compilable } from 'kysely';
import { PREPARED, ROWS_AS_ARRAYS, type DbOrTrx } from './index.js';
import { readNowOnSqlite, sqliteReadableNow } from './sqlite-read.js';

/**
 * A compiled-once read: run through Kysely, or `now` (SQLite): run at once, without a promise, on a
 * database handle whose connection has no transaction open (`sqliteReadableNow`, decision 0086);
 * undefined where it cannot (PostgreSQL, a transaction): read it through Kysely then.
 */
export type CompiledRead<A extends readonly unknown[], R> = ((db: DbOrTrx, ...args: A) => Promise<R[]>) & {
  now: (db: DbOrTrx, ...args: A) => R[] | undefined;
};

/**
 * A read query built and compiled once per dialect, then run with each call's values (issue 23):
 * Kysely builds an operation tree and compiles it to SQL on every call, a tenth of the server's CPU
 * on a balance read. `build` is called once with a placeholder for each argument; every parameter that
 * is a placeholder is replaced by the call's value. Reads only: a compiled query skips the plugins'
 * `transformQuery` (the read cache's write watch), which a select never needs. Every argument must
 * be used as a bound value (a `where` value), never to shape the query.
 */
export const compiledOnce = <A extends readonly unknown[], R>(
  build: (db: DbOrTrx, ...args: A) => Compilable<R>,
  { rowsAsArrays = false }: { rowsAsArrays?: boolean } = {},
): CompiledRead<A, R> => {
  // One compiled form per dialect adapter: a database handle and its transactions share one.
  const compiled = new WeakMap<object, { query: CompiledQuery<R>; slots: (number | undefined)[] }>();
  const compiledFor = (db: DbOrTrx, args: A) => {
    const adapter = db.getExecutor().adapter;
    let entry = compiled.get(adapter);
    if (!entry) {
      const placeholders = args.map((_, i) => `\u0000compiled-once-${i}\u0000`);
      const query = build(db, ...(placeholders as unknown as A)).compile();
      const slots = query.parameters.map((p) => {
        const i = placeholders.indexOf(p as string);
        return i < 0 ? undefined : i;
      });
      // An argument that shaped the query instead of filling a parameter would be silently ignored.
      if (new Set(slots.filter((s) => s !== undefined)).size !== args.length)
        throw new Error('compiledOnce: every argument must be a bound value of the query');
      // Its text is fixed: prepared once per PostgreSQL connection (pg-client.ts, decision 0075).
      const sql = (rowsAsArrays ? ROWS_AS_ARRAYS : '') + PREPARED + query.sql;
      entry = { query: { ...query, sql }, slots };
      compiled.set(adapter, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => {
      const slot = slots[i];
      return slot === undefined ? p : args[slot];
    });
    return { query, parameters };
  };
  const read = async (db: DbOrTrx, ...args: A): Promise<R[]> => {
    const { query, parameters } = compiledFor(db, args);
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
  const now = (db: DbOrTrx, ...args: A): R[] | undefined => {
    const sqlite = sqliteReadableNow(db);
    if (!sqlite) return undefined;
    const { query, parameters } = compiledFor(db, args);
    return readNowOnSqlite(sqlite, query.sql, parameters, rowsAsArrays) as R[];
  };
  return Object.assign(read, { now }) as CompiledRead<A, R>;
};

/**
 * A compiledOnce read whose rows are arrays of the selected values, in the order selected, on every
 * dialect: the driver builds them so (ROWS_AS_ARRAYS: better-sqlite3's raw mode, node-pg's array row
 * mode in pg-client.ts).
 */
export const compiledOnceAsArrays = <A extends readonly unknown[]>(
  build: (db: DbOrTrx, ...args: A) => Compilable<unknown>,
) => compiledOnce(build, { rowsAsArrays: true }) as CompiledRead<A, unknown[]>;
