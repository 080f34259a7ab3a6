import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  /**
   * Where the pull of a transfer-wallet vendor's betting records has reached, per brand and vendor:
   * the vendor's opaque cursor, advanced in the same commit as the records it covered.
   */
  await db.schema
    .createTable('vendor_bet_cursor')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('vendor_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('cursor', 'varchar(200)', (c) => c.notNull())
    .addColumn('pulled', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('vendor_bet_cursor_pk', ['merchant_id', 'vendor_code'])
    .execute();
}
