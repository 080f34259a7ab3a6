import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember, walletBalance } from '../../test/funded-member.js';
import { openDraw, startLotteryTestServer } from '../../test/lottery.js';
import { checkAndClose, type TestServer } from '../../test/server.js';

/**
 * A retried cancel (decision 0085): with an idempotency key, a member whose first cancel went through
 * but whose answer was lost gets that answer again, not "no longer open"; the refund happens once.
 */
const CAPTCHA = 'c4nc';
const SESSION_SECRET = randomBytes(32).toString('hex');
const FUNDS = 100_000;
let server: TestServer;
let demoId: number;

beforeAll(async () => {
  ({ server, demoId } = await startLotteryTestServer({ sessionSecret: SESSION_SECRET, captcha: CAPTCHA }));
});
afterAll(() => checkAndClose(server));

/** A funded member with two open bets of 1,000 on the Hanoi draw (cost 1,000 each). */
const memberWithBets = async () => {
  const m = await fundedMember(server, demoId, FUNDS, { prefix: 'canc', captcha: CAPTCHA });
  const { numero } = await openDraw(server, SESSION_SECRET, 'VN_HN', 5_000);
  const place = async (number: string) => {
    const placed = await m.client.call('POST', '/lotto/bets', {
      token: m.token,
      body: { gameCode: 'VN_HN', numero, betType: 'DE', numbers: [number], stake: 1_000 },
      headers: { 'idempotency-key': `place-${number}` },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed.body.value.bet.betId as number;
  };
  const bets = [await place('11'), await place('22')] as const;
  const cancel = (betId: number, key?: string) =>
    m.client.call('POST', `/lotto/bets/${betId}/cancel`, {
      token: m.token,
      ...(key !== undefined && { headers: { 'idempotency-key': key } }),
    });
  const main = async () => walletBalance(await m.balances(), 'MAIN');
  const statusOf = async (betId: number) =>
    (
      await server.db
        .selectFrom('lottery_bet')
        .select('status')
        .where('id', '=', betId)
        .executeTakeFirstOrThrow()
    ).status;
  expect(await main()).toBe(FUNDS - 2_000);
  return { bets, cancel, main, statusOf };
};

describe('a cancel with an idempotency key', () => {
  it('answers a retry with the same key as the first cancel was answered, and refunds once', async () => {
    const { bets, cancel, main, statusOf } = await memberWithBets();
    const first = await cancel(bets[0], 'cancel-once');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ success: true, value: { cancelled: true } });
    // The answer was lost; the member asks again with the same key.
    const again = await cancel(bets[0], 'cancel-once');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await statusOf(bets[0])).toBe('REFUNDED');
    expect(await main()).toBe(FUNDS - 1_000);
    // Without a key, a second cancel is refused as before; with a new key too (a new intent).
    expect((await cancel(bets[0])).status).toBe(409);
    expect((await cancel(bets[0], 'cancel-later')).body.error.code).toBe('CONFLICT');
  });

  it('refuses the key sent again for another bet, and leaves that bet open', async () => {
    const { bets, cancel, main, statusOf } = await memberWithBets();
    expect((await cancel(bets[0], 'cancel-one-bet')).status).toBe(200);
    const reused = await cancel(bets[1], 'cancel-one-bet');
    expect(reused.status, JSON.stringify(reused.body)).toBe(422);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await statusOf(bets[1])).toBe('OPEN');
    expect(await main()).toBe(FUNDS - 1_000);
  });

  it('answers ten cancels at once with one key alike, and refunds once', async () => {
    const { bets, cancel, main, statusOf } = await memberWithBets();
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(bets[0], 'cancel-ten')));
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toEqual({ success: true, value: { cancelled: true } });
    }
    expect(await statusOf(bets[0])).toBe('REFUNDED');
    expect(await statusOf(bets[1])).toBe('OPEN');
    expect(await main()).toBe(FUNDS - 1_000);
  });

  it('takes a bet back once for ten cancels at once with ten keys, and each key answers again as it did', async () => {
    const { bets, cancel, main, statusOf } = await memberWithBets();
    const keys = Array.from({ length: 10 }, (_, i) => `cancel-race-${i}`);
    const answers = await Promise.all(keys.map((key) => cancel(bets[0], key)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect(await main()).toBe(FUNDS - 1_000);
    // Each retry, in reverse order, gets its own key's first answer: the winner's 200, the others' 409.
    const retries = await Promise.all([...keys].reverse().map((key) => cancel(bets[0], key)));
    expect(retries.reverse().map((retry) => retry.body)).toEqual(answers.map((answer) => answer.body));
    expect(await statusOf(bets[0])).toBe('REFUNDED');
    expect(await main()).toBe(FUNDS - 1_000);
  });
});
