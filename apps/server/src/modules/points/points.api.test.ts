import { POINT_PATHS } from '@jade/contracts/points';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledRound } from '../../test/agent-team.js';
import { runCli } from '../../test/cli.js';
import { createClient } from '../../test/client.js';
import { registeredMember } from '../../test/funded-member.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';
import { createOperator } from '../operators/service.js';
import { checkInvariants, getAccountBalance, houseAccount, memberAccount } from '../wallet/ledger.js';
import { accruePoints } from './accrual.js';
import { createReward, pointBalance } from './service.js';

// Issue 22 item 5: the points mall (decision 0046). Points in hundredths; the demo's VND in hundredths.

const CAPTCHA = 'p01n';
const PASSWORD = 'correct horse battery';
let server: TestServer;
let demoId: number;
let ip = 1;
let key = 0;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  for (const role of ['ADMIN', 'FINANCE'] as const)
    await createOperator(server.db, {
      username: `pt-${role.toLowerCase()}`,
      password: PASSWORD,
      role,
      merchantId: null,
    });
});
afterAll(async () => server.close());

const client = () => createClient(server, { headers: { 'x-forwarded-for': `198.18.1.${ip++}` } });

/** A registered member (payment password 246810) that has earned `stake` × RNG's 1.20 in points. */
const member = async (prefix: string, rngStake = 0) => {
  const m = await registeredMember(server, { prefix, captcha: CAPTCHA });
  if (rngStake > 0)
    await settledRound(server.db, { merchantId: demoId, memberId: m.memberId, stake: rngStake, payout: 0 });
  const call = (path: string, body?: unknown, headers?: Record<string, string>) =>
    m.client.call('POST', path, { token: m.token, body: body ?? {}, ...(headers && { headers }) });
  const paying = (path: string, body: unknown) => call(path, body, { 'idempotency-key': `k${++key}` });
  return { ...m, call, paying };
};

const operatorCall = async (role: 'admin' | 'finance', method: string, path: string, body?: unknown) => {
  const login = await client().call('POST', '/api/operator/login', {
    body: { username: `pt-${role}`, password: PASSWORD },
  });
  return client().call(method, `${path}${path.includes('?') ? '&' : '?'}merchant=DEMO`, {
    token: login.body.value.token as string,
    ...(body !== undefined && { body }),
  });
};

const reward = (cost: number, stock: number) =>
  createReward(server.db, demoId, {
    names: { EN: `Reward ${++key}`, TY: `Phần thưởng ${key}` },
    descriptions: {},
    imageUrl: null,
    cost,
    stock,
    enabled: true,
    sortOrder: 0,
  });
const stockOf = async (id: number) =>
  (await server.db.selectFrom('point_reward').select('stock').where('id', '=', id).executeTakeFirstOrThrow())
    .stock;

