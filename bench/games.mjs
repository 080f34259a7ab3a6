// bench/games: the two figures of the games issue, on the built code (`npm run build` first).
//  1. Seamless debit+credit pairs per second over HTTP against the real server (autocannon, 50
//     connections), each call signed (HMAC-SHA256 over method, path and raw body) and checked, with
//     p50/p99 latency, beside a bare Fastify route measured in the same run. Target: 2,000 pairs/s.
//  2. The Jade Fortune slot simulated for 10 million paid spins (free spins included): spins per
//     second, and the simulated return beside the exact one, with the simulation's 99.9 % confidence
//     interval. Target: 10 million spins in under 60 s; the two returns agree within the interval.
//   SQLSTAT=1 (bench/support.mjs) adds bench/sql-stats.mjs to the server (statement counts in /tmp/sqlstat.txt).
//   node bench/games.mjs [--seconds 10] [--connections 50] [--runs 3] [--spins 10000000] [--only http|slot]
//   node scripts/with-postgres.mjs node bench/games.mjs --pg --only http   (ceiling: pgbench tpcb-like)
import { createHmac, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  bareRouteCeiling,
  benchDatabase,
  createFundedMembers,
  databaseName,
  dist,
  load,
  medianOf,
  openDb,
  pgbenchCeiling,
  memberSessions,
  printMachine,
  printResult,
  startServer,
} from './support.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
    spins: { type: 'string', default: '10000000' },
    only: { type: 'string' },
    pg: { type: 'boolean', default: false },
  },
});
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const DB_NAME = databaseName(values.pg);
printMachine();
const figures = [];

/** Decision 0023: timestamp, method and path, each ended by a line feed, then the raw body. */
const sign = (secret, path, body) => {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    'content-type': 'application/json',
    'x-jade-timestamp': timestamp,
    'x-jade-signature': createHmac('sha256', secret)
      .update(`${timestamp}\nPOST\n${path}\n`)
      .update(body)
      .digest('base64url'),
  };
};

/**
 * Members with game sessions on JADE_STUDIO and funded main wallets, written before the server starts.
 * Each game session is opened from a login of its member, as a lobby opens one: a bet checks that
 * login (decision 0024), and a game session without one answers TOKEN_EXPIRED to every debit (before
 * decision 0096 the bench measured those refusals; the run's line counts calls not OK).
 */
const prepare = async (env) => {
  const { setVendorConnection } = await import(`${dist}/modules/vendors/connections.js`);
  const { openGameSession, redeemLaunchCode } = await import(`${dist}/modules/vendors/game-sessions.js`);
  const ledger = await import(`${dist}/modules/wallet/ledger.js`);
  const sessionSecret = env.SESSION_SECRET;
  const { db, close, config } = await openDb(env);
  const merchant = await db
    .selectFrom('merchant')
    .select(['id', 'code', 'currency'])
    .executeTakeFirstOrThrow();
  const secret = randomBytes(32).toString('base64url');
  await setVendorConnection(db, sessionSecret, {
    merchantId: merchant.id,
    vendorCode: 'JADE_STUDIO',
    endpoint: 'http://127.0.0.1:9',
    algorithm: 'HMAC-SHA256',
    key: secret,
    timeoutMs: 5000,
  });
  const players = [];
  const members = await createFundedMembers(db, ledger, merchant.id, CONNECTIONS);
  await memberSessions(db, config, merchant.id, members);
  for (const { id } of members) {
    const login = await db
      .selectFrom('member_session')
      .select(['id', 'ip'])
      .where('member_id', '=', id)
      .executeTakeFirstOrThrow();
    const { launchCode } = await openGameSession(db, sessionSecret, {
      merchantId: merchant.id,
      memberId: id,
      vendorCode: 'JADE_STUDIO',
      gameId: 'JADE_FORTUNE',
      loginSessionId: login.id,
      ip: login.ip,
    });
    const { token } = await redeemLaunchCode(db, sessionSecret, {
      merchantId: merchant.id,
      vendorCode: 'JADE_STUDIO',
      launchCode,
    });
    players.push({ token, player: String(id) });
  }
  await close();
  return { players, secret, merchant };
};

