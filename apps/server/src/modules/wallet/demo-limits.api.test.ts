import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember } from '../../test/funded-member.js';
import { startLotteryTestServer } from '../../test/lottery.js';
import { checkAndClose, type TestServer } from '../../test/server.js';
import { getMoneySettings } from './money-settings.js';

/**
 * Issue 20 item 3: the demo brand's money limits are its configuration, in VND as a Vietnamese site
 * sizes them (decision 0032; VND stored with exponent 2, so ₫1 is 100): no ₫1 lottery bet, no ₫100
 * withdrawal, and what the configuration allows goes through.
 */
const CAPTCHA = 'v4nd';
const SESSION_SECRET = randomBytes(32).toString('hex');
const DONG = 100;
let server: TestServer;
let demoId: number;

beforeAll(async () => {
  ({ server, demoId } = await startLotteryTestServer({
    sessionSecret: SESSION_SECRET,
    captcha: CAPTCHA,
    demoLimits: true,
  }));
});
afterAll(() => checkAndClose(server));

const member = (prefix: string) =>
  fundedMember(server, demoId, 2_000_000 * DONG, {
    prefix,
    captcha: CAPTCHA,
    fields: { payeeName: 'Tran Thi Mai' },
  });

describe('the demo brand limits money in VND', () => {
  it('refuses a ₫1 lottery bet and takes one at the configured ₫1,000 a point', async () => {
    const m = await member('vndlotto');
    const rules = (await server.json<any>('/lotto/lgw/games/rules?gameCode=VN_HN')).body.value;
    expect(rules.limits).toEqual({
      minStake: 1_000 * DONG,
      perBet: 50_000_000 * DONG,
      perNumber: 500_000_000 * DONG,
      perDraw: 200_000_000 * DONG,
    });
    const open = (await server.json<any>('/lgw/vn/numeros/opened/game?gameCode=VN_HN')).body.value;
    const place = (stake: number, key: string) =>
      m.client.call('POST', '/lotto/bets', {
        token: m.token,
        body: { gameCode: 'VN_HN', numero: open.numero, betType: 'DE', numbers: ['07'], stake },
        headers: { 'idempotency-key': key },
      });
    const one = await place(1 * DONG, 'one-dong');
    expect(one.status).toBe(409);
    expect(one.body.error).toMatchObject({
      code: 'LOTTERY_LIMIT_REACHED',
      details: { minimum: 1_000 * DONG },
    });
    const atMinimum = await place(1_000 * DONG, 'thousand-dong');
    expect(atMinimum.status, JSON.stringify(atMinimum.body)).toBe(200);
  });

  it('refuses a ₫100 withdrawal and takes one at the configured ₫100,000', async () => {
    const m = await member('vndpayout');
    const call = (method: string, path: string, body?: unknown, key?: string) =>
      m.client.call(method, path, {
        token: m.token,
        ...(body !== undefined && { body }),
        ...(key && { headers: { 'idempotency-key': key } }),
      });
    const info = (await call('GET', '/wps/payment/withdrawInfo')).body.value;
    expect(info).toMatchObject({
      minAmount: 100_000 * DONG,
      maxAmount: 500_000_000 * DONG,
      dailyLimit: 2_000_000_000 * DONG,
    });
    const bank = (
      await call('POST', '/wps/payment/bankAccounts', {
        bankName: 'ACB',
        accountNumber: `1234 5678 ${m.memberId}`,
        accountName: 'Tran Thi Mai',
      })
    ).body.value.id as number;
    const withdraw = (amount: number, key: string) =>
      call('POST', '/wps/payment/withdraw', { bankAccountId: bank, amount, paymentPassword: '246810' }, key);
    const hundred = await withdraw(100 * DONG, `w100-${m.memberId}`);
    expect(hundred.status).toBe(400);
    expect(hundred.body.error).toMatchObject({
      code: 'PAYMENT_AMOUNT_OUT_OF_RANGE',
      details: { min: 100_000 * DONG, max: 500_000_000 * DONG },
    });
    const atMinimum = await withdraw(100_000 * DONG, `w100k-${m.memberId}`);
    expect(atMinimum.status, JSON.stringify(atMinimum.body)).toBe(200);
    expect(atMinimum.body.value).toMatchObject({ status: 'PENDING', amount: 100_000 * DONG });
  });

  it("sizes the studio's tables in dong: a ₫100 line on the slot, a ₫1,000 chip on roulette and baccarat", async () => {
    expect((await getMoneySettings(server.db, demoId)).gameLimits).toEqual({
      'JADE_STUDIO:JADE_FORTUNE': { minBet: 2_000 * DONG, maxBet: 500_000 * DONG },
      'JADE_STUDIO:JADE_ROULETTE': { minBet: 1_000 * DONG, maxBet: 5_000_000 * DONG },
      'JADE_STUDIO:JADE_BACCARAT': { minBet: 1_000 * DONG, maxBet: 5_000_000 * DONG },
    });
  });
});
