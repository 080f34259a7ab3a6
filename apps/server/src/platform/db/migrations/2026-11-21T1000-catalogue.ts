import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const withId = <T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) =>
  db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

export async function up(db: AnyDb): Promise<void> {
  // The vendor and game catalogue is shared by every brand; merchant_vendor says which brand
  // offers which vendor, and in what order.
  await withId(db, db.schema.createTable('vendor'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('wallet_mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('support_play', 'integer', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('merchant_vendor')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendor.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('merchant_vendor_pk', ['merchant_id', 'vendor_id'])
    .execute();
  await db.schema
    .createIndex('merchant_vendor_merchant_sort')
    .on('merchant_vendor')
    .columns(['merchant_id', 'enabled', 'sort_order'])
    .execute();

  await withId(db, db.schema.createTable('game'))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendor.id').onDelete('cascade'))
    .addColumn('game_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('room_id', 'varchar(64)')
    .addColumn('names', 'text', (c) => c.notNull())
    // Lower-cased names in every language plus the game id, for the gameName search.
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('node_name', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('show_icon', 'text', (c) => c.notNull())
    .addColumn('is_hot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('account_type_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('min_bet', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('min_line_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('game_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('classification', 'varchar(16)')
    .addColumn('is_game', 'varchar(16)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)')
    .addColumn('default_play_type', 'varchar(64)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('game_vendor_game_id', ['vendor_id', 'game_id'])
    .execute();
  await db.schema.createIndex('game_vendor_sort').on('game').columns(['vendor_id', 'sort_order']).execute();
  await db.schema.createIndex('game_type_sort').on('game').columns(['game_type', 'sort_order']).execute();
  await db.schema.createIndex('game_vendor_hot').on('game').columns(['vendor_id', 'is_hot']).execute();

  await withId(db, db.schema.createTable('announcement'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('type', 'varchar(4)', (c) => c.notNull())
    .addColumn('platform', 'varchar(4)', (c) => c.notNull())
    .addColumn('execution', 'varchar(4)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ends_at', 'varchar(32)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('announcement_merchant_language')
    .on('announcement')
    .columns(['merchant_id', 'language', 'published_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['announcement', 'game', 'merchant_vendor', 'vendor']) {
    await db.schema.dropTable(table).execute();
  }
}
