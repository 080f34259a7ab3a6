// bench/agents: the agent side at a brand's scale (issue 21): 100,000 members in a tree of depth 6 and
// 1,000,000 settled bets over 30 days, on the built code (`npm run build`, or `npx tsc -b apps/server`,
// first). The brand is written straight into a fresh database: members and their closure rows, the
// betting records and the daily summaries the settlement would have written for them, and ACCEPTED
// contracts (a daily salary on RNG for every agent, hourly and real-time salaries and a dividend
// higher up). Then, each beside a ceiling measured in the same run:
//   - the team roll-up job (decision 0054) folding the change log the summaries' trigger wrote;
//   - the team overview of a top agent over the past 30 days (median of 9 calls; target under 50 ms
//     on SQLite) with the roll-up folded, and with 2,000 settlements not folded yet; ceiling: the same
//     sums over the whole brand's summaries, no tree join; the ratio to a bare point query;
//   - the roll-up's cost on settlement: 2,000 summary upserts, each its own transaction, with the
//     change-log trigger and with it dropped (the bench's database only);
//   - a daily salary run for every daily contract (median of 5 runs, each a different day; target
//     under 10 s on SQLite); ceilings: every agent's team figures for the day in one grouped query,
//     and as many posts as the run made with the ledger's postManyWithin in one transaction.
// Until the reports and payroll modules are built, the overview is the equivalent closure-join query
// and the run is skipped (the bench says so).
//   node bench/agents.mjs [--members 100000] [--bets 1000000] [--overview-only] [--explain]
// --explain prints each statement of a repeated overview with its plan and time (PostgreSQL: EXPLAIN
// (ANALYZE, BUFFERS); SQLite: EXPLAIN QUERY PLAN and the statement's own time).
//   node scripts/with-postgres.mjs node bench/agents.mjs --pg
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { CompiledQuery, sql } from 'kysely';
import { benchDatabase, databaseName, dist, median, openDb, printMachine, printResult } from './support.mjs';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    bets: { type: 'string', default: '1000000' },
    pg: { type: 'boolean', default: false },
    'overview-only': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
  },
});
const MEMBERS = Number(values.members);
const BETS = Number(values.bets);
const DAYS = 30;
/** Agents per upline at each level below the top: 3 top agents, then 18, 108, 648, 3,888. */
const TOP_AGENTS = 3;
const FAN_OUT = 6;
const AGENT_LEVELS = 5;
const DB_NAME = databaseName(values.pg);
printMachine();
/** What bench/all.mjs reads: each figure beside its ceiling. */
const figures = [];

const ledger = await import(`${dist}/modules/wallet/ledger.js`);
const { getMerchantByCode } = await import(`${dist}/modules/merchants/service.js`);
const optional = async (file) => {
  const full = `${dist}/${file}`;
  return fs.existsSync(full) ? import(full) : undefined;
};
const reports = await optional('modules/agents/reports.js');
const payroll = await optional('modules/agents/payroll.js');
const rollup = await optional('modules/agents/team-rollup.js');
const records = await import(`${dist}/modules/games/bet-records.js`);
const { writeTransaction } = await import(`${dist}/platform/db/transaction.js`);

const database = await benchDatabase('agents', { pg: values.pg });
const { db, close } = await openDb(database.env);
const merchant = await getMerchantByCode(db, 'DEMO');

// xorshift32: a fixed seed, so every run builds the same brand.
let seed = 20261126;
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};
const pick = (n) => Math.floor(random() * n);
const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const DAY_MS = 86_400_000;
const todayMs = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const dayAt = (d) => new Date(todayMs - (DAYS - d) * DAY_MS).toISOString().slice(0, 10);
/** The 30 UTC days before today, oldest first. */
const days = Array.from({ length: DAYS }, (_, d) => dayAt(d));

