import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlugin } from '../../platform/db/index.js';
import { registeredMember } from '../../test/funded-member.js';
import { startLotteryTestServer } from '../../test/lottery.js';
import { checkAndClose, type TestServer } from '../../test/server.js';
import { getAccountBalance, houseAccount, memberAccount, postTransfer } from '../wallet/ledger.js';
import { DEMO_ODDS, slipPayout, type Slip } from './bet-types.js';
import { createDraw, placeBet } from './draws.js';
import { fairDraw, seedHash } from './fair-draw.js';
import { XSMB, type DrawResult } from './structures.js';
import { LOTTERY_VENDORS, nextDraw, scheduleOf } from './schedule.js';
import { runLotteryTick } from './tick.js';

/**
 * Issue 20 item 5: the demo's daily draws keep happening after the bundled history (which ends on
 * 2026-08-22). The job fills every North draw missed since the game's last one with the game's
 * source (the fair draw, labelled as standing in for the official result) and settles their bets,
 * once however often and however many instances run it. The clock is set, so the gap is N days.
 */
const CAPTCHA = 'd4ly';
const SESSION_SECRET = randomBytes(32).toString('hex');
const HISTORY_ENDS = '20260822';
let server: TestServer;
let demoId: number;

beforeAll(async () => {
  ({ server, demoId } = await startLotteryTestServer({
    sessionSecret: SESSION_SECRET,
    captcha: CAPTCHA,
    tick: false,
  }));
});
afterAll(() => checkAndClose(server));

const northAfterHistory = () =>
  server.db
    .selectFrom('lottery_draw')
    .selectAll()
    .where('game_id', '=', 'VN_HN')
    .where('draw_no', '>', HISTORY_ENDS)
    .orderBy('draw_no')
    .execute();

const latest = async () => {
  const response = await server.fetch('/lotto/lgw/games/results/recent?gameCode=VN_HN&count=2');
  expect(response.status).toBe(200);
  return ((await response.json()) as { value: { numero: string; source: string; serverSeed: string }[] })
    .value;
};

