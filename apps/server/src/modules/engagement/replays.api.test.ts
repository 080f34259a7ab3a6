import { POINT_PATHS } from '@jade/contracts/points';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../platform/db/transaction.js';
import { settledRound } from '../../test/agent-team.js';
import { registeredMember } from '../../test/funded-member.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';
import { notifyMember, sendBroadcast } from '../messages/inbox.js';
import { pointBalance } from '../points/service.js';
import { checkInvariants, getAccountBalance, memberAccount } from '../wallet/ledger.js';

// The attack pass over the member's engagement writes: many requests at once, identical and
// distinct, on reading the inbox and converting points. On PostgreSQL they really run side by side.

const CAPTCHA = 'r3play';
const AT_ONCE = 20;
let server: TestServer;
let demoId: number;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
});
afterAll(async () => server.close());

const member = async (rngStake = 0) => {
  const m = await registeredMember(server, { prefix: 'rply', captcha: CAPTCHA });
  if (rngStake > 0)
    await settledRound(server.db, { merchantId: demoId, memberId: m.memberId, stake: rngStake, payout: 0 });
  const call = (path: string, body: unknown = {}, headers?: Record<string, string>) =>
    m.client.call('POST', path, { token: m.token, body, ...(headers && { headers }) });
  return { ...m, call };
};

const many = <T>(make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: AT_ONCE }, (_, i) => make(i)));

describe('the inbox read at once, many times', () => {
  it('a personal message, a broadcast and read-all: every request answers, each read recorded once', async () => {
    const m = await member();
    await writeTransaction(server.db, (trx) =>
      notifyMember(trx, { merchantId: demoId, memberId: m.memberId, kind: 'DEPOSIT_APPROVED', params: {} }),
    );
    const broadcast = await writeTransaction(server.db, (trx) =>
      sendBroadcast(trx, demoId, { audience: 'ALL', title: 'Everyone', content: 'Read me at once' }, 'test'),
    );
    const personal = await server.db
      .selectFrom('inbox_message')
      .select('id')
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();

    const personalReads = await many(() => m.call(`/wps/member/messages/m${personal.id}/read`));
    for (const r of personalReads) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const readAt = await server.db
      .selectFrom('inbox_message')
      .select('read_at')
      .where('id', '=', personal.id)
      .executeTakeFirstOrThrow();
    expect(readAt.read_at).not.toBeNull();

    const broadcastReads = await many(() => m.call(`/wps/member/messages/${broadcast.id}/read`));
    for (const r of broadcastReads) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = await server.db
      .selectFrom('inbox_broadcast_read')
      .select('broadcast_id')
      .where('member_id', '=', m.memberId)
      .execute();
    expect(rows).toEqual([{ broadcast_id: Number(broadcast.id.slice(1)) }]);
    // Each answer counts what was unread when it ran: never below zero, and zero once all are read.
    for (const r of [...personalReads, ...broadcastReads])
      expect(r.body.value.unreadCount).toBeGreaterThanOrEqual(0);
    expect(broadcastReads.some((r) => r.body.value.unreadCount === 0)).toBe(true);

    const readAll = await many(() => m.call('/wps/member/messages/read-all'));
    for (const r of readAll) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await m.call('/wps/relay/CSP_unreadCount')).body.value.count).toBe(0);
  });
});

describe('points converted at once, many times', () => {
  it('one request sent twenty times converts once', async () => {
    const m = await member(1_000_000); // 12,000 points (1,200,000 hundredths)
    const main = await memberAccount(server.db, demoId, m.memberId, 'MAIN');
    const body = { points: 500_000, paymentPassword: '246810' };
    const answers = await many(() => m.call(POINT_PATHS.CONVERT, body, { 'idempotency-key': 'convert-20' }));
    const ok = answers.filter((r) => r.status === 200);
    // A replay waits for the first or is refused as in progress; none converts a second time.
    for (const r of answers) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of ok)
      expect(r.body.value).toMatchObject({ points: 500_000, amount: 5_000, pointBalance: 700_000 });
    expect(await getAccountBalance(server.db, main)).toBe(5_000);
    expect(await pointBalance(server.db, demoId, m.memberId)).toBe(700_000);
    expect((await checkInvariants(server.db)).ok).toBe(true);
  });

  it('twenty distinct requests at once convert only what the points cover, never below zero', async () => {
    const m = await member(1_000_000);
    const main = await memberAccount(server.db, demoId, m.memberId, 'MAIN');
    const body = { points: 100_000, paymentPassword: '246810' }; // 12 of these fit
    const answers = await many((i) =>
      m.call(POINT_PATHS.CONVERT, body, { 'idempotency-key': `distinct-${i}` }),
    );
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status !== 200);
    for (const r of refused) expect(r.body.error.code, JSON.stringify(r.body)).toBe('POINTS_INSUFFICIENT');
    expect(ok).toHaveLength(12);
    expect(await pointBalance(server.db, demoId, m.memberId)).toBe(0);
    expect(await getAccountBalance(server.db, main)).toBe(12 * 1_000);
    expect((await checkInvariants(server.db)).ok).toBe(true);
  });
});
