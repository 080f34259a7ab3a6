import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../test/client.js';
import { runCli } from '../../test/cli.js';
import { registeredMember } from '../../test/funded-member.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';
import { createOperator } from '../operators/service.js';
import { updateMoneySettings } from './money-settings.js';
import { autoReceiveWithdrawals, nextAutoReceive } from './payments.js';

const CAPTCHA = 'p4y5';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]).toString('base64');
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]).toString('base64');
const FAKE_PNG = Buffer.from('<script>alert(1)</script>').toString('base64');

let server: TestServer;
let demoId: number;
let operatorToken: string;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  await createOperator(server.db, {
    username: 'finance1',
    password: 'correct horse battery',
    role: 'FINANCE',
    merchantId: null,
  });
  const login = await createClient(server).call('POST', '/api/operator/login', {
    body: { username: 'finance1', password: 'correct horse battery' },
  });
  operatorToken = login.body.value.token;
});
afterAll(() => checkAndClose(server));

const operator = (method: string, path: string, body?: unknown) =>
  createClient(server).call(method, path, { token: operatorToken, ...(body !== undefined && { body }) });

const newMember = async (extra: Record<string, unknown> = {}) => {
  const { client, token, memberId } = await registeredMember(server, {
    prefix: 'payer',
    captcha: CAPTCHA,
    fields: { payeeName: 'Tran Thi Mai', ...extra },
  });
  let key = 0;
  const call = (method: string, path: string, body?: unknown, idempotent = false) =>
    client.call(method, path, {
      token,
      ...(body !== undefined && { body }),
      ...(idempotent && { headers: { 'idempotency-key': `m${memberId}-${++key}` } }),
    });
  const main = async () =>
    (await call('GET', '/wps/v2/wallets/balance')).body.value.wallets[0].balance as number;
  /** Deposits through the manual channel, approved by the operator. */
  const fund = async (amount: number) => {
    const d = await call(
      'POST',
      '/wps/payment/deposit',
      { channelCode: 'VCB_MANUAL', amount, reference: 'FT123' },
      true,
    );
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect((await operator('POST', `/api/operator/deposits/${d.body.value.id}/approve`, {})).status).toBe(
      200,
    );
  };
  const bind = async () =>
    (
      await call('POST', '/wps/payment/bankAccounts', {
        bankName: 'ACB',
        accountNumber: `1234 5678 ${memberId}`,
        accountName: 'Tran Thi Mai',
      })
    ).body.value.id as number;
  return { client, token, memberId, call, main, fund, bind };
};

describe('deposit channels', () => {
  it("show the brand's receiving bank account and limits", async () => {
    const m = await newMember();
    const { body } = await m.call('GET', '/wps/payment/channels');
    expect(body.value.channels).toEqual([
      {
        code: 'VCB_MANUAL',
        kind: 'MANUAL_BANK',
        name: 'Vietcombank transfer',
        minAmount: 5_000_000,
        maxAmount: 50_000_000_000,
        dailyLimit: 200_000_000_000,
        receivingAccount: {
          bankName: 'Vietcombank',
          accountNumber: '0071000123456',
          accountName: 'JADE DEMO CO LTD',
        },
      },
    ]);
  });
});

