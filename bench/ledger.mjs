// bench/ledger: transfers per second through the ledger, in-process on SQLite and over HTTP.
//   node bench/ledger.mjs [--transfers 20000] [--http-seconds 10] [--connections 50] [--runs 3]
// Builds nothing: run `npm run build` first (npm run bench:ledger does both).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'apps/server/dist');
const { values } = parseArgs({
  options: {
    transfers: { type: 'string', default: '20000' },
    'http-seconds': { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
    'skip-http': { type: 'boolean', default: false },
  },
});
const TRANSFERS = Number(values.transfers);
const RUNS = Number(values.runs);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const { loadConfig } = await import(`${dist}/platform/config.js`);
const { openAndPrepareDb } = await import(`${dist}/boot.js`);
const ledger = await import(`${dist}/modules/wallet/ledger.js`);
const { createFundedMembers } = await import('../scripts/funded-members.mjs');

const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(`machine: ${machine}`);

/** In-process: many transfers in flight at once between 100 member wallets funded from the house. */
const inProcess = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-bench-'));
  const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: `sqlite:${dir}/site.db`, LOG_LEVEL: 'silent' });
  const { db, close } = await openAndPrepareDb(config);
  if (process.env.SYNC) {
    const { sql } = await import('kysely');
    await sql.raw(`pragma synchronous = ${process.env.SYNC}`).execute(db);
  }
  const merchant = await db.selectFrom('merchant').select('id').executeTakeFirstOrThrow();
  const wallets = (await createFundedMembers(db, ledger, merchant.id, 100)).map((m) => m.main);
  const started = process.hrtime.bigint();
  const inFlight = 64;
  let next = 0;
  const worker = async () => {
    while (next < TRANSFERS) {
      const n = next++;
      const from = wallets[n % wallets.length];
      const to = wallets[(n * 7 + 1) % wallets.length];
      if (from === to) continue;
      await ledger.postTransfer(db, {
        merchantId: merchant.id,
        idempotencyKey: `t-${n}`,
        kind: 'TRANSFER',
        debitAccountId: from,
        creditAccountId: to,
        amount: 1 + (n % 500),
      });
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const invariants = await ledger.checkInvariants(db);
  await close();
  fs.rmSync(dir, { recursive: true, force: true });
  if (!invariants.ok) throw new Error(`invariants broken: ${JSON.stringify(invariants)}`);
  return TRANSFERS / seconds;
};

const results = [];
for (let run = 1; run <= RUNS; run++) {
  const rate = await inProcess();
  results.push(rate);
  console.log(`in-process SQLite run ${run}: ${Math.round(rate)} transfers/s`);
}
console.log(`in-process SQLite median: ${Math.round(median(results))} transfers/s (target 10000)`);

if (!values['skip-http']) {
  const script = path.join(root, 'bench/ledger-http.mjs');
  if (fs.existsSync(script)) {
    await new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          script,
          '--seconds',
          values['http-seconds'],
          '--connections',
          values.connections,
          '--runs',
          values.runs,
        ],
        { stdio: 'inherit' },
      );
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ledger-http exited ${code}`))));
    });
  } else {
    console.log('HTTP figure: bench/ledger-http.mjs not present yet');
  }
}
