import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/cli.js';
import { createClient } from '../../test/client.js';
import { registeredMember } from '../../test/funded-member.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import { addToDailySummary } from '../games/bet-records.js';
import * as merchants from '../merchants/service.js';
import { createOperator } from '../operators/service.js';
import { seedDemoClaims } from './promotion-claims.js';

const CAPTCHA = 'pr0m';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]).toString('base64');
const FAKE_PNG = Buffer.from('<script>alert(1)</script>').toString('base64');
const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

let server: TestServer;
let demoId: number;
const tokens: Record<'FINANCE' | 'ADMIN', string> = { FINANCE: '', ADMIN: '' };

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  for (const role of ['FINANCE', 'ADMIN'] as const) {
    const username = `promo-${role.toLowerCase()}`;
    await createOperator(server.db, {
      username,
      password: 'correct horse battery',
      role,
      merchantId: demoId,
    });
    const login = await createClient(server).call('POST', '/api/operator/login', {
      body: { username, password: 'correct horse battery' },
    });
    tokens[role] = login.body.value.token;
  }
});
afterAll(() => checkAndClose(server));

const operator = (role: 'FINANCE' | 'ADMIN', method: string, path: string, body?: unknown) =>
  createClient(server).call(method, path, { token: tokens[role], ...(body !== undefined && { body }) });

