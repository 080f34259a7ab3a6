import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Decision 0068: the overview's memo of an agent's active members (decision 0064) is carried across a
 * fold instead of recounted. Each fold step logs, per upline, the (member, day) deltas it added to
 * `team_member_daily`, under the version it raised the agent to; a memo counted at version V is
 * brought to the current version by re-judging only the members logged above V. `recount_from` is
 * the lowest version a memo may be carried from: a rebuild, or a step too large to log, raises it to
 * the new version (the log does not describe what changed), so the memo is recounted once.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const clustered = (t: CreateTableBuilder<string, any>) => (pg ? t : t.modifyEnd(sql`without rowid`));
  await db.schema
    .createTable('team_member_fold_log')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('agent_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('valid_bet', 'bigint', (c) => c.notNull())
    .addColumn('summary_rows', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_member_fold_log_pk', ['agent_id', 'version', 'member_id', 'day'])
    .$call(clustered)
    .execute();
  await db.schema
    .alterTable('team_rollup_version')
    .addColumn('recount_from', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('team_member_fold_log').execute();
  await db.schema.alterTable('team_rollup_version').dropColumn('recount_from').execute();
}
