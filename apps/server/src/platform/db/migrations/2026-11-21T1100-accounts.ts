import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const withId = <T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) =>
  db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

const merchantRef = 'merchant.id';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('member'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    /** Lower-cased username: names are unique per brand whatever their case. */
    .addColumn('username_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('payment_password_hash', 'varchar(255)')
    /** §6 isAgent: 0 member, 1/2/41/42 agent types, 4 trial (free play). */
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('upline_id', 'integer', (c) => c.references('member.id'))
    .addColumn('affiliate_code', 'varchar(32)')
    .addColumn('referral_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('mobile_dial_code', 'varchar(8)')
    .addColumn('mobile_number', 'varchar(20)')
    .addColumn('mobile_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email', 'varchar(254)')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payee_name', 'varchar(100)')
    .addColumn('nickname', 'varchar(64)')
    .addColumn('qq_num', 'varchar(20)')
    .addColumn('line', 'varchar(64)')
    .addColumn('whatsapp', 'varchar(32)')
    .addColumn('facebook', 'varchar(100)')
    .addColumn('wechat', 'varchar(64)')
    .addColumn('id_number', 'varchar(32)')
    .addColumn('avatar_url', 'text')
    .addColumn('register_method', 'varchar(16)', (c) => c.notNull())
    .addColumn('register_url', 'text')
    .addColumn('register_ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('age_confirmed_at', 'varchar(32)')
    .addColumn('terms_agreed_at', 'varchar(32)')
    .addColumn('first_login_at', 'varchar(32)')
    .addColumn('last_login_at', 'varchar(32)')
    .addColumn('password_changed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('vip_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vip_label', 'varchar(64)', (c) => c.notNull().defaultTo('VIP0'))
    /** JSON array of label names. */
    .addColumn('labels', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('totp_secret', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('member_username')
    .on('member')
    .columns(['merchant_id', 'username_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('member_mobile')
    .on('member')
    .columns(['merchant_id', 'mobile_dial_code', 'mobile_number'])
    .unique()
    .where(sql.ref('mobile_number'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('member_affiliate_code')
    .on('member')
    .columns(['merchant_id', 'affiliate_code'])
    .unique()
    .where(sql.ref('affiliate_code'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('member_referral_code')
    .on('member')
    .columns(['merchant_id', 'referral_code'])
    .unique()
    .execute();
  await db.schema.createIndex('member_upline').on('member').column('upline_id').execute();

  await withId(db, db.schema.createTable('member_session'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('site', 'varchar(16)', (c) => c.notNull())
    .addColumn('login_method', 'varchar(16)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('member_session_member').on('member_session').column('member_id').execute();

  await db.schema
    .createTable('member_ip')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('first_seen_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_ip_pk', ['member_id', 'ip'])
    .execute();

  await db.schema
    .createTable('captcha')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('answer_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('captcha_expires').on('captcha').column('expires_at').execute();

  await withId(db, db.schema.createTable('verification_code'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('destination', 'varchar(254)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('consumed_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('verification_code_lookup')
    .on('verification_code')
    .columns(['merchant_id', 'channel', 'destination', 'purpose', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('outbox'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('destination', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('outbox_destination')
    .on('outbox')
    .columns(['channel', 'destination'])
    .execute();

  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('window_start', 'varchar(32)', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_pk', ['key', 'window_start'])
    .execute();

  await db.schema
    .createTable('payload_nonce')
    .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_challenge')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('site', 'varchar(16)', (c) => c.notNull())
    .addColumn('login_method', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('social_identity')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references(merchantRef).onDelete('cascade'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('social_identity_pk', ['merchant_id', 'provider', 'subject'])
    .execute();

  /** Brand-level account settings (limits, new-IP challenge, social client credentials). */
  await db.schema
    .createTable('merchant_auth_setting')
    .addColumn('merchant_id', 'integer', (c) => c.primaryKey().references(merchantRef).onDelete('cascade'))
    /** JSON object; see the accounts module for its schema and defaults. */
    .addColumn('settings', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'merchant_auth_setting',
    'social_identity',
    'login_challenge',
    'payload_nonce',
    'rate_limit',
    'outbox',
    'verification_code',
    'captcha',
    'member_ip',
    'member_session',
    'member',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
