// bench/lottery-settle: the time to settle one draw's bets (issue 11: 1,000,000 bets under 10 s on
// SQLite), on the built code (`npm run build` first). The bets (a mix of đề, bao lô 2 and xiên 2
// slips from 1,000 members) are written straight into a fresh database with their betting records;
// then `settleDraw` settles them in batches, as the lottery job does. Beside it, a ceiling measured in
// the same run: one prepared UPDATE by primary key per bet, in one transaction, on a bare table.
//   node bench/lottery-settle.mjs [--bets 1000000] [--batch 10000]
//   node scripts/with-postgres.mjs node bench/lottery-settle.mjs --pg [--bets 200000]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'apps/server/dist');
const { values } = parseArgs({
  options: {
    bets: { type: 'string', default: '1000000' },
    batch: { type: 'string', default: '10000' },
    pg: { type: 'boolean', default: false },
  },
});
const BETS = Number(values.bets);
const BATCH = Number(values.batch);
console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);

const { loadConfig } = await import(`${dist}/platform/config.js`);
const { openAndPrepareDb } = await import(`${dist}/boot.js`);
const ledger = await import(`${dist}/modules/wallet/ledger.js`);
const draws = await import(`${dist}/modules/lottery/draws.js`);
const { DEMO_ODDS, slipCost } = await import(`${dist}/modules/lottery/bet-types.js`);
const { fairDraw } = await import(`${dist}/modules/lottery/fair-draw.js`);
const { XSMB } = await import(`${dist}/modules/lottery/structures.js`);
const { createFundedMembers } = await import('../scripts/funded-members.mjs');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-bench-lottery-'));
let databaseUrl = `sqlite:${dir}/site.db`;
if (values.pg) {
  const base = process.env.TEST_POSTGRES_URL;
  if (!base) throw new Error('--pg runs under scripts/with-postgres.mjs (TEST_POSTGRES_URL)');
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query('create database bench_lottery');
  await admin.end();
  const url = new URL(base);
  url.pathname = '/bench_lottery';
  databaseUrl = url.toString();
}
const secret = randomBytes(32).toString('hex');
const config = loadConfig({
  DATA_DIR: dir,
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'silent',
  SESSION_SECRET: secret,
});
const { db, close } = await openAndPrepareDb(config);
const merchant = await db.selectFrom('merchant').select(['id', 'code']).executeTakeFirstOrThrow();
const members = await createFundedMembers(db, ledger, merchant.id, 1_000, { prefix: 'lsb' });

const now = Date.now();
const draw = await draws.createDraw(db, secret, {
  vendorCode: 'JADE_ELOTT',
  gameId: 'LOTTO_1M',
  drawNo: 'BENCH-1',
  structure: 'XSMB',
  source: 'OPERATOR',
  opensAt: new Date(now - 120_000),
  closesAt: new Date(now - 60_000),
  drawsAt: new Date(now - 60_000),
});

// A deterministic mix of slips.
let seed = 20261124;
const next = (n) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed % n;
};
const two = () => String(next(100)).padStart(2, '0');
const slipAt = () => {
  const kind = next(10);
  if (kind < 5) return { type: 'DE', numbers: [two()], stake: 100 * (1 + next(10)) };
  if (kind < 9) return { type: 'LO2', numbers: [two()], stake: 100 };
  const a = two();
  let b = two();
  while (b === a) b = two();
  return { type: 'XIEN2', numbers: [a, b], stake: 1_000 };
};

console.log(`writing ${BETS.toLocaleString('en-US')} bets (${values.pg ? 'PostgreSQL' : 'SQLite'}) …`);
const placedAt = new Date(now - 90_000).toISOString();
// Each bet keeps its betting record's id, as placing one does.
const { top } = await db
  .selectFrom('bet_record')
  .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('top'))
  .executeTakeFirstOrThrow();
