import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Decision 0068: the overview's memo of an agent's active members (decision 0064) is carried across a
 * fold instead of recounted. Each fold step logs, per upline, the (member, day) deltas it added to
 * `team_member_daily`, under the version it raised the agent to; a memo counted at version V is
 * brought to the current version by re-judging only the members logged above V. `recount_from` is
 * the lowest version a memo may be carried from: a rebuild, or a step too large to log, raises it to
 * the new version (the log does not describe what changed), so the memo is recounted once.
 *
 * Decision 0068, too: an agent's team deposits and withdrawals folded like its bets. A trigger on each
 * payment table appends the change of what counts (an approved deposit, a paid withdrawal) to
 * `payment_change`, keyed by the 15-minute UTC bucket of the payment's instant (every brand's
 * midnight falls on one, so a brand day is a range of buckets whatever the time zone, and a time-zone
 * change re-derives nothing); the roll-up job folds them into `team_money_bucket` per upline
 * (the member itself included, depth 0).
 */
/** What the overview counts, as its reports module lists them (DEPOSITED, WITHDRAWN in agents/reports.ts). */
const COUNTED = {
  deposit: ['APPROVED'],
  withdrawal: ['PAID', 'RECEIVED', 'NOT_RECEIVED', 'AUTO_RECEIVED'],
} as const;

const bucketOf = (of: string) => {
  const minute = `substr(${of}.created_at, 15, 2)`;
  return `substr(${of}.created_at, 1, 14) || case when ${minute} < '15' then '00' when ${minute} < '30' then '15'
    when ${minute} < '45' then '30' else '45' end`;
};

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const clustered = (t: CreateTableBuilder<string, any>) => (pg ? t : t.modifyEnd(sql`without rowid`));
  await db.schema
    .createTable('team_member_fold_log')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('agent_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('valid_bet', 'bigint', (c) => c.notNull())
    .addColumn('summary_rows', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_member_fold_log_pk', ['agent_id', 'version', 'member_id', 'day'])
    .$call(clustered)
    .execute();
  await db.schema
    .alterTable('team_rollup_version')
    .addColumn('recount_from', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await (
    pg
      ? db.schema.createTable('payment_change').addColumn('id', 'bigserial', (c) => c.primaryKey())
      : db.schema
          .createTable('payment_change')
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('bucket', 'varchar(16)', (c) => c.notNull())
    .addColumn('deposits', 'bigint', (c) => c.notNull())
    .addColumn('withdrawals', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('team_money_bucket')
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('agent_id', 'integer', (c) => c.notNull())
    .addColumn('bucket', 'varchar(16)', (c) => c.notNull())
    .addColumn('deposits', 'bigint', (c) => c.notNull())
    .addColumn('withdrawals', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_money_bucket_pk', ['agent_id', 'bucket'])
    .$call(clustered)
    .execute();

  const columns = 'merchant_id, member_id, bucket, deposits, withdrawals';
  for (const table of ['deposit', 'withdrawal'] as const) {
    const counted = (of: string) =>
      `case when ${of}.status in (${COUNTED[table].map((s) => `'${s}'`).join(', ')}) then ${of}.amount else 0 end`;
    const row = (of: string, sign = '') => {
      const amount = `${sign}(${counted(of)})`;
      return `${of}.merchant_id, ${of}.member_id, ${bucketOf(of)}, ${table === 'deposit' ? amount : 0}, ${table === 'deposit' ? 0 : amount}`;
    };
    // An update that leaves what counts where it was (a note, a decision time) logs nothing.
    const same = `${counted('old')} = ${counted('new')} and old.member_id = new.member_id and old.created_at = new.created_at`;
    if (pg) {
      await sql
        .raw(
          `create function ${table}_changed() returns trigger language plpgsql as $$
          begin
            -- In parentheses: PL/pgSQL ends an IF's condition at the first THEN outside them (a CASE's).
            if (tg_op <> 'INSERT' and ${counted('old')} <> 0 and (tg_op = 'DELETE' or not (${same}))) then
              insert into payment_change (${columns}) values (${row('old', '-')});
            end if;
            if (tg_op <> 'DELETE' and ${counted('new')} <> 0 and (tg_op = 'INSERT' or not (${same}))) then
              insert into payment_change (${columns}) values (${row('new')});
            end if;
            return null;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_changed after insert or update or delete on ${table}
          for each row execute function ${table}_changed()`,
        )
        .execute(db);
    } else {
      const trigger = (name: string, event: string, body: string) =>
        sql.raw(`create trigger ${name} after ${event} on ${table} begin ${body}; end`).execute(db);
      await trigger(
        `${table}_inserted`,
        'insert',
        `insert into payment_change (${columns}) select ${row('new')} where ${counted('new')} <> 0`,
      );
      await trigger(
        `${table}_deleted`,
        'delete',
        `insert into payment_change (${columns}) select ${row('old', '-')} where ${counted('old')} <> 0`,
      );
      await trigger(
        `${table}_updated`,
        'update',
        `insert into payment_change (${columns}) select ${row('old', '-')} where ${counted('old')} <> 0 and not (${same});
         insert into payment_change (${columns}) select ${row('new')} where ${counted('new')} <> 0 and not (${same})`,
      );
    }
    // The payments already made are changes the job has not folded yet.
    await sql
      .raw(
        `insert into payment_change (${columns}) select ${row(table)} from ${table} where ${counted(table)} <> 0`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['deposit', 'withdrawal']) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql.raw(`drop trigger ${table}_changed on ${table}`).execute(db);
      await sql.raw(`drop function ${table}_changed()`).execute(db);
    } else
      for (const event of ['inserted', 'deleted', 'updated'])
        await sql.raw(`drop trigger ${table}_${event}`).execute(db);
  }
  await db.schema.dropTable('team_money_bucket').execute();
  await db.schema.dropTable('payment_change').execute();
  await db.schema.dropTable('team_member_fold_log').execute();
  await db.schema.alterTable('team_rollup_version').dropColumn('recount_from').execute();
}