/** The platform messages a member was sent: template and parameters, oldest first. */
const notices = async (memberId: number) =>
  (
    await server.db
      .selectFrom('inbox_message')
      .select(['template', 'params'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute()
  ).map((n) => ({ template: n.template, params: JSON.parse(n.params) as unknown }));

describe('earning points at settlement', () => {
  it("credits each category's rate of the valid bet, none for a category without one, once per settlement", async () => {
    const m = await member('pte');
    // ₫10,000 on slots (1.20) is 12,000 points; ₫10,000 live (0.70) 7,000; the lottery has no rate.
    await settledRound(server.db, { merchantId: demoId, memberId: m.memberId, stake: 1_000_000, payout: 0 });
    await settledRound(server.db, {
      merchantId: demoId,
      memberId: m.memberId,
      stake: 1_000_000,
      payout: 3_000_000,
      category: 'LIVE',
    });
    await settledRound(server.db, {
      merchantId: demoId,
      memberId: m.memberId,
      stake: 1_000_000,
      payout: 0,
      category: 'LOTT',
    });
    const balance = await m.call(POINT_PATHS.BALANCE);
    expect(balance.status).toBe(200);
    expect(balance.body.value).toEqual({ points: 1_200_000 + 700_000 });
    // The same settlement written again (a replay under its key) earns nothing more.
    const again = {
      merchantId: demoId,
      memberId: m.memberId,
      category: 'RNG',
      validBet: 1_000_000,
      pointsKey: 'x1',
    };
    await server.db.transaction().execute((trx) => accruePoints(trx, [again]));
    await server.db.transaction().execute((trx) => accruePoints(trx, [again]));
    expect(await pointBalance(server.db, demoId, m.memberId)).toBe(1_900_000 + 1_200_000);
    expect((await checkInvariants(server.db)).ok).toBe(true);
  });

  it('answers the rates and the conversion; the operator changes a rate; a trial or no token is refused', async () => {
    const m = await member('ptc');
    const config = await m.call(POINT_PATHS.CONFIG);
    expect(config.body.value.rates).toEqual(
      expect.arrayContaining([
        { category: 'LIVE', rate: 70 },
        { category: 'SPORTS', rate: 100 },
        { category: 'FISH', rate: 120 },
        { category: 'RNG', rate: 120 },
        { category: 'PVP', rate: 100 },
        { category: 'LOTT', rate: 0 },
      ]),
    );
    expect(config.body.value).toMatchObject({
      conversion: { points: 10_000, amount: 100, minPoints: 10_000 },
      expires: false,
    });
    const admin = await operatorCall('admin', 'PUT', '/api/operator/point-settings', {
      rates: [{ category: 'ARCADE', rate: 50 }],
    });
    expect(admin.status).toBe(403);
    const set = await operatorCall('finance', 'PUT', '/api/operator/point-settings', {
      rates: [{ category: 'ARCADE', rate: 50 }],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await settledRound(server.db, {
      merchantId: demoId,
      memberId: m.memberId,
      stake: 10_000,
      payout: 0,
      category: 'ARCADE',
    });
    expect((await m.call(POINT_PATHS.BALANCE)).body.value.points).toBe(5_000);
    const bad = await operatorCall('finance', 'PUT', '/api/operator/point-settings', {
      rates: [{ category: 'LIVE', rate: -1 }],
    });
    expect(bad.status).toBe(400);
    expect((await client().call('POST', POINT_PATHS.BALANCE, { body: {} })).status).toBe(401);
  });
});

describe('redeeming rewards', () => {
  it('takes the points and one of the stock, In Process until approved; a replay redeems once', async () => {
    const m = await member('ptr', 1_000_000); // 12,000 points
    const r = await reward(500_000, 2);
    const rewards = await m.call(POINT_PATHS.REWARDS, { language: 'TY' });
    expect(rewards.body.value.list).toContainEqual(
      expect.objectContaining({
        id: r.id,
        name: `Phần thưởng ${r.names.EN!.split(' ')[1]}`,
        cost: 500_000,
        stock: 2,
      }),
    );
    const wrong = await m.paying(POINT_PATHS.REDEEM, { rewardId: r.id, paymentPassword: '000000' });
    expect(wrong.body.error.code).toBe('PAYMENT_PASSWORD_WRONG');
    const headers = { 'idempotency-key': 'redeem-once' };
    const redeemed = await m.call(POINT_PATHS.REDEEM, { rewardId: r.id, paymentPassword: '246810' }, headers);
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect(redeemed.body.value).toMatchObject({
      redemption: { rewardId: r.id, points: 500_000, status: 'IN_PROCESS' },
      points: 700_000,
    });
    const replay = await m.call(POINT_PATHS.REDEEM, { rewardId: r.id, paymentPassword: '246810' }, headers);
    expect(replay.body.value.redemption.id).toBe(redeemed.body.value.redemption.id);
    expect(await stockOf(r.id)).toBe(1);
    expect(await pointBalance(server.db, demoId, m.memberId)).toBe(700_000);

    const id = redeemed.body.value.redemption.id as number;
    const queue = await operatorCall('admin', 'GET', '/api/operator/point-redemptions');
    expect(queue.body.value.map((q: { id: number }) => q.id)).toContain(id);
    const refused = await operatorCall('admin', 'POST', `/api/operator/point-redemptions/${id}/approve`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    const approved = await operatorCall('finance', 'POST', `/api/operator/point-redemptions/${id}/approve`);
    expect(approved.body.value).toMatchObject({ id, status: 'APPROVED' });
    const twice = await operatorCall('finance', 'POST', `/api/operator/point-redemptions/${id}/reject`);
    expect(twice.body.error.code).toBe('POINTS_REDEMPTION_DECIDED');
    expect(await pointBalance(server.db, demoId, m.memberId)).toBe(700_000);
    // Told once in the inbox, with the decision that counted.
    expect(await notices(m.memberId)).toEqual([{ template: 'REDEEM_APPROVED', params: { id } }]);

    const list = await m.call(POINT_PATHS.REDEEMS, { status: 'APPROVED' });
    expect(list.body.value).toMatchObject({ totalCount: 1, list: [{ id, status: 'APPROVED' }] });
    expect((await m.call(POINT_PATHS.REDEEMS, { status: 'IN_PROCESS' })).body.value.totalCount).toBe(0);
  });

  it('a rejection gives the points and the stock back once, through the CLI as through the API', async () => {
    const m = await member('ptj', 1_000_000);
    const r = await reward(300_000, 1);
    const first = await m.paying(POINT_PATHS.REDEEM, { rewardId: r.id, paymentPassword: '246810' });
    const id = first.body.value.redemption.id as number;
    expect(await stockOf(r.id)).toBe(0);
    expect(await runCli(server, 'points', 'queue')).toContain(`${id}\t`);
    expect(await runCli(server, 'points', 'reject', String(id), 'address', 'unknown')).toContain('REJECTED');
    await expect(runCli(server, 'points', 'reject', String(id))).rejects.toThrow(/already been decided/);
    expect(await notices(m.memberId)).toEqual([{ template: 'REDEEM_REJECTED', params: { id } }]);
    expect(await stockOf(r.id)).toBe(1);
    expect(await pointBalance(server.db, demoId, m.memberId)).toBe(1_200_000);
    const rejected = await m.call(POINT_PATHS.REDEEMS, {});
    expect(rejected.body.value.list[0]).toMatchObject({ id, status: 'REJECTED', remark: 'address unknown' });
    // The stock given back is redeemable again, then the reward is out of stock.
    expect((await m.paying(POINT_PATHS.REDEEM, { rewardId: r.id, paymentPassword: '246810' })).status).toBe(
      200,
    );
    const none = await m.paying(POINT_PATHS.REDEEM, { rewardId: r.id, paymentPassword: '246810' });
    expect(none.body.error.code).toBe('POINTS_OUT_OF_STOCK');
    expect(await pointBalance(server.db, demoId, m.memberId)).toBe(900_000);
  });

  it('refuses a reward the member cannot afford without touching the stock, and a missing reward', async () => {
    const m = await member('pti', 10_000); // 120 points
    const r = await reward(50_000, 3);
    const poor = await m.paying(POINT_PATHS.REDEEM, { rewardId: r.id, paymentPassword: '246810' });
    expect(poor.status).toBe(409);
    expect(poor.body.error.code).toBe('POINTS_INSUFFICIENT');
    expect(await stockOf(r.id)).toBe(3);
    const missing = await m.paying(POINT_PATHS.REDEEM, { rewardId: 999_999, paymentPassword: '246810' });
    expect(missing.body.error.code).toBe('POINTS_REWARD_NOT_FOUND');
    const huge = await m.paying(POINT_PATHS.REDEEM, { rewardId: 1e20, paymentPassword: '246810' });
    expect(huge.status).toBe(400);
  });

  it('operators add rewards and stock, never below zero', async () => {
    const created = await operatorCall('admin', 'POST', '/api/operator/point-rewards', {
      names: { EN: 'Cap' },
      cost: 1_000,
      stock: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.value.id as number;
    expect(
      (await operatorCall('admin', 'POST', `/api/operator/point-rewards/${id}/stock`, { add: 4 })).body.value
        .stock,
    ).toBe(5);
    const below = await operatorCall('admin', 'POST', `/api/operator/point-rewards/${id}/stock`, { add: -6 });
    expect(below.body.error.code).toBe('POINTS_OUT_OF_STOCK');
    const off = await operatorCall('admin', 'PUT', `/api/operator/point-rewards/${id}`, {
      names: { EN: 'Cap' },
      cost: 1_000,
      stock: 5,
      enabled: false,
    });
    expect(off.body.value.enabled).toBe(false);
    expect(await runCli(server, 'points', 'stock', String(id), '+2')).toContain('has 7 in stock');
  });

  it('never lets two redeemers take the last item: many at once, stock never below zero', async () => {
    const r = await reward(100_000, 3);
    const members = await Promise.all(Array.from({ length: 8 }, (_, i) => member(`ptk${i}`, 100_000)));
    const answers = await Promise.all(
      members.map((m) => m.paying(POINT_PATHS.REDEEM, { rewardId: r.id, paymentPassword: '246810' })),
    );
    const codes = answers.map((a) => (a.status === 200 ? 'OK' : a.body.error.code));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(3);
    expect(codes.filter((c) => c !== 'OK').every((c) => c === 'POINTS_OUT_OF_STOCK')).toBe(true);
    expect(await stockOf(r.id)).toBe(0);
    const balances = await Promise.all(members.map((m) => pointBalance(server.db, demoId, m.memberId)));
    expect(balances.filter((b) => b === 20_000)).toHaveLength(3);
    expect(balances.every((b) => b >= 0)).toBe(true);
    expect((await checkInvariants(server.db)).ok).toBe(true);
  });
});

describe('converting points', () => {
  it('pays the main wallet from the promotion expense at the brand rate, once per request', async () => {
    const m = await member('ptv', 1_000_000); // 12,000 points
    const expense = await houseAccount(server.db, demoId, 'PROMOTION_EXPENSE');
    const before = await getAccountBalance(server.db, expense);
    const small = await m.paying(POINT_PATHS.CONVERT, { points: 5_000, paymentPassword: '246810' });
    expect(small.body.error.code).toBe('POINTS_CONVERT_OUT_OF_RANGE');
    const wrong = await m.paying(POINT_PATHS.CONVERT, { points: 500_000, paymentPassword: '999999' });
    expect(wrong.body.error.code).toBe('PAYMENT_PASSWORD_WRONG');
    const headers = { 'idempotency-key': 'convert-once' };
    const body = { points: 500_050, paymentPassword: '246810' };
    const converted = await m.call(POINT_PATHS.CONVERT, body, headers);
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    // 5,000.50 points at 100 points to ₫1: ₫50.00 (5,000 minor), the half point rounded away.
    expect(converted.body.value).toEqual({
      points: 500_050,
      amount: 5_000,
      pointBalance: 699_950,
      mainBalance: 5_000,
    });
    expect((await m.call(POINT_PATHS.CONVERT, body, headers)).body.value.amount).toBe(5_000);
    expect(
      await getAccountBalance(server.db, await memberAccount(server.db, demoId, m.memberId, 'MAIN')),
    ).toBe(5_000);
    expect(await getAccountBalance(server.db, expense)).toBe(before - 5_000);
    const tooMany = await m.paying(POINT_PATHS.CONVERT, { points: 800_000, paymentPassword: '246810' });
    expect(tooMany.body.error.code).toBe('POINTS_INSUFFICIENT');
    // Points are not money: the account record shows the payment, not the points.
    const record = await m.client.call('POST', '/wps/relay/ODSFE2_MemTransDet', {
      token: m.token,
      body: { kind: 'ALL', pageNo: 1, pageSize: 20 },
    });
    expect(record.status, JSON.stringify(record.body)).toBe(200);
    const kinds = record.body.value.records.map((l: { kind: string }) => l.kind);
    expect(kinds).toContain('POINTS_CONVERSION');
    expect(kinds).not.toContain('POINTS_CONVERT');
    expect((await checkInvariants(server.db)).ok).toBe(true);
  });
});
