// The pieces the bench scripts share: a free port, a throwaway database (SQLite file, or a database on
// the PostgreSQL cluster of TEST_POSTGRES_URL), the built server started on it, funded members with
// sessions, an autocannon run with its median and p99, the ceilings each figure is set beside (a bare
// Fastify route, SQLite's insert rate, pgbench select-only and tpcb-like on the same cluster), the
// machine, and the machine-readable result line `bench/all.mjs` reads.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { findPostgresBin, freePort } from '../scripts/postgres.mjs';
import { serveFlags } from '../scripts/served-server.mjs';

export { freePort };

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// BENCH_SERVER_DIST: another build of the server (a copy of an earlier dist), to set two builds side by side.
export const dist = process.env.BENCH_SERVER_DIST
  ? path.resolve(process.env.BENCH_SERVER_DIST)
  : path.join(root, 'apps/server/dist');
export { createFundedMembers } from '../scripts/funded-members.mjs';

/**
 * The median of `items` (numbers, or runs with `valueOf` answering each one's number): `value` is the
 * median proper (with an even count, the mean of the two middle values); `at` is the index in `items`
 * of the run it came from, the one whose other figures (p99, CPU) are reported beside it: with an even
 * count the upper of the two middle runs; `of` holds the indexes the value is of, in order (one with an
 * odd count, the two middle runs' with an even one).
 * No items: value NaN, at -1.
 */
export const median = (items, valueOf = (x) => x) => {
  const order = items.map((item, at) => ({ at, v: valueOf(item) })).sort((a, b) => a.v - b.v);
  if (!order.length) return { value: NaN, at: -1, of: [] };
  const half = Math.floor(order.length / 2);
  const of = order.length % 2 ? [order[half]] : [order[half - 1], order[half]];
  return {
    value: of.reduce((sum, o) => sum + o.v, 0) / of.length,
    at: order[half].at,
    of: of.map((o) => o.at).sort((a, b) => a - b),
  };
};

/** The machine a figure was measured on; the load average says how shared it was at the time. */
export const machine = () => {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'cpu',
    cores: cpus.length,
    ramGiB: Math.round(os.totalmem() / 2 ** 30),
    load: os.loadavg().map((l) => Number(l.toFixed(2))),
    node: process.version,
  };
};
export const describeMachine = (m = machine()) =>
  `${m.cores} × ${m.cpu}, ${m.ramGiB} GiB, Node ${m.node}; load ${m.load.join(' ')}`;
export const printMachine = () => console.log(`machine: ${describeMachine()}`);

let databases = 0;
/**
 * A fresh database for one run: a SQLite file in a temporary folder, or (pg) a new database on the
 * cluster of TEST_POSTGRES_URL. Answers the server's environment and `drop` that removes both.
 */
export const benchDatabase = async (label, { pg = false } = {}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `jade-bench-${label}-`));
  let databaseUrl = `sqlite:${dir}/site.db`;
  const name = `bench_${label.replace(/\W/g, '_')}_${process.pid}_${++databases}`;
  if (pg) {
    const base = process.env.TEST_POSTGRES_URL;
    if (!base) throw new Error('--pg runs under scripts/with-postgres.mjs (TEST_POSTGRES_URL)');
    await adminQuery(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const env = {
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: randomBytes(32).toString('hex'),
  };
  const drop = async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (pg) await adminQuery(`drop database if exists ${name} with (force)`);
  };
  return { dir, env, databaseUrl, drop };
};

