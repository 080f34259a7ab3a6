import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { dialectOf, writeTransaction } from '../../platform/db/transaction.js';

/**
 * The team roll-up (decision 0054). A trigger on bet_daily_summary appends every change to a
 * member's daily summary to `bet_summary_change` as a delta (one insert on the settlement path, no
 * shared row). This job folds those deltas into each upline's totals (`team_daily_summary` by day
 * and category, `team_member_daily` by day and member), deleting exactly the change rows it folded
 * in the same transaction, so a rerun or a second instance never counts a change twice. Agents whose
 * team a move changed (`team_rollup_stale`) are rebuilt from the summaries once every change is
 * folded. teamOverview reads totals + the changes not folded yet, so its figures are exact at any time.
 */

/** Change rows folded per transaction, so a backlog (a time-zone change, a restore) commits in steps. */
const BATCH = 100_000;

const figureSums = 'sum(r.bets), sum(r.stake), sum(r.valid_bet), sum(r.payout), sum(r.win_loss)';
const addFigures = `bets = team_daily_summary.bets + excluded.bets, stake = team_daily_summary.stake + excluded.stake,
  valid_bet = team_daily_summary.valid_bet + excluded.valid_bet, payout = team_daily_summary.payout + excluded.payout,
  win_loss = team_daily_summary.win_loss + excluded.win_loss`;

/**
 * Versions an overview's memo is carried across through the fold log (decision 0068): a memo older
 * than this many folds of its agent is recounted, so the log keeps only this many per agent.
 */
export const FOLD_LOG_VERSIONS = 20;

/**
 * A step folding more changes than this does not log them (a time-zone change, a restore, a long
 * stop): re-judging that many members would cost what a recount costs, so the memo is recounted.
 */
const FOLD_LOG_LIMIT = 20_000;

/**
 * Raises the version of each agent `agents` selects (m: merchant_id, a: agent id), in the transaction that
 * changes its folded rows: the overview's memo of a count over those rows holds only for the version
 * it was counted at (decision 0064), and is carried to the new one through the fold log unless
 * `recount` (the change is not logged: the memo must be recounted from this version, decision 0068).
 */
const raiseVersions = async (trx: DbOrTrx, agents: string, recount: boolean) => {
  await sql
    .raw(
      `insert into team_rollup_version (merchant_id, agent_id, version, recount_from)
       select m, a, 1, ${recount ? 1 : 0} from (${agents}) v where true
       on conflict (agent_id) do update set version = team_rollup_version.version + 1
       ${recount ? ', recount_from = team_rollup_version.version + 1' : ''}`,
    )
    .execute(trx);
};

/**
 * Adds the rows of `from` (aliased r: member_id, day, category, figures, summary_rows) to every upline
 * above each member; with `log`, also logs each upline's (member, day) deltas under its new version.
 */
const foldInto = async (trx: DbOrTrx, from: string, where: string, log: boolean) => {
  await sql
    .raw(
      `insert into team_daily_summary (merchant_id, agent_id, day, category, bets, stake, valid_bet, payout, win_loss)
       select c.merchant_id, c.ancestor_id, r.day, r.category, ${figureSums}
       from ${from} join member_closure c on c.descendant_id = r.member_id and c.depth > 0
       where ${where} group by c.merchant_id, c.ancestor_id, r.day, r.category
       on conflict (agent_id, day, category) do update set ${addFigures}`,
    )
    .execute(trx);
  await sql
    .raw(
      `insert into team_member_daily (merchant_id, agent_id, day, member_id, valid_bet, summary_rows)
       select c.merchant_id, c.ancestor_id, r.day, r.member_id, sum(r.valid_bet), sum(r.summary_rows)
       from ${from} join member_closure c on c.descendant_id = r.member_id and c.depth > 0
       where ${where} group by c.merchant_id, c.ancestor_id, r.day, r.member_id
       on conflict (agent_id, day, member_id) do update set
         valid_bet = team_member_daily.valid_bet + excluded.valid_bet,
         summary_rows = team_member_daily.summary_rows + excluded.summary_rows`,
    )
    .execute(trx);
  const uplines = `select distinct c.merchant_id as m, c.ancestor_id as a from ${from}
     join member_closure c on c.descendant_id = r.member_id and c.depth > 0 where ${where}`;
  await raiseVersions(trx, uplines, !log);
  if (!log) return;
  // The deltas just added to team_member_daily, under the version each upline was just raised to.
  await sql
    .raw(
      `insert into team_member_fold_log (merchant_id, agent_id, version, member_id, day, valid_bet, summary_rows)
       select c.merchant_id, c.ancestor_id, v.version, r.member_id, r.day, sum(r.valid_bet), sum(r.summary_rows)
       from ${from} join member_closure c on c.descendant_id = r.member_id and c.depth > 0
       join team_rollup_version v on v.agent_id = c.ancestor_id
       where ${where} group by c.merchant_id, c.ancestor_id, v.version, r.member_id, r.day`,
    )
    .execute(trx);
  // What no memo can be carried from any more: each raised upline's versions older than the last few.
  await sql
    .raw(
      `delete from team_member_fold_log where agent_id in (select a from (${uplines}) u)
       and version <= (select v.version from team_rollup_version v
         where v.agent_id = team_member_fold_log.agent_id) - ${FOLD_LOG_VERSIONS}`,
    )
    .execute(trx);
};

