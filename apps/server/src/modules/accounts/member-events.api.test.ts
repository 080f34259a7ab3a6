import { randomBytes } from 'node:crypto';
import { MEMBER_STREAMS_PER_MEMBER } from '@jade/contracts/member-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCommit } from '../../platform/db/group-commit.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { createClient } from '../../test/client.js';
import { fundedMember, registeredMember } from '../../test/funded-member.js';
import { openDraw, startLotteryTestServer } from '../../test/lottery.js';
import { checkAndClose, type TestServer } from '../../test/server.js';
import { openMemberStream } from '../../test/sse.js';
import { runLotteryTick } from '../lottery/tick.js';
import { createOperator } from '../operators/service.js';
import {
  houseAccount,
  memberAccount,
  postTransfersIn,
  postTransfersWithin,
  type Leg,
} from '../wallet/ledger.js';

const CAPTCHA = 'l1v3';
const SESSION_SECRET = randomBytes(32).toString('hex');

let server: TestServer;
let demoId: number;
let operatorToken: string;

beforeAll(async () => {
  ({ server, demoId } = await startLotteryTestServer({
    sessionSecret: SESSION_SECRET,
    captcha: CAPTCHA,
    tick: false,
  }));
  await createOperator(server.db, {
    username: 'finance-live',
    password: 'correct horse battery',
    role: 'FINANCE',
    merchantId: null,
  });
  const login = await createClient(server).call('POST', '/api/operator/login', {
    body: { username: 'finance-live', password: 'correct horse battery' },
  });
  operatorToken = login.body.value.token;
});
afterAll(() => checkAndClose(server));

const operator = (method: string, path: string) =>
  createClient(server).call(method, path, { token: operatorToken, body: {} });

const newMember = async () => {
  const member = await registeredMember(server, { prefix: 'live', captcha: CAPTCHA });
  let key = 0;
  const deposit = async (amount: number) => {
    const d = await member.client.call('POST', '/wps/payment/deposit', {
      token: member.token,
      body: { channelCode: 'VCB_MANUAL', amount, reference: 'FT123' },
      headers: { 'idempotency-key': `live-${member.memberId}-${++key}` },
    });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    return d.body.value.id as number;
  };
  return { ...member, deposit };
};

