import pg from 'pg';

/**
 * SQL that starts with this comment is a statement of fixed text run on every call of a hot path
 * (compiledOnce, the ledger's post): on PostgreSQL it is prepared once per connection under a name
 * (Parse and plan once, then Bind and Execute), on SQLite it is a comment (its statement cache already
 * prepares every text once). Never on text built from a varying number of values beyond a few shapes:
 * every distinct text is a prepared statement on every pooled connection (at most `NAMED_LIMIT`).
 */
export const PREPARED = '/* prepared */ ';

/**
 * SQL that starts with this comment answers its rows as arrays of values in the order selected
 * (better-sqlite3's raw mode, node-pg's `rowMode: 'array'`; `compiledOnceAsArrays`): a wide row costs
 * a third of an object with a property a column (issue 23).
 */
export const ROWS_AS_ARRAYS = '/* rows as arrays */ ';

/**
 * SQL that starts with this comment is its transaction's last statement: on PostgreSQL the COMMIT is
 * sent in the same write and the same protocol sync, after it (one round trip less), and the caller's
 * COMMIT that follows is answered at once. If the statement fails, PostgreSQL skips the COMMIT (an
 * error skips every message up to the Sync), the block is left failed and the caller's ROLLBACK ends
 * it, as for any failed statement. Nothing may run in the transaction after it (decision 0082).
 * Put it before `PREPARED` or `ROWS_AS_ARRAYS`. On SQLite it is a comment.
 */
export const THEN_COMMIT = '/* then commit */ ';

const NAMED_LIMIT = 500;
const names = new Map<string, string>();

const nameOf = (text: string): string | undefined => {
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_LIMIT) {
    name = `jade_${names.size}`;
    names.set(text, name);
  }
  return name;
};

const isBegin = (text: string) => text === 'begin' || text.startsWith('start transaction');
const isEnd = (text: string) => text === 'commit' || text === 'rollback';

type Connection = {
  parse: (config: { text: string; name?: string }) => void;
  bind: (config: object) => void;
  execute: (config: object) => void;
  sync: () => void;
  parsedStatements: Record<string, string>;
};
type QueryConfig = {
  text: string;
  values: unknown[];
  name?: string;
  rowMode?: 'array';
  queryMode?: 'extended';
};
type QueryResult = { command: string; rowCount: number | null; rows: unknown[] };
type Callback = (error: Error | null, result: QueryResult) => void;
/** node-pg's Query, whose protocol steps a transaction's first statement extends. */
type BaseQuery = {
  name?: string;
  portal: string;
  _canceledDueToError: Error | false;
  prepare(connection: Connection): void;
  _getRows(connection: Connection, rows: number | undefined): void;
  handleCommandComplete(message: unknown, connection: Connection): void;
  handleError(error: Error, connection: Connection): void;
};
const Query = pg.Query as unknown as new (config: QueryConfig & { callback: Callback }) => BaseQuery;

/**
 * A statement sent with its transaction's BEGIN before it, its COMMIT after it, or both, in one write
 * and one protocol sync (Parse/Bind/Execute of each, then one Sync), as pgjdbc does: the BEGIN's and
 * the COMMIT's answers are not waited for, each saving a round trip (issue 23). PostgreSQL runs the
 * messages in order; a BEGIN inside the extended protocol's implicit block opens a real one that
 * outlives the Sync. If the statement fails, PostgreSQL skips what follows up to the Sync (the COMMIT
 * too): the block is left failed, as after a BEGIN of its own, and the caller's ROLLBACK ends it.
 */
class PipelinedQuery extends Query {
  /** CommandCompletes seen: the BEGIN's (when sent), the statement's, the COMMIT's (when sent). */
  private completes = 0;
  private readonly wasParsed: boolean;

  constructor(
    config: QueryConfig & { callback: Callback },
    private readonly begin: string | undefined,
    private readonly commit: boolean,
    connection: Connection,
  ) {
    super(config);
    this.wasParsed = config.name !== undefined && connection.parsedStatements[config.name] !== undefined;
  }

  override prepare(connection: Connection) {
    if (this.begin !== undefined) {
      connection.parse({ text: this.begin });
      connection.bind({});
      connection.execute({});
    }
    super.prepare(connection);
  }

  /** node-pg's last step of a statement (Execute, then Sync): the COMMIT goes between the two. */
  override _getRows(connection: Connection, rows: number | undefined) {
    if (!this.commit) return super._getRows(connection, rows);
    connection.execute({ portal: this.portal, rows });
    connection.parse({ text: 'commit' });
    connection.bind({});
    connection.execute({});
    connection.sync();
  }