/** The calendar days from `from` to `to` (YYYYMMDD, both included). */
const days = (from: string, to: string) => {
  const out: string[] = [];
  const iso = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}T00:00:00Z`;
  for (let t = Date.parse(iso(from)); t <= Date.parse(iso(to)); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10).replaceAll('-', ''));
  return out;
};

describe('the demo North after its bundled history', () => {
  it('completes each missed draw once with the fair draw, labelled, and the latest result is the last draw', async () => {
    expect((await latest())[0]).toMatchObject({ numero: HISTORY_ENDS, source: 'OFFICIAL' });
    // Five days after the history's end, at 19:00 in Hà Nội: the 18:15 draw of the 27th is held.
    const now = new Date('2026-08-27T12:00:00Z');
    await runLotteryTick(server.db, SESSION_SECRET, now);
    const draws = await northAfterHistory();
    // The 23rd to the 27th drawn and settled, the 28th open for bets.
    expect(draws.map((d) => d.draw_no)).toEqual([...days('20260823', '20260827'), '20260828']);
    for (const draw of draws.slice(0, -1)) {
      expect(draw).toMatchObject({ status: 'SETTLED', source: 'FAIR' });
      // A fair draw, proved by its revealed seed.
      expect(seedHash(draw.server_seed!)).toBe(draw.seed_hash);
      expect(JSON.parse(draw.result!)).toEqual(
        fairDraw(XSMB, draw.server_seed!, `TCG_LOTTO_VN:VN_HN:${draw.draw_no}`),
      );
    }
    expect(draws.at(-1)).toMatchObject({ status: 'OPEN', draw_no: '20260828' });
    const [newest, before] = await latest();
    expect(newest).toMatchObject({ numero: '20260827', source: 'FAIR_STAND_IN' });
    expect(before).toMatchObject({ numero: '20260826', source: 'FAIR_STAND_IN' });
    // Run again: nothing new, nothing drawn again.
    const again = await runLotteryTick(server.db, SESSION_SECRET, now);
    expect([again.created, again.drawn, again.settled]).toEqual([0, 0, 0]);
    expect(await northAfterHistory()).toEqual(draws);
  });

  it('after a stop of days, draws and settles the open draw and the missed ones once, even run twice at once', async () => {
    const { memberId } = await registeredMember(server, { prefix: 'daily', captcha: CAPTCHA });
    await postTransfer(server.db, {
      merchantId: demoId,
      idempotencyKey: `daily-funding:${memberId}`,
      kind: 'DEPOSIT',
      debitAccountId: await houseAccount(server.db, demoId, 'CASH'),
      creditAccountId: await memberAccount(server.db, demoId, memberId, 'MAIN'),
      amount: 100_000,
    });
    const open = (await northAfterHistory()).at(-1)!;
    expect(open.draw_no).toBe('20260828');
    const slip: Slip = { type: 'DE', numbers: ['00', '25', '50', '75'], stake: 1_000 };
    const { betId } = await placeBet(
      server.db,
      {
        merchantId: demoId,
        memberId,
        drawId: open.id,
        category: 'LOTT',
        slip,
        limits: { minStake: 0, perBet: 0, perNumber: 0, perDraw: 0 },
        settingId: null,
        requestKey: 'daily-1',
      },
      new Date('2026-08-27T12:01:00Z'),
    );
    // The server stops until the 31st, 19:00 in Hà Nội; two instances start at once.
    const now = new Date('2026-08-31T12:00:00Z');
    await Promise.all([
      runLotteryTick(server.db, SESSION_SECRET, now),
      runLotteryTick(server.db, SESSION_SECRET, now),
    ]);
    const again = await runLotteryTick(server.db, SESSION_SECRET, now);
    expect([again.created, again.drawn, again.settled]).toEqual([0, 0, 0]);
    const draws = await northAfterHistory();
    expect(draws.map((d) => d.draw_no)).toEqual([...days('20260823', '20260831'), '20260901']);
    expect(draws.slice(0, -1).every((d) => d.status === 'SETTLED' && d.source === 'FAIR')).toBe(true);
    expect((await latest())[0]).toMatchObject({ numero: '20260831', source: 'FAIR_STAND_IN' });
    // The bet on the draw that was open is settled once: paid at most once, under its own key.
    const drawn = draws.find((d) => d.draw_no === '20260828')!;
    const bet = await server.db
      .selectFrom('lottery_bet')
      .selectAll()
      .where('id', '=', betId)
      .executeTakeFirstOrThrow();
    const payout = slipPayout(XSMB, JSON.parse(drawn.result!) as DrawResult, slip, DEMO_ODDS);
    expect(bet.status).toBe(payout > 0 ? 'WON' : 'LOST');
    expect(Number(bet.payout)).toBe(payout);
    expect(await getAccountBalance(server.db, await memberAccount(server.db, demoId, memberId, 'MAIN'))).toBe(
      100_000 - 4_000 + payout,
    );
  });
});

describe('a run of the job with nothing due', () => {
  it("reads every game's state in a few statements, not a few a game (an idle server's wakeups)", async () => {
    const now = new Date();
    await runLotteryTick(server.db, SESSION_SECRET, now);
    let statements = 0;
    const counting = withPlugin(server.db, {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        statements += 1;
        return result;
      },
    });
    const run = await runLotteryTick(counting, SESSION_SECRET, now);
    expect([run.created, run.drawn, run.settled]).toEqual([0, 0, 0]);
    expect(run.nextRunAt!.getTime()).toBeGreaterThan(now.getTime());
    const games = await server.db
      .selectFrom('game')
      .innerJoin('vendor', 'vendor.id', 'game.vendor_id')
      .select('game.game_id')
      .where('vendor.code', 'in', [...LOTTERY_VENDORS])
      .execute();
    // The games, their next draws, then one statement a step (open, close, draw, settle, the corrections,
    // the next event): 3 statements a game before.
    expect(games.length).toBeGreaterThan(10);
    expect(statements).toBeLessThanOrEqual(9);
  });
});

describe('a run of the job stopped part-way', () => {
  it('makes the next draw first, and a later run still fills the days missed before it', async () => {
    // Last in the file: the clock goes three days ahead, closing every game's draws up to then.
    const schedule = scheduleOf('TCG_LOTTO_VN', 'VN_HN')!;
    const before = (await northAfterHistory()).at(-1)!;
    // Three days ahead at 19:00 in Hà Nội, after that day's 18:15 draw (not between its close and draw).
    const today = new Date();
    const later = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 3, 12));
    // The stopped run made the next draw (it comes first now) and none of the missed ones.
    const planned = nextDraw(schedule, later);
    await createDraw(
      server.db,
      SESSION_SECRET,
      { vendorCode: 'TCG_LOTTO_VN', gameId: 'VN_HN', structure: 'XSMB', source: 'FAIR', ...planned },
      later,
    );
    await runLotteryTick(server.db, SESSION_SECRET, later);
    const draws = (await northAfterHistory()).filter((d) => d.draw_no >= before.draw_no);
    expect(draws.map((d) => d.draw_no)).toEqual(days(before.draw_no, planned.drawNo));
    expect(draws.at(-1)).toMatchObject({ draw_no: planned.drawNo, status: 'OPEN' });
    expect(draws.slice(0, -1).every((d) => d.status === 'SETTLED')).toBe(true);
  });
});
