import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Decision 0064: a counter per agent that the team roll-up raises in the same transaction as every
 * change it makes to the agent's folded rows (a fold, a rebuild). The overview memoizes its costly
 * part (the active members over the folded rows) under the counter it reads in the same statement,
 * so a memo is used only while the rows it was counted from are unchanged.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('team_rollup_version')
    .addColumn('agent_id', 'integer', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('team_rollup_version').execute();
}
