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
import type { ChangeListenerState } from '../change-bus.js';

/**
 * Memos of small reads that every request makes and that almost never change: the brand behind a
 * host, the brand's region rules, vendors and wallet APIs, game rules (docs/decisions/0010 and 0055).
 * Two signals tell exactly when a memo may be stale:
 *   - a write by this process to a watched table, seen by the plugin below on every Kysely query
 *     (transactions included), bumps a generation;
 *   - a commit by any other connection: on SQLite it changes `PRAGMA data_version` (read once per
 *     turn of the event loop); on PostgreSQL the watched tables' triggers NOTIFY the change bus
 *     (platform/change-bus.ts), whose generation every memo checks, and which is trusted only
 *     while it listens (a memo is neither served nor kept while its connection is down).
 * Keep this list and the triggers of migration 2026-11-26T1200-change-notify (and its successors)
 * the same: a watched table without a trigger would be memoised stale on PostgreSQL.
 */
export const WATCHED_TABLES = new Set([
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

/** What a memo trusts besides this process's own writes: the SQLite file, or PostgreSQL's change bus. */
export type CacheScope = SQLite.Database | ChangeListenerState;

const isChangeListener = (scope: CacheScope): scope is ChangeListenerState => 'listening' in scope;

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

const versionOf = (scope: CacheScope) => (isChangeListener(scope) ? scope.generation : dataVersionOf(scope));

/**
 * One memo: values by key, for one database at a time (`cacheScopeOf(db)`; undefined inside a
 * transaction or on a PostgreSQL handle without a change bus: no memo).
 */
export const createReadCache = <V>() => {
  const memos = new WeakMap<CacheScope, Map<string, Entry<V>>>();
  return async (
    scope: CacheScope | undefined,
    key: string,
    load: () => Promise<V | undefined>,
  ): Promise<V | undefined> => {
    if (!scope || (isChangeListener(scope) && !scope.listening)) return load();
    let memo = memos.get(scope);
    if (!memo) memos.set(scope, (memo = new Map()));
    const dataVersion = versionOf(scope);
    const entry = memo.get(key);
    if (entry && entry.generation === generation && entry.dataVersion === dataVersion) return entry.value;
    const loadedAt = generation;
    const value = await load();
    // A miss is not kept (a host may be added at any moment), nor a value a write or a change raced with.
    if (
      value !== undefined &&
      loadedAt === generation &&
      (!isChangeListener(scope) || (scope.listening && scope.generation === dataVersion))
    ) {
      memo.set(key, { generation: loadedAt, dataVersion, value });
    }
    return value;
  };
};
