import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  /**
   * A draw's bets in two partial indexes, the open ones (settlement and voids read them in id order)
   * and the settled ones (corrections): settling a bet takes it out of one and appends it to the
   * other, where a draw-wide index on state moved it inside a million-entry tree. No index on the
   * draw alone: without statistics SQLite preferred it for the open bets and sorted the whole draw.
   */
  await db.schema.dropIndex('lottery_bet_draw').execute();
  await db.schema
    .createIndex('lottery_bet_open')
    .on('lottery_bet')
    .columns(['draw_id', 'id'])
    .where(sql.ref('status'), '=', 'OPEN')
    .execute();
  await db.schema
    .createIndex('lottery_bet_settled')
    .on('lottery_bet')
    .columns(['draw_id', 'id'])
    .where(sql.ref('status'), 'in', ['WON', 'LOST'])
    .execute();
  /** The bet's betting record, so settlement finds it by id instead of by its round's name. */
  await db.schema
    .alterTable('lottery_bet')
    .addColumn('record_id', 'integer', (c) => c.references('bet_record.id'))
    .execute();
  await sql`
    update lottery_bet set record_id = (
      select r.id from bet_record r, lottery_draw d
      where d.id = lottery_bet.draw_id and r.merchant_id = lottery_bet.merchant_id
        and r.vendor_code = d.vendor_code
        and r.round_id = d.game_id || ':' || d.draw_no || ':' || cast(lottery_bet.id as varchar(20)))`.execute(
    db,
  );
}