const adminQuery = async (text, database, base = process.env.TEST_POSTGRES_URL) => {
  const pg = (await import('pg')).default;
  const url = new URL(base);
  if (database) url.pathname = `/${database}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    return (await admin.query(text)).rows;
  } finally {
    await admin.end();
  }
};

/** The share (0–1) of the machine's CPU time spent busy over the next `ms`, from /proc/stat. */
const cpuBusy = async (ms = 1_000) => {
  const sample = () => {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const ticks = fields.map(Number);
    // idle and iowait are the idle ticks; steal belongs to another guest, not to this machine's load.
    return { idle: ticks[3] + ticks[4], total: ticks.slice(0, 7).reduce((a, b) => a + b, 0) };
  };
  const before = sample();
  await new Promise((r) => setTimeout(r, ms));
  const after = sample();
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
};

/**
 * Settles the PostgreSQL cluster of TEST_POSTGRES_URL before something is measured on it (or beside it),
 * so a figure or ceiling is not measured during the previous load's aftermath: with `dropLeft`, drops the
 * bench databases a script left (`bench_%`: only when no script is running); with `pgbench`, vacuums
 * pgbench's tables and empties its history (pgbench -n never does, so tpcb-like would slow run after run);
 * then CHECKPOINT (the previous load's dirty pages are written now, not during the measurement) and then
 * waits, at most `maxSeconds`, until no autovacuum worker runs and the machine's CPUs are at most `busy` busy
 * over a second. Prints what it did and waited for; answers { seconds, settled }. `url`: the cluster's
 * superuser URL (TEST_POSTGRES_URL by default).
 */
export const settleCluster = async ({
  url = process.env.TEST_POSTGRES_URL,
  dropLeft = false,
  pgbench = false,
  maxSeconds = 20,
  busy = 0.5,
} = {}) => {
  const started = Date.now();
  const query = (text, database) => adminQuery(text, database, url);
  const done = [];
  if (dropLeft) {
    const left = await query(`select datname from pg_database where datname like 'bench\\_%'`);
    for (const { datname } of left) await query(`drop database if exists "${datname}" with (force)`);
    if (left.length) done.push(`dropped ${left.length} database${left.length === 1 ? '' : 's'} left behind`);
  }
  if (pgbench && (await query(`select 1 from pg_database where datname = 'pgbench'`)).length) {
    await query('truncate pgbench_history', 'pgbench');
    await query(
      'vacuum (analyze) pgbench_branches, pgbench_tellers, pgbench_accounts, pgbench_history',
      'pgbench',
    );
    done.push('pgbench vacuumed');
  }
  const checkpointAt = Date.now();
  await query('checkpoint');
  done.push(`checkpoint ${((Date.now() - checkpointAt) / 1000).toFixed(1)} s`);
  const waitFrom = Date.now();
  let workers;
  let cpu;
  for (;;) {
    [{ workers }] = await query(
      `select count(*)::int as workers from pg_stat_activity where backend_type = 'autovacuum worker'`,
    );
    cpu = await cpuBusy();
    if ((workers === 0 && cpu <= busy) || Date.now() - waitFrom >= maxSeconds * 1000) break;
  }
  const settled = workers === 0 && cpu <= busy;
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `settle: ${done.join(', ')}; ${settled ? 'settled' : `NOT settled, gave up`} after ${seconds.toFixed(1)} s (autovacuum workers ${workers}, CPU ${Math.round(cpu * 100)} % busy, load ${os.loadavg()[0].toFixed(2)})`,
  );
  return { seconds, settled };
};

/** Opens a bench database in-process with the built code, migrated and seeded as the server does. */
export const openDb = async (env) => {
  const { loadConfig } = await import(`${dist}/platform/config.js`);
  const { openAndPrepareDb } = await import(`${dist}/boot.js`);
  const config = loadConfig(env);
  const handle = await openAndPrepareDb(config);
  return { ...handle, config };
};

/** A member-site session for each member (as a password login makes), for Bearer calls. */
export const memberSessions = async (db, config, merchantId, members) => {
  const { loadSecrets } = await import(`${dist}/platform/secrets.js`);
  const { createSession } = await import(`${dist}/modules/accounts/sessions.js`);
  const { getAuthSettings } = await import(`${dist}/modules/accounts/settings.js`);
  const secrets = loadSecrets(config);
  const settings = await getAuthSettings(db, merchantId);
  const tokens = [];
  for (const { id } of members)
    tokens.push(
      await createSession(db, secrets, {
        merchantId,
        memberId: id,
        site: 'MEMBER',
        method: 'PASSWORD',
        ip: '127.0.0.1',
        userAgent: 'bench',
        settings,
      }),
    );
  return tokens;
};

/**
 * A brand ready for member load, written before a server starts: `count` members with funded main
 * wallets and sessions, the first transfer vendor, and the offered (connected) vendor with the most
 * games, whose first page the game list asks for.
 */
export const prepareMemberLoad = async (env, count) => {
  const { listCatalogue, listTransferVendors } = await import(`${dist}/modules/games/service.js`);
  const ledger = await import(`${dist}/modules/wallet/ledger.js`);
  const { createFundedMembers } = await import('../scripts/funded-members.mjs');
  const { db, close, config } = await openDb(env);
  const merchant = await db.selectFrom('merchant').select(['id', 'code']).executeTakeFirstOrThrow();
  const vendor = (await listTransferVendors(db, merchant.id))[0].code;
  const [{ code: listVendor }] = (await listCatalogue(db, merchant.id))
    .filter((v) => v.isEnabled && v.isConnected)
    .sort((x, y) => y.games - x.games);
  const members = await createFundedMembers(db, ledger, merchant.id, count);
  const tokens = await memberSessions(db, config, merchant.id, members);
  // The lottery job's catch-up of the seed's daily draws (a hundred draws made, drawn and settled, a
  // commit each) ran a second after the server started, in the measured seconds: a server up a while
  // has done it. It is done here, as the server's job would (its secret), before the server starts.
  const { runLotteryTick } = await import(`${dist}/modules/lottery/tick.js`);
  const { loadSecrets } = await import(`${dist}/platform/secrets.js`);
  await runLotteryTick(db, loadSecrets(config).sessionSecret);
  await close();
  return { tokens, vendor, listVendor, merchant };
};

/**
 * One wallet transfer through the server at `url`: a server up a while has written, and what the
 * first write turns on stays on (an AsyncLocalStorage's promise hooks, before decision 0077). The read
 * benches make one before their load.
 */
export const transferOnce = async (url, prepared) => {
  const { setupRequest, ...request } = transferRequest(prepared, 'once-');
  const { method, path: at, headers, body } = setupRequest(request, {});
  const response = await fetch(url + at, { method, headers, body });
  if (!response.ok) throw new Error(`transfer: ${response.status} ${await response.text()}`);
};

/**
 * The autocannon request of a real GCS_walletTransfer (token check, idempotency key `${keyPrefix}${n}`,
 * ledger post, balances answer): one member per connection, alternating in and out, so every transfer
 * is affordable.
 */
export const transferRequest = ({ tokens, vendor }, keyPrefix = 'k') => {
  let seq = 0;
  return {
    method: 'POST',
    path: '/wps/relay/GCS_walletTransfer',
    setupRequest: (request, context) => {
      const n = seq++;
      context.token ??= tokens[n % tokens.length];
      context.turn = (context.turn ?? -1) + 1;
      return {
        ...request,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${context.token}`,
          'idempotency-key': `${keyPrefix}${n}`,
        },
        body: JSON.stringify({
          direction: context.turn % 2 === 0 ? 'IN' : 'OUT',
          vassalage: vendor,
          amount: 100,
        }),
      };
    },
  };
};