const runHttp = async (runNo) => {
  const database = await benchDatabase('games', { pg: values.pg });
  const { players, secret, merchant } = await prepare(database.env);
  const server = await startServer(database.env);
  const url = server.url;
  const base = `/gw/wallet/${merchant.code}/JADE_STUDIO`;
  let seq = 0;
  let refused = 0;
  const result = await load({
    url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests: [
      {
        method: 'POST',
        path: `${base}/debit`,
        setupRequest: (request, context) => {
          context.player ??= players[seq++ % players.length];
          context.round = `b${runNo}-${seq++}`;
          const body = JSON.stringify({
            ...context.player,
            currency: merchant.currency,
            transactionId: `${context.round}-d`,
            roundId: context.round,
            gameId: 'JADE_FORTUNE',
            // The demo brand's least bet on the game (money settings' gameLimits): a smaller one is
            // refused BET_OUT_OF_LIMITS before it reaches the ledger.
            amount: 200_000,
          });
          return { ...request, headers: sign(secret, `${base}/debit`, body), body };
        },
        onResponse: (status, body) => {
          if (status !== 200 || !body.includes('"OK"')) refused++;
        },
      },
      {
        method: 'POST',
        path: `${base}/credit`,
        setupRequest: (request, context) => {
          const body = JSON.stringify({
            ...context.player,
            currency: merchant.currency,
            transactionId: `${context.round}-c`,
            roundId: context.round,
            gameId: 'JADE_FORTUNE',
            referenceTransactionId: `${context.round}-d`,
            amount: 190_000,
          });
          return { ...request, headers: sign(secret, `${base}/credit`, body), body };
        },
        onResponse: (status, body) => {
          if (status !== 200 || !body.includes('"OK"')) refused++;
        },
      },
    ],
  });
  await server.stop();
  await database.drop();
  const pairs = result.ok / 2 / SECONDS;
  // The ceiling: a bare Fastify route on SQLite; pgbench tpcb-like (a write transaction) on PostgreSQL.
  const bare = values.pg
    ? await pgbenchCeiling({ mode: 'tpcb-like', clients: CONNECTIONS, seconds: SECONDS })
    : await bareRouteCeiling({
        connections: CONNECTIONS,
        seconds: SECONDS,
        reply: { status: 'OK', balance: 1 },
      });
  console.log(
    `HTTP run ${runNo}: ${Math.round(pairs)} debit+credit pairs/s (${result.ok} calls ok, ${refused} not OK, ${result.non2xx} non-2xx, ${result.errors} errors), p50 ${result.p50} ms, p99 ${result.p99} ms; ${CEILING} ${Math.round(bare)}/s`,
  );
  return { pairs, p50: result.p50, p99: result.p99, bare };
};
const CEILING = values.pg ? 'pgbench tpcb-like' : 'bare Fastify';

if (values.only !== 'slot') {
  const runs = [];
  for (let i = 1; i <= Number(values.runs); i++) runs.push(await runHttp(i));
  const { pairs, bare, p50, p99, which } = medianOf(runs, 'pairs');
  console.log(
    `${DB_NAME} HTTP median (${CONNECTIONS} connections; ${which}): ${Math.round(pairs)} pairs/s (${Math.round(pairs * 2)} signed calls/s, ${((pairs * 2 * 100) / bare).toFixed(1)} % of ${values.pg ? "pgbench tpcb-like's" : "a bare Fastify route's"} ${Math.round(bare)}/s), p50 ${p50} ms, p99 ${p99} ms (target 2000 pairs/s)`,
  );
  figures.push({
    name: 'seamless debit+credit (signed calls)',
    value: pairs * 2,
    unit: 'calls/s',
    p99,
    ceiling: { name: CEILING, value: bare, unit: values.pg ? 'tps' : 'req/s' },
  });
}

if (values.only !== 'http') {
  const { simulateSlot } = await import('../apps/studio/dist/games/simulate.js');
  const { exactSlotMath } = await import('../apps/studio/dist/games/slot.js');
  const spins = Number(values.spins);
  const started = process.hrtime.bigint();
  const run = simulateSlot(spins, 20261124);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const exact = exactSlotMath().rtp;
  const agrees = Math.abs(run.rtp - exact) <= run.halfWidth999;
  console.log(
    `slot: ${spins.toLocaleString('en-US')} paid spins in ${seconds.toFixed(1)} s (${Math.round(spins / seconds).toLocaleString('en-US')} spins/s; target under 60 s); simulated RTP ${(run.rtp * 100).toFixed(3)} % ± ${(run.halfWidth999 * 100).toFixed(3)} (99.9 %), exact ${(exact * 100).toFixed(3)} %: ${agrees ? 'agree' : 'DISAGREE'}`,
  );
  if (!agrees) process.exitCode = 1;
  // No database and no ceiling: the target is the ceiling (10 million spins in 60 s).
  figures.push({ name: 'slot simulation', value: spins / seconds, unit: 'spins/s', target: 10_000_000 / 60 });
}
printResult('games', DB_NAME, figures);
