import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The active-member count (decision 0060) sums each downline member's valid bet over the window:
 * read in (agent, member, day) order it is summed member by member as the index is walked, where the
 * table's own (agent, day, member) order made the database sort every member-day of the window
 * first. The index carries the two summed columns, so the count never reads the table.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('team_member_daily_member')
    .on('team_member_daily')
    .columns(['agent_id', 'member_id', 'day', 'valid_bet', 'summary_rows'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('team_member_daily_member').execute();
}
