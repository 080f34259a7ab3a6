import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const withId = <T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>) =>
  db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

export async function up(db: AnyDb): Promise<void> {
  /**
   * An agent's invitation codes (decision 0042): each registers a plain member (MEMBER) or a
   * sub-agent (AGENT) under the agent; registrations counts the sign-ups it brought.
   */
  await withId(db, db.schema.createTable('agent_invitation'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('agent_id', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('registrations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('agent_invitation_code')
    .on('agent_invitation')
    .columns(['merchant_id', 'code'])
    .unique()
    .execute();
  await db.schema
    .createIndex('agent_invitation_agent')
    .on('agent_invitation')
    .columns(['agent_id'])
    .execute();

  /** A member's application to become an agent (/join), decided by an operator. */
  await withId(db, db.schema.createTable('agent_application'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('decided_by', 'varchar(100)')
    .execute();
  await db.schema
    .createIndex('agent_application_member')
    .on('agent_application')
    .columns(['member_id', 'id'])
    .execute();
  await db.schema
    .createIndex('agent_application_status')
    .on('agent_application')
    .columns(['merchant_id', 'status', 'id'])
    .execute();
  /** One open application per member: a second click or a race files nothing more. */
  await db.schema
    .createIndex('agent_application_one_pending')
    .on('agent_application')
    .column('member_id')
    .unique()
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('agent_application').execute();
  await db.schema.dropTable('agent_invitation').execute();
}
