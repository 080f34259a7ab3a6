import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const withId = <T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) =>
  db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

export async function up(db: AnyDb): Promise<void> {
  /**
   * A member's own messages (decision 0047): platform information (template + JSON params, rendered
   * in the reader's language) or an operator's personal message (title + content). A message sent to
   * a list of members is one row each, tied to its broadcast row.
   */
  await withId(db, db.schema.createTable('inbox_message'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('template', 'varchar(40)')
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('broadcast_id', 'integer')
    .addColumn('sent_by', 'varchar(100)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('read_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('inbox_message_member')
    .on('inbox_message')
    .columns(['member_id', 'id'])
    .execute();
  await db.schema
    .createIndex('inbox_message_sent')
    .on('inbox_message')
    .columns(['merchant_id', 'sent_by', 'id'])
    .execute();

  /** An operator's broadcast: ALL the brand's members, VIP (a rank and above) or a LIST of them. */
  await withId(db, db.schema.createTable('inbox_broadcast'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('audience', 'varchar(10)', (c) => c.notNull())
    .addColumn('vip_level', 'integer')
    .addColumn('recipients', 'integer')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sent_by', 'varchar(100)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inbox_broadcast_brand')
    .on('inbox_broadcast')
    .columns(['merchant_id', 'id'])
    .execute();

  /** Who read which brand-wide or rank broadcast: a row only once read, never a copy per member. */
  await db.schema
    .createTable('inbox_broadcast_read')
    .addColumn('broadcast_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('read_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('inbox_broadcast_read_pk', ['member_id', 'broadcast_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('inbox_broadcast_read').execute();
  await db.schema.dropTable('inbox_broadcast').execute();
  await db.schema.dropTable('inbox_message').execute();
}
