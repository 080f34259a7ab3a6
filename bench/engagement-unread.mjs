// bench/engagement-unread: the §7 CSP_unreadCount call's requests per second over HTTP against the
// real server (autocannon, 50 connections, one member per connection), beside two bare routes in the
// same run: the server's own /healthz (every hook, no database) and a bare Fastify route (on
// PostgreSQL, in place of the latter, pgbench select-only on the same cluster). Each
// member holds 60 inbox messages (a third unread) and the brand 30 broadcasts (each member has read
// half), so the count reads both sources (decision 0047). Run `npm run build` first.
//   node bench/engagement-unread.mjs [--seconds 10] [--connections 50] [--runs 3]
//   node scripts/with-postgres.mjs node bench/engagement-unread.mjs --pg   (ceiling: pgbench select-only)
import { parseArgs } from 'node:util';
import {
  bareRouteCeiling,
  benchDatabase,
  createFundedMembers,
  databaseName,
  dist,
  load as loadRun,
  medianOf,
  memberSessions,
  openDb,
  pgbenchCeiling,
  printMachine,
  printResult,
  startServer,
} from './support.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
    pg: { type: 'boolean', default: false },
  },
});
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const DB_NAME = databaseName(values.pg);
printMachine();

const { sendBroadcast } = await import(`${dist}/modules/messages/inbox.js`);
const ledger = await import(`${dist}/modules/wallet/ledger.js`);

/** Members with sessions and full inboxes, written before the server starts. */
const prepare = async (env) => {
  const { db, close, config } = await openDb(env);
  const merchant = await db.selectFrom('merchant').select('id').executeTakeFirstOrThrow();
  const members = await createFundedMembers(db, ledger, merchant.id, CONNECTIONS, { amount: 1 });
  const later = new Date(Date.now() + 1_000);
  const broadcasts = [];
  for (let b = 0; b < 30; b++)
    broadcasts.push(
      await sendBroadcast(db, merchant.id, { audience: 'ALL', title: `B${b}`, content: 'x' }, 'bench', later),
    );
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
  }
  const tokens = await memberSessions(db, config, merchant.id, members);
  await close();
  return tokens;
};

const load = (url, setup) => loadRun({ url, connections: CONNECTIONS, seconds: SECONDS, requests: [setup] });

const run = async (runNo) => {
  const database = await benchDatabase('unread', { pg: values.pg });
  const tokens = await prepare(database.env);
  const server = await startServer(database.env);
  const { url } = server;
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
  await server.stop();
  await database.drop();
  // The ceiling: a bare Fastify route on SQLite; pgbench select-only on the same cluster on PostgreSQL.
  const bare = values.pg
    ? await pgbenchCeiling({ mode: 'select-only', clients: CONNECTIONS, seconds: SECONDS })
    : await bareRouteCeiling({
        connections: CONNECTIONS,
        seconds: SECONDS,
        reply: { success: true, value: { count: 1 } },
      });
  const { rate } = unread;
  const healthRate = health.rate;
  console.log(
    `${DB_NAME} run ${runNo}: CSP_unreadCount ${Math.round(rate)} req/s (${wrong} wrong, ${unread.non2xx} non-2xx, ${unread.errors} errors), p50 ${unread.p50} ms, p99 ${unread.p99} ms; server /healthz ${Math.round(healthRate)} req/s; ${CEILING} ${Math.round(bare)}/s`,
  );
  return { rate, healthRate, bare, p99: unread.p99 };
};
const CEILING = values.pg ? 'pgbench select-only' : 'bare Fastify';

const runs = [];
for (let i = 1; i <= Number(values.runs); i++) runs.push(await run(i));
const { rate, healthRate, bare, p99, which } = medianOf(runs, 'rate');
console.log(
  `${DB_NAME} median (${which}): CSP_unreadCount ${Math.round(rate)} req/s = ${Math.round((100 * rate) / healthRate)} % of the server's /healthz (${Math.round(healthRate)} req/s), ${Math.round((100 * rate) / bare)} % of ${values.pg ? 'pgbench select-only' : 'a bare Fastify route'} (${Math.round(bare)}/s)`,
);
printResult('engagement-unread', DB_NAME, [
  {
    name: 'unread count',
    value: rate,
    unit: 'req/s',
    p99,
    ceiling: { name: CEILING, value: bare, unit: values.pg ? 'tps' : 'req/s' },
  },
  { name: 'server /healthz', value: healthRate, unit: 'req/s' },
]);
