import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherBrand } from '../../test/brands.js';
import { runCli } from '../../test/cli.js';
import { registeredMember } from '../../test/funded-member.js';
import { startLotteryTestServer } from '../../test/lottery.js';
import { checkAndClose, type TestServer } from '../../test/server.js';
import { DEMO_ODDS } from '../lottery/bet-types.js';
import { createDraw, drawResult, placeBet, settleDraw } from '../lottery/draws.js';
import { recordWindow } from '../wallet/service.js';
import { dayRange } from './service.js';
import { houseAccount, memberAccount, postTransfer } from '../wallet/ledger.js';

/**
 * The brand's business day (decision 0038): two rounds settled a second either side of Vietnam's
 * midnight (17:00Z) fall on one UTC day but on two days of the demo brand (Asia/Ho_Chi_Minh), in the
 * records, the daily summaries and the pages that read them; a brand on UTC keeps them on one day.
 * Both draws are settled in one run for bettors of both brands, as the lottery does.
 */
const CAPTCHA = 'b4ay';
const SESSION_SECRET = randomBytes(32).toString('hex');
const BEFORE = new Date('2026-11-25T16:59:59.000Z');
const AFTER = new Date('2026-11-25T17:00:01.000Z');
let server: TestServer;
let demoId: number;
let utcId: number;

beforeAll(async () => {
  ({ server, demoId } = await startLotteryTestServer({
    sessionSecret: SESSION_SECRET,
    captcha: CAPTCHA,
    tick: false,
  }));
  utcId = await createOtherBrand(server.db, { code: 'UTCB', currency: 'VND', timeZone: 'UTC' });
});
afterAll(() => checkAndClose(server));

const fund = async (merchantId: number, memberId: number) =>
  postTransfer(server.db, {
    merchantId,
    idempotencyKey: `day-funding:${memberId}`,
    kind: 'DEPOSIT',
    debitAccountId: await houseAccount(server.db, merchantId, 'CASH'),
    creditAccountId: await memberAccount(server.db, merchantId, memberId, 'MAIN'),
    amount: 100_000,
  });

/** A draw both members bet on, drawn and settled at `at`. */
const settledAt = async (at: Date, bettors: [number, number][], n: number) => {
  const now = Date.now();
  const draw = await createDraw(server.db, SESSION_SECRET, {
    vendorCode: 'JADE_ELOTT',
    gameId: 'ELOTT_1M',
    drawNo: `DAY${process.pid}-${n}`,
    structure: 'XSMB',
    source: 'FAIR',
    opensAt: new Date(now - 1_000),
    closesAt: new Date(now + 60_000),
    drawsAt: new Date(now + 60_000),
  });
  for (const [merchantId, memberId] of bettors)
    await placeBet(server.db, {
      merchantId,
      memberId,
      drawId: draw.id,
      category: 'ELOTT',
      slip: { type: 'DE', numbers: ['07'], stake: 100 },
      limits: { minStake: 0, perBet: 0, perNumber: 0, perDraw: 0 },
      settingId: null,
      requestKey: `day-${n}-${memberId}`,
    });
  await server.db
    .updateTable('lottery_draw')
    .set({ closes_at: new Date(now - 1).toISOString() })
    .where('id', '=', draw.id)
    .execute();
  await drawResult(server.db, SESSION_SECRET, draw.id);
  await settleDraw(server.db, draw.id, () => DEMO_ODDS, {}, at);
};

const days = async (merchantId: number) => ({
  records: (
    await server.db
      .selectFrom('bet_record')
      .select('settled_day')
      .where('merchant_id', '=', merchantId)
      .orderBy('settled_at')
      .execute()
  ).map((r) => r.settled_day),
  summaries: (
    await server.db
      .selectFrom('bet_daily_summary')
      .select(['day', 'bets'])
      .where('merchant_id', '=', merchantId)
      .orderBy('day')
      .execute()
  ).map((r) => `${r.day}:${r.bets}`),
});

describe("the brand's business day", () => {
  it("settles, sums and shows rounds across midnight on each brand's own day", async () => {
    const member = await registeredMember(server, { prefix: 'day', captcha: CAPTCHA });
    await fund(demoId, member.memberId);
    const at = new Date().toISOString();
    const other = await server.db
      .insertInto('member')
      .values({
        merchant_id: utcId,
        username: 'utcday',
        username_key: 'utcday',
        password_hash: 'x',
        referral_code: 'utcday',
        register_method: 'TEST',
        register_ip: '127.0.0.1',
        password_changed_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await fund(utcId, other.id);
    const bettors: [number, number][] = [
      [demoId, member.memberId],
      [utcId, other.id],
    ];
    await settledAt(BEFORE, bettors, 1);
    await settledAt(AFTER, bettors, 2);

    expect(await days(demoId)).toEqual({
      records: ['2026-11-25', '2026-11-26'],
      summaries: ['2026-11-25:1', '2026-11-26:1'],
    });
    expect(await days(utcId)).toEqual({ records: ['2026-11-25', '2026-11-25'], summaries: ['2026-11-25:2'] });

    const page = async (path: string, day: string) => {
      const { status, body } = await member.client.call('POST', path, {
        token: member.token,
        body: { from: day, to: day },
      });
      expect(status).toBe(200);
      return body.value;
    };
    for (const day of ['2026-11-25', '2026-11-26']) {
      expect((await page('/wps/member/bets', day)).totals.bets).toBe(1);
      expect((await page('/wps/member/profit', day)).totals.bets).toBe(1);
    }

    // The operator moves the demo brand to UTC: its days and summaries are derived again.
    expect(await runCli(server, 'brand', 'time-zone')).toBe('DEMO: Asia/Ho_Chi_Minh');
    await expect(runCli(server, 'brand', 'time-zone', 'Mars/Olympus')).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await runCli(server, 'brand', 'time-zone', 'UTC')).toContain('DEMO: UTC');
    expect(await days(demoId)).toEqual({
      records: ['2026-11-25', '2026-11-25'],
      summaries: ['2026-11-25:2'],
    });
    expect((await page('/wps/member/profit', '2026-11-25')).totals.bets).toBe(2);
    await runCli(server, 'brand', 'time-zone', 'Asia/Ho_Chi_Minh');
    expect((await days(demoId)).summaries).toEqual(['2026-11-25:1', '2026-11-26:1']);
  });

  it("counts 'today' and the past 7 days from the brand's midnight", () => {
    const late = new Date('2026-11-25T17:30:00.000Z'); // 00:30 on the 26th in Ho Chi Minh City
    expect(dayRange({ range: 'TODAY' }, 'Asia/Ho_Chi_Minh', late)).toEqual({
      from: '2026-11-26',
      to: '2026-11-26',
    });
    expect(dayRange({ range: 'PAST_7' }, 'UTC', late)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(
      recordWindow({ range: 'TODAY', kind: 'ALL', pageNo: 1, pageSize: 20 }, 'Asia/Ho_Chi_Minh', late)[0],
    ).toBe('2026-11-25T17:00:00.000Z');
    expect(
      recordWindow(
        { range: 'TODAY', kind: 'ALL', pageNo: 1, pageSize: 20, from: '2026-11-26', to: '2026-11-26' },
        'Asia/Ho_Chi_Minh',
        late,
      ),
    ).toEqual(['2026-11-25T17:00:00.000Z', '2026-11-26T17:00:00.000Z']);
  });
});
