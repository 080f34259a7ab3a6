// Crash test of the ledger (issue 5): a transfer load against the real server, killed with SIGKILL
// at random moments and restarted, again and again. Afterwards the ledger's invariants hold, every
// transfer acknowledged to a client is in the ledger exactly once with its amount, and a retry of
// an acknowledged request (same idempotency key) gets the same answer and moves nothing.
//   node scripts/ledger-crash.mjs [--kills 20]        (needs `npm run build` first)
import { spawn } from 'node:child_process';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'apps/server/dist');
const { values } = parseArgs({ options: { kills: { type: 'string', default: '20' } } });
const KILLS = Number(values.kills);
const MEMBERS = 8;
const WORKERS = 16;

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const fail = (message) => {
  console.error(`ledger crash test FAILED: ${message}`);
  process.exit(1);
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-crash-'));
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: `sqlite:${path.join(dataDir, 'site.db')}`,
  WEB_DIST: path.join(dataDir, 'none'),
  // The ledger is what is tested: no game studio beside each server that is killed.
  STUDIO_PORT: '0',
};

const { loadConfig } = await import(`${dist}/platform/config.js`);
const { openAndPrepareDb } = await import(`${dist}/boot.js`);
const { openDb } = await import(`${dist}/platform/db/index.js`);
const { loadSecrets } = await import(`${dist}/platform/secrets.js`);
const { createSession } = await import(`${dist}/modules/accounts/sessions.js`);
const { getAuthSettings } = await import(`${dist}/modules/accounts/settings.js`);
const { listTransferVendors } = await import(`${dist}/modules/games/service.js`);
const ledger = await import(`${dist}/modules/wallet/ledger.js`);
const { createFundedMembers } = await import('./funded-members.mjs');

// Members with sessions and funded wallets, written before the first start.
const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
const secrets = loadSecrets(config);
const prepared = await openAndPrepareDb(config);
const merchant = await prepared.db.selectFrom('merchant').select('id').executeTakeFirstOrThrow();
const settings = { ...(await getAuthSettings(prepared.db, merchant.id)), sessionIdleMinutes: 600 };
const vendor = (await listTransferVendors(prepared.db, merchant.id))[0].code;
const tokens = [];
for (const { id } of await createFundedMembers(prepared.db, ledger, merchant.id, MEMBERS, {
  prefix: 'crash',
  amount: 100_000_000,
})) {
  tokens.push(
    await createSession(prepared.db, secrets, {
      merchantId: merchant.id,
      memberId: id,
      site: 'MEMBER',
      method: 'PASSWORD',
      ip: '127.0.0.1',
      userAgent: 'crash',
      settings,
    }),
  );
}
await prepared.close();

const startServer = async (port) => {
  const child = spawn(process.execPath, [path.join(dist, 'main.js')], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'fatal' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  child.kill('SIGKILL');
  fail('the server did not start');
};

const transfer = (port, token, key, n) =>
  fetch(`http://127.0.0.1:${port}/wps/relay/GCS_walletTransfer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
    body: JSON.stringify({ direction: n % 3 === 2 ? 'OUT' : 'IN', vassalage: vendor, amount: 1 + (n % 997) }),
    signal: AbortSignal.timeout(5000),
  });

const acks = [];
let seq = 0;
for (let round = 1; round <= KILLS; round++) {
  const port = await freePort();
  const child = await startServer(port);
  let alive = true;
  const worker = async (w) => {
    while (alive) {
      const n = seq++;
      const token = tokens[w % tokens.length];
      const key = `crash-${n}`;
      try {
        const response = await transfer(port, token, key, n);
        const body = await response.json();
        if (response.status === 200)
          acks.push({
            n,
            key,
            token,
            body,
            ids: body.value.transfers.map((t) => t.id),
            amount: 1 + (n % 997),
          });
      } catch {
        // The server died under this request: nothing was acknowledged, so nothing is promised.
      }
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
  await new Promise((r) => setTimeout(r, 150 + Math.random() * 450));
  child.kill('SIGKILL');
  alive = false;
  await Promise.all(workers);
  await new Promise((r) =>
    child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', r),
  );
  process.stdout.write(`kill ${round}/${KILLS}: ${acks.length} acknowledged so far\n`);
}
if (acks.length < KILLS * 10) fail(`only ${acks.length} transfers were acknowledged`);

// After one more restart, a retry of an acknowledged request answers the same and moves nothing.
const port = await freePort();
const child = await startServer(port);
const sample = acks.filter((_, i) => i % Math.max(1, Math.floor(acks.length / 50)) === 0);
for (const ack of sample) {
  const retry = await transfer(port, ack.token, ack.key, ack.n);
  const body = await retry.json();
  if (!isDeepStrictEqual(body, ack.body))
    fail(`retry of ${ack.key} answered ${JSON.stringify(body)}, first answer ${JSON.stringify(ack.body)}`);
}
child.kill('SIGKILL');
await new Promise((r) => child.once('exit', r));

const { db, close } = openDb(env.DATABASE_URL);
const invariants = await ledger.checkInvariants(db);
if (!invariants.ok) fail(`invariants broken: ${JSON.stringify(invariants)}`);
const stored = new Map(
  (
    await db
      .selectFrom('ledger_transfer')
      .select(['id', 'amount'])
      .where('kind', 'in', ['WALLET_IN', 'WALLET_OUT'])
      .execute()
  ).map((t) => [t.id, t.amount]),
);
await close();
const ids = acks.flatMap((a) => a.ids);
if (new Set(ids).size !== ids.length) fail('two acknowledgements name the same transfer');
for (const ack of acks)
  for (const id of ack.ids)
    if (stored.get(id) !== ack.amount) fail(`acknowledged transfer ${id} (${ack.key}) is not in the ledger`);
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  `ledger crash test: ${KILLS} SIGKILLs, ${acks.length} acknowledged transfers all in the ledger (${stored.size} stored), ${sample.length} retries answered identically, invariants hold`,
);
console.log('crash: 1 passed, 0 failed');