/** The autocannon request of the anonymous game list (the first page of prepareMemberLoad's vendor). */
export const gameListRequest = ({ merchant, listVendor }) => ({
  method: 'POST',
  path: '/wps/relay/GCSGAME_gameList',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ merchantCode: merchant.code, vassalage: listVendor, pageNo: 1, pageSize: 24 }),
});

/** The CPU time (ms) process `pid` has used so far, from /proc. */
export const processCpuMs = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

/**
 * The built server (apps/server/dist/main.js) on a free loopback port against `env`'s database;
 * answers its URL, its CPU time so far (ms, from /proc), `statements` (with countStatements: how many
 * SQL statements it has run so far) and `stop`, started with `serverNodeFlags()`. `web` serves the built web app
 * too. PROFILE=1 writes a CPU profile to /tmp/prof;
 * SQLSTAT=1 loads bench/sql-stats.mjs (statement counts in /tmp/sqlstat.txt).
 */
/**
 * The node flags a bench starts the server with: `npm run serve`'s (decision 0095: a server started
 * without them fell, in about one start in three, into a state where every scavenge promoted the
 * requests in flight, and answered balances a third slower), or BENCH_SERVER_FLAGS's when it is set
 * (`BENCH_SERVER_FLAGS= ` for none), to compare.
 */
export const serverNodeFlags = () =>
  process.env.BENCH_SERVER_FLAGS === undefined
    ? serveFlags()
    : process.env.BENCH_SERVER_FLAGS.split(/\s+/).filter(Boolean);