describe("a member's live stream (issue 20 item 8)", () => {
  it("tells member A of A's approved deposit and balance, after the commit, and member B nothing of A's", async () => {
    const a = await newMember();
    const b = await newMember();
    const streamA = await openMemberStream(server, a.token);
    const streamB = await openMemberStream(server, b.token);

    const depositA = await a.deposit(6_000_000);
    expect((await operator('POST', `/api/operator/deposits/${depositA}/approve`)).status).toBe(200);
    expect(await streamA.waitFor((e) => e.type === 'deposit')).toEqual({
      type: 'deposit',
      id: depositA,
      status: 'APPROVED',
    });
    await streamA.waitFor((e) => e.type === 'balance');

    // B's own approval reaches B; A's events, sent before it, never did.
    const depositB = await b.deposit(7_000_000);
    expect((await operator('POST', `/api/operator/deposits/${depositB}/approve`)).status).toBe(200);
    await streamB.waitFor((e) => e.type === 'deposit');
    await streamB.waitFor((e) => e.type === 'balance');
    // The decision also reaches B's inbox (issue 22 item 6, decision 0047): its unread count comes too.
    await streamB.waitFor((e) => e.type === 'unread');
    expect(streamB.events).toHaveLength(3);
    expect(streamB.events).toContainEqual({ type: 'unread', count: 1 });
    expect(streamB.events).toContainEqual({ type: 'deposit', id: depositB, status: 'APPROVED' });
    expect(streamB.events).toContainEqual({ type: 'balance' });
    expect(streamA.events.some((e) => e.id === depositB)).toBe(false);
    await streamA.close();
    await streamB.close();
  });

  it('tells nothing of a post that was rolled back, in a transaction or a group-commit job', async () => {
    const a = await newMember();
    const stream = await openMemberStream(server, a.token);
    const legs = async (): Promise<Leg[]> => [
      {
        kind: 'DEPOSIT',
        debitAccountId: await houseAccount(server.db, demoId, 'CASH'),
        creditAccountId: await memberAccount(server.db, demoId, a.memberId, 'MAIN'),
        amount: 1_000,
      },
    ];
    const posted = { merchantId: demoId, legs: await legs() };
    await expect(
      writeTransaction(server.db, async (trx) => {
        await postTransfersIn(trx, { ...posted, idempotencyKey: `live-rollback-a:${a.memberId}` });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expect(
      groupCommit(server.db, async (trx) => {
        await postTransfersWithin(server.db, trx, {
          ...posted,
          idempotencyKey: `live-rollback-b:${a.memberId}`,
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    // A rejection moves no money: the only event after the rollbacks is the decision.
    const rejected = await a.deposit(5_000_000);
    expect((await operator('POST', `/api/operator/deposits/${rejected}/reject`)).status).toBe(200);
    await stream.waitFor((e) => e.type === 'unread');
    expect(stream.events).toEqual([
      { type: 'deposit', id: rejected, status: 'REJECTED' },
      // The rejection's inbox message (decision 0047).
      { type: 'unread', count: 1 },
    ]);

    // The same post committed is told.
    await groupCommit(server.db, (trx) =>
      postTransfersWithin(server.db, trx, { ...posted, idempotencyKey: `live-commit:${a.memberId}` }),
    );
    await stream.waitFor((e) => e.type === 'balance');
    await stream.close();
  });

  it("tells the bettor, not another member, of a lottery draw's settlement and its payout", async () => {
    const bettor = await fundedMember(server, demoId, 1_000_000, { prefix: 'livel', captcha: CAPTCHA });
    const other = await newMember();
    const stream = await openMemberStream(server, bettor.token);
    const otherStream = await openMemberStream(server, other.token);
    const open = await openDraw(server, SESSION_SECRET, 'FAST_VN_45S');
    // Đề on all hundred numbers: one is the special prize's last two digits, 97.50 for a 1.00 point.
    const placed = await bettor.client.call('POST', '/lotto/bets', {
      token: bettor.token,
      body: {
        gameCode: 'FAST_VN_45S',
        numero: open.numero,
        betType: 'DE',
        numbers: Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0')),
        stake: 100,
      },
      headers: { 'idempotency-key': `live-lottery-${bettor.memberId}` },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await stream.waitFor((e) => e.type === 'balance');
    await runLotteryTick(server.db, SESSION_SECRET, new Date(Date.parse(open.drawsAt) + 1_000));
    expect(await stream.waitFor((e) => e.type === 'bet-settled')).toEqual({
      type: 'bet-settled',
      kind: 'LOTTERY',
      id: placed.body.value.bet.betId,
      game: expect.any(String),
      bets: 1,
      result: 'WIN',
      payout: 9_750,
    });
    expect(stream.events.filter((e) => e.type === 'balance')).toHaveLength(2);
    expect(otherStream.events).toEqual([]);
    await stream.close();
    await otherStream.close();
  });

  it('needs a token, and holds a member to a few streams', async () => {
    expect((await server.fetch('/wps/member/events')).status).toBe(401);
    const a = await newMember();
    const streams = await Promise.all(
      Array.from({ length: MEMBER_STREAMS_PER_MEMBER }, () => openMemberStream(server, a.token)),
    );
    const extra = await server.fetch('/wps/member/events', {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(extra.status).toBe(429);
    await Promise.all(streams.map((s) => s.close()));
    // A closed stream gives its place back.
    await expect
      .poll(async () => {
        const again = await server.fetch('/wps/member/events', {
          headers: { authorization: `Bearer ${a.token}` },
        });
        await again.body?.cancel();
        return again.status;
      })
      .toBe(200);
  });
});