const { sqliteHandleOf } = await import(`${dist}/platform/db/index.js`);
const raw = sqliteHandleOf(db);
/**
 * Rows written in bulk, as fast as each database takes them: on SQLite one prepared INSERT per row in
 * one transaction; on PostgreSQL 10,000 rows a statement, each column one array parameter (unnest).
 */
const insertChunked = async (table, rows) => {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  if (raw) {
    const insert = raw.prepare(
      `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    );
    raw.transaction(() => {
      for (const row of rows) insert.run(...columns.map((c) => row[c]));
    })();
    return;
  }
  const types = columns.map((c) => {
    const value = rows.find((row) => row[c] !== null)?.[c];
    return typeof value === 'number' ? 'bigint[]' : 'text[]';
  });
  for (let i = 0; i < rows.length; i += 10_000) {
    const chunk = rows.slice(i, i + 10_000);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      select * from unnest(${sql.join(columns.map((c, j) => sql`${chunk.map((row) => row[c])}::${sql.raw(types[j])}`))})`.execute(
      db,
    );
  }
};

// ---- The tree: agents level by level, members under the level-5 agents.
const t0 = process.hrtime.bigint();
const { top } = await db
  .selectFrom('member')
  .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('top'))
  .executeTakeFirstOrThrow();
let nextId = Number(top) + 1;
/** id → { level, chain (ancestors, top first, itself last) } */
const nodes = [];
const agentsByLevel = [];
const created = new Date(todayMs - 90 * DAY_MS);
const newNode = (level, parent, type) => {
  const id = nextId++;
  const node = { id, level, parent, type, chain: parent ? [...parent.chain, id] : [id] };
  nodes.push(node);
  return node;
};
agentsByLevel.push(Array.from({ length: TOP_AGENTS }, () => newNode(1, null, 1)));
for (let level = 2; level <= AGENT_LEVELS; level++)
  agentsByLevel.push(
    agentsByLevel
      .at(-1)
      .flatMap((parent) => Array.from({ length: FAN_OUT }, () => newNode(level, parent, 1))),
  );
const leafAgents = agentsByLevel.at(-1);
const agentCount = nodes.length;
const members = [];
for (let i = agentCount; i < MEMBERS; i++)
  members.push(newNode(AGENT_LEVELS + 1, leafAgents[pick(leafAgents.length)], 0));

const memberRows = nodes.map((node) => {
  // Joined over the past 90 days, so the overview's new-member count has something to count.
  const at = new Date(created.getTime() + pick(90 * 24) * 3_600_000).toISOString();
  return {
    id: node.id,
    merchant_id: merchant.id,
    username: `ag${node.id}`,
    username_key: `ag${node.id}`,
    password_hash: 'x',
    type: node.type,
    upline_id: node.parent?.id ?? null,
    referral_code: `AG${node.id}`,
    affiliate_code: node.type ? `AF${node.id}` : null,
    register_method: 'SCRIPT',
    register_ip: '127.0.0.1',
    password_changed_at: at,
    created_at: at,
    updated_at: at,
  };
});
await insertChunked('member', memberRows);
if (values.pg)
  await sql`select setval(pg_get_serial_sequence('member', 'id'), (select max(id) from member))`.execute(db);
const closureRows = nodes.flatMap((node) =>
  node.chain.map((ancestor, i) => ({
    merchant_id: merchant.id,
    ancestor_id: ancestor,
    descendant_id: node.id,
    depth: node.chain.length - 1 - i,
    joined_at: memberRows[node.id - nodes[0].id].created_at,
  })),
);
await insertChunked('member_closure', closureRows);
console.log(
  `${DB_NAME}: ${nodes.length.toLocaleString('en-US')} members (${agentCount.toLocaleString('en-US')} agents on levels 1–${AGENT_LEVELS}, the rest on level ${AGENT_LEVELS + 1}), ${closureRows.length.toLocaleString('en-US')} closure rows in ${(ms(t0) / 1000).toFixed(1)} s`,
);

