// bench/ledger: transfers per second through the ledger, in-process and over HTTP
// (bench/ledger-http.mjs), beside the database's own rate measured in the same run: SQLite's
// single-row insert rate (64 a commit, as the ledger's group commit puts 64 transfers in flight in
// one), or pgbench tpcb-like on the same PostgreSQL cluster.
//   node bench/ledger.mjs [--transfers 20000] [--http-seconds 10] [--connections 50] [--runs 3] [--skip-http]
//   node scripts/with-postgres.mjs node bench/ledger.mjs --pg ...
// Builds nothing: run `npm run build` first (npm run bench:ledger does both).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  benchDatabase,
  createFundedMembers,
  databaseName,
  dist,
  median,
  openDb,
  pgbenchCeiling,
  printMachine,
  printResult,
  root,
  sqliteInsertCeiling,
} from './support.mjs';

const { values } = parseArgs({
  options: {
    transfers: { type: 'string', default: '20000' },
    'http-seconds': { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
    'skip-http': { type: 'boolean', default: false },
    pg: { type: 'boolean', default: false },
  },
});
const TRANSFERS = Number(values.transfers);
const RUNS = Number(values.runs);
const DB_NAME = databaseName(values.pg);
const IN_FLIGHT = 64;

const ledger = await import(`${dist}/modules/wallet/ledger.js`);
printMachine();

/** In-process: many transfers in flight at once between 100 member wallets funded from the house. */
const inProcess = async () => {
  const database = await benchDatabase('ledger', { pg: values.pg });
  const { db, close } = await openDb(database.env);
  if (process.env.SYNC && !values.pg) {
    const { sql } = await import('kysely');
    await sql.raw(`pragma synchronous = ${process.env.SYNC}`).execute(db);
  }
  const merchant = await db.selectFrom('merchant').select('id').executeTakeFirstOrThrow();
  const wallets = (await createFundedMembers(db, ledger, merchant.id, 100)).map((m) => m.main);
  const started = process.hrtime.bigint();
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
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const invariants = await ledger.checkInvariants(db);
  await close();
  await database.drop();
  if (!invariants.ok) throw new Error(`invariants broken: ${JSON.stringify(invariants)}`);
  return TRANSFERS / seconds;
};

/**
 * The ceiling beside it: SQLite's single-row insert rate, as many a commit as transfers are in flight
 * (the most the group commit puts in one), or pgbench tpcb-like with as many clients.
 */
const ceilingName = values.pg ? 'pgbench tpcb-like' : `SQLite single-row inserts, ${IN_FLIGHT} a commit`;
const ceiling = () =>
  values.pg
    ? pgbenchCeiling({ mode: 'tpcb-like', clients: IN_FLIGHT, seconds: 5 })
    : sqliteInsertCeiling({ perCommit: IN_FLIGHT });

const results = [];
const ceilings = [];
for (let run = 1; run <= RUNS; run++) {
  const rate = await inProcess();
  const top = await ceiling();
  results.push(rate);
  ceilings.push(top);
  console.log(
    `in-process ${DB_NAME} run ${run}: ${Math.round(rate)} transfers/s; ${ceilingName} ${Math.round(top)}/s`,
  );
}
const rate = median(results).value;
const top = median(ceilings).value;
console.log(
  `in-process ${DB_NAME} median: ${Math.round(rate)} transfers/s (target 10000); ${ceilingName} ${Math.round(top)}/s (ratio ${(rate / top).toFixed(2)})`,
);
printResult('ledger', DB_NAME, [
  {
    name: 'ledger transfers in-process',
    value: rate,
    unit: 'transfers/s',
    ceiling: { name: ceilingName, value: top, unit: values.pg ? 'tps' : 'rows/s' },
  },
]);

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
          ...(values.pg ? ['--pg'] : []),
        ],
        { stdio: 'inherit' },
      );
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ledger-http exited ${code}`))));
    });
  } else {
    console.log('HTTP figure: bench/ledger-http.mjs not present yet');
  }
}