describe('manual deposit', () => {
  it('is pending until an operator approves it, then credits the main wallet once', async () => {
    const m = await newMember();
    const d = await m.call(
      'POST',
      '/wps/payment/deposit',
      {
        channelCode: 'VCB_MANUAL',
        amount: 10_000_000,
        reference: 'FT777',
        proof: { name: 'receipt.png', base64: PNG },
      },
      true,
    );
    expect(d.body.value).toMatchObject({ status: 'PENDING', amount: 10_000_000, reference: 'FT777' });
    expect(await m.main()).toBe(0);
    const queue = await operator('GET', '/api/operator/deposits');
    expect(queue.body.value.list.map((x: { id: number }) => x.id)).toContain(d.body.value.id);
    const approved = await operator('POST', `/api/operator/deposits/${d.body.value.id}/approve`, {
      note: 'seen on statement',
    });
    expect(approved.body.value).toMatchObject({ status: 'APPROVED', note: 'seen on statement' });
    expect(await m.main()).toBe(10_000_000);
    const again = await operator('POST', `/api/operator/deposits/${d.body.value.id}/approve`, {});
    expect([again.status, again.body.error.code]).toEqual([409, 'PAYMENT_STATE_CONFLICT']);
    expect(await m.main()).toBe(10_000_000);
  });

  it('moves nothing when rejected', async () => {
    const m = await newMember();
    const d = await m.call(
      'POST',
      '/wps/payment/deposit',
      { channelCode: 'VCB_MANUAL', amount: 6_000_000 },
      true,
    );
    const rejected = await operator('POST', `/api/operator/deposits/${d.body.value.id}/reject`, {
      note: 'no such transfer',
    });
    expect(rejected.body.value.status).toBe('REJECTED');
    expect(await m.main()).toBe(0);
    expect((await m.call('GET', '/wps/payment/deposits')).body.value.list[0]).toMatchObject({
      status: 'REJECTED',
      note: 'no such transfer',
    });
  });

  it('refuses amounts outside the limits, unknown channels, fake images and a missing key', async () => {
    const m = await newMember();
    const small = await m.call(
      'POST',
      '/wps/payment/deposit',
      { channelCode: 'VCB_MANUAL', amount: 100 },
      true,
    );
    expect(small.body.error).toMatchObject({
      code: 'PAYMENT_AMOUNT_OUT_OF_RANGE',
      details: { min: 5_000_000 },
    });
    const unknown = await m.call(
      'POST',
      '/wps/payment/deposit',
      { channelCode: 'NOPE', amount: 6_000_000 },
      true,
    );
    expect(unknown.body.error.code).toBe('PAYMENT_CHANNEL_NOT_FOUND');
    const fake = await m.call(
      'POST',
      '/wps/payment/deposit',
      { channelCode: 'VCB_MANUAL', amount: 6_000_000, proof: { name: 'x.png', base64: FAKE_PNG } },
      true,
    );
    expect(fake.body.error.code).toBe('UPLOAD_INVALID_IMAGE');
    const noKey = await m.call('POST', '/wps/payment/deposit', {
      channelCode: 'VCB_MANUAL',
      amount: 6_000_000,
    });
    expect(noKey.body.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('holds the daily limit of a channel', async () => {
    const m = await newMember();
    for (let i = 0; i < 4; i++)
      expect(
        (
          await m.call(
            'POST',
            '/wps/payment/deposit',
            { channelCode: 'VCB_MANUAL', amount: 50_000_000_000 },
            true,
          )
        ).status,
      ).toBe(200);
    const over = await m.call(
      'POST',
      '/wps/payment/deposit',
      { channelCode: 'VCB_MANUAL', amount: 5_000_000 },
      true,
    );
    expect(over.body.error.code).toBe('PAYMENT_DAILY_LIMIT_REACHED');
  });

  it('is closed to operators without a login and to trial accounts', async () => {
    const anonymous = await createClient(server).call('GET', '/api/operator/deposits', {
      token: 'x'.repeat(43),
    });
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'OPERATOR_UNAUTHENTICATED']);
    const trial = createClient(server, { headers: { 'x-forwarded-for': '192.0.2.250' } });
    const login = await trial.call('POST', '/wps/session/login/freeplay', { body: {} });
    const d = await trial.call('POST', '/wps/payment/deposit', {
      token: login.body.value.token,
      body: { channelCode: 'VCB_MANUAL', amount: 6_000_000 },
      headers: { 'idempotency-key': 't1' },
    });
    expect(d.body.error.code).toBe('TRIAL_ACCOUNT');
  });
});

describe('bank accounts', () => {
  it('must carry the registered name, and the first one registers a name for a member who had none', async () => {
    const m = await newMember();
    const wrong = await m.call('POST', '/wps/payment/bankAccounts', {
      bankName: 'ACB',
      accountNumber: '99887766',
      accountName: 'Someone Else',
    });
    expect(wrong.body.error.code).toBe('BANK_ACCOUNT_NAME_MISMATCH');
    const right = await m.call('POST', '/wps/payment/bankAccounts', {
      bankName: 'ACB',
      accountNumber: '9988-7766',
      accountName: 'tran  thi mai',
    });
    expect(right.body.value).toMatchObject({ bankName: 'ACB', accountNumber: '****7766' });
    const nameless = await newMember({ payeeName: undefined });
    const first = await nameless.call('POST', '/wps/payment/bankAccounts', {
      bankName: 'TCB',
      accountNumber: '55556666',
      accountName: 'Le Van Hung',
    });
    expect(first.status).toBe(200);
    expect((await nameless.call('GET', '/wps/member/info')).body.value.payeeName).toBe('Le Van Hung');
  });
});

describe('withdrawal', () => {
  it('holds the amount at request, releases it on rejection, pays it out on approval', async () => {
    const m = await newMember();
    await m.fund(20_000_000);
    const bank = await m.bind();
    const info = await m.call('GET', '/wps/payment/withdrawInfo');
    expect(info.body.value).toMatchObject({
      mainBalance: 20_000_000,
      withdrawable: 20_000_000,
      turnoverRemaining: 0,
      hasPaymentPassword: true,
    });
    const w1 = await m.call(
      'POST',
      '/wps/payment/withdraw',
      { bankAccountId: bank, amount: 8_000_000, paymentPassword: '246810' },
      true,
    );
    expect(w1.body.value).toMatchObject({ status: 'PENDING', amount: 8_000_000 });
    expect(await m.main()).toBe(12_000_000);
    expect(
      (await operator('POST', `/api/operator/withdrawals/${w1.body.value.id}/reject`, { note: 'wrong bank' }))
        .body.value.status,
    ).toBe('REJECTED');
    expect(await m.main()).toBe(20_000_000);
    const w2 = await m.call(
      'POST',
      '/wps/payment/withdraw',
      { bankAccountId: bank, amount: 5_000_000, paymentPassword: '246810' },
      true,
    );
    const paid = await operator('POST', `/api/operator/withdrawals/${w2.body.value.id}/approve`, {});
    expect(paid.body.value.status).toBe('PAID');
    expect(paid.body.value.confirmDeadline).toBeTruthy();
    expect(await m.main()).toBe(15_000_000);
  });

  it('replays a refusal stored under an idempotency key whole, fields included', async () => {
    const m = await newMember();
    await m.fund(6_000_000);
    const bank = await m.bind();
    const send = () =>
      m.client.call('POST', '/wps/payment/withdraw', {
        token: m.token,
        body: { bankAccountId: bank, amount: 1_000_000, paymentPassword: '000000' },
        headers: { 'idempotency-key': `replay-${m.memberId}` },
      });
    const first = await send();
    expect(first.body.error).toMatchObject({
      code: 'PAYMENT_PASSWORD_WRONG',
      fields: { paymentPassword: ['Incorrect'] },
    });
    const retry = await send();
    expect(retry.status).toBe(first.status);
    expect(retry.body).toEqual(first.body);
  });

  it('refuses a wrong payment password, more than the balance, and a bank account that is not theirs', async () => {
    const m = await newMember();
    await m.fund(6_000_000);
    const bank = await m.bind();
    const wrong = await m.call(
      'POST',
      '/wps/payment/withdraw',
      { bankAccountId: bank, amount: 1_000_000, paymentPassword: '000000' },
      true,
    );
    expect(wrong.body.error.code).toBe('PAYMENT_PASSWORD_WRONG');
    const tooMuch = await m.call(
      'POST',
      '/wps/payment/withdraw',
      { bankAccountId: bank, amount: 7_000_000, paymentPassword: '246810' },
      true,
    );
    expect(tooMuch.body.error.code).toBe('WALLET_INSUFFICIENT_FUNDS');
    // What the member can act on, never internal ledger ids.
    expect(JSON.stringify(tooMuch.body.error)).not.toMatch(/accountId|idempotencyKey/i);
    expect((await m.call('GET', '/wps/payment/withdrawals')).body.value.list).toEqual([]);
    const other = await newMember();
    const otherBank = await other.bind();
    const notTheirs = await m.call(
      'POST',
      '/wps/payment/withdraw',
      { bankAccountId: otherBank, amount: 1_000_000, paymentPassword: '246810' },
      true,
    );
    expect(notTheirs.body.error.code).toBe('BANK_ACCOUNT_NOT_FOUND');
    expect(await m.main()).toBe(6_000_000);
  });

  it('waits for the turnover requirement', async () => {
    await updateMoneySettings(server.db, demoId, { turnoverMultiplier: 1 });
    try {
      const m = await newMember();
      await m.fund(6_000_000);
      const bank = await m.bind();
      const refused = await m.call(
        'POST',
        '/wps/payment/withdraw',
        { bankAccountId: bank, amount: 1_000_000, paymentPassword: '246810' },
        true,
      );
      expect(refused.body.error).toMatchObject({
        code: 'WITHDRAWAL_TURNOVER_NOT_MET',
        details: { turnoverRemaining: 6_000_000 },
      });
      expect((await m.call('GET', '/wps/payment/withdrawInfo')).body.value.withdrawable).toBe(0);
    } finally {
      await updateMoneySettings(server.db, demoId, { turnoverMultiplier: 0 });
    }
  });

  it('lets exactly as many concurrent withdrawals through as the balance allows', async () => {
    const m = await newMember();
    await m.fund(10_000_000);
    const bank = await m.bind();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        m.call(
          'POST',
          '/wps/payment/withdraw',
          { bankAccountId: bank, amount: 1_000_000, paymentPassword: '246810' },
          true,
        ),
      ),
    );
    const counts = answers.reduce<Record<string, number>>((acc, a) => {
      const k = a.status === 200 ? 'ok' : a.body.error.code;
      acc[k] = (acc[k] ?? 0) + 1;
      return acc;
    }, {});
    expect(counts).toEqual({ ok: 10, WALLET_INSUFFICIENT_FUNDS: 10 });
    expect(await m.main()).toBe(0);
  });
});