/** Writes a promotion through the operator API and answers its id. */
const putPromotion = async (code: string, extra: Record<string, unknown>) => {
  const put = await operator('ADMIN', 'PUT', '/api/operator/promotions', {
    code,
    category: 'DEPOSIT',
    titles: { EN: `${code} title` },
    summaries: { EN: `${code} summary` },
    contents: { EN: `<p>${code}</p>` },
    startsAt: at(-1),
    ...extra,
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const row = await server.db
    .selectFrom('promotion')
    .select('id')
    .where('merchant_id', '=', demoId)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
};

const newMember = async () => {
  const { client, token, memberId } = await registeredMember(server, {
    prefix: 'promo',
    captcha: CAPTCHA,
    fields: { payeeName: 'Nguyen Van A' },
  });
  let key = 0;
  const call = (method: string, path: string, body?: unknown) =>
    client.call(method, path, {
      token,
      ...(body !== undefined && { body }),
      headers: { 'idempotency-key': `p${memberId}-${++key}` },
    });
  const main = async () =>
    (await call('GET', '/wps/v2/wallets/balance')).body.value.wallets[0].balance as number;
  /** A deposit through the manual channel, approved by the operator. */
  const deposit = async (amount: number) => {
    const d = await call('POST', '/wps/payment/deposit', {
      channelCode: 'VCB_MANUAL',
      amount,
      reference: 'FT1',
    });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(
      (await operator('FINANCE', 'POST', `/api/operator/deposits/${d.body.value.id}/approve`, {})).status,
    ).toBe(200);
    return d.body.value.id as number;
  };
  const claims = async (view = 'all') =>
    (await call('GET', `/wps/promotions/claims?view=${view}`)).body.value;
  const wager = (validBet: number) =>
    addToDailySummary(server.db, {
      merchantId: demoId,
      memberId,
      day: '2026-11-26',
      category: 'RNG',
      stake: validBet,
      validBet,
      payout: 0,
      winLoss: -validBet,
    });
  return { memberId, call, main, deposit, claims, wager };
};

const banks = new Map<number, number>();
const withdraw = async (m: Awaited<ReturnType<typeof newMember>>, amount: number) => {
  if (!banks.has(m.memberId)) {
    const bank = await m.call('POST', '/wps/payment/bankAccounts', {
      bankName: 'ACB',
      accountNumber: `9988 ${m.memberId}`,
      accountName: 'Nguyen Van A',
    });
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    banks.set(m.memberId, bank.body.value.id as number);
  }
  return m.call('POST', '/wps/payment/withdraw', {
    bankAccountId: banks.get(m.memberId),
    amount,
    paymentPassword: '246810',
  });
};

describe('a deposit match', () => {
  let promotionId: number;
  beforeAll(async () => {
    promotionId = await putPromotion('T_MATCH', {
      audience: 'NEW_MEMBER',
      terms: { bonusRateBp: 10_000, maxBonus: 8_000_000, minDeposit: 5_000_000, turnoverMultiplier: 2 },
      rules: { kind: 'DEPOSIT_MATCH', maxDepositCount: 1 },
    });
  });

  it('pays once from the promotion expense, and its turnover blocks a withdrawal until met', async () => {
    const m = await newMember();
    const before = await m.claims();
    expect(before.claimable.find((c: { code: string }) => c.code === 'T_MATCH')).toBeUndefined();
    const refused = await m.call('POST', `/wps/promotions/${promotionId}/apply`, {});
    expect(refused.body.error).toMatchObject({
      code: 'PROMOTION_NOT_ELIGIBLE',
      details: { reason: 'NO_QUALIFYING_DEPOSIT' },
    });

    const depositId = await m.deposit(6_000_000);
    const offered = await m.claims();
    expect(offered.claimable).toContainEqual({
      promotionId,
      code: 'T_MATCH',
      title: 'T_MATCH title',
      bonus: 6_000_000,
    });
    expect(offered.claimableCount).toBeGreaterThanOrEqual(1);

    const applied = await m.call('POST', `/wps/promotions/${promotionId}/apply`, {});
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.value).toMatchObject({
      status: 'ISSUED',
      depositId,
      bonus: 6_000_000,
      turnoverRequired: 24_000_000,
    });
    const again = await m.call('POST', `/wps/promotions/${promotionId}/apply`, {});
    expect(again.body.error.code).toBe('PROMOTION_ALREADY_CLAIMED');

    const claimId = applied.body.value.id as number;
    const paid = await m.call('POST', `/wps/promotions/claims/${claimId}/claim`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.value).toMatchObject({ status: 'PROCESS', turnoverDone: 0 });
    expect(await m.main()).toBe(12_000_000);
    const twice = await m.call('POST', `/wps/promotions/claims/${claimId}/claim`);
    expect(twice.body.error.code).toBe('PROMOTION_CLAIM_STATE');
    expect(await m.main()).toBe(12_000_000);

    const batch = await server.db
      .selectFrom('ledger_batch')
      .select('id')
      .where('idempotency_key', '=', `promo:${promotionId}:${m.memberId}:${depositId}`)
      .execute();
    expect(batch).toHaveLength(1);

    const blocked = await withdraw(m, 5_000_000);
    expect(blocked.body.error).toMatchObject({
      code: 'WITHDRAWAL_TURNOVER_NOT_MET',
      details: { turnoverRemaining: 24_000_000 },
    });

    await m.wager(10_000_000);
    const halfway = await m.claims('bonus');
    expect(halfway.claims).toHaveLength(1);
    expect(halfway.claims[0]).toMatchObject({
      status: 'PROCESS',
      turnoverDone: 10_000_000,
      turnoverRequired: 24_000_000,
    });
    expect(halfway.turnoverRemaining).toBe(14_000_000);
    expect((await withdraw(m, 5_000_000)).body.error.code).toBe('WITHDRAWAL_TURNOVER_NOT_MET');

    await m.wager(14_000_000);
    const met = await m.claims('bonus');
    expect(met.claims[0]).toMatchObject({ status: 'CLAIMED', turnoverDone: 24_000_000 });
    const allowed = await withdraw(m, 5_000_000);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  });

  it('does not count wagering done before the bonus', async () => {
    const m = await newMember();
    await m.wager(100_000_000);
    await m.deposit(5_000_000);
    const applied = await m.call('POST', `/wps/promotions/${promotionId}/apply`, {});
    await m.call('POST', `/wps/promotions/claims/${applied.body.value.id}/claim`);
    expect((await m.claims('bonus')).turnoverRemaining).toBe(20_000_000);
    expect((await withdraw(m, 5_000_000)).body.error.code).toBe('WITHDRAWAL_TURNOVER_NOT_MET');
  });

  it('rewards only the first deposit of a new member', async () => {
    const m = await newMember();
    await m.deposit(5_000_000);
    await m.deposit(7_000_000);
    const applied = await m.call('POST', `/wps/promotions/${promotionId}/apply`, {});
    // The first deposit still qualifies: the bonus is on it, not on the newer one.
    expect(applied.body.value).toMatchObject({ depositAmount: 5_000_000, bonus: 5_000_000 });
  });
});

describe('a reviewed promotion with proof', () => {
  let promotionId: number;
  beforeAll(async () => {
    promotionId = await putPromotion('T_REVIEW', {
      category: 'SPORTS',
      terms: { turnoverMultiplier: 0 },
      rules: { kind: 'FIXED_BONUS', bonusAmount: 300_000, needsReview: true, proofRequired: true },
    });
  });

  it('checks the proof, waits for a FINANCE review, then pays on claim', async () => {
    const m = await newMember();
    const apply = (body: unknown) => m.call('POST', `/wps/promotions/${promotionId}/apply`, body);
    expect((await apply({})).body.error.details.reason).toBe('PROOF_REQUIRED');
    expect((await apply({ images: [{ name: 'x.png', base64: FAKE_PNG }] })).body.error.code).toBe(
      'UPLOAD_INVALID_IMAGE',
    );
    const four = Array.from({ length: 4 }, () => ({ name: 'a.png', base64: PNG }));
    expect((await apply({ images: four })).status).toBe(400);
    expect((await apply({ comment: 'x'.repeat(141), images: [four[0]] })).status).toBe(400);
    const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(5 * 1024 * 1024)]).toString('base64');
    expect((await apply({ images: [{ name: 'big.png', base64: big }] })).body.error.code).toBe(
      'UPLOAD_TOO_LARGE',
    );

    const applied = await apply({ comment: 'Lost by one leg', images: [four[0], four[1]] });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.value).toMatchObject({
      status: 'APPLYING',
      proofCount: 2,
      comment: 'Lost by one leg',
    });
    const id = applied.body.value.id as number;
    expect((await m.call('POST', `/wps/promotions/claims/${id}/claim`)).body.error.code).toBe(
      'PROMOTION_CLAIM_STATE',
    );

    const queue = await operator('ADMIN', 'GET', '/api/operator/promotion-claims?status=APPLYING');
    expect(queue.body.value.claims.map((c: { id: number }) => c.id)).toContain(id);
    expect((await operator('ADMIN', 'POST', `/api/operator/promotion-claims/${id}/approve`, {})).status).toBe(
      403,
    );
    const approved = await operator('FINANCE', 'POST', `/api/operator/promotion-claims/${id}/approve`, {
      note: 'ok',
    });
    expect(approved.body.value).toMatchObject({ status: 'ISSUED', reviewNote: 'ok', memberId: m.memberId });
    expect(
      (await operator('FINANCE', 'POST', `/api/operator/promotion-claims/${id}/reject`, {})).body.error.code,
    ).toBe('PROMOTION_CLAIM_STATE');
    expect((await m.claims()).claimableCount).toBe(1);

    const paid = await m.call('POST', `/wps/promotions/claims/${id}/claim`);
    expect(paid.body.value).toMatchObject({ status: 'CLAIMED', bonus: 300_000 });
    expect(await m.main()).toBe(300_000);
    expect(
      (await operator('FINANCE', 'POST', `/api/operator/promotion-claims/${id}/close`, {})).body.error.code,
    ).toBe('PROMOTION_CLAIM_STATE');
  });

  it('is rejected or closed by an operator and then cannot be claimed', async () => {
    const rejected = await newMember();
    const a = await rejected.call('POST', `/wps/promotions/${promotionId}/apply`, {
      images: [{ name: 'p.png', base64: PNG }],
    });
    const r = await operator(
      'FINANCE',
      'POST',
      `/api/operator/promotion-claims/${a.body.value.id}/reject`,
      {},
    );
    expect(r.body.value.status).toBe('REJECTED');
    expect(
      (
        await rejected.call('POST', `/wps/promotions/${promotionId}/apply`, {
          images: [{ name: 'p.png', base64: PNG }],
        })
      ).body.error.code,
    ).toBe('PROMOTION_ALREADY_CLAIMED');

    const closed = await newMember();
    const b = await closed.call('POST', `/wps/promotions/${promotionId}/apply`, {
      images: [{ name: 'p.png', base64: PNG }],
    });
    await operator('FINANCE', 'POST', `/api/operator/promotion-claims/${b.body.value.id}/approve`, {});
    const c = await operator(
      'FINANCE',
      'POST',
      `/api/operator/promotion-claims/${b.body.value.id}/close`,
      {},
    );
    expect(c.body.value.status).toBe('CLOSE');
    expect(
      (await closed.call('POST', `/wps/promotions/claims/${b.body.value.id}/claim`)).body.error.code,
    ).toBe('PROMOTION_CLAIM_STATE');
    expect(await closed.main()).toBe(0);
  });
});