/**
 * The 15-minute UTC bucket (`YYYY-MM-DDTHH:MM`) of a payment row's created_at, as the payment tables'
 * triggers key their changes (migration 2026-11-27T0200): every brand's midnight falls on a bucket's
 * start, so a brand day is a range of buckets (decision 0068).
 */
const bucketOf = (of: string) => {
  const minute = `substr(${of}.created_at, 15, 2)`;
  return `substr(${of}.created_at, 1, 14) || case when ${minute} < '15' then '00' when ${minute} < '30' then '15'
    when ${minute} < '45' then '30' else '45' end`;
};

/** Deposits that reached the member; withdrawals the brand paid out (what the overview counts). */
export const DEPOSITED = ['APPROVED'];
export const WITHDRAWN = ['PAID', 'RECEIVED', 'NOT_RECEIVED', 'AUTO_RECEIVED'];

/** Adds the payments of `from` (aliased r: member_id, bucket, deposits, withdrawals) to the member and every upline. */
const foldMoney = async (trx: DbOrTrx, from: string, where: string) => {
  await sql
    .raw(
      `insert into team_money_bucket (merchant_id, agent_id, bucket, deposits, withdrawals)
       select c.merchant_id, c.ancestor_id, r.bucket, sum(r.deposits), sum(r.withdrawals)
       from ${from} join member_closure c on c.descendant_id = r.member_id
       where ${where} group by c.merchant_id, c.ancestor_id, r.bucket
       on conflict (agent_id, bucket) do update set deposits = team_money_bucket.deposits + excluded.deposits,
         withdrawals = team_money_bucket.withdrawals + excluded.withdrawals`,
    )
    .execute(trx);
};

const inList = (values: string[]) => values.map((value) => `'${value}'`).join(', ');

/** Every counted payment as a change row would carry it: what a rebuilt agent's money is folded from. */
const paymentRows = `(select merchant_id, member_id, ${bucketOf('deposit')} as bucket, amount as deposits, 0 as withdrawals
    from deposit where status in (${inList(DEPOSITED)})
  union all select merchant_id, member_id, ${bucketOf('withdrawal')}, 0, amount
    from withdrawal where status in (${inList(WITHDRAWN)})) r`;