// ---- Bets: 30 % of the members play, each on a few days of the month, mostly one category.
const t1 = process.hrtime.bigint();
const CATEGORIES = [
  ['RNG', 'JADE_STUDIO', 'JADE_FORTUNE'],
  ['LIVE', 'PEARL_LIVE', 'PBAC_1'],
  ['SPORTS', 'APEX_SPORTS', 'SPORTSBOOK'],
  ['FISH', 'REEF_FISH', 'REEF_01'],
  ['PVP', 'ROYAL_POKER', 'RP_HOLDEM'],
];
const players = members
  .filter(() => random() < 0.3)
  .map((m) => ({
    id: m.id,
    favourite: pick(CATEGORIES.length),
    firstDay: pick(DAYS),
  }));
const summaries = new Map();
const { recordTop } = await db
  .selectFrom('bet_record')
  .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('recordTop'))
  .executeTakeFirstOrThrow();
let recordId = Number(recordTop);
const betRows = (count) => {
  const rows = [];
  for (let i = 0; i < count; i++) {
    const player = players[pick(players.length)];
    const day = days[(player.firstDay + pick(8) * 3) % DAYS];
    const [category, vendor, game] = CATEGORIES[random() < 0.8 ? player.favourite : pick(CATEGORIES.length)];
    const stake = (1 + pick(50)) * 10_000;
    const roll = random();
    const payout = roll < 0.5 ? 0 : roll < 0.95 ? Math.round(stake * (1.4 + random() * 0.8)) : stake * 3;
    const at = `${day}T${String(pick(24)).padStart(2, '0')}:${String(pick(60)).padStart(2, '0')}:00.000Z`;
    recordId++;
    rows.push({
      id: recordId,
      merchant_id: merchant.id,
      member_id: player.id,
      vendor_code: vendor,
      game_id: game,
      category,
      round_id: `BENCH-${recordId}`,
      stake,
      valid_bet: stake,
      payout,
      win_loss: payout - stake,
      status: 'SETTLED',
      placed_at: at,
      settled_at: at,
      settled_day: day,
    });
    const key = `${player.id}|${day}|${category}`;
    const s = summaries.get(key);
    if (s) {
      s.bets++;
      s.stake += stake;
      s.valid_bet += stake;
      s.payout += payout;
      s.win_loss += payout - stake;
    } else
      summaries.set(key, {
        merchant_id: merchant.id,
        member_id: player.id,
        day,
        category,
        bets: 1,
        stake,
        valid_bet: stake,
        payout,
        win_loss: payout - stake,
      });
  }
  return rows;
};
for (let written = 0; written < BETS; written += 100_000)
  await insertChunked('bet_record', betRows(Math.min(100_000, BETS - written)));
if (values.pg)
  await sql`select setval(pg_get_serial_sequence('bet_record', 'id'), (select max(id) from bet_record))`.execute(
    db,
  );
await insertChunked('bet_daily_summary', [...summaries.values()]);
console.log(
  `${DB_NAME}: ${BETS.toLocaleString('en-US')} settled bets of ${players.length.toLocaleString('en-US')} players, ${summaries.size.toLocaleString('en-US')} daily summary rows in ${(ms(t1) / 1000).toFixed(1)} s`,
);

// ---- The roll-up job folds the change log the summaries' trigger wrote (every summary row once).
if (values.pg) await sql`analyze`.execute(db);
let foldMs = null;
let folded = 0;
if (rollup) {
  const t = process.hrtime.bigint();
  ({ folded } = await rollup.foldTeamRollup(db));
  foldMs = ms(t);
  const { teamRows } = await db
    .selectFrom('team_member_daily')
    .select((eb) => eb.fn.countAll().as('teamRows'))
    .executeTakeFirstOrThrow();
  console.log(
    `${DB_NAME}: team-rollup job folded ${folded.toLocaleString('en-US')} summary changes (${BETS.toLocaleString('en-US')} bets) into ${Number(teamRows).toLocaleString('en-US')} upline member-day rows in ${(foldMs / 1000).toFixed(1)} s`,
  );
}

