import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  /** The lottery prize modes the brand offers (§3), comma separated: Lott, ZY, Elott, SEA. */
  await db.schema
    .alterTable('merchant')
    .addColumn('prize_modes', 'varchar(64)', (c) => c.notNull().defaultTo('Lott,ZY,Elott,SEA'))
    .execute();
  /** A lottery vendor a brand plays under another prize mode than its own (decision 0021). */
  await db.schema
    .createTable('lottery_vendor_mode')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('vendor_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('prize_mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('lottery_vendor_mode_pk', ['merchant_id', 'vendor_code'])
    .execute();
  /** A settings version of a whole prize mode (vendor and game '*'); null on a vendor's or a game's. */
  await db.schema.alterTable('lottery_setting').addColumn('prize_mode', 'varchar(8)').execute();
}
