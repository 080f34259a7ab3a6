import type SQLite from 'better-sqlite3';
import {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * Memos of small reads that every request makes and that almost never change: the brand behind a
 * host, the brand's vendors (docs/decisions/0010-hot-path-read-cache.md). Only on SQLite, where two
 * signals tell exactly when a memo may be stale:
 *   - a write by this process to a watched table, seen by the plugin below on every Kysely query
 *     (transactions included), bumps a generation;
 *   - a commit by any other connection to the file (the CLI, a second process) changes SQLite's
 *     `PRAGMA data_version`, which is read once per turn of the event loop.
 * On PostgreSQL other instances write without either signal, so nothing is memoised there.
 */
const WATCHED_TABLES = new Set([
  'merchant',
  'merchant_domain',
  'merchant_region_rule',
  'vendor',
  'merchant_vendor',
  'vendor_wallet_api',
  'vendor_connection',
  'game',
]);
let generation = 0;

const tableName = (node: OperationNode | undefined): string | undefined => {
  if (!node) return undefined;
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableName(node.node);
  return undefined;
};

const writtenTables = (node: RootOperationNode): (string | undefined)[] => {
  if (InsertQueryNode.is(node)) return [tableName(node.into)];
  if (UpdateQueryNode.is(node)) return [tableName(node.table)];
  if (DeleteQueryNode.is(node)) return node.from.froms.map(tableName);
  return [];
};

/** Installed on every database handle: any write to a watched table makes every memo stale. */
export const readCacheInvalidation: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (writtenTables(node).some((table) => table !== undefined && WATCHED_TABLES.has(table))) generation++;
    return node;
  },
  transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
};

type Entry<V> = { generation: number; dataVersion: number; value: V };

/**
 * `PRAGMA data_version` is read at most once per turn of the event loop and handle: every request
 * handled in one turn sees the file as it was at the start of that turn.
 */
let turn = 0;
let turnEnding = false;
const versions = new WeakMap<SQLite.Database, { statement: SQLite.Statement; turn: number; value: number }>();
const dataVersionOf = (sqlite: SQLite.Database): number => {
  let version = versions.get(sqlite);
  if (!version) {
    version = { statement: sqlite.prepare('pragma data_version').pluck(), turn: -1, value: 0 };
    versions.set(sqlite, version);
  }
  if (version.turn !== turn) {
    version.value = version.statement.get() as number;
    version.turn = turn;
    if (!turnEnding) {
      turnEnding = true;
      setImmediate(() => {
        turn++;
        turnEnding = false;
      });
    }
  }
  return version.value;
};

/** One memo: values by key, for one SQLite handle at a time. */
export const createReadCache = <V>() => {
  const memos = new WeakMap<SQLite.Database, Map<string, Entry<V>>>();
  return async (
    sqlite: SQLite.Database | undefined,
    key: string,
    load: () => Promise<V | undefined>,
  ): Promise<V | undefined> => {
    if (!sqlite) return load();
    let memo = memos.get(sqlite);
    if (!memo) memos.set(sqlite, (memo = new Map()));
    const dataVersion = dataVersionOf(sqlite);
    const entry = memo.get(key);
    if (entry && entry.generation === generation && entry.dataVersion === dataVersion) return entry.value;
    const loadedAt = generation;
    const value = await load();
    // A miss is not kept (a host may be added at any moment), nor a value a write raced with.
    if (value !== undefined && loadedAt === generation) {
      memo.set(key, { generation: loadedAt, dataVersion, value });
    }
    return value;
  };
};
