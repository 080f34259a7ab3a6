import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  /**
   * A brand's VIP rules (decision 0049): the rolling period, in the brand's business days, over which
   * deposits and valid bets are summed to rank members. A brand without a row uses 30 days.
   */
  await db.schema
    .createTable('vip_setting')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey().references('merchant.id').onDelete('cascade'))
    .addColumn('period_days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  /**
   * Every rank a member has ever reached, written in the transaction that raised the member to it and
   * paid its upgrade bonus: the primary key is what keeps a rank's bonus to one payment ever.
   */
  await db.schema
    .createTable('vip_reached')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('bonus', 'bigint', (c) => c.notNull())
    /** 'JOB' (recomputed from deposits and valid bets) or 'OPERATOR:<name>'. */
    .addColumn('source', 'varchar(80)', (c) => c.notNull())
    .addColumn('reached_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('vip_reached_pk', ['member_id', 'level'])
    .execute();

  /** When member.vip_level last changed: a rank goes down at most once a period (decision 0049). */
  await db.schema.alterTable('member').addColumn('vip_changed_at', 'varchar(32)').execute();

  /**
   * The member's interface language as the language picker last sent it (§7 language update), the
   * language of the messages and SMS the server sends the member; null: the brand's default.
   */
  await db.schema.alterTable('member').addColumn('language', 'varchar(16)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('member').dropColumn('language').execute();
  await db.schema.alterTable('member').dropColumn('vip_changed_at').execute();
  await db.schema.dropTable('vip_reached').execute();
  await db.schema.dropTable('vip_setting').execute();
}
