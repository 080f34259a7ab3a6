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
   * The brand's time zone (an IANA name): its business day, "today" and every salary and dividend
   * period follow it. Brands made before it stay on UTC until an operator sets theirs.
   */
  await db.schema
    .alterTable('merchant')
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('UTC'))
    .execute();

  /**
   * The member tree as a closure table (decision 0037): one row per (ancestor, descendant) pair,
   * with the member itself at depth 0, so "every descendant of X" and "X's team totals" are one
   * indexed join on both databases, and moving a subtree rewrites only its own rows.
   */
  await db.schema
    .createTable('member_closure')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('ancestor_id', 'integer', (c) => c.notNull())
    .addColumn('descendant_id', 'integer', (c) => c.notNull())
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_closure_pk', ['ancestor_id', 'descendant_id'])
    .execute();
  await db.schema
    .createIndex('member_closure_descendant')
    .on('member_closure')
    .columns(['descendant_id', 'depth'])
    .execute();
  await db.schema
    .createIndex('member_closure_ancestor_depth')
    .on('member_closure')
    .columns(['ancestor_id', 'depth', 'descendant_id'])
    .execute();
  await sql`
    insert into member_closure (merchant_id, ancestor_id, descendant_id, depth)
    with recursive chain (merchant_id, ancestor_id, descendant_id, depth) as (
      select merchant_id, id, id, 0 from member
      union all
      select chain.merchant_id, member.upline_id, chain.descendant_id, chain.depth + 1
      from chain join member on member.id = chain.ancestor_id
      where member.upline_id is not null and chain.depth < 100
    )
    select merchant_id, ancestor_id, descendant_id, depth from chain`.execute(db);

  /** Every move of a member under another upline, for the record. */
  await withId(db, db.schema.createTable('member_upline_change'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('from_upline_id', 'integer')
    .addColumn('to_upline_id', 'integer')
    .addColumn('changed_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  /**
   * A contract an upline offers its direct downline agent (or the brand, offered_by null, its top
   * agent) for one kind and product category. Tiers are JSON (packages/contracts agents.ts).
   */
  await withId(db, db.schema.createTable('agent_contract'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('holder_id', 'integer', (c) => c.notNull())
    .addColumn('offered_by', 'integer')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('category', 'varchar(10)', (c) => c.notNull())
    .addColumn('period', 'varchar(12)')
    .addColumn('tiers', 'varchar(4000)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('answered_at', 'varchar(32)')
    .addColumn('ended_at', 'varchar(32)')
    .addColumn('end_reason', 'varchar(200)')
    .execute();
  await db.schema
    .createIndex('agent_contract_holder')
    .on('agent_contract')
    .columns(['merchant_id', 'holder_id', 'kind', 'category', 'status'])
    .execute();
  await db.schema
    .createIndex('agent_contract_offered_by')
    .on('agent_contract')
    .columns(['merchant_id', 'offered_by', 'status'])
    .execute();
  /** One accepted contract per holder, kind and category: the one the payroll pays. */
  await db.schema
    .createIndex('agent_contract_one_accepted')
    .on('agent_contract')
    .columns(['holder_id', 'kind', 'category'])
    .unique()
    .where(sql.ref('status'), '=', 'ACCEPTED')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('agent_contract').execute();
  await db.schema.dropTable('member_upline_change').execute();
  await db.schema.dropTable('member_closure').execute();
  await db.schema.alterTable('merchant').dropColumn('time_zone').execute();
}
