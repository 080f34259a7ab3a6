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
  prepare(connection: Connection): void;
  handleCommandComplete(message: unknown, connection: Connection): void;
  handleError(error: Error, connection: Connection): void;
};
const Query = pg.Query as unknown as new (config: QueryConfig & { callback: Callback }) => BaseQuery;

/**
 * A transaction's BEGIN sent in the same write and the same protocol sync as its first statement
 * (Parse/Bind/Execute of the BEGIN, then the statement's, then one Sync), as pgjdbc does: the BEGIN's
 * answer is not waited for, so a transaction costs one round trip less (issue 23). PostgreSQL runs
 * the messages in order; a BEGIN inside the extended protocol's implicit block opens a real one that
 * outlives the Sync. If the statement fails, the block is left failed, as after a BEGIN of its own,
 * and the caller's ROLLBACK ends it.
 */
class BeginThenQuery extends Query {
  private beginAnswered = false;
  private readonly wasParsed: boolean;

  constructor(
    config: QueryConfig & { callback: Callback },
    private readonly begin: string,
    connection: Connection,
  ) {
    super(config);
    this.wasParsed = config.name !== undefined && connection.parsedStatements[config.name] !== undefined;
  }

  override prepare(connection: Connection) {
    connection.parse({ text: this.begin });
    connection.bind({});
    connection.execute({});
    super.prepare(connection);
  }

  override handleCommandComplete(message: unknown, connection: Connection) {
    // The first command to complete is the BEGIN; the statement's answer is the second.
    if (!this.beginAnswered) {
      this.beginAnswered = true;
      // node-pg took the BEGIN's ParseComplete for the named statement's: it is parsed only once
      // its own ParseComplete comes (a Parse that fails leaves it unparsed).
      if (this.name !== undefined && !this.wasParsed) delete connection.parsedStatements[this.name];
      return;
    }
    super.handleCommandComplete(message, connection);
  }
}

const NO_ROWS: QueryResult = { command: '', rowCount: null, rows: [] };

/**
 * The pool's client (Kysely's PostgreSQL driver calls `query(text, values)`): a transaction's BEGIN is
 * held until its first statement and sent with it, a BEGIN followed straight by its COMMIT or ROLLBACK
 * is never sent, `PREPARED` text is run as a named statement and `ROWS_AS_ARRAYS` text answers arrays.
 * Every other call is node-pg's own.
 */
export class JadeClient extends pg.Client {
  private heldBegin: string | undefined;

  /** Called by the pool when the client goes back: a BEGIN held by a caller that gave up is dropped. */
  dropHeldBegin() {
    this.heldBegin = undefined;
  }

  override query(...args: unknown[]): never {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || callback !== undefined)
      return (super.query as (...a: unknown[]) => never)(...args);
    return this.run(text, values) as never;
  }

  private run(text: string, values: unknown[]): Promise<QueryResult> {
    if (values.length === 0 && isBegin(text) && this.heldBegin === undefined) {
      this.heldBegin = text;
      return Promise.resolve(NO_ROWS);
    }
    const begin = this.heldBegin;
    this.heldBegin = undefined;
    if (begin !== undefined && values.length === 0 && isEnd(text)) return Promise.resolve(NO_ROWS);
    const config: QueryConfig = { text, values };
    if (text.startsWith(ROWS_AS_ARRAYS)) config.rowMode = 'array';
    if (text.startsWith(PREPARED) || text.startsWith(ROWS_AS_ARRAYS + PREPARED)) config.name = nameOf(text);
    const plain = super.query as (t: string, v?: unknown[]) => Promise<QueryResult>;
    // Text of several statements runs only in the simple protocol: the BEGIN goes first, on its own.
    if (begin !== undefined && values.length === 0 && text.includes(';'))
      return plain.call(this, begin).then(() => plain.call(this, text, values));
    if (begin === undefined && config.name === undefined && config.rowMode === undefined)
      return plain.call(this, text, values);
    return new Promise<QueryResult>((resolve, reject) => {
      const callback: Callback = (error, result) => (error ? reject(error) : resolve(result));
      const query =
        begin === undefined
          ? new Query({ ...config, callback })
          : new BeginThenQuery(
              { ...config, queryMode: 'extended', callback },
              begin,
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