// ---- Contracts: a daily salary on RNG for every agent; hourly, real-time and dividend higher up.
const t2 = process.hrtime.bigint();
const accepted = new Date(todayMs - 60 * DAY_MS).toISOString();
const contract = (node, kind, category, tiers, period = null) => ({
  merchant_id: merchant.id,
  holder_id: node.id,
  offered_by: node.parent?.id ?? null,
  kind,
  category,
  period,
  tiers: JSON.stringify(tiers),
  status: 'ACCEPTED',
  created_at: accepted,
  answered_at: accepted,
  ended_at: null,
  end_reason: null,
});
const agents = nodes.slice(0, agentCount);
const contracts = [
  ...agents.map((a) =>
    contract(a, 'DAILY_SALARY', 'RNG', [
      { minValidBet: 100_000, minActive: 1, rateBp: 120 - a.level * 10 },
      { minValidBet: 10_000_000, minActive: 5, rateBp: 170 - a.level * 10 },
    ]),
  ),
  ...agents
    .filter((a) => a.level <= 2)
    .map((a) =>
      contract(a, 'HOURLY_SALARY', 'LIVE', [
        { minValidBet: 100_000, minActive: 1, rateBp: 50 - a.level * 10 },
      ]),
    ),
  ...agents
    .filter((a) => a.level <= 3)
    .map((a) =>
      contract(a, 'REALTIME_SALARY', 'SPORTS', [
        { minValidBet: 100_000, minActive: 1, rateBp: 50 - a.level * 10 },
      ]),
    ),
  ...agents
    .filter((a) => a.level === 1)
    .map((a) =>
      contract(a, 'DIVIDEND', 'RNG', [{ minNetLoss: 1_000_000, minActive: 1, shareBp: 3_000 }], 'MONTHLY'),
    ),
];
await insertChunked('agent_contract', contracts);
// The ledger's rate of single posts (a payment each, its account made first), for a ceiling below:
// 500 agents' wallets funded one post each. A salary run needs no funds: an upline pays its children
// out of its own salary, which is at least theirs.
const cash = await ledger.houseAccount(db, merchant.id, 'CASH');
const POSTS = Math.min(500, agents.length);
const t3 = process.hrtime.bigint();
for (const agent of agents.slice(-POSTS))
  await ledger.postTransfer(db, {
    merchantId: merchant.id,
    idempotencyKey: `bench-fund:${agent.id}`,
    kind: 'DEPOSIT',
    debitAccountId: cash,
    creditAccountId: await ledger.memberAccount(db, merchant.id, agent.id, 'MAIN'),
    amount: 1_000_000_000,
  });
const postMs = ms(t3) / POSTS;
if (values.pg) await sql`analyze`.execute(db);
console.log(
  `${DB_NAME}: ${contracts.length.toLocaleString('en-US')} accepted contracts (${agents.length.toLocaleString('en-US')} daily) and ${POSTS} ledger posts in ${(ms(t2) / 1000).toFixed(1)} s (${postMs.toFixed(2)} ms a post with its account)`,
);

// ---- The team overview of the biggest top agent.
const topAgent = agentsByLevel[0][0];
const from = days[0];
const to = days.at(-1);
const { n: teamSize } = await db
  .selectFrom('member_closure')
  .select((eb) => eb.fn.countAll().as('n'))
  .where('ancestor_id', '=', topAgent.id)
  .executeTakeFirstOrThrow();
