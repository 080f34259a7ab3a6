import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  /** A member's favourite games (MCSFE_getFavoriteGames). */
  await db.schema
    .createTable('favourite_game')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('vendor_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('game_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourite_game_pk', ['member_id', 'vendor_code', 'game_id'])
    .execute();

  /** The games a member last launched (GCS_recentGame), one row a game, the time of its last launch. */
  await db.schema
    .createTable('recent_game')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('vendor_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('game_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('played_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('recent_game_pk', ['member_id', 'vendor_code', 'game_id'])
    .execute();
  await db.schema
    .createIndex('recent_game_member')
    .on('recent_game')
    .columns(['member_id', 'played_at'])
    .execute();
}
