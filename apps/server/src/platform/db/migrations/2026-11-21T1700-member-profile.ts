import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** §3 text-only profile fields the security centre edits; SQLite adds one column a statement. */
const COLUMNS = [
  ['birthday', 'varchar(10)'],
  ['nationality', 'varchar(64)'],
  ['occupation', 'varchar(64)'],
  ['source_of_income', 'varchar(100)'],
  ['address', 'varchar(200)'],
] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const [name, type] of COLUMNS) {
    await db.schema.alterTable('member').addColumn(name, type).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of [...COLUMNS].reverse()) {
    await db.schema.alterTable('member').dropColumn(name).execute();
  }
}
