// bench/engagement: what points accrual (decision 0046) adds to a settlement of 1,000,000 bets
// (issue 22: under 20 % over settlement alone), on the built code (`npm run build` first). As
// bench/lottery-settle.mjs: one draw's bets from 1,000 members written straight into a fresh
// database, then settled by `settleDraw` in batches, twice on the same data volume: once with no
// points rate for the draw's category (settlement alone), once with a rate (settlement and accrual,
// one ledger posting per member and batch, in the same write).
//   node bench/engagement.mjs [--bets 1000000] [--batch 10000]
//   node scripts/with-postgres.mjs node bench/engagement.mjs --pg [--bets 200000]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
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

/** One fresh database, BETS bets on one draw, settled; answers the seconds and the points earned. */
const settleOnce = async (label, withPoints) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-bench-engagement-'));
  let databaseUrl = `sqlite:${dir}/site.db`;
  const pgName = `bench_engagement_${label}`;
  if (values.pg) {
    const base = process.env.TEST_POSTGRES_URL;
    if (!base) throw new Error('--pg runs under scripts/with-postgres.mjs (TEST_POSTGRES_URL)');
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${pgName}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${pgName}`;
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
  // The e-lottery earns nothing in §9; the accruing run gives it 1.00 a unit, so every bet earns.
  await db
    .deleteFrom('point_rate')
    .where('merchant_id', '=', merchant.id)
    .where('category', '=', 'ELOTT')
    .execute();
  if (withPoints)
    await db
      .insertInto('point_rate')
      .values({ merchant_id: merchant.id, category: 'ELOTT', rate: 100 })
      .execute();
  const members = await createFundedMembers(db, ledger, merchant.id, 1_000, { prefix: 'eng' });
  const now = Date.now();
  const draw = await draws.createDraw(db, secret, {
    vendorCode: 'JADE_ELOTT',
    gameId: 'LOTTO_1M',
    drawNo: `BENCH-${label}`,
    structure: 'XSMB',
    source: 'OPERATOR',
    opensAt: new Date(now - 120_000),
    closesAt: new Date(now - 60_000),
    drawsAt: new Date(now - 60_000),
  });
  let seed = 20261126;
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
  const placedAt = new Date(now - 90_000).toISOString();
  const { top } = await db
    .selectFrom('bet_record')
    .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('top'))
    .executeTakeFirstOrThrow();
  const recordBase = Number(top);
  const CHUNK = values.pg ? 1_000 : 500;
  for (let from = 0; from < BETS; from += CHUNK * 20)
    await db.transaction().execute(async (trx) => {
      for (let at = from; at < Math.min(from + CHUNK * 20, BETS); at += CHUNK) {
        const bets = [];
        const records = [];
        for (let i = at; i < Math.min(at + CHUNK, BETS); i++) {
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
            round_id: `LOTTO_1M:BENCH-${label}:${i + 1}`,
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
        await trx.insertInto('bet_record').values(records).execute();
        await trx.insertInto('lottery_bet').values(bets).execute();
      }
    });
  if (values.pg) await sql`analyze`.execute(db);
  await draws.drawResult(db, secret, draw.id, fairDraw(XSMB, 'bench seed', 'bench'), new Date());
  const started = process.hrtime.bigint();
  const settled = await draws.settleDraw(db, draw.id, () => DEMO_ODDS, { batchSize: BATCH });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const earned = await db
    .selectFrom('ledger_transfer')
    .select((eb) => [
      eb.fn.countAll().as('posts'),
      eb.fn.coalesce(eb.fn.sum('amount'), eb.lit(0)).as('points'),
    ])
    .where('kind', '=', 'POINTS_EARN')
    .executeTakeFirstOrThrow();
  const { ok } = await ledger.checkInvariants(db);
  await close();
  fs.rmSync(dir, { recursive: true, force: true });
  if (values.pg) {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${pgName}`);
    await admin.end();
  }
  console.log(
    `${label}: settled ${settled.settled.toLocaleString('en-US')} bets in ${seconds.toFixed(2)} s; ${Number(earned.posts).toLocaleString('en-US')} points postings (${(Number(earned.points) / 100).toLocaleString('en-US')} points); ledger invariants ${ok ? 'hold' : 'BROKEN'}`,
  );
  if (!ok) process.exitCode = 1;
  return seconds;
};

console.log(
  `${BETS.toLocaleString('en-US')} bets, ${values.pg ? 'PostgreSQL' : 'SQLite'}, batches of ${BATCH}`,
);
const alone = await settleOnce('alone', false);
const accruing = await settleOnce('points', true);
const added = ((accruing - alone) / alone) * 100;
console.log(
  `points accrual adds ${(accruing - alone).toFixed(2)} s to settlement alone = ${added.toFixed(1)} % (target: under 20 %)`,
);