describe('eligibility', () => {
  it('holds VIP rank, language and deposit count; a rebate boost is Joined', async () => {
    const vip = await putPromotion('T_VIP', {
      category: 'VIP',
      minVipLevel: 3,
      rules: { kind: 'FIXED_BONUS', bonusAmount: 100 },
    });
    const vi = await putPromotion('T_LANG', {
      rules: { kind: 'FIXED_BONUS', bonusAmount: 100, languages: ['TY'] },
    });
    const loyal = await putPromotion('T_LOYAL', {
      audience: 'MEMBER',
      rules: { kind: 'FIXED_BONUS', bonusAmount: 100, minDepositCount: 2 },
    });
    const boost = await putPromotion('T_BOOST', {
      category: 'REBATE',
      terms: { bonusRateBp: 50 },
      rules: { kind: 'REBATE_BOOST' },
    });
    const m = await newMember();
    const reason = async (id: number, body = {}) =>
      (await m.call('POST', `/wps/promotions/${id}/apply`, body)).body.error?.details?.reason;
    expect(await reason(vip)).toBe('VIP_LEVEL');
    await server.db.updateTable('member').set({ vip_level: 3 }).where('id', '=', m.memberId).execute();
    expect(await reason(vip)).toBeUndefined();
    expect(await reason(vi, { language: 'EN' })).toBe('LANGUAGE');
    expect(await reason(vi, { language: 'TY' })).toBeUndefined();
    await m.deposit(5_000_000);
    expect(await reason(loyal)).toBe('DEPOSIT_COUNT');
    await m.deposit(5_000_000);
    expect(await reason(loyal)).toBeUndefined();
    const joined = await m.call('POST', `/wps/promotions/${boost}/apply`, {});
    expect(joined.body.value).toMatchObject({ status: 'JOINED', kind: 'REBATE_BOOST', bonus: 0 });
  });
});

