import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * Copying a brand's SQLite database into an empty PostgreSQL one of the same schema version
 * (`jade migrate-to-postgres`, decision 0056), and the table-level checks of the copy. The schema
 * stores booleans as integers, times as ISO text and JSON as text on both dialects, so values are
 * copied as they are; anything PostgreSQL refuses (a text longer than its varchar, a fraction in an
 * integer column) aborts the one transaction and names the table.
 */

/**
 * Never copied: the migrator's own bookkeeping (each side migrates itself), and SQLite's bus outbox
 * (messages from a CLI process to a SQLite server, decision 0069; PostgreSQL has no such table).
 */
const isNotCopied = (name: string) => name.startsWith('kysely_migration') || name === 'bus_outbox';

type Column = { name: string; pk: number };
export type SourceTable = { name: string; columns: string[]; orderBy: string[]; parents: string[] };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The source's tables, parents before children (a foreign key's target first), so that each row's
 * references exist when it is inserted. A table referring to itself is read in key order, which puts
 * a parent (an earlier id) before its children.
 */
export const sourceTables = (sqlite: SQLite.Database): SourceTable[] => {
  const names = (
    sqlite
      .prepare(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
      )
      .all() as { name: string }[]
  )
    .map((row) => row.name)
    .filter((name) => !isNotCopied(name));
  const tables = new Map<string, SourceTable>();
  for (const name of names) {
    const columns = sqlite.prepare(`select name, pk from pragma_table_info(?)`).all(name) as Column[];
    const keys = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const parents = (
      sqlite.prepare(`select "table" from pragma_foreign_key_list(?)`).all(name) as { table: string }[]
    )
      .map((row) => row.table)
      .filter((parent) => parent !== name);
    tables.set(name, {
      name,
      columns: columns.map((c) => c.name),
      // Without a declared key every column orders the rows, so both sides read them alike.
      orderBy: keys.length > 0 ? keys.map((c) => c.name) : columns.map((c) => c.name),
      parents: [...new Set(parents)],
    });
  }
  const ordered: SourceTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      throw new Error(
        `the tables' foreign keys form a cycle (${[...path, name].join(' → ')}): no copy order exists`,
      );
    }
    const table = tables.get(name);
    if (!table) throw new Error(`table ${path.at(-1)} refers to ${name}, which the database does not have`);
    state.set(name, 'visiting');
    for (const parent of table.parents) visit(parent, [...path, name]);
    state.set(name, 'done');
    ordered.push(table);
  };
  for (const name of tables.keys()) visit(name, []);
  return ordered;
};

/** PostgreSQL's tables in the current schema, with their text columns (ordered byte-wise to match SQLite). */
const targetTables = async (client: pg.ClientBase) => {
  const { rows } = await client.query<{ table_name: string; column_name: string; data_type: string }>(
    `select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema() order by table_name, ordinal_position`,
  );
  const tables = new Map<string, Map<string, string>>();
  for (const row of rows) {
    if (isNotCopied(row.table_name)) continue;
    const columns = tables.get(row.table_name) ?? new Map<string, string>();
    columns.set(row.column_name, row.data_type);
    tables.set(row.table_name, columns);
  }
  return tables;
};

/** Refuses a target whose tables differ from the source's: the two are not at the same schema version. */
export const checkSameSchema = async (client: pg.ClientBase, tables: SourceTable[]) => {
  const target = await targetTables(client);
  const problems: string[] = [];
  for (const table of tables) {
    const columns = target.get(table.name);
    if (!columns) {
      problems.push(`table ${table.name} is missing on PostgreSQL`);
      continue;
    }
    const missing = table.columns.filter((c) => !columns.has(c));
    const extra = [...columns.keys()].filter((c) => !table.columns.includes(c));
    if (missing.length > 0) problems.push(`${table.name}: PostgreSQL lacks ${missing.join(', ')}`);
    if (extra.length > 0) problems.push(`${table.name}: SQLite lacks ${extra.join(', ')}`);
  }
  const names = new Set(tables.map((t) => t.name));
  for (const name of target.keys()) if (!names.has(name)) problems.push(`table ${name} is missing on SQLite`);
  if (problems.length > 0) throw new Error(`the two databases' schemas differ:\n  ${problems.join('\n  ')}`);
  return target;
};

/** The first table of the target holding a row, if any. */
export const firstNonEmptyTable = async (client: pg.ClientBase, tables: SourceTable[]) => {
  for (const table of tables) {
    const { rowCount } = await client.query(`select 1 from ${quote(table.name)} limit 1`);
    if (rowCount) return table.name;
  }
  return undefined;
};

/** PostgreSQL's bind-parameter ceiling per statement is 65535. */
const rowsPerInsert = (columns: number) => Math.max(1, Math.min(1000, Math.floor(60_000 / columns)));

/**
 * Copies every table in order inside the caller's transaction on `client`; answers the rows copied
 * per table. The caller holds a read transaction on `sqlite`, so the copy is one snapshot.
 */
