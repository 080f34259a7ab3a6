import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  /**
   * Settled records by brand and day (reconcile, big wins) without the member: keyed by member, a
   * settlement wrote into a thousand places of the index at once, and settling a lottery draw spent
   * most of its time there (decision 0019). Open records are left out: they join the index when they
   * settle, in the order they settle.
   */
  await db.schema.dropIndex('bet_record_day').execute();
  await db.schema
    .createIndex('bet_record_settled')
    .on('bet_record')
    .columns(['merchant_id', 'settled_day'])
    .where(sql.ref('settled_day'), 'is not', null)
    .execute();
}
