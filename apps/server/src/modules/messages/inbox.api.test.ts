import { randomBytes } from 'node:crypto';
import { inboxPage } from '@jade/contracts/inbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../platform/db/transaction.js';
import { teamMember } from '../../test/agent-team.js';
import { createOtherBrand } from '../../test/brands.js';
import { runCli } from '../../test/cli.js';
import { createClient } from '../../test/client.js';
import { registeredMember } from '../../test/funded-member.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { openMemberStream } from '../../test/sse.js';
import { offerContract } from '../agents/contracts.js';
import * as merchants from '../merchants/service.js';
import { createOperator } from '../operators/service.js';
import { notifyMember, readerOf, sendBroadcast } from './inbox.js';

const CAPTCHA = 'inb0x';
const SESSION_SECRET = randomBytes(32).toString('hex');

let server: TestServer;
let demoId: number;
let admin: string;
let finance: string;

beforeAll(async () => {
  server = await startTestServer(
    { SESSION_SECRET, TRUSTED_PROXIES: '127.0.0.1' },
    { captchaText: () => CAPTCHA },
  );
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  const login = async (username: string, role: 'ADMIN' | 'FINANCE') => {
    await createOperator(server.db, { username, password: 'correct horse battery', role, merchantId: null });
    const body = { username, password: 'correct horse battery' };
    return (await createClient(server).call('POST', '/api/operator/login', { body })).body.value
      .token as string;
  };
  admin = await login('inbox-admin', 'ADMIN');
  finance = await login('inbox-finance', 'FINANCE');
});
afterAll(async () => {
  await server.close();
});

const operator = (token: string, method: string, path: string, body?: unknown) =>
  createClient(server).call(method, path, { token, body });

