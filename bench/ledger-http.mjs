// bench/ledger-http: wallet transfers per second over HTTP against the real server (autocannon,
// 50 connections), with p50/p99 latency. Each request is a real GCS_walletTransfer: token check,
// idempotency key, ledger post, balances answer. Run `npm run build` first.
//   node bench/ledger-http.mjs [--seconds 10] [--connections 50] [--runs 3]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'apps/server/dist');
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
  },
});
const CONNECTIONS = Number(values.connections);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const { loadConfig } = await import(`${dist}/platform/config.js`);
const { openAndPrepareDb } = await import(`${dist}/boot.js`);
const { loadSecrets } = await import(`${dist}/platform/secrets.js`);
const { createSession } = await import(`${dist}/modules/accounts/sessions.js`);
const { getAuthSettings } = await import(`${dist}/modules/accounts/settings.js`);
const { listTransferVendors } = await import(`${dist}/modules/games/service.js`);
const ledger = await import(`${dist}/modules/wallet/ledger.js`);
const { createFundedMembers } = await import('../scripts/funded-members.mjs');

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Members with sessions and funded main wallets, written before the server starts. */
const prepare = async (dir) => {
  const env = { DATA_DIR: dir, DATABASE_URL: `sqlite:${dir}/site.db`, LOG_LEVEL: 'silent' };
  const config = loadConfig(env);
  const secrets = loadSecrets(config);
  const { db, close } = await openAndPrepareDb(config);
  const merchant = await db.selectFrom('merchant').select('id').executeTakeFirstOrThrow();
  const settings = await getAuthSettings(db, merchant.id);
  const vendor = (await listTransferVendors(db, merchant.id))[0].code;
  const tokens = [];
  for (const { id } of await createFundedMembers(db, ledger, merchant.id, CONNECTIONS)) {
    tokens.push(
      await createSession(db, secrets, {
        merchantId: merchant.id,
        memberId: id,
        site: 'MEMBER',
        method: 'PASSWORD',
        ip: '127.0.0.1',
        userAgent: 'bench',
        settings,
      }),
    );
  }
  await close();
  return { env, tokens, vendor };
};

const run = async (runNo) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-bench-http-'));
  const { env, tokens, vendor } = await prepare(dir);
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [...(process.env.PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), path.join(dist, 'main.js')],
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST: path.join(dir, 'none'),
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
  // The server's own CPU time per transfer: a figure that other load on the machine barely moves.
  const cpuMs = () => {
    const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  };
  const cpuBefore = cpuMs();
  let seq = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: Number(values.seconds),
    requests: [
      {
        method: 'POST',
        path: '/wps/relay/GCS_walletTransfer',
        setupRequest: (request, context) => {
          const n = seq++;
          // One member per connection, alternating in and out, so every transfer is affordable.
          context.token ??= tokens[n % tokens.length];
          context.turn = (context.turn ?? -1) + 1;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${context.token}`,
              'idempotency-key': `k${n}`,
            },
            body: JSON.stringify({
              direction: context.turn % 2 === 0 ? 'IN' : 'OUT',
              vassalage: vendor,
              amount: 100,
            }),
          };
        },
      },
    ],
  });
  const cpu = cpuMs() - cpuBefore;
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dir, { recursive: true, force: true });
  const ok = result['2xx'];
  const rate = ok / Number(values.seconds);
  const cpuPer = (cpu * 1000) / Math.max(1, result.requests.total);
  console.log(
    `HTTP run ${runNo}: ${Math.round(rate)} transfers/s (${ok} ok, ${result.non2xx} non-2xx, ${result.errors} errors), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, server CPU ${Math.round(cpuPer)} µs/transfer`,
  );
  return { rate, p50: result.latency.p50, p99: result.latency.p99, cpuPer };
};

const runs = [];
for (let i = 1; i <= Number(values.runs); i++) runs.push(await run(i));
console.log(
  `HTTP median (${CONNECTIONS} connections): ${Math.round(median(runs.map((r) => r.rate)))} transfers/s, p50 ${median(runs.map((r) => r.p50))} ms, p99 ${median(runs.map((r) => r.p99))} ms, server CPU ${Math.round(median(runs.map((r) => r.cpuPer)))} µs/transfer (target 3000/s)`,
);