describe('withdrawal confirmation (§4)', () => {
  const paidWithdrawal = async () => {
    const m = await newMember();
    await m.fund(10_000_000);
    const bank = await m.bind();
    const w = await m.call(
      'POST',
      '/wps/payment/withdraw',
      { bankAccountId: bank, amount: 2_000_000, paymentPassword: '246810' },
      true,
    );
    await operator('POST', `/api/operator/withdrawals/${w.body.value.id}/approve`, {});
    return { m, id: w.body.value.id as number };
  };

  it('records received', async () => {
    const { m, id } = await paidWithdrawal();
    const answer = await m.call('POST', `/wps/payment/withdrawals/${id}/confirm`, { received: true });
    expect(answer.body.value.status).toBe('RECEIVED');
  });

  it('records not received with up to three png or jpg images and a comment, for the operator to see', async () => {
    const { m, id } = await paidWithdrawal();
    const tooMany = await m.call('POST', `/wps/payment/withdrawals/${id}/confirm`, {
      received: false,
      comment: 'nothing came',
      images: [1, 2, 3, 4].map((i) => ({ name: `${i}.png`, base64: PNG })),
    });
    expect(tooMany.status).toBe(400);
    const longComment = await m.call('POST', `/wps/payment/withdrawals/${id}/confirm`, {
      received: false,
      comment: 'x'.repeat(141),
      images: [{ name: 'a.png', base64: PNG }],
    });
    expect(longComment.body.error.details.limits.comment.max).toBe(140);
    const disguised = await m.call('POST', `/wps/payment/withdrawals/${id}/confirm`, {
      received: false,
      comment: 'see proof',
      images: [{ name: 'proof.jpg', base64: FAKE_PNG }],
    });
    expect(disguised.body.error.code).toBe('UPLOAD_INVALID_IMAGE');
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024)]).toString(
      'base64',
    );
    const tooBig = await m.call('POST', `/wps/payment/withdrawals/${id}/confirm`, {
      received: false,
      comment: 'big',
      images: [{ name: 'big.jpg', base64: big }],
    });
    expect([tooBig.status, tooBig.body.error.code]).toEqual([413, 'UPLOAD_TOO_LARGE']);
    const answer = await m.call('POST', `/wps/payment/withdrawals/${id}/confirm`, {
      received: false,
      comment: 'nothing came',
      images: [
        { name: 'a.png', base64: PNG },
        { name: 'b.jpg', base64: JPG },
      ],
    });
    expect(answer.body.value).toMatchObject({
      status: 'NOT_RECEIVED',
      complaint: 'nothing came',
      proofCount: 2,
    });
    const complaints = await operator('GET', '/api/operator/withdrawals?status=NOT_RECEIVED');
    expect(complaints.body.value.list.map((w: { id: number }) => w.id)).toContain(id);
  });

  it('counts a payout nobody confirmed in time as received, and never refunds it', async () => {
    const { m, id } = await paidWithdrawal();
    const before = await m.main();
    // The job sleeps until the earliest deadline (decision 0062): at most the 30 minutes from now.
    const next = await nextAutoReceive(server.db);
    expect(next!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    expect(next!.getTime()).toBeGreaterThan(Date.now() - 60 * 60_000);
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await autoReceiveWithdrawals(server.db, later)).toBeGreaterThanOrEqual(1);
    const list = (await m.call('GET', '/wps/payment/withdrawals')).body.value.list;
    expect(list[0]).toMatchObject({ id, status: 'AUTO_RECEIVED' });
    const late = await m.call('POST', `/wps/payment/withdrawals/${id}/confirm`, {
      received: false,
      comment: 'late',
      images: [{ name: 'a.png', base64: PNG }],
    });
    expect(late.body.error.code).toBe('PAYMENT_STATE_CONFLICT');
    expect(await m.main()).toBe(before);
  });
});

