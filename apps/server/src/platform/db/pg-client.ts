import { createRequire } from 'node:module';
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
 * it, as for any failed statement. Nothing may run in the transaction after it (decision 0082); a
 * ROLLBACK after it that succeeded ends nothing (decision 0101: what it wrote stands).
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
type QueryConfig = { text: string; values: unknown[]; name?: string; rowMode?: 'array' };
type QueryResult = { command: string; rowCount: number | null; rows: unknown[] };
type Callback = (error: Error | null, result: QueryResult) => void;
type Field = { name: string };
/** node-pg's Result: the fields of a statement's RowDescription and a parser a column built from them. */
type BaseResult = {
  fields: Field[];
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: object | null;
};
/** node-pg's Query, whose protocol steps a marked statement replaces. */
type BaseQuery = {
  text: string;
  values: unknown[];
  name?: string;
  queryMode?: 'extended';
  portal: string;
  binary?: boolean;
  rows?: number;
  _rowMode?: 'array';
  _result: BaseResult;
  _results: BaseResult;
  _accumulateRows: boolean;
  _canceledDueToError: Error | false;
  prepare(connection: Connection): void;
  hasBeenParsed(connection: Connection): boolean;
  handleError(error: Error, connection: Connection): void;
  _getRows(connection: Connection, rows: number | undefined): void;
  handleRowDescription(message: { fields: Field[] }): void;
  handleCommandComplete(message: unknown, connection: Connection): void;
};
const Query = pg.Query as unknown as new (text: string, values: unknown[], callback: Callback) => BaseQuery;
/** node-pg's own mapping of a bound value to its text (what `Query.prepare` binds with). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

/**
 * What a named statement answers, taken from its first RowDescription on a connection: node-pg's
 * Result state after `addFields` (the fields, a parser a column, the empty row), or no fields for a
 * statement that answers no rows.
 */
type Described = Pick<BaseResult, 'fields' | '_parsers' | '_prebuiltEmptyResultObject'>;

/**
 * A statement of the pool's own: marked text (`PREPARED`, `ROWS_AS_ARRAYS`), or one sent with its
 * transaction's BEGIN before it, its COMMIT after it, or both.
 *
 * - **BEGIN and COMMIT in the statement's write**: Parse/Bind/Execute of each, then one Sync, as pgjdbc
 *   does: the BEGIN's and the COMMIT's answers are not waited for, each saving a round trip (issue 23).
 *   PostgreSQL runs the messages in order; a BEGIN inside the extended protocol's implicit block opens
 *   a real one that outlives the Sync. If the statement fails, PostgreSQL skips what follows up to the
 *   Sync (the COMMIT too): the block is left failed, as after a BEGIN of its own, and the caller's
 *   ROLLBACK ends it.
 * - **No Describe for a named statement described before on the connection** (decision 0088): node-pg
 *   asks for the portal's RowDescription on every execution and builds a parser a column from it
 *   (`Result.addFields`); a named statement's text, and so its columns, cannot change on its
 *   connection, so its first description is kept and every later execution is Bind/Execute/Sync,
 *   its result set up from that description.
 * - **No copy of the statement's config**: node-pg's Query copies an object config through its
 *   property descriptors (`cloneQueryConfig`) on every construction; built from the text, nothing is
 *   copied.
 */
class JadeQuery extends Query {
  /** CommandCompletes seen: the BEGIN's (when sent), the statement's, the COMMIT's (when sent). */
  private completes = 0;
  private readonly wasParsed: boolean;

  constructor(
    config: QueryConfig,
    callback: Callback,
    private readonly begin: string | undefined,
    private readonly commit: boolean,
    connection: Connection,
    private readonly described: Map<string, Described>,
  ) {
    super(config.text, config.values, callback);
    if (config.name !== undefined) this.name = config.name;
    if (config.rowMode !== undefined) {
      this._rowMode = config.rowMode;
      const Result = this._result.constructor as new (rowMode: string) => BaseResult;
      this._results = this._result = new Result(config.rowMode);
    }
    if (begin !== undefined || commit) this.queryMode = 'extended';
    this.wasParsed = config.name !== undefined && connection.parsedStatements[config.name] !== undefined;
  }

  override prepare(connection: Connection) {
    if (this.begin !== undefined) {
      connection.parse({ text: this.begin });
      connection.bind({});
      connection.execute({});
    }
    const described = this.name === undefined ? undefined : this.described.get(this.name);
    if (described === undefined || !this.hasBeenParsed(connection)) return super.prepare(connection);
    // node-pg's prepare of a parsed statement, without its Describe.
    try {
      connection.bind({
        portal: this.portal,
        statement: this.name,
        values: this.values,
        binary: this.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      // As node-pg does: a value it cannot bind fails the statement before anything is executed.
      connection.sync();
      this.handleError(error as Error, connection);
      return;
    }
    const result = this._result;
    result.fields = described.fields;
    result._parsers = described._parsers;
    result._prebuiltEmptyResultObject = described._prebuiltEmptyResultObject;
    this._accumulateRows = true;
    this._getRows(connection, this.rows);
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

  override handleRowDescription(message: { fields: Field[] }) {
    super.handleRowDescription(message);
    if (this.name !== undefined) this.described.set(this.name, this.descriptionOf(this._result));
  }

  private descriptionOf(result: BaseResult): Described {
    return {
      fields: result.fields,
      _parsers: result._parsers,
      _prebuiltEmptyResultObject: result._prebuiltEmptyResultObject,
    };
  }

  override handleCommandComplete(message: { text?: string }, connection: Connection) {
    const index = this.completes++;
    const own = this.begin === undefined ? 0 : 1;
    if (index === own) {
      // A statement that answers no rows had no RowDescription: it has no fields to describe.
      if (this.name !== undefined && !this.described.has(this.name))
        this.described.set(this.name, this.descriptionOf(this._result));
      return super.handleCommandComplete(message, connection);
    }
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
  /** The RowDescription of each named statement run on this connection (decision 0088). */
  private readonly described = new Map<string, Described>();

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
      // Only the caller's COMMIT or ROLLBACK may follow, and ends nothing: the statement's transaction
      // committed with it. A ROLLBACK comes when the caller's work threw after that statement (what
      // the statement wrote stands). A statement there is a mistake to see.
      return values.length === 0 && isEnd(text) ? Promise.resolve(NO_ROWS) : endedAlready();
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
      const connection = (this as unknown as { connection: Connection }).connection;
      const query = new JadeQuery(config, callback, begin, commit, connection, this.described);
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