/** The betting figures of a window: active players, valid bet, payout, win/loss. */
const betSums = (eb) => [
  eb.fn.count('s.member_id').distinct().as('active'),
  eb.fn.sum('s.valid_bet').as('valid'),
  eb.fn.sum('s.payout').as('payout'),
  eb.fn.sum('s.win_loss').as('winLoss'),
];
/** The closure-join aggregate a team overview is made of, for when reports.ts is not built yet. */
const closureOverview = async () => {
  const team = await db
    .selectFrom('member_closure as c')
    .innerJoin('member as m', 'm.id', 'c.descendant_id')
    .select((eb) => [
      eb.fn.countAll().as('size'),
      eb.fn
        .sum(eb.case().when('m.created_at', '>=', `${from}T00:00:00.000Z`).then(1).else(0).end())
        .as('fresh'),
    ])
    .where('c.ancestor_id', '=', topAgent.id)
    .where('c.merchant_id', '=', merchant.id)
    .executeTakeFirstOrThrow();
  const bets = await db
    .selectFrom('member_closure as c')
    .innerJoin('bet_daily_summary as s', (join) =>
      join.onRef('s.member_id', '=', 'c.descendant_id').on('s.merchant_id', '=', merchant.id),
    )
    .select(betSums)
    .where('c.ancestor_id', '=', topAgent.id)
    .where('s.day', '>=', from)
    .where('s.day', '<=', to)
    .executeTakeFirstOrThrow();
  return { ...team, ...bets };
};
const brandAggregate = () =>
  db
    .selectFrom('bet_daily_summary as s')
    .select(betSums)
    .where('s.merchant_id', '=', merchant.id)
    .where('s.day', '>=', from)
    .where('s.day', '<=', to)
    .executeTakeFirstOrThrow();
const overview = reports?.teamOverview
  ? () => reports.teamOverview(db, merchant, topAgent.id, { fromDay: from, toDay: to })
  : closureOverview;
const timed = async (fn, runs = 9) => {
  await fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    await fn();
    times.push(ms(t));
  }
  return median(times).value;
};
const bare = () =>
  db.selectFrom('member').select('id').where('id', '=', topAgent.id).executeTakeFirstOrThrow();
