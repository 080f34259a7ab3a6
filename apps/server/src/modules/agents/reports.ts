import type {
  AgentAnnouncementsResponse,
  TeamBetRecordsResponse,
  TeamMovementDirection,
  TeamMovementType,
  TeamOverviewResponse,
  TeamProfitResponse,
  TeamTransactionItem,
  TeamTransactionsResponse,
} from '@jade/contracts/agent-reports';
import { TEAM_MOVEMENT_TYPES } from '@jade/contracts/agent-reports';
import type {
  agentAnnouncementsRequest,
  teamBetRecordsRequest,
  teamOverviewRequest,
  teamProfitRequest,
  teamTransactionsRequest,
} from '@jade/contracts/agent-reports';
import { type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { DbOrTrx } from '../../platform/db/index.js';
import { dialectOf } from '../../platform/db/transaction.js';
import { addDays, dayOf, startOfDay } from '../../platform/time-zone.js';
import { betRecordPage } from '../games/service.js';
import { pageCount, pageOffset } from '../games/rules.js';
import type { Merchant } from '../merchants/repo.js';
import { AGENT_ANNOUNCEMENT_TYPE } from '../messages/repo.js';
import type * as messages from '../messages/repo.js';
import { announcementPage } from '../messages/service.js';
import { getMoneySettings } from '../wallet/money-settings.js';
import { reportDays, teamMemberByAccount } from './guard.js';
import { DEPOSITED, FOLD_LOG_VERSIONS, WITHDRAWN } from './team-rollup.js';

/**
 * The agent centre's reports (§2): every figure is read for the agent's own team (the agent and
 * everyone below it in member_closure), so an agent never sees a sibling's, an upline's or another
 * brand's member. Betting figures come from the daily summaries; money from the payment tables.
 * Every query starts from `member_closure where ancestor_id = agent` and joins the fact table on its
 * (member, day) or (member, created_at) index.
 */

type Window = { fromDay: string; toDay: string; start: string; end: string };

/** The report's brand days and the instants they span [start, end), for tables keyed by instant. */
const windowOf = (
  merchant: Merchant,
  request: { range?: z.infer<typeof teamOverviewRequest>['range']; fromDay?: string; toDay?: string },
  now: Date,
): Window => {
  const days = reportDays(merchant, request, now);
  return {
    ...days,
    start: startOfDay(merchant.timeZone, days.fromDay).toISOString(),
    end: startOfDay(merchant.timeZone, addDays(days.toDay, 1)).toISOString(),
  };
};

const daysOf = (fromDay: string, toDay: string) => {
  const days: string[] = [];
  for (let day = fromDay; day <= toDay; day = addDays(day, 1)) days.push(day);
  return days;
};

/** The ids below (and including) an agent: the sub-select every team query filters by. */
const teamIds = (db: DbOrTrx, agentId: number, minDepth = 0) =>
  db
    .selectFrom('member_closure')
    .select('descendant_id')
    .where('ancestor_id', '=', agentId)
    .where('depth', '>=', minDepth);

/**
 * The downline members who joined on each day of the window: one count per brand day over the
 * closure's (ancestor, joined_at) index (decision 0054), all in one statement.
 */
const newMembersByDay = async (db: DbOrTrx, merchant: Merchant, agentId: number, window: Window) => {
  const counts = daysOf(window.fromDay, window.toDay).map(
    (day) => sql<{
      day: string;
      n: number | string;
    }>`select cast(${day} as varchar(10)) as day, count(*) as n from member_closure
      where ancestor_id = ${agentId} and joined_at >= ${startOfDay(merchant.timeZone, day).toISOString()}
      and joined_at < ${startOfDay(merchant.timeZone, addDays(day, 1)).toISOString()} and depth > 0`,
  );
  return (await sql<{ day: string; n: number | string }>`${sql.join(counts, sql` union all `)}`.execute(db))
    .rows;
};

/** The betting figures by day and the active members of a team: what teamOverview sums. */
type Betting = {
  byDay: {
    day: string;
    bets: number | string;
    valid_bet: number | string;
    payout: number | string;
    win_loss: number | string;
  }[];
  active: { n: number | string };
};

/** The team's figures from its members' summaries (the closure joined to them): while a move's rebuild is due. */
const liveBetting = async (
  db: DbOrTrx,
  merchantId: number,
  agentId: number,
  window: Window,
  minValidBet: number,
): Promise<Betting> => {
  const team = () =>
    db
      .selectFrom('member_closure')
      .innerJoin('bet_daily_summary as s', (join) =>
        join
          .onRef('s.member_id', '=', 'member_closure.descendant_id')
          .on('s.merchant_id', '=', merchantId)
          .on('s.day', '>=', window.fromDay)
          .on('s.day', '<=', window.toDay),
      )
      .where('member_closure.ancestor_id', '=', agentId);
  const [byDay, active] = await Promise.all([
    team()
      .select((eb) => [
        's.day',
        eb.fn.sum<number | string>('s.bets').as('bets'),
        eb.fn.sum<number | string>('s.valid_bet').as('valid_bet'),
        eb.fn.sum<number | string>('s.payout').as('payout'),
        eb.fn.sum<number | string>('s.win_loss').as('win_loss'),
      ])
      .groupBy('s.day')
      .execute(),
    db
      .selectFrom(
        team()
          .select('s.member_id')
          .groupBy('s.member_id')
          .having((h) => h.fn.sum('s.valid_bet'), '>=', minValidBet)
          .as('active'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { byDay, active };
};

/**
 * The active members counted over an agent's folded rows, per window and minimum, with the roll-up
 * version of the agent they were counted at (decision 0064). The roll-up raises the version in the
 * transaction that changes those rows, and each read takes the version in the statement it corrects
 * with, so a memo is used only while the rows it counted are the rows that statement saw. Per
 * database handle (a test's second server never reads another's memo); bounded, oldest out first.
 */
const activeMemos = new WeakMap<object, Map<string, { version: string; folded: number }>>();
const ACTIVE_MEMOS = 10_000;

const isStale = (value: unknown) => value === true || Number(value) === 1;

/** Full walks of an agent's folded rows by the active count (a memo missed): what the fold log saves. */
let activeWalks = 0;
export const activeCountWalks = () => activeWalks;

/**
 * The team's active members: a member counts who has a summary row in the window (summary_rows > 0)
 * reaching the minimum. Counted over the folded rows alone (memoized: the one part that walks the
 * whole team), then corrected member by member for the few members with rows the job has not folded
 * (and the agent itself): their verdict on folded rows is replaced by their verdict on folded +
 * unfolded rows. A memo counted at an older version is carried to the current one the same way
 * (decision 0068): each member the fold log names above the memo's version is re-judged, its verdict
 * on the folded rows as they were (now − logged deltas) replaced by its verdict on them now. Each
 * statement reads the stale mark and the version beside its figures, so all come from one snapshot.
 * Undefined when stale.
 */
const activeCount = async (
  db: DbOrTrx,
  parts: {
    agentId: number;
    window: Window;
    minValidBet: number;
    own: RawBuilder<unknown>;
    unfolded: RawBuilder<unknown>;
    stale: RawBuilder<unknown>;
    folded: (member?: RawBuilder<unknown>) => RawBuilder<unknown>;
  },
): Promise<Betting['active'] | undefined> => {
  const { agentId, window, minValidBet, own, unfolded, stale, folded } = parts;
  const activeWhen = (rows: RawBuilder<unknown>, validBet: RawBuilder<unknown>) =>
    sql`case when ${rows} > 0 and ${validBet} >= ${minValidBet} then 1 else 0 end`;
  /** A memo's version to carry from, or undefined to count the folded rows whole. */
  const statement = (memoVersion: string | undefined) => {
    // A number, not text: SQLite compares an expression without affinity to text as greater than any number.
    const since = memoVersion === undefined ? undefined : Number(memoVersion);
    return sql<{
      folded: number | string | null;
      carried: number | string | null;
      correction: number | string;
      version: number | string | null;
      stale: number | boolean;
    }>`
      with x as (
        select member_id, sum(valid_bet) as valid_bet, sum(summary_rows) as summary_rows from (
          select member_id, valid_bet, 1 as summary_rows from ${own}
          union all select r.member_id, r.valid_bet, r.summary_rows from ${unfolded}
        ) u group by member_id
      ), y as (
        select x.valid_bet, x.summary_rows,
          coalesce((select sum(t.valid_bet) from ${folded(sql.ref('x.member_id'))}), 0) as folded_valid_bet,
          coalesce((select sum(t.summary_rows) from ${folded(sql.ref('x.member_id'))}), 0) as folded_rows
        from x
      ), v as (
        select version, recount_from from team_rollup_version where agent_id = ${agentId}
      ), l as (
        select l.member_id, sum(l.valid_bet) as valid_bet, sum(l.summary_rows) as summary_rows
        from team_member_fold_log l where l.agent_id = ${agentId} and l.version > ${since ?? 0}
          and l.day >= ${window.fromDay} and l.day <= ${window.toDay}
          and ${since === undefined ? sql`1 = 0` : sql`1 = 1`}
        group by l.member_id
      ), z as (
        select l.valid_bet, l.summary_rows,
          coalesce((select sum(t.valid_bet) from ${folded(sql.ref('l.member_id'))}), 0) as folded_valid_bet,
          coalesce((select sum(t.summary_rows) from ${folded(sql.ref('l.member_id'))}), 0) as folded_rows
        from l
      )
      select
        ${
          since === undefined
            ? sql`(select count(*) from (select t.member_id from ${folded()} group by t.member_id
          having sum(t.summary_rows) > 0 and sum(t.valid_bet) >= ${minValidBet}) a)`
            : sql`null`
        } as folded,
        ${
          since === undefined
            ? sql`null`
            : // Carried only if the log holds every version above the memo's (none rebuilt or pruned).
              sql`case when coalesce((select recount_from from v), 0) <= ${since}
              and coalesce((select version from v), 0) - ${FOLD_LOG_VERSIONS} < ${since}
              then (select coalesce(sum(${activeWhen(sql`folded_rows`, sql`folded_valid_bet`)}
                - ${activeWhen(sql`folded_rows - summary_rows`, sql`folded_valid_bet - valid_bet`)}), 0) from z)
              end`
        } as carried,
        (select coalesce(sum(${activeWhen(sql`folded_rows + summary_rows`, sql`folded_valid_bet + valid_bet`)}
            - ${activeWhen(sql`folded_rows`, sql`folded_valid_bet`)}), 0) from y) as correction,
        (select version from v) as version,
        ${stale} as stale`
      .execute(db)
      .then((result) => result.rows[0]!);
  };
  let memos = activeMemos.get(db);
  if (!memos) activeMemos.set(db, (memos = new Map()));
  const key = `${agentId} ${window.fromDay} ${window.toDay} ${minValidBet}`;
  const known = memos.get(key);
  let row = await statement(known?.version);
  // No version row: the roll-up never wrote a row for the agent (its folded count is 0, memoized as such).
  const versionOf = (value: unknown) => String(value ?? 0);
  if (known && versionOf(row.version) !== known.version && row.carried === null)
    row = await statement(undefined);
  if (isStale(row.stale)) return undefined;
  let count = known?.folded ?? 0;
  if (row.folded !== null) {
    activeWalks += 1;
    count = Number(row.folded);
  } else if (row.carried !== null) count += Number(row.carried);
  if (!known || known.version !== versionOf(row.version)) {
    memos.delete(key);
    memos.set(key, { version: versionOf(row.version), folded: count });
    if (memos.size > ACTIVE_MEMOS) memos.delete(memos.keys().next().value!);
  }
  return { n: count + Number(row.correction) };
};

/**
 * The team's figures from the roll-up (decisions 0054, 0060): the downline's folded totals, plus the
 * agent's own summaries, plus the downline's changes the job has not folded yet. Each figure is one
 * statement that also reads whether a move made the agent's totals stale, so the totals, the tree
 * and the mark come from one snapshot: a move committed between two reads can never pair totals of
 * the old team with the unfolded changes of the new one. Undefined when stale (read live instead).
 */
const rolledUpBetting = async (
  db: DbOrTrx,
  merchantId: number,
  agentId: number,
  window: Window,
  minValidBet: number,
): Promise<Betting | undefined> => {
  // CROSS JOIN keeps the (short) change log outermost on SQLite: each change is one closure key
  // lookup, never the agent's whole team scanned against the log.
  const unfolded = sql`bet_summary_change r cross join member_closure c
    where c.ancestor_id = ${agentId} and c.descendant_id = r.member_id and c.depth > 0
    and r.day >= ${window.fromDay} and r.day <= ${window.toDay}`;
  const own = sql`bet_daily_summary where merchant_id = ${merchantId} and member_id = ${agentId}
    and day >= ${window.fromDay} and day <= ${window.toDay}`;
  const stale = sql`exists (select 1 from team_rollup_stale where agent_id = ${agentId})`;
  // The folded member-days in (agent, member, day) order, so each member's window is summed as the
  // index is walked; SQLite's planner, without statistics, would take the key and sort instead.
  const byMember = sql.raw(
    dialectOf(db) === 'sqlite'
      ? 'team_member_daily t indexed by team_member_daily_member'
      : 'team_member_daily t',
  );
  const folded = (member?: ReturnType<typeof sql>) => sql`${byMember} where t.agent_id = ${agentId}
    ${member ? sql`and t.member_id = ${member}` : sql``} and t.day >= ${window.fromDay} and t.day <= ${window.toDay}`;
  const [byDay, active] = await Promise.all([
    sql<Betting['byDay'][number] & { stale: number | boolean }>`
      select day, sum(bets) as bets, sum(valid_bet) as valid_bet, sum(payout) as payout, sum(win_loss) as win_loss,
        ${stale} as stale
      from (
        select day, bets, valid_bet, payout, win_loss from team_daily_summary
          where agent_id = ${agentId} and day >= ${window.fromDay} and day <= ${window.toDay}
        union all select day, bets, valid_bet, payout, win_loss from ${own}
        union all select r.day, r.bets, r.valid_bet, r.payout, r.win_loss from ${unfolded}
      ) f group by day
      union all select null, null, null, null, null, ${stale}`.execute(db),
    activeCount(db, { agentId, window, minValidBet, own, unfolded, stale, folded }),
  ]);
  if (byDay.rows.some((row) => isStale(row.stale)) || active === undefined) return undefined;
  return { byDay: byDay.rows.filter((row) => row.day !== null), active };
};

/** A team's completed deposits or withdrawals at an instant (a bucket's start or the payment's own). */
type Movement = { at: string; amount: number | string };

/**
 * The team's deposits and withdrawals from the roll-up (decision 0068): the folded 15-minute buckets
 * of the window (the agent and its downline) plus the payment changes not folded yet, in one statement
 * that also reads the stale mark. A brand day starts on a bucket's start, so each bucket is one brand
 * day's. Undefined when stale (read live instead).
 */
const rolledUpMoney = async (db: DbOrTrx, agentId: number, window: Window) => {
  const from = window.start.slice(0, 16);
  const to = window.end.slice(0, 16);
  const { rows } = await sql<{
    bucket: string | null;
    deposits: number | string | null;
    withdrawals: number | string | null;
    stale: number | boolean;
  }>`
    select bucket, sum(deposits) as deposits, sum(withdrawals) as withdrawals,
      exists (select 1 from team_rollup_stale where agent_id = ${agentId}) as stale
    from (
      select bucket, deposits, withdrawals from team_money_bucket
        where agent_id = ${agentId} and bucket >= ${from} and bucket < ${to}
      union all select r.bucket, r.deposits, r.withdrawals from payment_change r cross join member_closure c
        where c.ancestor_id = ${agentId} and c.descendant_id = r.member_id and r.bucket >= ${from} and r.bucket < ${to}
    ) f group by bucket
    union all select null, null, null, exists (select 1 from team_rollup_stale where agent_id = ${agentId})`.execute(
    db,
  );
  if (rows.some((row) => isStale(row.stale))) return undefined;
  const of = (key: 'deposits' | 'withdrawals'): Movement[] =>
    rows.flatMap((row) =>
      row.bucket === null || Number(row[key]) === 0
        ? []
        : [{ at: `${row.bucket}:00.000Z`, amount: row[key]! }],
    );
  return { deposits: of('deposits'), withdrawals: of('withdrawals') };
};

/** agentTeamOverview: team size, new and active members, money and betting figures, by day. */
export const teamOverview = async (
  db: DbOrTrx,
  merchant: Merchant,
  agentId: number,
  request: z.output<typeof teamOverviewRequest>,
  now = new Date(),
): Promise<TeamOverviewResponse> => {
  const window = windowOf(merchant, request, now);
  const { activeMemberMinValidBet } = (await getMoneySettings(db, merchant.id)).agents;
  const [size, joined, { byDay, active }, { deposits, withdrawals }] = await Promise.all([
    // Two counts of the (ancestor, depth) index: a CASE over the whole team reads every row's depth.
    sql<{ total: number | string; direct: number | string }>`select
      (select count(*) from member_closure where ancestor_id = ${agentId} and depth > 0) as total,
      (select count(*) from member_closure where ancestor_id = ${agentId} and depth = 1) as direct`
      .execute(db)
      .then((result) => result.rows[0]!),
    newMembersByDay(db, merchant, agentId, window),
    // Read live while a move's rebuild is due (decision 0054).
    (await rolledUpBetting(db, merchant.id, agentId, window, activeMemberMinValidBet)) ??
      liveBetting(db, merchant.id, agentId, window, activeMemberMinValidBet),
    (async () =>
      (await rolledUpMoney(db, agentId, window)) ?? {
        deposits: await movements(db, 'deposit', agentId, window, DEPOSITED),
        withdrawals: await movements(db, 'withdrawal', agentId, window, WITHDRAWN),
      })(),
  ]);
  const series = new Map(
    daysOf(window.fromDay, window.toDay).map((day) => [
      day,
      { day, newMembers: 0, deposits: 0, withdrawals: 0, validBet: 0, payout: 0, profit: 0, bets: 0 },
    ]),
  );
  const on = (day: string) => series.get(day);
  for (const row of joined) {
    const entry = on(row.day);
    if (entry) entry.newMembers += Number(row.n);
  }
  for (const row of byDay) {
    const entry = on(row.day);
    if (!entry) continue;
    entry.bets += Number(row.bets);
    entry.validBet += Number(row.valid_bet);
    entry.payout += Number(row.payout);
    entry.profit -= Number(row.win_loss);
  }
  for (const row of deposits) {
    const entry = on(dayOf(merchant.timeZone, row.at));
    if (entry) entry.deposits += Number(row.amount);
  }
  for (const row of withdrawals) {
    const entry = on(dayOf(merchant.timeZone, row.at));
    if (entry) entry.withdrawals += Number(row.amount);
  }
  const days = [...series.values()];
  const total = (
    key: 'newMembers' | 'deposits' | 'withdrawals' | 'validBet' | 'payout' | 'profit' | 'bets',
  ) => days.reduce((sum, day) => sum + day[key], 0);
  return {
    fromDay: window.fromDay,
    toDay: window.toDay,
    teamSize: Number(size.total),
    directMembers: Number(size.direct ?? 0),
    activeMembers: Number(active.n),
    activeMemberMinValidBet,
    bets: total('bets'),
    newMembers: total('newMembers'),
    deposits: total('deposits'),
    withdrawals: total('withdrawals'),
    validBet: total('validBet'),
    payout: total('payout'),
    profit: total('profit'),
    series: days.map(({ bets: _bets, ...day }) => day),
  };
};

/**
 * Deposits and withdrawals share every column these reports read (id, member, amount, status,
 * created_at), so one query serves both; the type names the deposit table for the compiler.
 */
const paymentTable = (table: 'deposit' | 'withdrawal') => `${table} as p` as 'deposit as p';

/** The team's completed deposits or withdrawals of the window (instant and amount). */
const movements = (
  db: DbOrTrx,
  table: 'deposit' | 'withdrawal',
  agentId: number,
  window: Window,
  statuses: string[],
) =>
  db
    .selectFrom('member_closure')
    .innerJoin(paymentTable(table), 'p.member_id', 'member_closure.descendant_id')
    .select(['p.created_at as at', 'p.amount'])
    .where('member_closure.ancestor_id', '=', agentId)
    .where('p.created_at', '>=', window.start)
    .where('p.created_at', '<', window.end)
    .where('p.status', 'in', statuses)
    .execute();

const accountsOf = async (db: DbOrTrx, memberIds: number[]) => {
  if (memberIds.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('member')
    .select(['id', 'username'])
    .where('id', 'in', [...new Set(memberIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.username]));
};

/**
 * What teamBetRecords, teamProfit and teamTransactions start from: the report's brand days and the
 * instants they span, and whose figures it reads — the one member `account` names (refused unless
 * in the agent's team) or the whole team (the sub-select of member_closure).
 */
const reportScope = async (
  db: DbOrTrx,
  merchant: Merchant,
  agentId: number,
  request: Parameters<typeof windowOf>[1] & { account?: string | undefined },
  now: Date,
) => {
  const window = windowOf(merchant, request, now);
  const member = request.account
    ? await teamMemberByAccount(db, merchant.id, agentId, request.account)
    : undefined;
  return { ...window, member, memberIds: member ? [member.id] : teamIds(db, agentId) };
};

/** personalHistoryCopy for the team: the betting records of the agent and its downline, or of one member. */
export const teamBetRecords = async (
  db: DbOrTrx,
  merchant: Merchant,
  agentId: number,
  request: z.output<typeof teamBetRecordsRequest>,
  language: string | undefined,
  now = new Date(),
): Promise<TeamBetRecordsResponse> => {
  const { fromDay, toDay, member } = await reportScope(db, merchant, agentId, request, now);
  const { records, totals, count } = await betRecordPage(
    db,
    merchant,
    {
      merchantId: merchant.id,
      ...(member ? { memberId: member.id } : { teamOf: agentId }),
      category: request.category,
      fromDay,
      toDay,
      timeZone: merchant.timeZone,
    },
    { offset: pageOffset(request.pageNo, request.pageSize), limit: request.pageSize },
    language,
  );
  const accounts = await accountsOf(
    db,
    records.map((r) => r.memberId),
  );
  return {
    fromDay,
    toDay,
    records: records.map(({ memberId, ...record }) => ({ ...record, account: accounts.get(memberId) ?? '' })),
    totals: totals.settled,
    open: totals.open,
    cancelled: totals.cancelled,
    pageNum: request.pageNo,
    totalPages: pageCount(count, request.pageSize),
    totalCount: count,
  };
};

/** palStatementsAgentCopy: valid bet, payout and win/loss per team member who played in the window. */
export const teamProfit = async (
  db: DbOrTrx,
  merchant: Merchant,
  agentId: number,
  request: z.output<typeof teamProfitRequest>,
  now = new Date(),
): Promise<TeamProfitResponse> => {
  const { fromDay, toDay, member } = await reportScope(db, merchant, agentId, request, now);
  let perMember = db
    .selectFrom('member_closure')
    .innerJoin('bet_daily_summary as s', (join) =>
      join
        .onRef('s.member_id', '=', 'member_closure.descendant_id')
        .on('s.merchant_id', '=', merchant.id)
        .on('s.day', '>=', fromDay)
        .on('s.day', '<=', toDay),
    )
    .where('member_closure.ancestor_id', '=', agentId);
  if (request.scope === 'DIRECT') perMember = perMember.where('member_closure.depth', '<=', 1);
  if (member) perMember = perMember.where('member_closure.descendant_id', '=', member.id);
  const grouped = perMember
    .select((eb) => [
      's.member_id',
      eb.fn.max('member_closure.depth').as('depth'),
      eb.fn.sum<number | string>('s.bets').as('bets'),
      eb.fn.sum<number | string>('s.stake').as('stake'),
      eb.fn.sum<number | string>('s.valid_bet').as('valid_bet'),
      eb.fn.sum<number | string>('s.payout').as('payout'),
      eb.fn.sum<number | string>('s.win_loss').as('win_loss'),
    ])
    .groupBy('s.member_id');
  const [rows, totals] = await Promise.all([
    db
      .selectFrom(grouped.as('g'))
      .innerJoin('member', 'member.id', 'g.member_id')
      .select([
        'g.member_id',
        'member.username',
        'g.depth',
        'g.bets',
        'g.stake',
        'g.valid_bet',
        'g.payout',
        'g.win_loss',
      ])
      .orderBy('g.valid_bet', 'desc')
      .orderBy('g.member_id')
      .offset(pageOffset(request.pageNo, request.pageSize))
      .limit(request.pageSize)
      .execute(),
    db
      .selectFrom(grouped.as('g'))
      .select((eb) => [
        eb.fn.countAll<number | string>().as('members'),
        eb.fn.coalesce(eb.fn.sum<number | string>('g.bets'), eb.lit(0)).as('bets'),
        eb.fn.coalesce(eb.fn.sum<number | string>('g.stake'), eb.lit(0)).as('stake'),
        eb.fn.coalesce(eb.fn.sum<number | string>('g.valid_bet'), eb.lit(0)).as('valid_bet'),
        eb.fn.coalesce(eb.fn.sum<number | string>('g.payout'), eb.lit(0)).as('payout'),
        eb.fn.coalesce(eb.fn.sum<number | string>('g.win_loss'), eb.lit(0)).as('win_loss'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const count = Number(totals.members);
  return {
    fromDay,
    toDay,
    rows: rows.map((row) => ({
      memberId: row.member_id,
      account: row.username,
      depth: Number(row.depth),
      bets: Number(row.bets),
      stake: Number(row.stake),
      validBet: Number(row.valid_bet),
      payout: Number(row.payout),
      winLoss: Number(row.win_loss),
    })),
    totals: {
      bets: Number(totals.bets),
      stake: Number(totals.stake),
      validBet: Number(totals.valid_bet),
      payout: Number(totals.payout),
      winLoss: Number(totals.win_loss),
    },
    pageNum: request.pageNo,
    totalPages: pageCount(count, request.pageSize),
    totalCount: count,
  };
};

/**
 * agentDownlineTransactionDetailsCopy: the team's deposits, withdrawals and transfers between
 * members (to an upline, salaries and dividends an upline pays, debts settled), newest first.
 * A transfer is listed from the team's side: a transfer between two members of the team once, as
 * the sender's; one to or from a member outside the team as the team member's, and the outsider's
 * account is not named.
 */
export const teamTransactions = async (
  db: DbOrTrx,
  merchant: Merchant,
  agentId: number,
  request: z.output<typeof teamTransactionsRequest>,
  now = new Date(),
): Promise<TeamTransactionsResponse> => {
  const scope = await reportScope(db, merchant, agentId, request, now);
  const of = (table: 'deposit' | 'withdrawal', type: TeamMovementType) =>
    db
      .selectFrom(paymentTable(table))
      .where('p.merchant_id', '=', merchant.id)
      .where('p.member_id', 'in', scope.memberIds)
      .where('p.created_at', '>=', scope.start)
      .where('p.created_at', '<', scope.end)
      .select([
        'p.id',
        sql<TeamMovementType>`${sql.lit(type)}`.as('type'),
        sql<TeamMovementDirection>`${sql.lit(type === 'DEPOSIT' ? 'IN' : 'OUT')}`.as('direction'),
        'p.member_id',
        sql<number | null>`cast(null as integer)`.as('counterpart_id'),
        'p.amount',
        'p.status',
        'p.created_at',
      ]);
  /** Transfers out of (debit) or into (credit) a scope member's account from another member's. */
  const transfers = (side: 'debit' | 'credit') => {
    let query = db
      .selectFrom('ledger_account as a')
      .innerJoin('ledger_transfer as t', `t.${side}_account_id`, 'a.id')
      .innerJoin(
        'ledger_account as o',
        'o.id',
        side === 'debit' ? 't.credit_account_id' : 't.debit_account_id',
      )
      .where('a.member_id', 'in', scope.memberIds)
      .where('t.merchant_id', '=', merchant.id)
      .where('t.created_at', '>=', scope.start)
      .where('t.created_at', '<', scope.end)
      .where('o.member_id', 'is not', null)
      .whereRef('o.member_id', '!=', 'a.member_id');
    // Between two members of the scope, the sender's row is the one listed.
    if (side === 'credit') query = query.where('o.member_id', 'not in', scope.memberIds);
    // The same columns as a payment's row, so the kinds make one union (the builders' types differ).
    return query.select([
      't.id',
      sql<TeamMovementType>`${sql.lit('TRANSFER')}`.as('type'),
      sql<TeamMovementDirection>`${sql.lit(side === 'debit' ? 'OUT' : 'IN')}`.as('direction'),
      sql<number>`a.member_id`.as('member_id'),
      sql<number | null>`o.member_id`.as('counterpart_id'),
      't.amount',
      't.kind as status',
      't.created_at',
    ]) as unknown as ReturnType<typeof of>;
  };
  const types = request.type ? [request.type] : TEAM_MOVEMENT_TYPES;
  const parts = types.flatMap((type) =>
    type === 'TRANSFER'
      ? [transfers('debit'), transfers('credit')]
      : [type === 'DEPOSIT' ? of('deposit', type) : of('withdrawal', type)],
  );
  const union = parts.slice(1).reduce((query, part) => query.unionAll(part), parts[0]!);
  const [rows, figures] = await Promise.all([
    db
      .selectFrom(union.as('m'))
      .selectAll()
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .offset(pageOffset(request.pageNo, request.pageSize))
      .limit(request.pageSize)
      .execute(),
    db
      .selectFrom(union.as('m'))
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        // What completed, per kind: deposits approved, withdrawals paid; a posted transfer is done.
        ...(
          [
            ['DEPOSIT', DEPOSITED, 'deposits'],
            ['WITHDRAWAL', WITHDRAWN, 'withdrawals'],
          ] as const
        ).map(([type, statuses, name]) =>
          eb.fn
            .coalesce(
              eb.fn.sum<number | string>(
                eb
                  .case()
                  .when(eb.and([eb('m.type', '=', type), eb('m.status', 'in', statuses)]))
                  .then(eb.ref('m.amount'))
                  .else(0)
                  .end(),
              ),
              eb.lit(0),
            )
            .as(name),
        ),
        eb.fn
          .coalesce(
            eb.fn.sum<number | string>(
              eb.case().when('m.type', '=', 'TRANSFER').then(eb.ref('m.amount')).else(0).end(),
            ),
            eb.lit(0),
          )
          .as('transfers'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const accounts = await accountsOf(db, [
    ...rows.map((row) => row.member_id),
    ...rows.flatMap((row) => (row.counterpart_id === null ? [] : [row.counterpart_id])),
  ]);
  // An account outside the team is not the agent's to see; only the team's accounts are named.
  const team = new Set(
    (
      await db
        .selectFrom('member_closure')
        .select('descendant_id')
        .where('ancestor_id', '=', agentId)
        .where('descendant_id', 'in', [...accounts.keys(), 0])
        .execute()
    ).map((row) => row.descendant_id),
  );
  const count = Number(figures.n);
  return {
    fromDay: scope.fromDay,
    toDay: scope.toDay,
    records: rows.map((row): TeamTransactionItem => ({
      id: `${row.type}-${row.id}`,
      type: row.type,
      direction: row.direction,
      account: accounts.get(row.member_id) ?? '',
      counterpart:
        row.counterpart_id !== null && team.has(row.counterpart_id)
          ? (accounts.get(row.counterpart_id) ?? null)
          : null,
      amount: Number(row.amount),
      status: row.status,
      createdAt: row.created_at,
    })),
    totals: {
      deposits: Number(figures.deposits),
      withdrawals: Number(figures.withdrawals),
      transfers: Number(figures.transfers),
    },
    pageNum: request.pageNo,
    totalPages: pageCount(count, request.pageSize),
    totalCount: count,
  };
};

/** agentAnnouncement: the brand's current announcements for agents, in one language (as MCSFE_getListAnnouncements picks it). */
export const agentAnnouncements = async (
  db: DbOrTrx,
  merchant: Merchant,
  request: z.output<typeof agentAnnouncementsRequest>,
  language: string | undefined,
  now = new Date(),
): Promise<AgentAnnouncementsResponse> => {
  const filter: messages.AnnouncementFilter = {
    merchantId: merchant.id,
    types: [AGENT_ANNOUNCEMENT_TYPE],
    now: now.toISOString(),
  };
  const { rows, totalCount: count } = await announcementPage(db, merchant, filter, language, request);
  return {
    announcements: rows.map((row) => ({
      id: row.id,
      title: row.title,
      content: row.content,
      publishedAt: row.publishedAt,
      language: row.language,
    })),
    pageNum: request.pageNo,
    totalPages: pageCount(count, request.pageSize),
    totalCount: count,
  };
};
