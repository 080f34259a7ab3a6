// bench/ledger-http: member calls per second over HTTP against the real server (autocannon, 50
// connections, one member per connection), with p50/p99 latency, each run beside its ceiling measured
// in the same run: on SQLite a bare Fastify route; on PostgreSQL pgbench on the same cluster
// (tpcb-like for transfers, select-only for reads). Run `npm run build` first.
//   --call transfer (default): a real GCS_walletTransfer (token check, idempotency key, ledger post,
//     balances answer), alternating in and out so every transfer is affordable;
//   --call balance: the authenticated GET /wps/v2/wallets/balance;
//   --call games: the anonymous game list (POST /wps/relay/GCSGAME_gameList, the first page of the
//     offered vendor with the most games).
//   node bench/ledger-http.mjs [--call transfer|balance|games] [--seconds 10] [--connections 50] [--runs 3]
//   node scripts/with-postgres.mjs node bench/ledger-http.mjs --pg ...
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  bareRouteCeiling,
  benchDatabase,
  databaseName,
  dist,
  gameListRequest,
  load,
  medianOf,
  pgbenchCeiling,
  prepareMemberLoad,
  printMachine,
  printResult,
  startServer,
  statementsPerCall,
  transferOnce,
  transferRequest,
} from './support.mjs';

const { values } = parseArgs({
  options: {
    call: { type: 'string', default: 'transfer' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
    pg: { type: 'boolean', default: false },
  },
});
const CALL = values.call;
if (!['transfer', 'balance', 'games'].includes(CALL))
  throw new Error(`--call ${CALL}: transfer, balance or games`);
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const DB_NAME = databaseName(values.pg);
const UNIT = CALL === 'transfer' ? 'transfers/s' : 'req/s';
printMachine();

/** Members with sessions and funded main wallets, written before the server starts. */
const prepare = (env) => prepareMemberLoad(env, CONNECTIONS);

/** The autocannon request of each call. */
const requestOf = (prepared) => {
  if (CALL === 'games') return gameListRequest(prepared);
  if (CALL === 'transfer') return transferRequest(prepared);
  let seq = 0;
  return {
    method: 'GET',
    path: '/wps/v2/wallets/balance',
    setupRequest: (request, context) => {
      context.token ??= prepared.tokens[seq++ % prepared.tokens.length];
      return { ...request, headers: { authorization: `Bearer ${context.token}` } };
    },
  };
};

const ceilingName = values.pg
  ? `pgbench ${CALL === 'transfer' ? 'tpcb-like' : 'select-only'}`
  : 'bare Fastify route';
const ceiling = () =>
  values.pg
    ? pgbenchCeiling({
        mode: CALL === 'transfer' ? 'tpcb-like' : 'select-only',
        clients: CONNECTIONS,
        seconds: SECONDS,
      })
    : bareRouteCeiling({ connections: CONNECTIONS, seconds: SECONDS });

const run = async (runNo) => {
  const database = await benchDatabase(`http-${CALL}`, { pg: values.pg });
  const prepared = await prepare(database.env);
  // On PostgreSQL the server counts its round trips (bench/pg-round-trips.mjs), read while it is idle.
  const tripsFile = path.join(database.env.DATA_DIR, 'round-trips.txt');
  const server = await startServer(
    values.pg
      ? {
          ...database.env,
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${path.resolve(import.meta.dirname, 'pg-round-trips.mjs')}`,
          PG_ROUND_TRIPS_FILE: tripsFile,
        }
      : database.env,
  );
  const roundTrips = async () => {
    await new Promise((resolve) => setTimeout(resolve, 150));
    return values.pg ? Number(fs.readFileSync(tripsFile, 'utf8')) : NaN;
  };
  const request = requestOf(prepared);
  if (CALL !== 'transfer') await transferOnce(server.url, prepared);
  // A second of the same load first, unmeasured: the database pool opens its connections and every
  // cache fills, as on a server that has been up a while.
  await load({ url: server.url, connections: CONNECTIONS, seconds: 1, requests: [request] });
  const tripsBefore = await roundTrips();
  // The server's own CPU time per call: a figure that other load on the machine barely moves.
  const cpuBefore = server.cpuMs();
  const result = await load({
    url: server.url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests: [request],
  });
  const cpu = server.cpuMs() - cpuBefore;
  const tripsPer = ((await roundTrips()) - tripsBefore) / Math.max(1, result.total);
  await server.stop();
  await database.drop();
  const top = await ceiling();
  const cpuPer = (cpu * 1000) / Math.max(1, result.total);
  console.log(
    `${DB_NAME} ${CALL} run ${runNo}: ${Math.round(result.rate)} ${UNIT} (${result.ok} ok, ${result.non2xx} non-2xx, ${result.errors} errors), p50 ${result.p50} ms, p99 ${result.p99} ms, server CPU ${Math.round(cpuPer)} µs/call${values.pg ? `, ${tripsPer.toFixed(2)} round trips/call` : ''}; ${ceilingName} ${Math.round(top)}/s`,
  );
  return { rate: result.rate, p50: result.p50, p99: result.p99, cpuPer, tripsPer, ceiling: top };
};

if (!fs.existsSync(`${dist}/main.js`)) throw new Error('run `npm run build` first');
const runs = [];
for (let i = 1; i <= Number(values.runs); i++) runs.push(await run(i));
const m = medianOf(runs, 'rate');
console.log(
  `${DB_NAME} ${CALL} median (${CONNECTIONS} connections; ${m.which}): ${Math.round(m.rate)} ${UNIT}, p50 ${m.p50} ms, p99 ${m.p99} ms, server CPU ${Math.round(m.cpuPer)} µs/call${values.pg ? `, ${m.tripsPer.toFixed(2)} round trips/call` : ''}; ${ceilingName} ${Math.round(m.ceiling)}/s (ratio ${(m.rate / m.ceiling).toFixed(2)})${CALL === 'transfer' ? ' (target 3000/s)' : ''}`,
);
/** SQL statements per call: one call at a time on a server that counts them (bench/sql-stats.mjs). */
const countStatements = async () => {
  const database = await benchDatabase(`statements-${CALL}`, { pg: values.pg });
  const prepared = await prepare(database.env);
  const server = await startServer(database.env, { countStatements: true });
  const { setupRequest, ...request } = requestOf(prepared);
  const context = {};
  const call = async () => {
    const { method, path, headers, body } = setupRequest ? setupRequest(request, context) : request;
    const response = await fetch(server.url + path, { method, headers, body });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
  };
  try {
    return await statementsPerCall(server, call);
  } finally {
    await server.stop();
    await database.drop();
  }
};
const statements = await countStatements();
console.log(`${DB_NAME} ${CALL}: ${statements.toFixed(1)} SQL statements a call (one call at a time)`);

const names = { transfer: 'wallet transfer (HTTP)', balance: 'authenticated balance', games: 'game list' };
printResult(`ledger-http --call ${CALL}`, DB_NAME, [
  {
    name: names[CALL],
    value: m.rate,
    unit: UNIT,
    p99: m.p99,
    statements,
    ceiling: { name: ceilingName, value: m.ceiling, unit: values.pg ? 'tps' : 'req/s' },
  },
]);