const recordBase = Number(top);
const rows = (from, to) => {
  const bets = [];
  const records = [];
  for (let i = from; i < to; i++) {
    const slip = slipAt();
    const member = members[i % members.length];
    const cost = slipCost(XSMB, slip);
    bets.push({
      id: i + 1,
      merchant_id: merchant.id,
      member_id: member.id,
      draw_id: draw.id,
      bet_type: slip.type,
      numbers: JSON.stringify(slip.numbers),
      stake: slip.stake,
      cost,
      payout: 0,
      status: 'OPEN',
      request_key: `bench-${i}`,
      placed_at: placedAt,
      settled_at: null,
      record_id: recordBase + i + 1,
    });
    records.push({
      id: recordBase + i + 1,
      merchant_id: merchant.id,
      member_id: member.id,
      vendor_code: 'JADE_ELOTT',
      game_id: 'LOTTO_1M',
      category: 'ELOTT',
      round_id: `LOTTO_1M:BENCH-1:${i + 1}`,
      stake: cost,
      valid_bet: 0,
      payout: 0,
      win_loss: -cost,
      status: 'OPEN',
      placed_at: placedAt,
      settled_at: null,
      settled_day: null,
    });
  }
  return { bets, records };
};
const CHUNK = values.pg ? 1_000 : 500;
for (let from = 0; from < BETS; from += CHUNK * 20) {
  await db.transaction().execute(async (trx) => {
    for (let at = from; at < Math.min(from + CHUNK * 20, BETS); at += CHUNK) {
      const { bets, records } = rows(at, Math.min(at + CHUNK, BETS));
      await trx.insertInto('bet_record').values(records).execute();
      await trx.insertInto('lottery_bet').values(bets).execute();
    }
  });
}

// PostgreSQL plans from table statistics, which autovacuum gathers soon after a burst of writes; the
// bench's burst is seconds old, so it gathers them itself, as a database taking bets all day has them.
if (values.pg) await sql`analyze`.execute(db);

const result = fairDraw(XSMB, 'bench seed', 'bench');
await draws.drawResult(db, secret, draw.id, result, new Date());
console.log('settling …');
const started = process.hrtime.bigint();
const settled = await draws.settleDraw(db, draw.id, () => DEMO_ODDS, { batchSize: BATCH });
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const { ok } = await ledger.checkInvariants(db);
await close();

let ceiling = '';
if (!values.pg) {
  // The ceiling: one prepared UPDATE by primary key per bet, in one transaction, on a bare table.
  const bare = new SQLite(path.join(dir, 'bare.db'));
  bare.pragma('journal_mode = WAL');
  bare.exec('create table t (id integer primary key, status text, payout integer)');
  const insert = bare.prepare('insert into t (id, status, payout) values (?, ?, 0)');
  bare.transaction(() => {
    for (let i = 1; i <= BETS; i++) insert.run(i, 'OPEN');
  })();
  const update = bare.prepare("update t set status = 'LOST', payout = ? where id = ? and status = 'OPEN'");
  const t0 = process.hrtime.bigint();
  bare.transaction(() => {
    for (let i = 1; i <= BETS; i++) update.run(0, i);
  })();
  const bareSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  bare.close();
  ceiling = `; a bare prepared UPDATE per row: ${bareSeconds.toFixed(2)} s (settlement is ${(seconds / bareSeconds).toFixed(1)} × that)`;
}
fs.rmSync(dir, { recursive: true, force: true });
console.log(
  `${values.pg ? 'PostgreSQL' : 'SQLite'}: settled ${settled.settled.toLocaleString('en-US')} bets (${settled.paid.toLocaleString('en-US')} paid) in ${seconds.toFixed(2)} s = ${Math.round(settled.settled / seconds).toLocaleString('en-US')} bets/s (target: 1,000,000 in under 10 s on SQLite)${ceiling}; ledger invariants ${ok ? 'hold' : 'BROKEN'}`,
);
if (!ok) process.exitCode = 1;
