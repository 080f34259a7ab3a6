import pg from 'pg';
import { sqliteHandleOf, type Db } from '../platform/db/index.js';

/** A statement's line in PostgreSQL's log (`log_statement=all`): simple or extended protocol. */
const STATEMENT_LINE = /LOG: {2}(statement|execute [^:]*):/;

/**
 * The throwaway cluster's own log (scripts/postgres.mjs writes server.log beside its data folder),
 * read through a superuser connection to `serverUrl`: the statements run by connections opened with
 * `options=-c log_statement=all` in their URL, counted as issue 23 counts them (decision 0055).
 */
export const openStatementLog = async (serverUrl: string) => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const { rows } = await admin.query<{ dir: string }>(`select current_setting('data_directory') as dir`);
  const logFile = `${rows[0]!.dir}/../server.log`;
  const logSize = async () =>
    Number((await admin.query<{ size: string }>('select (pg_stat_file($1)).size', [logFile])).rows[0]!.size);
  return {
    /** The superuser connection, for a test's own queries of the cluster. */
    admin,
    /** The statement lines logged while `call` ran. */
    statementsOf: async (call: () => Promise<unknown>) => {
      const before = await logSize();
      await call();
      const after = await logSize();
      const read = await admin.query<{ text: string }>('select pg_read_file($1, $2, $3) as text', [
        logFile,
        before,
        after - before,
      ]);
      return read.rows[0]!.text.split('\n').filter((line) => STATEMENT_LINE.test(line));
    },
    close: () => admin.end(),
  };
};
export type StatementLog = Awaited<ReturnType<typeof openStatementLog>>;

/**
 * `databaseUrl` for an instance whose connections log every statement they run and carry
 * `applicationName`, so that its statements are told from other test files' in the cluster's log.
 */
export const loggedDatabaseUrl = (databaseUrl: string, applicationName: string) => {
  const logged = new URL(databaseUrl);
  logged.searchParams.set('options', '-c log_statement=all');
  logged.searchParams.set('application_name', applicationName);
  return logged.toString();
};

/** The statements the connections named `applicationName` to `databaseUrl`'s database sent while `call` ran. */
export const statementsOfApplication = async (
  log: StatementLog,
  databaseUrl: string,
  applicationName: string,
  call: () => Promise<unknown>,
) => {
  const logged = await log.statementsOf(call);
  const ids = await log.admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and application_name = $2',
    [new URL(databaseUrl).pathname.slice(1), applicationName],
  );
  const pids = ids.rows.map((row) => `[${row.pid}]`);
  return logged.filter((line) => pids.some((pid) => line.includes(pid)));
};

/** The SQL of every statement `db`'s SQLite connection ran while `call` ran (the prepared statements). */
export const sqliteStatementsDuring = async (db: Db, call: () => Promise<unknown>) => {
  const sqlite = sqliteHandleOf(db)!;
  type Run = (this: { source: string }, ...args: unknown[]) => unknown;
  const statement = Object.getPrototypeOf(sqlite.prepare('select 1')) as Record<string, Run>;
  const methods = ['all', 'get', 'run', 'iterate'];
  const originals = methods.map((name) => statement[name]!);
  const sources: string[] = [];
  methods.forEach((name, i) => {
    statement[name] = function (...args) {
      sources.push(this.source);
      return originals[i]!.apply(this, args);
    };
  });
  try {
    await call();
  } finally {
    methods.forEach((name, i) => (statement[name] = originals[i]!));
  }
  return sources;
};
