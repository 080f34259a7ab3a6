import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  /**
   * What a vendor's round was on (issue 20 item 4, decision 0033): the spots of a table game or a
   * slot's lines, as short JSON from the round's first debit. Null for rounds recorded before, and for
   * lottery tickets, whose bet type and numbers are read from their lottery_bet row.
   */
  await db.schema.alterTable('bet_record').addColumn('detail', 'varchar(2000)').execute();
  /**
   * What was refunded of the round's stake (cancelled lottery tickets, rolled-back vendor bets): the
   * stake column holds what is still staked, so a cancelled round showed a stake of 0. Filled in for
   * the rounds before from the lottery's refunded tickets and the vendors' rollbacks.
   */
  await db.schema
    .alterTable('bet_record')
    .addColumn('refunded', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update bet_record set refunded = (
      select coalesce(sum(lottery_bet.cost), 0) from lottery_bet
      where lottery_bet.record_id = bet_record.id and lottery_bet.status = 'REFUNDED')
    where exists (
      select 1 from lottery_bet
      where lottery_bet.record_id = bet_record.id and lottery_bet.status = 'REFUNDED')`.execute(db);
  await sql`
    update bet_record set refunded = (
      select coalesce(sum(t.amount), 0) from wallet_transaction t
      where t.merchant_id = bet_record.merchant_id and t.vendor_code = bet_record.vendor_code
        and t.round_id = bet_record.round_id and t.kind = 'ROLLBACK')
    where refunded = 0 and exists (
      select 1 from wallet_transaction t
      where t.merchant_id = bet_record.merchant_id and t.vendor_code = bet_record.vendor_code
        and t.round_id = bet_record.round_id and t.kind = 'ROLLBACK' and t.amount > 0)`.execute(db);
  /**
   * The studio's roulette and baccarat are table games (LIVE), not slots: the demo catalogue lists
   * them so now, and a catalogue seeded before keeps RNG until imported again. Their records from
   * before keep the category they were summed under, so that they still match their daily summaries.
   */
  await sql`
    update game set game_type = 'LIVE'
    where game_type = 'RNG' and game_id in ('JADE_ROULETTE', 'JADE_BACCARAT')
      and vendor_id in (select id from vendor where code = 'JADE_STUDIO')`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('bet_record').dropColumn('refunded').execute();
  await db.schema.alterTable('bet_record').dropColumn('detail').execute();
}
