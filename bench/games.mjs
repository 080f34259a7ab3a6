// bench/games: the two figures of the games issue, on the built code (`npm run build` first).
//  1. Seamless debit+credit pairs per second over HTTP against the real server (autocannon, 50
//     connections), each call signed (HMAC-SHA256 over method, path and raw body) and checked, with
//     p50/p99 latency, beside a bare Fastify route measured in the same run. Target: 2,000 pairs/s.
//  2. The Jade Fortune slot simulated for 10 million paid spins (free spins included): spins per
//     second, and the simulated return beside the exact one, with the simulation's 99.9 % confidence
//     interval. Target: 10 million spins in under 60 s; the two returns agree within the interval.
//   SQLSTAT=1 adds bench/sql-stats.mjs to the server (statement counts in /tmp/sqlstat.txt).
//   node bench/games.mjs [--seconds 10] [--connections 50] [--runs 3] [--spins 10000000] [--only http|slot]
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'apps/server/dist');
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
    spins: { type: 'string', default: '10000000' },
    only: { type: 'string' },
  },
});
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

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

/** Members with game sessions on JADE_STUDIO and funded main wallets, written before the server starts. */
const prepare = async (dir) => {
  const { loadConfig } = await import(`${dist}/platform/config.js`);
  const { openAndPrepareDb } = await import(`${dist}/boot.js`);
  const { setVendorConnection } = await import(`${dist}/modules/vendors/connections.js`);
  const { openGameSession } = await import(`${dist}/modules/vendors/game-sessions.js`);
  const { redeemLaunchCode } = await import(`${dist}/modules/vendors/game-sessions.js`);
  const ledger = await import(`${dist}/modules/wallet/ledger.js`);
  const { createFundedMembers } = await import('../scripts/funded-members.mjs');
  const sessionSecret = randomBytes(32).toString('hex');
  const env = {
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${dir}/site.db`,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: sessionSecret,
  };
  const config = loadConfig(env);
  const { db, close } = await openAndPrepareDb(config);
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
  for (const { id } of await createFundedMembers(db, ledger, merchant.id, CONNECTIONS)) {
    const { launchCode } = await openGameSession(db, sessionSecret, {
      merchantId: merchant.id,
      memberId: id,
      vendorCode: 'JADE_STUDIO',
      gameId: 'JADE_FORTUNE',
    });
    const { token } = await redeemLaunchCode(db, sessionSecret, {
      merchantId: merchant.id,
      vendorCode: 'JADE_STUDIO',
      launchCode,
    });
    players.push({ token, player: String(id) });
  }
  await close();
  return { env, players, secret, merchant };
};

/** The ceiling: a bare Fastify POST route answering JSON, under the same load. */
const bareFastify = async () => {
  const app = Fastify();
  app.post('/x', async () => ({ status: 'OK', balance: 1 }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const result = await autocannon({
    url: `http://127.0.0.1:${app.server.address().port}/x`,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"a":1}',
  });
  await app.close();
  return result['2xx'] / SECONDS;
};

const runHttp = async (runNo) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-bench-games-'));
  const { env, players, secret, merchant } = await prepare(dir);
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [
      ...(process.env.PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/gprof'] : []),
      ...(process.env.SQLSTAT ? ['--import', path.join(root, 'bench/sql-stats.mjs')] : []),
      path.join(dist, 'main.js'),
    ],
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST: path.join(dir, 'none'),
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
      if (i > 200) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const base = `/gw/wallet/${merchant.code}/JADE_STUDIO`;
  let seq = 0;
  let refused = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
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
            amount: 200,
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
            amount: 190,
          });
          return { ...request, headers: sign(secret, `${base}/credit`, body), body };
        },
        onResponse: (status, body) => {
          if (status !== 200 || !body.includes('"OK"')) refused++;
        },
      },
    ],
  });
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dir, { recursive: true, force: true });
  const pairs = result['2xx'] / 2 / SECONDS;
  const bare = await bareFastify();
  console.log(
    `HTTP run ${runNo}: ${Math.round(pairs)} debit+credit pairs/s (${result['2xx']} calls ok, ${refused} not OK, ${result.non2xx} non-2xx, ${result.errors} errors), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; bare Fastify ${Math.round(bare)} req/s`,
  );
  return { pairs, p50: result.latency.p50, p99: result.latency.p99, bare };
};

if (values.only !== 'slot') {
  const runs = [];
  for (let i = 1; i <= Number(values.runs); i++) runs.push(await runHttp(i));
  const pairs = median(runs.map((r) => r.pairs));
  const bare = median(runs.map((r) => r.bare));
  console.log(
    `HTTP median (${CONNECTIONS} connections): ${Math.round(pairs)} pairs/s (${Math.round(pairs * 2)} signed calls/s, ${((pairs * 2 * 100) / bare).toFixed(1)} % of a bare Fastify route's ${Math.round(bare)} req/s), p50 ${median(runs.map((r) => r.p50))} ms, p99 ${median(runs.map((r) => r.p99))} ms (target 2000 pairs/s)`,
  );
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
}