/** One step: up to BATCH changes folded; when none are left, the stale agents rebuilt. */
const foldStep = async (db: Db) =>
  writeTransaction(db, async (trx) => {
    // One snapshot for the whole step on PostgreSQL: a change committed meanwhile is neither
    // folded nor deleted, and a rebuild reads the summaries as of the changes it folded.
    if (dialectOf(db) === 'postgres') await sql`set transaction isolation level repeatable read`.execute(trx);
    const { last, n } = await trx
      .selectFrom(trx.selectFrom('bet_summary_change').select('id').orderBy('id').limit(BATCH).as('b'))
      .select((eb) => [eb.fn.max('b.id').as('last'), eb.fn.countAll<number | string>().as('n')])
      .executeTakeFirstOrThrow();
    const folded = Number(n);
    if (folded > 0) {
      await foldInto(trx, 'bet_summary_change r', `r.id <= ${Number(last)}`, folded <= FOLD_LOG_LIMIT);
      await trx.deleteFrom('bet_summary_change').where('id', '<=', Number(last)).execute();
    }
    const money = await trx
      .selectFrom(trx.selectFrom('payment_change').select('id').orderBy('id').limit(BATCH).as('b'))
      .select((eb) => [eb.fn.max('b.id').as('last'), eb.fn.countAll<number | string>().as('n')])
      .executeTakeFirstOrThrow();
    const payments = Number(money.n);
    if (payments > 0) {
      await foldMoney(trx, 'payment_change r', `r.id <= ${Number(money.last)}`);
      await trx.deleteFrom('payment_change').where('id', '<=', Number(money.last)).execute();
    }
    if (folded === BATCH || payments === BATCH) return { folded, payments, rebuilt: 0, more: true };
    const stale = await trx.selectFrom('team_rollup_stale').select(['id', 'agent_id']).execute();
    if (stale.length === 0) return { folded, payments, rebuilt: 0, more: false };
    const agents = [...new Set(stale.map((s) => s.agent_id))];
    for (let i = 0; i < agents.length; i += 500) {
      const some = agents.slice(i, i + 500);
      await trx.deleteFrom('team_daily_summary').where('agent_id', 'in', some).execute();
      await trx.deleteFrom('team_member_daily').where('agent_id', 'in', some).execute();
      await foldInto(
        trx,
        '(select merchant_id, member_id, day, category, bets, stake, valid_bet, payout, win_loss, 1 as summary_rows from bet_daily_summary) r',
        `c.merchant_id = r.merchant_id and c.ancestor_id in (${some.map(Number).join(', ')})`,
        false,
      );
      // A rebuilt agent whose new team has no summaries got no row above, but its rows changed.
      await raiseVersions(
        trx,
        `select distinct merchant_id as m, agent_id as a from team_rollup_stale where agent_id in (${some.map(Number).join(', ')})`,
        true,
      );
      await trx.deleteFrom('team_member_fold_log').where('agent_id', 'in', some).execute();
      await trx.deleteFrom('team_money_bucket').where('agent_id', 'in', some).execute();
      await foldMoney(
        trx,
        paymentRows,
        `c.merchant_id = r.merchant_id and c.ancestor_id in (${some.map(Number).join(', ')})`,
      );
    }
    await trx
      .deleteFrom('team_rollup_stale')
      .where(
        'id',
        'in',
        stale.map((s) => s.id),
      )
      .execute();
    return { folded, payments, rebuilt: agents.length, more: false };
  });

/** The `team-rollup` job: folds every pending change (in steps), then rebuilds agents a move made stale. */
export const foldTeamRollup = async (db: Db) => {
  let folded = 0;
  let payments = 0;
  let rebuilt = 0;
  for (;;) {
    const step = await foldStep(db);
    folded += step.folded;
    payments += step.payments;
    rebuilt += step.rebuilt;
    if (step.more) continue;
    // PostgreSQL keeps the folded (deleted) change rows' pages until a vacuum, and every overview
    // scans the change logs for the changes not folded yet: left to autovacuum, an empty log of a
    // large fold cost ~10 ms per scan at bench size (EXPLAIN ANALYZE, decision 0068). The logs are
    // small between folds, so vacuuming them after each fold is cheap. Outside the fold's transaction.
    if (dialectOf(db) === 'postgres' && folded + payments > 0)
      await sql`vacuum bet_summary_change, payment_change`.execute(db);
    return { folded, payments, rebuilt };
  }
};

/**
 * A move changes the teams of the moved member's uplines, old (call before the closure changes)
 * and new (after): their totals no longer match their teams, so they are read live until rebuilt.
 */
export const markUplinesStale = async (trx: DbOrTrx, merchantId: number, memberId: number) => {
  await trx
    .insertInto('team_rollup_stale')
    .columns(['merchant_id', 'agent_id'])
    .expression((eb) =>
      eb
        .selectFrom('member_closure')
        .select(['merchant_id', 'ancestor_id'])
        .where('descendant_id', '=', memberId)
        .where('merchant_id', '=', merchantId)
        .where('depth', '>', 0),
    )
    .execute();
};
