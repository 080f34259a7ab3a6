import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  /** Gateway deposits: where the member pays, while the order waits for payment. */
  await db.schema.alterTable('deposit').addColumn('pay_url', 'varchar(1000)').execute();
  /** One deposit per gateway order: a callback can only ever settle one row. */
  await db.schema
    .createIndex('deposit_gateway_order')
    .on('deposit')
    .columns(['channel_id', 'gateway_order_id'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('deposit_gateway_order').execute();
  await db.schema.alterTable('deposit').dropColumn('pay_url').execute();
}
