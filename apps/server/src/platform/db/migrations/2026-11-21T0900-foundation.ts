import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const withId = <T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) =>
  db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('merchant'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('currency_exponent', 'integer', (c) => c.notNull())
    .addColumn('currency_symbol', 'varchar(8)', (c) => c.notNull())
    .addColumn('default_language', 'varchar(8)', (c) => c.notNull())
    .addColumn('languages', 'text', (c) => c.notNull())
    .addColumn('chat_header_color', 'varchar(16)', (c) => c.notNull())
    .addColumn('lottery_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('platform', 'varchar(16)', (c) => c.notNull())
    .addColumn('system_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('maintenance_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gtag_id', 'varchar(64)')
    .addColumn('img_url', 'text')
    .addColumn('sms_expired_minutes', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('merchant_domain'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('host', 'varchar(253)', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createIndex('merchant_domain_merchant')
    .on('merchant_domain')
    .column('merchant_id')
    .execute();

  await db.schema
    .createTable('merchant_flag')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('merchant_flag_pk', ['merchant_id', 'name'])
    .execute();

  await db.schema
    .createTable('merchant_register_field')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('field', 'varchar(32)', (c) => c.notNull())
    .addColumn('visible', 'integer', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull())
    .addColumn('min_length', 'integer', (c) => c.notNull())
    .addColumn('max_length', 'integer', (c) => c.notNull())
    .addColumn('pattern_type', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('merchant_register_field_pk', ['merchant_id', 'field'])
    .execute();

  await withId(db, db.schema.createTable('merchant_resource'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('resource_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('qr_code_url', 'text')
    .addColumn('label_name_en', 'varchar(120)')
    .addColumn('label_name_cn', 'varchar(120)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('merchant_resource_merchant')
    .on('merchant_resource')
    .column('merchant_id')
    .execute();

  await withId(db, db.schema.createTable('merchant_customer_service'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('label', 'varchar(120)', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('merchant_customer_service_merchant')
    .on('merchant_customer_service')
    .column('merchant_id')
    .execute();

  await withId(db, db.schema.createTable('merchant_cdn'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('merchant_cdn_merchant').on('merchant_cdn').column('merchant_id').execute();

  await withId(db, db.schema.createTable('merchant_region_rule'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'varchar(64)', (c) => c.notNull())
    .addUniqueConstraint('merchant_region_rule_unique', ['merchant_id', 'kind', 'value'])
    .execute();

  await withId(db, db.schema.createTable('help_article'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('help_article_unique', ['merchant_id', 'key', 'language'])
    .execute();

  await withId(db, db.schema.createTable('feedback'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('content', 'varchar(140)', (c) => c.notNull())
    .addColumn('contact', 'varchar(100)')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feedback_merchant_created')
    .on('feedback')
    .columns(['merchant_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'feedback',
    'help_article',
    'merchant_region_rule',
    'merchant_cdn',
    'merchant_customer_service',
    'merchant_resource',
    'merchant_register_field',
    'merchant_flag',
    'merchant_domain',
    'merchant',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
