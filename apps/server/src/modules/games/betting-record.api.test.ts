import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember } from '../../test/funded-member.js';
import { openDraw, startLotteryTestServer } from '../../test/lottery.js';
import { checkAndClose, type TestServer } from '../../test/server.js';
import { startStudio, type Studio } from '../../test/studio.js';
import { runLotteryTick } from '../lottery/tick.js';
import type { Merchant } from '../merchants/repo.js';

/**
 * Issue 20 item 4: the betting record (personalHistoryCopy) beside the profit page (personalProfit)
 * over the same range, on the real server with the real studio and lottery: settled results apart
 * from open and cancelled rounds, equal to the profit page's; every row names its game and what was
 * bet; the studio's table games count as LIVE.
 */
const CAPTCHA = 'r3c0';
const SESSION_SECRET = randomBytes(32).toString('hex');
const STUDIO_SECRET = randomBytes(32).toString('base64url');
let server: TestServer;
let demo: Merchant;
let studio: Studio;
let studioUrl: string;

beforeAll(async () => {
  ({ server, demo } = await startLotteryTestServer({
    sessionSecret: SESSION_SECRET,
    captcha: CAPTCHA,
    tick: false,
  }));
  studio = await startStudio(server, { merchantId: demo.id, secret: STUDIO_SECRET });
  studioUrl = studio.url;
  await runLotteryTick(server.db, SESSION_SECRET);
}, 60_000);
afterAll(async () => {
  studio?.stop();
  await checkAndClose(server);
});

describe('the betting record beside the profit page', () => {
  it('keeps open and cancelled bets apart, totals settled results as the profit page does, and names each game and bet', async () => {
    const m = await fundedMember(server, demo.id, 1_000_000, { prefix: 'rec', captcha: CAPTCHA });
    const place = async (slip: Record<string, unknown>, key: string) => {
      const placed = await m.client.call('POST', '/lotto/bets', {
        token: m.token,
        body: slip,
        headers: { 'idempotency-key': key },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      return placed.body.value.bet as { betId: number; cost: number };
    };
    // Lottery: two tickets on a fast draw that settles, one on the Hanoi draw left open, one cancelled.
    const fast = await openDraw(server, SESSION_SECRET, 'LOTTO_1M', 5_000);
    await place(
      { gameCode: 'LOTTO_1M', numero: fast.numero, betType: 'DE', numbers: ['07', '42'], stake: 1_000 },
      'f1',
    );
    await place(
      { gameCode: 'LOTTO_1M', numero: fast.numero, betType: 'DE', numbers: ['88'], stake: 2_000 },
      'f2',
    );
    const hanoi = await openDraw(server, SESSION_SECRET, 'VN_HN', 5_000);
    const open = await place(
      { gameCode: 'VN_HN', numero: hanoi.numero, betType: 'LO2', numbers: ['12', '34'], stake: 1_000 },
      'h1',
    );
    const cancelled = await place(
      { gameCode: 'VN_HN', numero: hanoi.numero, betType: 'DE', numbers: ['77'], stake: 3_000 },
      'h2',
    );
    const cancel = await m.client.call('POST', `/lotto/bets/${cancelled.betId}/cancel`, { token: m.token });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    await runLotteryTick(server.db, SESSION_SECRET, new Date(Date.parse(fast.drawsAt) + 1_000));

    // The studio: a roulette, a baccarat and a slot round, each debited and credited through the wallet.
    const studioApi = async (pathname: string, body: unknown) => {
      const response = await fetch(`${studioUrl}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as Record<string, any>;
    };
    for (const [gameId, bet] of [
      [
        'JADE_ROULETTE',
        {
          bets: [
            { type: 'red', amount: 1_000 },
            { type: 'straight', numbers: [17], amount: 100 },
          ],
        },
      ],
      ['JADE_BACCARAT', { bets: { BANKER: 1_000 } }],
      ['JADE_FORTUNE', { lineBet: 5 }],
    ] as const) {
      const launched = await m.client.call('POST', '/wps/game/launchGame', {
        token: m.token,
        body: { vassalage: 'JADE_STUDIO', gameId },
      });
      const opened = await fetch(launched.body.value.url as string, { redirect: 'manual' });
      const sid = /#sid=([\w-]+)/.exec(opened.headers.get('location') ?? '')?.[1];
      const round = await studioApi('/api/round', { sid, bet });
      expect(round.round, JSON.stringify(round)).toBeDefined();
    }

    const record = await m.client.call('POST', '/wps/member/bets?language=TY', {
      token: m.token,
      body: { range: 'PAST_7', pageSize: 100 },
    });
    expect(record.status, JSON.stringify(record.body)).toBe(200);
    const profit = await m.client.call('POST', '/wps/member/profit', {
      token: m.token,
      body: { range: 'PAST_7' },
    });
    expect(profit.status).toBe(200);
    const r = record.body.value;
    // Settled results equal the profit page's over the same days; open and cancelled bets are apart.
    expect(r.totals).toEqual(profit.body.value.totals);
    expect({ from: r.from, to: r.to }).toEqual({ from: profit.body.value.from, to: profit.body.value.to });
    expect(r.totals.bets).toBe(5);
    expect(r.open).toEqual({ bets: 1, stake: open.cost });
    expect(r.cancelled).toEqual({ bets: 1, stake: cancelled.cost });
    expect(r.totalCount).toBe(7);

    const rows = r.records as any[];
    const byGame = (gameId: string) => rows.filter((row) => row.gameId === gameId);
    // The open ticket: its lottery, bet type and numbers; no result yet.
    expect(byGame('VN_HN').find((row) => row.status === 'OPEN')).toMatchObject({
      gameName: 'Xổ số Hà Nội',
      category: 'LOTT',
      stake: open.cost,
      detail: { kind: 'LOTTERY', betType: 'LO2', numbers: ['12', '34'], numero: hanoi.numero },
    });
    // The cancelled ticket keeps its real stake, with no result.
    expect(byGame('VN_HN').find((row) => row.status === 'VOID')).toMatchObject({
      stake: cancelled.cost,
      payout: 0,
      winLoss: 0,
      detail: { kind: 'LOTTERY', betType: 'DE', numbers: ['77'] },
    });
    expect(byGame('LOTTO_1M').map((row) => row.status)).toEqual(['SETTLED', 'SETTLED']);
    expect(byGame('LOTTO_1M')[0]).toMatchObject({
      gameName: 'Xổ số 1 phút',
      detail: { kind: 'LOTTERY', betType: 'DE' },
    });
    // The studio's table games are table (LIVE) games, with their spots; the slot its lines.
    expect(byGame('JADE_ROULETTE')[0]).toMatchObject({
      gameName: 'Roulette Ngọc Bích',
      category: 'LIVE',
      stake: 1_100,
      detail: {
        kind: 'SPOTS',
        spots: [
          { spot: 'red', amount: 1_000 },
          { spot: 'straight', numbers: [17], amount: 100 },
        ],
      },
    });
    expect(byGame('JADE_BACCARAT')[0]).toMatchObject({
      gameName: 'Baccarat Ngọc Bích',
      category: 'LIVE',
      detail: { kind: 'SPOTS', spots: [{ spot: 'BANKER', amount: 1_000 }] },
    });
    expect(byGame('JADE_FORTUNE')[0]).toMatchObject({
      category: 'RNG',
      detail: { kind: 'LINES', lines: 20, lineBet: 5 },
    });
    const categories = (profit.body.value.rows as { category: string }[]).map((row) => row.category);
    expect(categories).toEqual(expect.arrayContaining(['ELOTT', 'LIVE', 'RNG']));
  });
});
