import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  /**
   * A game session's login (issue 19, item 5): the member session that launched the game, whose end
   * ends the game's betting. Set to null when the pruned login goes, which ends it as well; so does a
   * session opened before this column (its login is unknown).
   */
  await db.schema
    .alterTable('game_session')
    .addColumn('login_session_id', 'integer', (c) => c.references('member_session.id').onDelete('set null'))
    .execute();
  /** The address the game was launched from, checked against the brand's region rules at every bet. */
  await db.schema.alterTable('game_session').addColumn('ip', 'varchar(64)').execute();
  /** The game's last bet (or its opening): after the brand's idle time without one it takes no more. */
  await db.schema.alterTable('game_session').addColumn('last_seen_at', 'varchar(32)').execute();
  await sql`update game_session set last_seen_at = created_at`.execute(db);
  await db.schema.createIndex('game_session_login').on('game_session').column('login_session_id').execute();
}
