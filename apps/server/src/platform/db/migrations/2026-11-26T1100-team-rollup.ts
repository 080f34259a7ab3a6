import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const FIGURES = ['bets', 'stake', 'valid_bet', 'payout', 'win_loss'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTable = CreateTableBuilder<string, any>;

const withFigures = (table: AnyTable) =>
  FIGURES.reduce((t, column) => t.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0)), table);

/**
 * The team roll-up (decision 0054): per-agent totals folded off the settlement path by the
 * `team-rollup` job from a change log that a trigger on bet_daily_summary appends to.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  /** Every change to a member's daily summary, as a delta, until the job folds it. */
  await withFigures(
    (pg
      ? db.schema.createTable('bet_summary_change').addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema
          .createTable('bet_summary_change')
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    )
      .addColumn('merchant_id', 'integer', (c) => c.notNull())
      .addColumn('member_id', 'integer', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('category', 'varchar(16)', (c) => c.notNull())
      // +1 a summary row written, -1 one deleted: whether a member has a row on a day (active members).
      .addColumn('summary_rows', 'integer', (c) => c.notNull()),
  ).execute();

  // On SQLite the totals are clustered on their key: an agent's window is one sequential range.
  const clustered = (t: AnyTable) => (pg ? t : t.modifyEnd(sql`without rowid`));
  /** An agent's downline (depth > 0) totals by business day and category, as folded. */
  await withFigures(
    db.schema
      .createTable('team_daily_summary')
      .addColumn('merchant_id', 'integer', (c) => c.notNull())
      .addColumn('agent_id', 'integer', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('category', 'varchar(16)', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('team_daily_summary_pk', ['agent_id', 'day', 'category'])
    .$call(clustered)
    .execute();

  /** Each downline member's valid bet by day, once per upline: what the active-member count reads. */
  await db.schema
    .createTable('team_member_daily')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('agent_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('valid_bet', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('summary_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('team_member_daily_pk', ['agent_id', 'day', 'member_id'])
    .$call(clustered)
    .execute();

  /** Agents whose team changed (a move): read live and rebuilt from the summaries by the job. */
  await (
    pg
      ? db.schema.createTable('team_rollup_stale').addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema
          .createTable('team_rollup_stale')
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('agent_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('team_rollup_stale_agent')
    .on('team_rollup_stale')
    .columns(['agent_id'])
    .execute();

  const columns = `merchant_id, member_id, day, category, ${FIGURES.join(', ')}, summary_rows`;
  const row = (of: 'new' | 'old', sign = '') =>
    `${of}.merchant_id, ${of}.member_id, ${of}.day, ${of}.category, ${FIGURES.map((f) => `${sign}${of}.${f}`).join(', ')}, ${sign}1`;
  const delta = `new.merchant_id, new.member_id, new.day, new.category, ${FIGURES.map((f) => `new.${f} - old.${f}`).join(', ')}, 0`;
  const sameKey =
    'new.merchant_id = old.merchant_id and new.member_id = old.member_id and new.day = old.day and new.category = old.category';
  if (pg) {
    await sql
      .raw(
        `create function bet_summary_changed() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            insert into bet_summary_change (${columns}) values (${row('new')});
          elsif tg_op = 'DELETE' then
            insert into bet_summary_change (${columns}) values (${row('old', '-')});
          elsif ${sameKey} then
            insert into bet_summary_change (${columns}) values (${delta});
          else
            insert into bet_summary_change (${columns}) values (${row('old', '-')}), (${row('new')});
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql`create trigger bet_summary_changed after insert or update or delete on bet_daily_summary
      for each row execute function bet_summary_changed()`.execute(db);
  } else {
    const trigger = (name: string, event: string, body: string) =>
      sql.raw(`create trigger ${name} after ${event} on bet_daily_summary begin ${body}; end`).execute(db);
    await trigger(
      'bet_summary_inserted',
      'insert',
      `insert into bet_summary_change (${columns}) values (${row('new')})`,
    );
    await trigger(
      'bet_summary_deleted',
      'delete',
      `insert into bet_summary_change (${columns}) values (${row('old', '-')})`,
    );
    await trigger(
      'bet_summary_updated',
      'update',
      `insert into bet_summary_change (${columns}) select ${delta} where ${sameKey};
       insert into bet_summary_change (${columns}) select ${row('old', '-')} where not (${sameKey});
       insert into bet_summary_change (${columns}) select ${row('new')} where not (${sameKey})`,
    );
  }

  /**
   * When the descendant joined (its member.created_at), beside each closure row: an agent's new
   * members of a day are one range of the index, not its whole team joined to member.
   */
  await db.schema.alterTable('member_closure').addColumn('joined_at', 'varchar(32)').execute();
  await sql`update member_closure set joined_at = (select created_at from member where member.id = member_closure.descendant_id)`.execute(
    db,
  );
  await db.schema
    .createIndex('member_closure_joined')
    .on('member_closure')
    .columns(['ancestor_id', 'joined_at', 'depth'])
    .execute();

  // The summaries already written are changes the job has not folded yet.
  await sql
    .raw(
      `insert into bet_summary_change (${columns}) select merchant_id, member_id, day, category, ${FIGURES.join(', ')}, 1 from bet_daily_summary order by day`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger bet_summary_changed on bet_daily_summary`.execute(db);
    await sql`drop function bet_summary_changed()`.execute(db);
  } else {
    for (const name of ['bet_summary_inserted', 'bet_summary_deleted', 'bet_summary_updated'])
      await sql.raw(`drop trigger ${name}`).execute(db);
  }
  await db.schema.dropIndex('member_closure_joined').execute();
  await db.schema.alterTable('member_closure').dropColumn('joined_at').execute();
  for (const table of ['team_rollup_stale', 'team_member_daily', 'team_daily_summary', 'bet_summary_change'])
    await db.schema.dropTable(table).execute();
}