export const startServer = async (env, { countStatements = false, web = false } = {}) => {
  const port = await freePort();
  const countFile = path.join(env.DATA_DIR, 'statements.txt');
  const server = spawn(
    process.execPath,
    [
      ...(process.env.PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR ?? '/tmp/prof'}`]
        : []),
      ...(process.env.SQLSTAT || countStatements ? ['--import', path.join(root, 'bench/sql-stats.mjs')] : []),
      ...serverNodeFlags(),
      path.join(dist, 'main.js'),
    ],
    {
      env: {
        ...process.env,
        ...env,
        ...(countStatements ? { SQLSTAT_COUNT_FILE: countFile } : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
        // The web app is served only when asked for (the web benches): the API benches measure the API.
        ...(web ? {} : { WEB_DIST: path.join(env.DATA_DIR, 'none') }),
        STUDIO_PORT: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      if (i > 2_400 || server.exitCode !== null)
        throw new Error(`server did not start (exit code ${server.exitCode})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const cpuMs = () => processCpuMs(server.pid);
  const stop = async () => {
    if (server.exitCode !== null) return;
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  };
  const statements = async () => {
    fs.rmSync(countFile, { force: true });
    server.kill('SIGUSR2');
    for (let i = 0; !fs.existsSync(countFile) || fs.statSync(countFile).size === 0; i++) {
      if (i > 200) throw new Error('the server did not answer SIGUSR2 (countStatements)');
      await new Promise((r) => setTimeout(r, 10));
    }
    return Number(fs.readFileSync(countFile, 'utf8'));
  };
  return { url, pid: server.pid, cpuMs, statements, stop };
};

/**
 * SQL statements per call: `calls` calls made one after another by `call()` on a server started with
 * countStatements, the statements the server ran meanwhile divided by them; the least of `windows`
 * such windows. Background jobs (the start-up's catch-up runs, a lease's heartbeat) only ever add to a
 * window, and a fast build's window is short enough for one of them to fill it, so the least window is
 * the call's own count.
 */
export const statementsPerCall = async (server, call, calls = 50, windows = 3) => {
  await call();
  let least = Infinity;
  for (let w = 0; w < windows; w++) {
    const before = await server.statements();
    for (let i = 0; i < calls; i++) await call();
    least = Math.min(least, ((await server.statements()) - before) / calls);
  }
  return least;
};

/**
 * One autocannon run: `options` are autocannon's (url, requests or method/path/headers/body).
 * Answers 2xx per second, p50 and p99 latency (ms), and the raw counts.
 */
export const load = async ({ connections, seconds, ...options }) => {
  const result = await autocannon({ connections, duration: seconds, ...options });
  return {
    rate: result['2xx'] / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
};

/**
 * The runs' median of their `by` figure (the headline: a rate), with the other numeric figures (p50,
 * p99, CPU, ceiling) of one actual run beside it, the run it came from (figures of one run belong
 * together): `median`'s run, with an even count the upper of the two middle ones while `by` is the mean
 * of both. `which` says so for the printed line: 'run 2 of 3', or 'the mean of runs 2 and 3 of 4; the
 * other figures are run 3's'.
 */
export const medianOf = (runs, by) => {
  const { value, at, of } = median(runs, (run) => run[by]);
  const which =
    of.length === 1
      ? `run ${at + 1} of ${runs.length}`
      : `the mean of runs ${of.map((i) => i + 1).join(' and ')} of ${runs.length}; the other figures are run ${at + 1}'s`;
  return { ...runs[at], [by]: value, which };
};

/** Ceiling: a bare Fastify POST route answering `reply` as JSON, under the same load. req/s. */
export const bareRouteCeiling = async ({ connections, seconds, reply = { success: true } }) => {
  const app = Fastify();
  app.post('/x', async () => reply);
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const result = await load({
      url: `http://127.0.0.1:${app.server.address().port}/x`,
      connections,
      seconds,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    return result.rate;
  } finally {
    await app.close();
  }
};

/**
 * Ceiling: SQLite's rate of single-row INSERTs, `perCommit` a transaction (the ledger commits
 * concurrent posts in groups, decision 0004), on a bare table with the server's pragmas (WAL,
 * synchronous=FULL, so each commit is an fsync). Rows per second.
 */
export const sqliteInsertCeiling = ({ rows = 20_000, perCommit = 64 } = {}) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-bench-insert-'));
  const bare = new SQLite(path.join(dir, 'bare.db'));
  try {
    bare.pragma('journal_mode = WAL');
    bare.pragma('synchronous = FULL');
    bare.exec('create table t (id integer primary key, account integer, amount integer, key text unique)');
    const insert = bare.prepare('insert into t (account, amount, key) values (?, ?, ?)');
    const commit = bare.transaction((from, to) => {
      for (let i = from; i < to; i++) insert.run(i % 100, i, `k${i}`);
    });
    const started = process.hrtime.bigint();
    for (let from = 0; from < rows; from += perCommit) commit(from, Math.min(from + perCommit, rows));
    return rows / (Number(process.hrtime.bigint() - started) / 1e9);
  } finally {
    bare.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

const pgbenchBin = () => {
  const dir = findPostgresBin();
  const candidate = dir && path.join(dir, 'pgbench');
  return candidate && fs.existsSync(candidate) ? candidate : 'pgbench';
};

/** pgbench's tables on the cluster of TEST_POSTGRES_URL, made once (scale 10: 1,000,000 accounts). */
const pgbenchUrl = async () => {
  const url = new URL(process.env.TEST_POSTGRES_URL);
  url.pathname = '/pgbench';
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
  await admin.connect();
  const { rowCount } = await admin.query(`select 1 from pg_database where datname = 'pgbench'`);
  await admin.end();
  if (!rowCount) {
    await adminQuery('create database pgbench');
    execFileSync(pgbenchBin(), ['-i', '-q', '-s', '10', url.toString()], { stdio: 'ignore' });
  }
  return url.toString();
};

/**
 * Ceiling: pgbench on the same cluster, `mode` 'select-only' (one primary-key read a transaction) or
 * 'tpcb-like' (three updates and an insert a transaction), with as many clients as the HTTP load has
 * connections. Transactions per second (without initial connection time).
 */
export const pgbenchCeiling = async ({ mode, clients, seconds }) => {
  const url = await pgbenchUrl();
  await settleCluster({ pgbench: true });
  const out = execFileSync(
    pgbenchBin(),
    ['-b', mode, '-c', String(clients), '-j', '2', '-T', String(Math.max(1, Math.round(seconds))), '-n', url],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const tps = /tps = ([\d.]+)/.exec(out);
  if (!tps) throw new Error(`pgbench answered no tps:\n${out}`);
  return Number(tps[1]);
};

/** Which database a script runs on, for its printed figures and its result line. */
export const databaseName = (pg) => (pg ? 'PostgreSQL' : 'SQLite');

/**
 * The machine-readable result, the last line a script prints: `bench-json: {...}`. Each figure:
 * { name, value, unit, p99?, ceiling?: { name, value, unit }, better?: 'higher' | 'lower' }.
 */
export const RESULT_PREFIX = 'bench-json: ';
export const printResult = (script, database, figures) =>
  console.log(`${RESULT_PREFIX}${JSON.stringify({ script, database, machine: machine(), figures })}`);

/**
 * One draw's lottery bets written straight into the database with their betting records, as placing
 * them would have (apps/server/src/test/lottery-bets.ts, which the settlement test uses too; loaded
 * through tsx, since the server's build leaves src/test out): a deterministic mix of đề, bao lô 2 and
 * xiên 2 slips from `seed`, by `members` in turn, costed by the built code, placed 90 s ago.
 */
export const writeLotteryBets = async (db, { merchantId, members, draw, bets, seed, pg }) => {
  const { slipCost } = await import(`${dist}/modules/lottery/bet-types.js`);
  const { XSMB } = await import(`${dist}/modules/lottery/structures.js`);
  const { tsImport } = await import('tsx/esm/api');
  const written = await tsImport('../apps/server/src/test/lottery-bets.ts', import.meta.url);
  let state = seed;
  const next = (n) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
  const two = () => String(next(100)).padStart(2, '0');
  const slipOf = () => {
    const kind = next(10);
    if (kind < 5) return { type: 'DE', numbers: [two()], stake: 100 * (1 + next(10)) };
    if (kind < 9) return { type: 'LO2', numbers: [two()], stake: 100 };
    const a = two();
    let b = two();
    while (b === a) b = two();
    return { type: 'XIEN2', numbers: [a, b], stake: 1_000 };
  };
  await written.writeLotteryBets(db, {
    merchantId,
    memberIds: members.map((m) => m.id),
    draw,
    bets,
    slipOf,
    costOf: (slip) => slipCost(XSMB, slip),
    postgres: pg,
    placedAt: new Date(Date.now() - 90_000).toISOString(),
  });
};
