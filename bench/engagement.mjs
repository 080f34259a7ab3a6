// bench/engagement: what points accrual (decision 0046) adds to a settlement of 1,000,000 bets
// (issue 22: under 20 % over settlement alone), on the built code (`npm run build` first). As
// bench/lottery-settle.mjs: one draw's bets from 1,000 members written straight into a fresh
// database, then settled by `settleDraw` in batches, twice on the same data volume: once with no
// points rate for the draw's category (settlement alone), once with a rate (settlement and accrual,
// one ledger posting per member and batch, in the same write).
//   node bench/engagement.mjs [--bets 1000000] [--batch 10000]
//   node scripts/with-postgres.mjs node bench/engagement.mjs --pg [--bets 200000]
import { parseArgs } from 'node:util';
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
    batch: { type: 'string', default: '10000' },
    pg: { type: 'boolean', default: false },
  },
});
const BETS = Number(values.bets);
const BATCH = Number(values.batch);
const DB_NAME = databaseName(values.pg);
printMachine();

const ledger = await import(`${dist}/modules/wallet/ledger.js`);
const draws = await import(`${dist}/modules/lottery/draws.js`);
const { DEMO_ODDS } = await import(`${dist}/modules/lottery/bet-types.js`);
const { fairDraw } = await import(`${dist}/modules/lottery/fair-draw.js`);
const { XSMB } = await import(`${dist}/modules/lottery/structures.js`);

/** One fresh database, BETS bets on one draw, settled; answers the seconds and the points earned. */
const settleOnce = async (label, withPoints) => {
  const database = await benchDatabase(`engagement-${label}`, { pg: values.pg });
  const secret = database.env.SESSION_SECRET;
  const { db, close } = await openDb(database.env);
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
  await writeLotteryBets(db, {
    merchantId: merchant.id,
    members,
    draw,
    bets: BETS,
    seed: 20261126,
    pg: values.pg,
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
  await database.drop();
  console.log(
    `${label}: settled ${settled.settled.toLocaleString('en-US')} bets in ${seconds.toFixed(2)} s; ${Number(earned.posts).toLocaleString('en-US')} points postings (${(Number(earned.points) / 100).toLocaleString('en-US')} points); ledger invariants ${ok ? 'hold' : 'BROKEN'}`,
  );
  if (!ok) process.exitCode = 1;
  return seconds;
};

console.log(`${BETS.toLocaleString('en-US')} bets, ${DB_NAME}, batches of ${BATCH}`);
const alone = await settleOnce('alone', false);
const accruing = await settleOnce('points', true);
const added = ((accruing - alone) / alone) * 100;
console.log(
  `points accrual adds ${(accruing - alone).toFixed(2)} s to settlement alone = ${added.toFixed(1)} % (target: under 20 %)`,
);
// Settlement alone is this figure's ceiling: accrual can only add to it.
printResult('engagement', DB_NAME, [
  {
    name: `settlement with points accrual (${BETS.toLocaleString('en-US')} bets)`,
    value: BETS / accruing,
    unit: 'bets/s',
    ceiling: { name: 'settlement alone', value: BETS / alone, unit: 'bets/s' },
  },
]);