describe('the demo', () => {
  it('joins the demo members to the cashback boost once, whatever the runs', async () => {
    const m = await newMember();
    const { username } = await server.db
      .selectFrom('member')
      .select('username')
      .where('id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    const demo = await merchants.getMerchantByCode(server.db, 'DEMO');
    expect(await seedDemoClaims(server.db, demo, [username])).toBeGreaterThanOrEqual(1);
    expect(await seedDemoClaims(server.db, demo, [username])).toBe(0);
    const claims = (await m.claims()).claims as { code: string; status: string }[];
    expect(claims.find((c) => c.code === 'SLOTS_CASHBACK')?.status).toBe('JOINED');
  });
});

describe('claiming at once', () => {
  it('pays one claim once however many ask, and distinct claims each once', async () => {
    const id = await putPromotion('T_RACE', {
      audience: 'ALL',
      rules: { kind: 'FIXED_BONUS', bonusAmount: 1_000 },
    });
    const members = await Promise.all(Array.from({ length: 4 }, () => newMember()));
    const claimIds: number[] = [];
    for (const m of members)
      claimIds.push((await m.call('POST', `/wps/promotions/${id}/apply`, {})).body.value.id);
    const answers = await Promise.all(
      members.flatMap((m, i) =>
        Array.from({ length: 4 }, () => m.call('POST', `/wps/promotions/claims/${claimIds[i]}/claim`)),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect(answers.filter((a) => a.body.error?.code === 'PROMOTION_CLAIM_STATE')).toHaveLength(12);
    for (const m of members) expect(await m.main()).toBe(1_000);
    // Each member is told once, in the claim's transaction.
    const told = await server.db
      .selectFrom('inbox_message')
      .select(['member_id', 'params'])
      .where('template', '=', 'BONUS_ISSUED')
      .where(
        'member_id',
        'in',
        members.map((m) => m.memberId),
      )
      .execute();
    expect(told.map((t) => JSON.parse(t.params))).toEqual(
      members.map(() => ({ amount: 1_000, promotion: id })),
    );

    const costs = await operator('ADMIN', 'GET', '/api/operator/promotion-costs');
    expect(costs.body.value.promotions).toContainEqual({
      promotionId: id,
      code: 'T_RACE',
      claims: 4,
      paid: 4_000,
    });
    const sum = costs.body.value.promotions.reduce((s: number, p: { paid: number }) => s + p.paid, 0);
    expect(costs.body.value.total).toBe(sum);
  });
});

describe('the CLI', () => {
  it('lists the review queue and decides an application', async () => {
    const id = await putPromotion('T_CLI', {
      rules: { kind: 'FIXED_BONUS', bonusAmount: 500, needsReview: true },
    });
    const m = await newMember();
    const claim = (await m.call('POST', `/wps/promotions/${id}/apply`, {})).body.value.id as number;
    expect(await runCli(server, 'promo', 'claims', 'APPLYING')).toContain(`${claim}\tT_CLI`);
    expect(await runCli(server, 'promo', 'approve', String(claim), 'checked')).toContain('is ISSUED');
    expect((await m.claims()).claims[0]).toMatchObject({ status: 'ISSUED', reviewNote: 'checked' });
    expect(await runCli(server, 'promo', 'costs')).toMatch(/promotions paid \d+ in total/);
  });
});
