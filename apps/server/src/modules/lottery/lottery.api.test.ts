import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember } from '../../test/funded-member.js';
import { openDraw, startLotteryTestServer } from '../../test/lottery.js';
import { checkAndClose, type TestServer } from '../../test/server.js';
import { DEMO_ODDS, slipPayout } from './bet-types.js';
import { XSMB, type DrawResult } from './structures.js';
import { runLotteryTick } from './tick.js';

/** The lottery's HTTP calls on the real server: opened numero, placing, my bets, cancelling, results. */
const CAPTCHA = 'l0t2';
const SESSION_SECRET = randomBytes(32).toString('hex');
let server: TestServer;
let demoId: number;

beforeAll(async () => {
  ({ server, demoId } = await startLotteryTestServer({ sessionSecret: SESSION_SECRET, captcha: CAPTCHA }));
});
afterAll(() => checkAndClose(server));

const get = (path: string) => server.json<any>(path);

describe('lottery calls', () => {
  it('answers the open draw of a game under both §7 paths, and refuses an unknown game', async () => {
    const vn = await get('/lgw/vn/numeros/opened/game?gameCode=VN_HN');
    expect(vn.status).toBe(200);
    expect(vn.body.value).toMatchObject({ gameCode: 'VN_HN', vassalage: 'TCG_LOTTO_VN', structure: 'XSMB' });
    expect(vn.body.value.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(vn.body.value.numero).toMatch(/^\d{8}$/);
    const fast = await openDraw(server, SESSION_SECRET, 'LOTTO_1M');
    expect(fast.numero).toMatch(/^\d{8}-\d{4}$/);
    expect(Date.parse(fast.closesAt)).toBeGreaterThan(Date.parse(fast.serverTime));
    expect((await get('/lotto/lgw/games/opened/numero?gameCode=NOPE')).status).toBe(404);
    expect((await get('/lotto/lgw/games/opened/numero?gameCode=KENO_1M')).status).toBe(404);
  });

  it('places a slip once per key, lists it, cancels it before the close, and refuses what it must', async () => {
    const m = await fundedMember(server, demoId, 200_000, { prefix: 'lotc', captcha: CAPTCHA });
    const numero = (await get('/lgw/vn/numeros/opened/game?gameCode=VN_HN')).body.value.numero as string;
    const slip = { gameCode: 'VN_HN', numero, betType: 'LO2', numbers: ['12', '34'], stake: 1_000 };
    const place = (body: unknown, key?: string) =>
      m.client.call('POST', '/lotto/bets', {
        token: m.token,
        body,
        ...(key && { headers: { 'idempotency-key': key } }),
      });
    const placed = await place(slip, 'bet-one');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.value.bet).toMatchObject({ gameCode: 'VN_HN', numero, cost: 54_000, status: 'OPEN' });
    expect(placed.body.value.balance).toBe(146_000);
    const again = await place(slip, 'bet-one');
    expect(again.body.value.bet.betId).toBe(placed.body.value.bet.betId);
    expect(again.body.value.balance).toBe(146_000);
    expect((await place(slip)).body.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await place({ ...slip, numero: '19990101' }, 'bet-old')).status).toBe(404);
    expect((await place({ ...slip, numbers: ['123'] }, 'bet-bad')).status).toBe(400);
    expect((await place({ ...slip, betType: 'BIG', numbers: ['1234'] }, 'bet-4d')).status).toBe(400);
    await place({ ...slip, betType: 'DE', numbers: ['77'] }, 'bet-two');

    const mine = await m.client.call('GET', '/lotto/bets?pageSize=1', { token: m.token });
    expect(mine.body.value).toMatchObject({ pageNum: 1, totalPages: 2 });
    expect(mine.body.value.bets[0].betType).toBe('DE');

    const cancel = (id: number) => m.client.call('POST', `/lotto/bets/${id}/cancel`, { token: m.token });
    expect((await cancel(placed.body.value.bet.betId)).status).toBe(200);
    expect((await cancel(placed.body.value.bet.betId)).status).toBe(409);
    expect((await cancel(999_999)).status).toBe(404);
    const balances = await m.balances();
    expect(balances.wallets.find((w) => w.wallet === 'MAIN')?.balance).toBe(200_000 - 1_000);
    const visitor = await server.fetch('/lotto/bets', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'x' },
      body: JSON.stringify(slip),
    });
    expect(visitor.status).toBe(401);
  });

  it('charges one bet for twenty identical sends at once, and lets no other member cancel it', async () => {
    const m = await fundedMember(server, demoId, 100_000, { prefix: 'lotr', captcha: CAPTCHA });
    const other = await fundedMember(server, demoId, 100_000, { prefix: 'lotx', captcha: CAPTCHA });
    const { numero } = await openDraw(server, SESSION_SECRET, 'VN_HN', 5_000);
    const slip = { gameCode: 'VN_HN', numero, betType: 'DE', numbers: ['42'], stake: 1_000 };
    const sends = await Promise.all(
      Array.from({ length: 20 }, () =>
        m.client.call('POST', '/lotto/bets', {
          token: m.token,
          body: slip,
          headers: { 'idempotency-key': 'twenty' },
        }),
      ),
    );
    for (const send of sends) expect(send.status, JSON.stringify(send.body)).toBe(200);
    expect(new Set(sends.map((send) => send.body.value.bet.betId)).size).toBe(1);
    expect((await m.balances()).wallets.find((w) => w.wallet === 'MAIN')?.balance).toBe(99_000);
    const betId = sends[0]!.body.value.bet.betId as number;
    const stolen = await other.client.call('POST', `/lotto/bets/${betId}/cancel`, { token: other.token });
    expect(stolen.status).toBe(404);
    const theirs = await other.client.call('GET', '/lotto/bets', { token: other.token });
    expect(theirs.body.value.bets).toEqual([]);
  });

  it('refuses a bet after the close, then shows the result and pays a fast draw', async () => {
    // Last in this block: its job run on a clock past the fast draw closes every game's draw due by then
    // (a daily draw closing within the minute too), and the tests before it bet on the daily draw.
    const m = await fundedMember(server, demoId, 100_000, { prefix: 'lotf', captcha: CAPTCHA });
    // Too close to its close to bet in time: the next period's draw.
    const open = await openDraw(server, SESSION_SECRET, 'LOTTO_1M', 10_000);
    const slip = {
      gameCode: 'LOTTO_1M',
      numero: open.numero,
      betType: 'DE',
      numbers: ['00', '33', '66', '99'],
      stake: 500,
    };
    const placed = await m.client.call('POST', '/lotto/bets', {
      token: m.token,
      body: slip,
      headers: { 'idempotency-key': 'fast-1' },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // The clock passes the close: the job closes, draws and settles the draw.
    await runLotteryTick(server.db, SESSION_SECRET, new Date(Date.parse(open.drawsAt) + 1_000));
    const late = await m.client.call('POST', '/lotto/bets', {
      token: m.token,
      body: slip,
      headers: { 'idempotency-key': 'fast-2' },
    });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('LOTTERY_DRAW_CLOSED');
    const results = await get('/lotto/lgw/games/results/recent?gameCode=LOTTO_1M&count=5');
    const drawn = (results.body.value as { numero: string; result: DrawResult; serverSeed: string }[]).find(
      (r) => r.numero === open.numero,
    )!;
    expect(drawn.serverSeed).toBeTruthy();
    const payout = slipPayout(
      XSMB,
      drawn.result,
      { type: 'DE', numbers: slip.numbers, stake: 500 },
      DEMO_ODDS,
    );
    const mine = await m.client.call('GET', '/lotto/bets?gameCode=LOTTO_1M', { token: m.token });
    expect(mine.body.value.bets[0]).toMatchObject({ status: payout > 0 ? 'WON' : 'LOST', payout });
    const main = (await m.balances()).wallets.find((w) => w.wallet === 'MAIN')?.balance;
    expect(main).toBe(100_000 - 2_000 + payout);
  });
});