describe('paging', () => {
  it('answers the deposit and withdrawal lists a page at a time, 10 by default and at most 100', async () => {
    const m = await newMember();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const d = await m.call(
        'POST',
        '/wps/payment/deposit',
        { channelCode: 'VCB_MANUAL', amount: 5_000_000 + i, reference: `P${i}` },
        true,
      );
      ids.push(d.body.value.id);
    }
    const first = (await m.call('GET', '/wps/payment/deposits')).body.value;
    expect(first).toMatchObject({ pageNum: 1, totalPages: 2, totalCount: 12 });
    // Newest first.
    expect(first.list.map((d: { id: number }) => d.id)).toEqual(ids.slice(2).reverse());
    const second = (await m.call('GET', '/wps/payment/deposits?pageNo=2')).body.value;
    expect(second).toMatchObject({ pageNum: 2, totalPages: 2, totalCount: 12 });
    expect(second.list.map((d: { id: number }) => d.id)).toEqual(ids.slice(0, 2).reverse());
    const fives = (await m.call('GET', '/wps/payment/deposits?pageNo=3&pageSize=5')).body.value;
    expect([fives.list.length, fives.totalPages]).toEqual([2, 3]);
    expect((await m.call('GET', '/wps/payment/deposits?pageNo=9')).body.value.list).toEqual([]);
    for (const bad of ['pageSize=101', 'pageNo=0', 'pageSize=x']) {
      const answer = await m.call('GET', `/wps/payment/deposits?${bad}`);
      expect([answer.status, answer.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }

    // The operator queue: oldest first, a page at a time.
    const queue = (await operator('GET', '/api/operator/deposits?pageSize=5')).body.value;
    expect(queue.list).toHaveLength(5);
    expect(queue.totalCount).toBeGreaterThanOrEqual(12);
    expect(queue.totalPages).toBe(Math.ceil(queue.totalCount / 5));
    const queued = queue.list.map((d: { id: number }) => d.id);
    expect(queued).toEqual([...queued].sort((a, b) => a - b));
    const last = (await operator('GET', `/api/operator/deposits?pageSize=5&pageNo=${queue.totalPages}`)).body
      .value;
    expect(last.list.map((d: { id: number; memberId: number }) => d.id)).toContain(ids.at(-1));

    await Promise.all(ids.map((id) => operator('POST', `/api/operator/deposits/${id}/approve`, {})));
    const bank = await m.bind();
    for (let i = 0; i < 3; i++)
      await m.call(
        'POST',
        '/wps/payment/withdraw',
        { bankAccountId: bank, amount: 1_000_000, paymentPassword: '246810' },
        true,
      );
    const withdrawals = (await m.call('GET', '/wps/payment/withdrawals?pageSize=2')).body.value;
    expect(withdrawals).toMatchObject({ pageNum: 1, totalPages: 2, totalCount: 3 });
    expect(withdrawals.list).toHaveLength(2);
    const pending = (await operator('GET', '/api/operator/withdrawals?pageSize=1')).body.value;
    expect(pending.list).toHaveLength(1);
    expect(pending.totalPages).toBe(pending.totalCount);
  });
});

describe('consolidated (§7 /wps/member/info/funds/consolidated)', () => {
  it("sums up the member's funds and answers no contract requests yet", async () => {
    const m = await newMember();
    await m.fund(20_000_000);
    const bank = await m.bind();
    const pay = await m.call(
      'POST',
      '/wps/payment/withdraw',
      { bankAccountId: bank, amount: 3_000_000, paymentPassword: '246810' },
      true,
    );
    await operator('POST', `/api/operator/withdrawals/${pay.body.value.id}/approve`, {});
    await m.call(
      'POST',
      '/wps/payment/withdraw',
      { bankAccountId: bank, amount: 5_000_000, paymentPassword: '246810' },
      true,
    );
    const { status, body } = await m.call('GET', '/wps/member/info/funds/consolidated');
    expect(status).toBe(200);
    expect(body.value).toEqual({
      dailysalreqtype: 'NONE',
      divtypereq: 'NONE',
      contracthoursalreq: 'NONE',
      realtimesalreqtype: 'NONE',
      infoTypes: [],
      funds: {
        mainBalance: 12_000_000,
        totalDeposited: 20_000_000,
        totalWithdrawn: 3_000_000,
        pendingWithdrawalCount: 1,
        pendingWithdrawalAmount: 5_000_000,
        heldAmount: 5_000_000,
        withdrawable: 12_000_000,
        turnoverRemaining: 0,
      },
    });
  });

  it('holds the withdrawable amount to the turnover rule', async () => {
    await updateMoneySettings(server.db, demoId, { turnoverMultiplier: 1.5 });
    try {
      const m = await newMember();
      await m.fund(6_000_000);
      const funds = (await m.call('GET', '/wps/member/info/funds/consolidated')).body.value.funds;
      expect(funds).toMatchObject({ mainBalance: 6_000_000, withdrawable: 0, turnoverRemaining: 9_000_000 });
    } finally {
      await updateMoneySettings(server.db, demoId, { turnoverMultiplier: 0 });
    }
  });

  it('is closed to trial accounts and to visitors', async () => {
    const trial = createClient(server, { headers: { 'x-forwarded-for': '192.0.2.251' } });
    const login = await trial.call('POST', '/wps/session/login/freeplay', { body: {} });
    const refused = await trial.call('GET', '/wps/member/info/funds/consolidated', {
      token: login.body.value.token,
    });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'TRIAL_ACCOUNT']);
    const visitor = await createClient(server).call('GET', '/wps/member/info/funds/consolidated');
    expect([visitor.status, visitor.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});

describe('operator queues', () => {
  it("name the member by username, in the CLI's lists and the API's (issue 20 item 9)", async () => {
    const m = await newMember();
    const { username } = await server.db
      .selectFrom('member')
      .select('username')
      .where('id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    await m.fund(20_000_000);
    const d = await m.call(
      'POST',
      '/wps/payment/deposit',
      { channelCode: 'VCB_MANUAL', amount: 7_000_000 },
      true,
    );
    const w = await m.call(
      'POST',
      '/wps/payment/withdraw',
      { bankAccountId: await m.bind(), amount: 5_000_000, paymentPassword: '246810' },
      true,
    );
    const line = (out: string, id: number) => out.split('\n').find((l) => l.startsWith(`${id}\t`)) ?? '';
    const deposits = await runCli(server, 'deposit', 'list');
    expect(line(deposits, d.body.value.id)).toContain(`\t${username}\t`);
    const withdrawals = await runCli(server, 'withdrawal', 'list');
    expect(line(withdrawals, w.body.value.id)).toContain(`\t${username}\t`);
    expect(deposits).not.toMatch(/\tmember \d+\t/);
    const queued = (await operator('GET', '/api/operator/deposits?pageSize=100')).body.value.list;
    expect(queued.find((x: { id: number }) => x.id === d.body.value.id)).toMatchObject({
      memberId: m.memberId,
      username,
    });
    const waiting = (await operator('GET', '/api/operator/withdrawals?pageSize=100')).body.value.list;
    expect(waiting.find((x: { id: number }) => x.id === w.body.value.id)).toMatchObject({
      memberId: m.memberId,
      username,
    });
  });
});
