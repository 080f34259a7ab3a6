import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  /** The rooms of a PVP game (GLS2_roomList): stake level, entry and seats, from the catalogue. */
  await db.schema
    .createTable('game_room')
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendor.id').onDelete('cascade'))
    .addColumn('game_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('room_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('base_bet', 'bigint', (c) => c.notNull())
    .addColumn('min_entry', 'bigint', (c) => c.notNull())
    .addColumn('max_players', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_room_pk', ['vendor_id', 'game_id', 'room_id'])
    .execute();
}