const overviewMs = await timed(overview);
const brandMs = await timed(brandAggregate);
const bareMs = await timed(bare, 99);
console.log(
  `${DB_NAME}: team overview of a top agent (${Number(teamSize).toLocaleString('en-US')} in its team, ${from}–${to}), ${reports?.teamOverview ? `reports.ts teamOverview${rollup ? ' on the roll-up' : ''}` : 'closure-join query (reports.ts not built yet)'}: median ${overviewMs.toFixed(1)} ms (target under 50 ms on SQLite; ${(overviewMs / bareMs).toFixed(0)}× a bare point query's ${bareMs.toFixed(2)} ms); ceiling: the same sums over the whole brand's summaries without the tree: ${brandMs.toFixed(1)} ms (overview/ceiling ${(overviewMs / brandMs).toFixed(2)})`,
);
/** A settlement's summary write on the last day, in its own transaction (the trigger logs it). */
const settle = async (memberId, validBet) => {
  await writeTransaction(db, (trx) =>
    records.addToDailySummary(trx, {
      merchantId: merchant.id,
      memberId,
      day: to,
      category: 'RNG',
      stake: validBet,
      validBet,
      payout: 0,
      winLoss: -validBet,
    }),
  );
};
// Each statement of a (warm) overview, captured as it is compiled, then explained one by one.
if (values.explain && reports?.teamOverview) {
  const statements = [];
  const capture = {
    transformQuery: ({ node, queryId }) => {
      statements.push({ node, queryId });
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await reports.teamOverview(db.withPlugin(capture), merchant, topAgent.id, { fromDay: from, toDay: to });
  for (const { node, queryId } of statements) {
    const compiled = db.getExecutor().compileQuery(node, queryId);
    const t = process.hrtime.bigint();
    await db.executeQuery(CompiledQuery.raw(compiled.sql, [...compiled.parameters]));
    const took = ms(t);
    const plan = await db.executeQuery(
      CompiledQuery.raw(
        `${values.pg ? 'explain (analyze, buffers)' : 'explain query plan'} ${compiled.sql}`,
        [...compiled.parameters],
      ),
    );
    console.log(`\n---- ${took.toFixed(1)} ms: ${compiled.sql.replace(/\s+/g, ' ').slice(0, 300)}`);
    for (const row of plan.rows)
      console.log(values.pg ? row['QUERY PLAN'] : `${row.parent} ${row.id} ${row.detail}`);
  }
}
// The first overview after a roll-up run changed the top agent's rows. Each fold here is a minute of
// a busy brand: 50 settlements of players across the brand (a third in the top agent's team), one of
// them with a valid bet big enough to make a member active. Carried: the memo brought to the new
// version through the fold log (decision 0068). Recounted: the same, with the agent's version marked
// as not carried (recount_from), so the memo is counted again over the whole window, what the first
// call after a fold cost before 0068 (decision 0064). Alternating, 5 of each.
if (rollup) {
  let settled = 0;
  const fold = async (recount) => {
    for (let i = 0; i < 50; i++) {
      const player = players[(settled++ * 7919) % players.length];
      await settle(player.id, i === 0 ? 5_000_000 : 10_000);
    }
    await rollup.foldTeamRollup(db);
    if (recount)
      await db
        .updateTable('team_rollup_version')
        .set({ recount_from: sql`version` })
        .where('agent_id', '=', topAgent.id)
        .execute();
    const t = process.hrtime.bigint();
    await overview();
    return ms(t);
  };
  const carried = [];
  const recounted = [];
  for (let i = 0; i < 5; i++) {
    carried.push(await fold(false));
    recounted.push(await fold(true));
  }
  const list = (times) => times.map((x) => x.toFixed(1)).join(', ');
  console.log(
    `${DB_NAME}: the first team overview after a roll-up run of 50 settlements changed the top agent's rows: memo carried through the fold log ${median(carried).value.toFixed(1)} ms (median of 5: ${list(carried)} ms); memo recounted (before decision 0068) ${median(recounted).value.toFixed(1)} ms (${list(recounted)} ms)`,
  );
}
figures.push({
  name: 'agent team overview (30 days)',
  value: overviewMs,
  unit: 'ms',
  better: 'lower',
  ceiling: { name: "brand's sums without the tree", value: brandMs, unit: 'ms' },
});

// ---- The roll-up's cost on settlement, and the overview while settlements are not folded yet.
if (rollup) {
  const UPSERTS = 2_000;
  const upserts = async (offset) => {
    const t = process.hrtime.bigint();
    for (let i = 0; i < UPSERTS; i++) {
      const player = players[(offset + i * 7) % players.length];
      await settle(player.id, 10_000);
    }
    return ms(t) / UPSERTS;
  };
  const withTrigger = await upserts(0);
  const unfoldedMs = await timed(overview);
  await rollup.foldTeamRollup(db);
  const dropTrigger = values.pg
    ? sql`drop trigger bet_summary_changed on bet_daily_summary`
    : sql`drop trigger bet_summary_updated`;
  await dropTrigger.execute(db);
  const withoutTrigger = await upserts(1);
  console.log(
    `${DB_NAME}: with ${UPSERTS.toLocaleString('en-US')} settlements not folded yet the overview takes ${unfoldedMs.toFixed(1)} ms; a summary upsert in its own transaction: ${withTrigger.toFixed(3)} ms with the change-log trigger, ${withoutTrigger.toFixed(3)} ms without (+${(withTrigger - withoutTrigger).toFixed(3)} ms)`,
  );
}
if (values['overview-only']) {
  await close();
  await database.drop();
  printResult('agents', DB_NAME, figures);
  process.exit(0);
}

// ---- A daily salary run for every daily contract, five days, each its own run.
const RUN_DAYS = 5;
const runDay = days.at(-1);
const teamFigures = () =>
  db
    .selectFrom('bet_daily_summary as s')
    .innerJoin('member_closure as c', 'c.descendant_id', 's.member_id')
    .select((eb) => [
      'c.ancestor_id',
      eb.fn.sum('s.valid_bet').as('valid'),
      eb.fn.count('s.member_id').distinct().as('active'),
    ])
    .where('s.merchant_id', '=', merchant.id)
    .where('s.day', '=', runDay)
    .where('s.category', '=', 'RNG')
    .where('c.depth', '>', 0)
    .groupBy('c.ancestor_id')
    .execute();
const figuresMs = await timed(teamFigures, 3);
/**
 * The ledger's own rate for a run's posts: `count` one-leg posts, each under its own key, with
 * postManyWithin in one write transaction (the brand's expense account to agents' wallets).
 */
const manyPostsMs = async (count) => {
  const expense = await ledger.houseAccount(db, merchant.id, 'AGENT_COMMISSION_EXPENSE');
  const wallets = [];
  for (const agent of agents.slice(-POSTS))
    wallets.push(await ledger.memberAccount(db, merchant.id, agent.id, 'MAIN'));
  const postings = Array.from({ length: count }, (_, i) => ({
    merchantId: merchant.id,
    idempotencyKey: `bench-many:${i}`,
    legs: [
      {
        kind: 'AGENT_SALARY',
        debitAccountId: expense,
        creditAccountId: wallets[i % wallets.length],
        amount: 1,
      },
    ],
  }));
  const t = process.hrtime.bigint();
  await writeTransaction(db, (trx) => ledger.postManyWithin(db, trx, postings));
  return ms(t);
};
const runFn = payroll && (payroll.runDailySalaries ?? payroll.runDailySalary);
if (runFn) {
  const times = [];
  const batches = [];
  const outcomes = [];
  for (const day of days.slice(-RUN_DAYS)) {
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('ledger_batch')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const t = process.hrtime.bigint();
    outcomes.push(await runFn(db, merchant, day));
    times.push(ms(t));
    batches.push((await count()) - before);
  }
  const runMs = median(times).value;
  const posts = median(batches).value;
  const manyMs = await manyPostsMs(posts);
  const last = outcomes.at(-1);
  console.log(
    `${DB_NAME}: daily salary run (payroll.ts runDailySalaries) for ${agents.length.toLocaleString('en-US')} daily contracts: median ${(runMs / 1000).toFixed(2)} s of ${RUN_DAYS} days (${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s; the last: ${last.paid.toLocaleString('en-US')} paid, ${last.nothing.toLocaleString('en-US')} nothing due; ${batches.join(', ')} ledger posts) (target under 10 s on SQLite)`,
  );
  figures.push({
    name: 'daily salary run',
    value: runMs / 1000,
    unit: 's',
    better: 'lower',
    ceiling: { name: 'its posts in one postManyWithin', value: manyMs / 1000, unit: 's' },
  });
  console.log(
    `${DB_NAME}:   ceilings: every agent's team figures for a day in one grouped query ${figuresMs.toFixed(0)} ms; ${posts.toLocaleString('en-US')} posts with the ledger's postManyWithin in one transaction ${manyMs.toFixed(0)} ms (as ${posts.toLocaleString('en-US')} single posts at ${postMs.toFixed(2)} ms: ${((posts * postMs) / 1000).toFixed(2)} s)`,
  );
} else {
  console.log(
    `${DB_NAME}: daily salary run: payroll.ts not built yet; its ceilings: every agent's team figures for a day in one grouped query ${figuresMs.toFixed(0)} ms, and ${agents.length.toLocaleString('en-US')} single ledger posts at ${postMs.toFixed(2)} ms = ${((agents.length * postMs) / 1000).toFixed(2)} s`,
  );
}
const { ok } = await ledger.checkInvariants(db);
await close();
await database.drop();
console.log(`ledger invariants ${ok ? 'hold' : 'BROKEN'}`);
if (!ok) process.exitCode = 1;
printResult('agents', DB_NAME, figures);
