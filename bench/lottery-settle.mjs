// bench/lottery-settle: the time to settle one draw's bets (issue 11: 1,000,000 bets under 10 s on
// SQLite), on the built code (`npm run build` first). The bets (a mix of đề, bao lô 2 and xiên 2
// slips from 1,000 members) are written straight into a fresh database with their betting records;
// then `settleDraw` settles them in batches, as the lottery job does. Beside it, a ceiling measured in
// the same run: one prepared UPDATE by primary key per bet, in one transaction, on a bare table (on
// PostgreSQL: a batch of ids an UPDATE, a commit a batch). A bare table's update is a HOT update that
// touches no index; settlement rewrites each bet and its record with every index entry, so on
// PostgreSQL a second ceiling does that alone: the two UPDATEs on copies of both tables.
// The batch is settlement's own by default (decision 0079: 50,000 bets on PostgreSQL, 10,000 on SQLite),
// and the bare ceiling commits a batch of the same size.
//   node bench/lottery-settle.mjs [--bets 1000000] [--batch 10000]
//   node scripts/with-postgres.mjs node bench/lottery-settle.mjs --pg [--bets 200000] [--workers 2]
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import {
  benchDatabase,
  createFundedMembers,
  databaseName,
  dist,
  openDb,
  printMachine,
  printResult,
  writeLotteryBets,
} from './support.mjs';

const { values } = parseArgs({
  options: {
    bets: { type: 'string', default: '1000000' },
    batch: { type: 'string' },
    // Settlement workers on PostgreSQL (decision 0072: two by default, one a core); SQLite has one.
    workers: { type: 'string' },
    pg: { type: 'boolean', default: false },
  },
});
const BETS = Number(values.bets);
const DB_NAME = databaseName(values.pg);
printMachine();

const ledger = await import(`${dist}/modules/wallet/ledger.js`);
const draws = await import(`${dist}/modules/lottery/draws.js`);
const { DEMO_ODDS } = await import(`${dist}/modules/lottery/bet-types.js`);
const { fairDraw } = await import(`${dist}/modules/lottery/fair-draw.js`);
const { XSMB } = await import(`${dist}/modules/lottery/structures.js`);

const database = await benchDatabase('lottery', { pg: values.pg });
const { dir } = database;
const secret = database.env.SESSION_SECRET;
const { db, close } = await openDb(database.env);
const BATCH = values.batch ? Number(values.batch) : draws.settlementBatchSize(db);
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

console.log(`writing ${BETS.toLocaleString('en-US')} bets (${DB_NAME}) …`);
await writeLotteryBets(db, {
  merchantId: merchant.id,
  members,
  draw,
  bets: BETS,
  seed: 20261124,
  pg: values.pg,
});

// PostgreSQL plans from table statistics, which autovacuum gathers soon after a burst of writes; the
// bench's burst is seconds old, so it gathers them itself, as a database taking bets all day has them.
if (values.pg) await sql`analyze`.execute(db);
// A second ceiling on PostgreSQL: copies of the bets and their records with the same columns and
// indexes (no triggers, no foreign keys), taken while the bets are open, settled below by the same
// two UPDATEs a batch as settlement's losers; what settlement costs beyond rewriting its rows.
if (values.pg) {
  await sql`create table bare_bet (like lottery_bet including all)`.execute(db);
  await sql`insert into bare_bet select * from lottery_bet`.execute(db);
  await sql`create table bare_record (like bet_record including all)`.execute(db);
  await sql`insert into bare_record select * from bet_record`.execute(db);
  await sql`analyze bare_bet, bare_record`.execute(db);
}

const result = fairDraw(XSMB, 'bench seed', 'bench');
await draws.drawResult(db, secret, draw.id, result, new Date());
console.log(`settling (${BATCH.toLocaleString('en-US')} bets a batch) …`);
const started = process.hrtime.bigint();
const settled = await draws.settleDraw(db, draw.id, () => DEMO_ODDS, {
  batchSize: BATCH,
  ...(values.workers ? { workers: Number(values.workers) } : {}),
});
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const { ok } = await ledger.checkInvariants(db);
await close();

let ceiling = '';
let bareSeconds;
let indexedSeconds;
if (values.pg) {
  // The ceiling on PostgreSQL: the same rows on a bare table, updated by primary key a batch a
  // statement (an id array), each batch its own commit, as settlement commits a batch.
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  await client.query('create table bare_settle (id bigint primary key, status text, payout bigint)');
  await client.query("insert into bare_settle select i, 'OPEN', 0 from generate_series(1, $1::bigint) as i", [
    BETS,
  ]);
  await client.query('analyze bare_settle');
  const t0 = process.hrtime.bigint();
  for (let from = 1; from <= BETS; from += BATCH) {
    const ids = Array.from({ length: Math.min(BATCH, BETS - from + 1) }, (_, i) => from + i);
    await client.query(
      "update bare_settle set status = 'LOST', payout = 0 where id = any($1::bigint[]) and status = 'OPEN'",
      [ids],
    );
  }
  bareSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const { rows: pairs } = await client.query('select id, record_id from bare_bet order by id');
  const t1 = process.hrtime.bigint();
  for (let from = 0; from < pairs.length; from += BATCH) {
    const batch = pairs.slice(from, from + BATCH);
    await client.query('begin');
    await client.query(
      "update bare_bet set status = 'LOST', payout = 0, settled_at = $2 where id = any($1::integer[])",
      [batch.map((p) => p.id), new Date().toISOString()],
    );
    await client.query(
      "update bare_record set payout = 0, win_loss = 0 - stake, valid_bet = stake, status = 'SETTLED', settled_at = $2, settled_day = $3 where id = any($1::integer[]) and status = 'OPEN'",
      [batch.map((p) => p.record_id), new Date().toISOString(), '2026-11-24'],
    );
    await client.query('commit');
  }
  indexedSeconds = Number(process.hrtime.bigint() - t1) / 1e9;
  await client.end();
  ceiling = `; a bare batched UPDATE by primary key (${BATCH} ids a statement and commit): ${bareSeconds.toFixed(2)} s (settlement is ${(seconds / bareSeconds).toFixed(1)} × that); the same rows' two UPDATEs on copies of lottery_bet and bet_record with their indexes: ${indexedSeconds.toFixed(2)} s (settlement is ${(seconds / indexedSeconds).toFixed(1)} × that)`;
} else {
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
  bareSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  bare.close();
  ceiling = `; a bare prepared UPDATE per row: ${bareSeconds.toFixed(2)} s (settlement is ${(seconds / bareSeconds).toFixed(1)} × that)`;
}
await database.drop();
console.log(
  `${DB_NAME}: settled ${settled.settled.toLocaleString('en-US')} bets (${settled.paid.toLocaleString('en-US')} paid) in ${seconds.toFixed(2)} s = ${Math.round(settled.settled / seconds).toLocaleString('en-US')} bets/s (targets at 1,000,000: under 10 s on SQLite, 20 s on PostgreSQL)${ceiling}; ledger invariants ${ok ? 'hold' : 'BROKEN'}`,
);
if (!ok) process.exitCode = 1;
printResult('lottery-settle', DB_NAME, [
  {
    name: `lottery settlement (${BETS.toLocaleString('en-US')} bets)`,
    value: settled.settled / seconds,
    unit: 'bets/s',
    ceiling: {
      name: values.pg ? 'bare batched UPDATE by primary key' : 'bare prepared UPDATE per row',
      value: BETS / bareSeconds,
      unit: 'rows/s',
    },
  },
]);
