// bench/engagement-unread: the §7 CSP_unreadCount call's requests per second over HTTP against the
// real server (autocannon, 50 connections, one member per connection), beside two bare routes in the
// same run: the server's own /healthz (every hook, no database) and a bare Fastify route. Each
// member holds 60 inbox messages (a third unread) and the brand 30 broadcasts (each member has read
// half), so the count reads both sources (decision 0047). Run `npm run build` first.
//   node bench/engagement-unread.mjs [--seconds 10] [--connections 50] [--runs 3]
import { spawn } from 'node:child_process';
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
  },
});
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);

const { loadConfig } = await import(`${dist}/platform/config.js`);
const { openAndPrepareDb } = await import(`${dist}/boot.js`);
const { loadSecrets } = await import(`${dist}/platform/secrets.js`);
const { createSession } = await import(`${dist}/modules/accounts/sessions.js`);
const { getAuthSettings } = await import(`${dist}/modules/accounts/settings.js`);
const { sendBroadcast } = await import(`${dist}/modules/messages/inbox.js`);
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

/** Members with sessions and full inboxes, written before the server starts. */
const prepare = async (dir) => {
  const env = { DATA_DIR: dir, DATABASE_URL: `sqlite:${dir}/site.db`, LOG_LEVEL: 'silent' };
  const config = loadConfig(env);
  const secrets = loadSecrets(config);
  const { db, close } = await openAndPrepareDb(config);
  const merchant = await db.selectFrom('merchant').select('id').executeTakeFirstOrThrow();
  const settings = await getAuthSettings(db, merchant.id);
  const members = await createFundedMembers(db, ledger, merchant.id, CONNECTIONS, { amount: 1 });
  const later = new Date(Date.now() + 1_000);
  const broadcasts = [];
  for (let b = 0; b < 30; b++)
    broadcasts.push(
      await sendBroadcast(db, merchant.id, { audience: 'ALL', title: `B${b}`, content: 'x' }, 'bench', later),
    );
  const tokens = [];
  for (const { id } of members) {
    const at = later.toISOString();
    await db
      .insertInto('inbox_message')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          merchant_id: merchant.id,
          member_id: id,
          type: 'PLATFORM',
          template: 'DEPOSIT_APPROVED',
          params: JSON.stringify({ id: i, amount: 100 }),
          title: '',
          content: '',
          broadcast_id: null,
          sent_by: null,
          created_at: at,
          read_at: i % 3 === 0 ? null : at,
        })),
      )
      .execute();
    await db
      .insertInto('inbox_broadcast_read')
      .values(
        broadcasts
          .slice(0, 15)
          .map((b) => ({ broadcast_id: Number(b.id.slice(1)), member_id: id, read_at: at })),
      )
      .execute();
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
  return { env, tokens };
};

const load = (url, setup) =>
  autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests: [setup] });

/** The ceiling: a bare Fastify POST route answering JSON, under the same load. */
const bareFastify = async () => {
  const app = Fastify();
  app.post('/x', async () => ({ success: true, value: { count: 1 } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const result = await load(`http://127.0.0.1:${app.server.address().port}/x`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  await app.close();
  return result['2xx'] / SECONDS;
};

const run = async (runNo) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-bench-unread-'));
  const { env, tokens } = await prepare(dir);
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(dist, 'main.js')], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: path.join(dir, 'none'),
      STUDIO_PORT: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      if (i > 200) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  // The count each member should see: 20 of their own and 15 broadcasts unread.
  const check = await fetch(`${url}/wps/relay/CSP_unreadCount`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
    body: '{}',
  }).then((r) => r.json());
  if (check.value?.count !== 35) throw new Error(`unexpected count: ${JSON.stringify(check)}`);
  let seq = 0;
  let wrong = 0;
  const unread = await load(url, {
    method: 'POST',
    path: '/wps/relay/CSP_unreadCount',
    setupRequest: (request, context) => {
      context.token ??= tokens[seq++ % tokens.length];
      return {
        ...request,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}` },
        body: '{}',
      };
    },
    onResponse: (status, body) => {
      if (status !== 200 || !body.includes('"count":35')) wrong++;
    },
  });
  const health = await load(url, { method: 'GET', path: '/healthz' });
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dir, { recursive: true, force: true });
  const bare = await bareFastify();
  const rate = unread['2xx'] / SECONDS;
  const healthRate = health['2xx'] / SECONDS;
  console.log(
    `run ${runNo}: CSP_unreadCount ${Math.round(rate)} req/s (${wrong} wrong, ${unread.non2xx} non-2xx, ${unread.errors} errors), p50 ${unread.latency.p50} ms, p99 ${unread.latency.p99} ms; server /healthz ${Math.round(healthRate)} req/s; bare Fastify ${Math.round(bare)} req/s`,
  );
  return { rate, healthRate, bare, p99: unread.latency.p99 };
};

const runs = [];
for (let i = 1; i <= Number(values.runs); i++) runs.push(await run(i));
const rate = median(runs.map((r) => r.rate));
const healthRate = median(runs.map((r) => r.healthRate));
const bare = median(runs.map((r) => r.bare));
console.log(
  `median of ${runs.length}: CSP_unreadCount ${Math.round(rate)} req/s = ${Math.round((100 * rate) / healthRate)} % of the server's /healthz (${Math.round(healthRate)} req/s), ${Math.round((100 * rate) / bare)} % of a bare Fastify route (${Math.round(bare)} req/s)`,
);