export const copyTables = async (
  sqlite: SQLite.Database,
  client: pg.ClientBase,
  tables: SourceTable[],
  onTable: (table: string, rows: number) => void = () => {},
) => {
  const copied = new Map<string, number>();
  // The copied rows are history, not new writes: the target's triggers (the team roll-up's change
  // log, decision 0054; the change bus, 0055) must not fire for them. The change log's own rows are
  // copied as they are. Off for this transaction's tables only, and on again before it commits.
  for (const table of tables) await client.query(`alter table ${quote(table.name)} disable trigger user`);
  for (const table of tables) {
    const batchSize = rowsPerInsert(table.columns.length);
    const columnList = table.columns.map(quote).join(', ');
    const select = sqlite.prepare(
      `select ${columnList} from ${quote(table.name)} order by ${table.orderBy.map(quote).join(', ')}`,
    );
    select.raw(true);
    let batch: unknown[][] = [];
    let count = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const width = table.columns.length;
      const values = batch.map(
        (_, r) => `(${table.columns.map((__, c) => `$${r * width + c + 1}`).join(', ')})`,
      );
      try {
        await client.query(
          `insert into ${quote(table.name)} (${columnList}) values ${values.join(', ')}`,
          batch.flat(),
        );
      } catch (error) {
        throw new Error(
          `copying ${table.name} (rows ${count + 1}-${count + batch.length}): ${(error as Error).message}`,
        );
      }
      count += batch.length;
      batch = [];
    };
    for (const row of select.iterate() as IterableIterator<unknown[]>) {
      batch.push(row);
      if (batch.length >= batchSize) await flush();
    }
    await flush();
    copied.set(table.name, count);
    onTable(table.name, count);
  }
  for (const table of tables) await client.query(`alter table ${quote(table.name)} enable trigger user`);
  return copied;
};

/**
 * Moves every serial/identity sequence past the largest id copied, so the next row PostgreSQL
 * numbers does not collide with a copied one. Answers how many sequences it set.
 */
export const advanceSequences = async (client: pg.ClientBase) => {
  const { rows } = await client.query<{ table_name: string; column_name: string; sequence: string }>(
    `select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
       from information_schema.columns
      where table_schema = current_schema() and column_default like 'nextval(%'`,
  );
  for (const row of rows) {
    await client.query(
      `select setval($1, coalesce((select max(${quote(row.column_name)}) from ${quote(row.table_name)}), 0) + 1, false)`,
      [row.sequence],
    );
  }
  return rows.length;
};

export type TableCheck = { table: string; source: number; target: number; digestsEqual: boolean };

const digestOf = () => {
  const hash = createHash('sha256');
  return {
    add: (row: unknown[]) => hash.update(`${JSON.stringify(row)}\n`),
    hex: () => hash.digest('hex'),
  };
};

/** Row count and a digest of every row (in key order) of a source table. */
const sourceDigest = (sqlite: SQLite.Database, table: SourceTable) => {
  const select = sqlite.prepare(
    `select ${table.columns.map(quote).join(', ')} from ${quote(table.name)} order by ${table.orderBy.map(quote).join(', ')}`,
  );
  select.raw(true);
  const digest = digestOf();
  let count = 0;
  for (const row of select.iterate() as IterableIterator<unknown[]>) {
    digest.add(row);
    count += 1;
  }
  return { count, digest: digest.hex() };
};

const TEXT_TYPES = new Set(['text', 'character varying', 'character']);

/**
 * The same for the target, read through a cursor in the caller's transaction. Text keys are ordered
 * byte-wise (COLLATE "C"), as SQLite orders them, whatever the cluster's collation.
 */
const targetDigest = async (client: pg.ClientBase, table: SourceTable, types: Map<string, string>) => {
  const order = table.orderBy
    .map((c) => (TEXT_TYPES.has(types.get(c) ?? '') ? `${quote(c)} collate "C"` : quote(c)))
    .join(', ');
  await client.query(
    `declare copy_check no scroll cursor for select ${table.columns.map(quote).join(', ')} from ${quote(table.name)} order by ${order}`,
  );
  const digest = digestOf();
  let count = 0;
  try {
    for (;;) {
      const { rows } = await client.query<unknown[]>({
        text: 'fetch 2000 from copy_check',
        rowMode: 'array',
      });
      if (rows.length === 0) break;
      for (const row of rows) digest.add(row);
      count += rows.length;
    }
  } finally {
    await client.query('close copy_check');
  }
  return { count, digest: digest.hex() };
};

/**
 * Per table: the row counts of both sides, and whether every row is the same (a digest of the rows in
 * key order). Runs in one read transaction on each side.
 */
export const compareTables = async (
  sqlite: SQLite.Database,
  client: pg.ClientBase,
  tables: SourceTable[],
): Promise<TableCheck[]> => {
  const types = await targetTables(client);
  const checks: TableCheck[] = [];
  await client.query('begin transaction isolation level repeatable read read only');
  try {
    for (const table of tables) {
      const source = sourceDigest(sqlite, table);
      const target = await targetDigest(client, table, types.get(table.name) ?? new Map());
      checks.push({
        table: table.name,
        source: source.count,
        target: target.count,
        digestsEqual: source.digest === target.digest,
      });
    }
  } finally {
    await client.query('commit');
  }
  return checks;
};

/** A PostgreSQL URL fit for a log line: the password replaced. */
export const redactUrl = (url: string) => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
};

export const connectPostgres = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
};