  override handleCommandComplete(message: { text?: string }, connection: Connection) {
    const index = this.completes++;
    const own = this.begin === undefined ? 0 : 1;
    if (index === own) return super.handleCommandComplete(message, connection);
    if (index < own) {
      // The BEGIN's. node-pg took its ParseComplete for the named statement's: it is parsed only
      // once its own ParseComplete comes (a Parse that fails leaves it unparsed).
      if (this.name !== undefined && !this.wasParsed) delete connection.parsedStatements[this.name];
      return;
    }
    // The COMMIT's: a transaction already failed answers ROLLBACK to it, and nothing was written.
    if (message.text !== 'COMMIT')
      this._canceledDueToError = new Error('The transaction rolled back at its commit');
  }
}

const NO_ROWS: QueryResult = { command: '', rowCount: null, rows: [] };

const endedAlready = () =>
  Promise.reject(new Error('The transaction committed with its last statement (THEN_COMMIT)'));

/**
 * The pool's client (Kysely's PostgreSQL driver calls `query(text, values)`): a transaction's BEGIN is
 * held until its first statement and sent with it, a BEGIN followed straight by its COMMIT or ROLLBACK
 * is never sent, `THEN_COMMIT` text is sent with the COMMIT after it, `PREPARED` text is run as a
 * named statement and `ROWS_AS_ARRAYS` text answers arrays. Every other call is node-pg's own.
 */
export class JadeClient extends pg.Client {
  private heldBegin: string | undefined;
  /** A `THEN_COMMIT` statement committed its transaction: the caller's COMMIT is answered here. */
  private committed = false;

  /** Called by the pool when the client goes back: a BEGIN held by a caller that gave up is dropped. */
  dropHeldBegin() {
    this.heldBegin = undefined;
    this.committed = false;
  }

  override query(...args: unknown[]): never {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || callback !== undefined)
      return (super.query as (...a: unknown[]) => never)(...args);
    return this.run(text, values) as never;
  }

  private run(text: string, values: unknown[]): Promise<QueryResult> {
    if (this.committed) {
      this.committed = false;
      // Only the caller's COMMIT may follow; a ROLLBACK or a statement there is a mistake to see.
      return values.length === 0 && text === 'commit' ? Promise.resolve(NO_ROWS) : endedAlready();
    }
    if (values.length === 0 && isBegin(text) && this.heldBegin === undefined) {
      this.heldBegin = text;
      return Promise.resolve(NO_ROWS);
    }
    const begin = this.heldBegin;
    this.heldBegin = undefined;
    if (begin !== undefined && values.length === 0 && isEnd(text)) return Promise.resolve(NO_ROWS);
    const commit = text.startsWith(THEN_COMMIT);
    const marked = commit ? text.slice(THEN_COMMIT.length) : text;
    const config: QueryConfig = { text, values };
    if (marked.startsWith(ROWS_AS_ARRAYS)) config.rowMode = 'array';
    if (marked.startsWith(PREPARED) || marked.startsWith(ROWS_AS_ARRAYS + PREPARED))
      config.name = nameOf(text);
    const plain = super.query as (t: string, v?: unknown[]) => Promise<QueryResult>;
    // Text of several statements runs only in the simple protocol: the BEGIN goes first, on its own.
    if (begin !== undefined && values.length === 0 && text.includes(';'))
      return plain.call(this, begin).then(() => plain.call(this, text, values));
    if (begin === undefined && !commit && config.name === undefined && config.rowMode === undefined)
      return plain.call(this, text, values);
    return new Promise<QueryResult>((resolve, reject) => {
      const callback: Callback = (error, result) => {
        if (error) return reject(error);
        if (commit) this.committed = true;
        resolve(result);
      };
      const query =
        begin === undefined && !commit
          ? new Query({ ...config, callback })
          : new PipelinedQuery(
              { ...config, queryMode: 'extended', callback },
              begin,
              commit,
              (this as unknown as { connection: Connection }).connection,
            );
      (super.query as (q: unknown) => void)(query);
    });
  }
}

/**
 * The pool of `JadeClient`s a PostgreSQL handle runs on: a transaction's BEGIN goes with its first
 * statement, hot statements are prepared once per connection, rows of marked text come as arrays
 * (decision 0075).
 */
export const postgresPool = (connectionString: string, max = 10) => {
  const pool = new pg.Pool({ connectionString, max, Client: JadeClient });
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) =>
    (client as unknown as JadeClient).dropHeldBegin(),
  );
  return pool;
};