const newMember = async () => {
  const member = await registeredMember(server, { prefix: 'inbox', captcha: CAPTCHA });
  const account = (
    await server.db
      .selectFrom('member')
      .select('username')
      .where('id', '=', member.memberId)
      .executeTakeFirstOrThrow()
  ).username;
  const call = (method: string, path: string, body?: unknown) =>
    member.client.call(method, path, { token: member.token, body });
  const inbox = async (query = '') => {
    const res = await call('GET', `/wps/member/messages${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return inboxPage.parse(res.body.value);
  };
  const unread = async () => {
    const res = await call('POST', '/wps/relay/CSP_unreadCount', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value.count as number;
  };
  return { ...member, account, call, inbox, unread };
};

describe('the member inbox (issue 22 item 6)', () => {
  it('a personal message: listed unread, counted, read once; another member’s id is NOT_FOUND', async () => {
    const a = await newMember();
    const b = await newMember();
    expect(await a.unread()).toBe(0);
    const sent = await operator(admin, 'POST', '/api/operator/messages/personal', {
      account: a.account,
      title: 'Hello',
      content: 'Your account manager writes',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = sent.body.value.id as string;
    // FINANCE reads what was sent but does not write to members.
    const refused = await operator(finance, 'POST', '/api/operator/messages/personal', {
      account: a.account,
      title: 'x',
      content: 'y',
    });
    expect(refused.body.error.code).toBe('FORBIDDEN');

    expect(await a.unread()).toBe(1);
    const page = await a.inbox();
    expect(page.items).toEqual([
      expect.objectContaining({ id, type: 'PERSONAL', title: 'Hello', isRead: false, template: null }),
    ]);
    expect(page.unreadCount).toBe(1);
    expect((await a.inbox('?type=BROADCAST')).items).toEqual([]);
    expect((await b.inbox()).items).toEqual([]);

    // B cannot read (or learn of) A's message.
    const foreign = await b.call('POST', `/wps/member/messages/${id}/read`, {});
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
    expect(await a.unread()).toBe(1);
    // A malformed id is a 400, never a 5xx.
    expect((await a.call('POST', '/wps/member/messages/x1/read', {})).status).toBe(400);

    const read = await a.call('POST', `/wps/member/messages/${id}/read`, {});
    expect(read.body.value).toEqual({ unreadCount: 0 });
    expect((await a.call('POST', `/wps/member/messages/${id}/read`, {})).body.value).toEqual({
      unreadCount: 0,
    });
    expect((await a.inbox()).items[0]?.isRead).toBe(true);

    const list = await operator(finance, 'GET', '/api/operator/messages');
    expect(list.body.value.items).toContainEqual(
      expect.objectContaining({ id, audience: 'MEMBER', to: a.account, readCount: 1, sentBy: 'inbox-admin' }),
    );
    // No token: no count.
    expect((await createClient(server).call('POST', '/wps/relay/CSP_unreadCount', { body: {} })).status).toBe(
      401,
    );
  });

  it('broadcasts: the brand’s reach its members once each with their own read state; another brand’s never', async () => {
    const a = await newMember();
    const b = await newMember();
    const otherId = await createOtherBrand(server.db, { code: 'INBX', name: 'Inbox other' });
    const foreign = await writeTransaction(server.db, (trx) =>
      sendBroadcast(trx, otherId, { audience: 'ALL', title: 'Other brand', content: 'Not yours' }, 'cli'),
    );
    const all = await operator(admin, 'POST', '/api/operator/messages/broadcast', {
      audience: 'ALL',
      title: 'To everyone',
      content: 'Maintenance tonight',
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const vip = await operator(admin, 'POST', '/api/operator/messages/broadcast', {
      audience: 'VIP',
      vipLevel: 3,
      title: 'VIP only',
      content: 'For rank 3 and above',
    });
    const list = await operator(admin, 'POST', '/api/operator/messages/broadcast', {
      audience: 'LIST',
      accounts: [b.account],
      title: 'Just for B',
      content: 'A list of one',
    });
    expect(list.body.value.recipients).toBe(1);
    const unknown = await operator(admin, 'POST', '/api/operator/messages/broadcast', {
      audience: 'LIST',
      accounts: ['nobody-here'],
      title: 't',
      content: 'c',
    });
    expect(unknown.body.error.code).toBe('VALIDATION_FAILED');

    const titlesOf = async (m: typeof a) => (await m.inbox()).items.map((i) => i.title);
    expect(await titlesOf(a)).toEqual(['To everyone']);
    expect(await titlesOf(b)).toEqual(['Just for B', 'To everyone']);
    expect(await a.unread()).toBe(1);
    expect(await b.unread()).toBe(2);
    const other = await a.call('POST', `/wps/member/messages/${foreign.id}/read`, {});
    expect(other.body.error.code).toBe('NOT_FOUND');
    const vipId = vip.body.value.id as string;
    expect((await a.call('POST', `/wps/member/messages/${vipId}/read`, {})).body.error.code).toBe(
      'NOT_FOUND',
    );

    // A rank-3 member sees the rank's broadcast too.
    await server.db.updateTable('member').set({ vip_level: 3 }).where('id', '=', a.memberId).execute();
    expect(await titlesOf(a)).toEqual(['VIP only', 'To everyone']);
    expect(await a.unread()).toBe(2);

    // A reads the brand's broadcast: A's count drops, B's does not.
    const allId = all.body.value.id as string;
    expect((await a.call('POST', `/wps/member/messages/${allId}/read`, {})).body.value).toEqual({
      unreadCount: 1,
    });
    expect(await b.unread()).toBe(2);
    expect((await b.call('POST', '/wps/member/messages/read-all', {})).body.value).toEqual({
      unreadCount: 0,
    });
    expect(await b.unread()).toBe(0);
    expect((await b.inbox()).items.every((i) => i.isRead)).toBe(true);
    expect(await a.unread()).toBe(1);

    // One row for the brand, not one per member.
    const rows = await server.db
      .selectFrom('inbox_broadcast')
      .select('id')
      .where('merchant_id', '=', demoId)
      .where('title', '=', 'To everyone')
      .execute();
    expect(rows).toHaveLength(1);
    const sent = (await operator(finance, 'GET', '/api/operator/messages')).body.value.items;
    expect(sent).toContainEqual(expect.objectContaining({ id: allId, audience: 'ALL', readCount: 2 }));
    expect(sent.some((s: { id: string }) => s.id === foreign.id)).toBe(false);
  });

  it('a deposit decision reaches the inbox and the live count; a rolled-back change leaves no message', async () => {
    const a = await newMember();
    const stream = await openMemberStream(server, a.token);
    const deposit = await a.client.call('POST', '/wps/payment/deposit', {
      token: a.token,
      body: { channelCode: 'VCB_MANUAL', amount: 6_000_000, reference: 'FT123' },
      headers: { 'idempotency-key': `inbox-${a.memberId}` },
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
    const depositId = deposit.body.value.id as number;
    const decided = await operator(finance, 'POST', `/api/operator/deposits/${depositId}/approve`, {});
    expect(decided.status).toBe(200);
    expect(await stream.waitFor((e) => e.type === 'unread')).toEqual({ type: 'unread', count: 1 });
    expect(await a.unread()).toBe(1);
    const [message] = (await a.inbox('?type=PLATFORM')).items;
    expect(message).toMatchObject({
      type: 'PLATFORM',
      template: 'DEPOSIT_APPROVED',
      params: { id: depositId, amount: 6_000_000 },
      isRead: false,
    });

    await expect(
      writeTransaction(server.db, async (trx) => {
        await notifyMember(trx, {
          merchantId: demoId,
          memberId: a.memberId,
          kind: 'REBATE_PAID',
          params: { amount: 1 },
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await a.unread()).toBe(1);
    expect((await a.inbox()).items.some((i) => i.template === 'REBATE_PAID')).toBe(false);
    // The stream heard nothing of the rolled-back message.
    expect(stream.events.filter((e) => e.type === 'unread')).toHaveLength(1);
    await stream.close();
  });

  it('notifyMember counts the unread messages after the money transaction commits; the live count still arrives', async () => {
    const a = await newMember();
    const stream = await openMemberStream(server, a.token);
    // Every statement run inside the transaction, as the database is sent it.
    const inside: string[] = [];
    let tracing = false;
    const traced = server.db.withPlugin({
      transformQuery: ({ node }) => {
        if (tracing) inside.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    await writeTransaction(traced, async (trx) => {
      tracing = true;
      await notifyMember(trx, {
        merchantId: demoId,
        memberId: a.memberId,
        kind: 'REBATE_PAID',
        params: { amount: 700, category: 'LIVE' },
      });
      tracing = false;
    });
    // The message is written in the transaction; nothing is read there (no count holds it open).
    expect(inside).toEqual(['InsertQueryNode']);
    expect(await stream.waitFor((e) => e.type === 'unread')).toEqual({ type: 'unread', count: 1 });
    expect(await a.unread()).toBe(1);
    await stream.close();
  });

  it('a contract offer tells its holder', async () => {
    const agent = await teamMember(server, demoId, {
      prefix: 'inboxag',
      captcha: CAPTCHA,
      type: 1,
      uplineId: null,
    });
    const offer = await offerContract(server.db, demoId, null, {
      account: agent.account,
      kind: 'DIVIDEND',
      category: 'SPORTS',
      period: 'MONTHLY',
      tiers: [{ minNetLoss: 0, minActive: 0, shareBp: 3000 }],
    } as Parameters<typeof offerContract>[3]);
    const reader = await readerOf(server.db, demoId, agent.memberId);
    expect(reader.memberId).toBe(agent.memberId);
    const res = await agent.client.call('GET', '/wps/member/messages?type=PLATFORM', { token: agent.token });
    expect(res.body.value.items).toEqual([
      expect.objectContaining({
        template: 'CONTRACT_OFFERED',
        params: expect.objectContaining({ id: offer.id, contract: 'DIVIDEND', category: 'SPORTS' }),
      }),
    ]);
  });

  it('the CLI sends a personal message and a list broadcast, and lists what was sent', async () => {
    const a = await newMember();
    expect(
      await runCli(server, 'message', 'personal', a.account, 'From', 'the', 'CLI', '--message', 'Hi there'),
    ).toMatch(new RegExp(`^DEMO: message m\\d+ sent to ${a.account}$`));
    expect(
      await runCli(server, 'message', 'broadcast', 'Listed', '--message', 'To a list', '--to', a.account),
    ).toMatch(/^DEMO: broadcast b\d+ sent to 1 members$/);
    await expect(runCli(server, 'message', 'personal', a.account, 'No text')).rejects.toThrow(/content/);
    expect((await a.inbox()).items.map((i) => i.title)).toEqual(['Listed', 'From the CLI']);
    expect(await a.unread()).toBe(2);
    const listed = await runCli(server, 'message', 'list', '--limit', '5');
    expect(listed).toContain('From the CLI');
    expect(listed).toContain('LIST\t1 members');
  });
});

describe("an operator's message in the members' languages (decision 0067)", () => {
  it('each member reads the text of its own language, else the text as written; list and personal messages too', async () => {
    const english = await newMember();
    const vietnamese = await newMember();
    const unwritten = await newMember();
    expect((await english.call('PUT', '/wps/member/language', { language: 'EN' })).status).toBe(200);
    expect((await vietnamese.call('PUT', '/wps/member/language', { language: 'TY' })).status).toBe(200);
    // The third keeps no language of its own: it reads the text as written.
    const translations = {
      EN: { title: 'Lottery tonight', content: 'Results at 18:15.' },
      zh: { title: '今晚开奖', content: '18:15公布结果。' },
    };
    const all = await operator(admin, 'POST', '/api/operator/messages/broadcast', {
      audience: 'ALL',
      title: 'Xổ số tối nay',
      content: 'Kết quả lúc 18:15.',
      translations,
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const list = await operator(admin, 'POST', '/api/operator/messages/broadcast', {
      audience: 'LIST',
      accounts: [english.account, vietnamese.account],
      title: 'Thưởng cuối tuần',
      content: 'Nạp vào thứ Bảy.',
      translations: { EN: { title: 'Weekend bonus', content: 'Deposit on Saturday.' } },
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const personal = await operator(admin, 'POST', '/api/operator/messages/personal', {
      account: english.account,
      title: 'Chào bạn',
      content: 'Tôi là Linh.',
      translations: { en: { title: 'Hello', content: "I'm Linh." } },
    });
    expect(personal.status, JSON.stringify(personal.body)).toBe(200);

    const titles = async (member: Awaited<ReturnType<typeof newMember>>) =>
      (await member.inbox()).items.filter((m) => m.type !== 'PLATFORM').map((m) => [m.title, m.content]);
    expect(await titles(english)).toEqual([
      ['Hello', "I'm Linh."],
      ['Weekend bonus', 'Deposit on Saturday.'],
      ['Lottery tonight', 'Results at 18:15.'],
    ]);
    expect(await titles(vietnamese)).toEqual([
      ['Thưởng cuối tuần', 'Nạp vào thứ Bảy.'],
      ['Xổ số tối nay', 'Kết quả lúc 18:15.'],
    ]);
    expect(await titles(unwritten)).toEqual([['Xổ số tối nay', 'Kết quả lúc 18:15.']]);

    // A language switched later re-renders what is already there.
    expect((await vietnamese.call('PUT', '/wps/member/language', { language: 'EN' })).status).toBe(200);
    expect((await titles(vietnamese))[1]).toEqual(['Lottery tonight', 'Results at 18:15.']);
  });

  it('refuses a translation with no title, an unknown code or too long a text (400, nothing sent)', async () => {
    const before = await server.db
      .selectFrom('inbox_broadcast')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const translations of [
      { EN: { content: 'No title' } },
      { 'not a code!': { title: 'x', content: 'y' } },
      { EN: { title: 'x', content: 'y'.repeat(4_001) } },
    ]) {
      const sent = await operator(admin, 'POST', '/api/operator/messages/broadcast', {
        audience: 'ALL',
        title: 'Base',
        content: 'Text',
        translations,
      });
      expect(sent.status, JSON.stringify(translations)).toBe(400);
      expect(sent.body.error.code).toBe('VALIDATION_FAILED');
    }
    const after = await server.db
      .selectFrom('inbox_broadcast')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
