import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherBrand } from '../../test/brands.js';
import { createClient } from '../../test/client.js';
import { registeredMember } from '../../test/funded-member.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { dayOf } from '../../platform/time-zone.js';
import { insertMember } from '../accounts/repo.js';
import { moveInTree } from '../accounts/tree.js';
import * as merchants from '../merchants/service.js';
import { createOperator } from '../operators/service.js';
import { houseAccount, memberAccount, postTransfer } from '../wallet/ledger.js';

/**
 * The agent centre's payroll calls and the operator's dividend approval (issue 21, decision 0041):
 * an agent sees its own payments and what it paid its direct children, nothing of a sibling, its
 * upline or another brand; members and trial accounts are refused; an open debt blocks withdrawals.
 */
const CAPTCHA = 'p4y9';
let server: TestServer;
let demoId: number;
let today: string;
type Agent = Awaited<ReturnType<typeof registeredMember>> & {
  call: (path: string) => Promise<{ status: number; body: any }>;
};
const agents: Record<string, Agent> = {};
let otherBrandMember: number;
let financeToken: string;
let adminToken: string;

const newMember = async (name: string, type: number, upline: string | null) => {
  const m = await registeredMember(server, {
    prefix: `pay${name}`,
    captcha: CAPTCHA,
    fields: { payeeName: 'Tran Thi Mai' },
  });
  await server.db.updateTable('member').set({ type }).where('id', '=', m.memberId).execute();
  if (upline) {
    await writeTransaction(server.db, (trx) =>
      moveInTree(trx, demoId, m.memberId, agents[upline]!.memberId, 'test'),
    );
  }
  const agent = { ...m, call: (path: string) => m.client.call('GET', path, { token: m.token }) };
  agents[name] = agent;
  return agent;
};

let contractSeq = 0;
const payment = async (
  holder: string,
  payer: string | null,
  kind: 'DAILY_SALARY' | 'DIVIDEND',
  amounts: { gross: number; paid: number; status: string },
) => {
  const { id: contractId } = await server.db
    .insertInto('agent_contract')
    .values({
      merchant_id: demoId,
      holder_id: agents[holder]!.memberId,
      offered_by: payer === null ? null : agents[payer]!.memberId,
      kind,
      category: 'RNG',
      period: kind === 'DIVIDEND' ? 'DAILY' : null,
      tiers: '[]',
      status: 'ACCEPTED',
      created_at: new Date().toISOString(),
      answered_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await server.db
    .insertInto('agent_payment')
    .values({
      merchant_id: demoId,
      contract_id: contractId,
      holder_id: agents[holder]!.memberId,
      payer_id: payer === null ? null : agents[payer]!.memberId,
      kind,
      category: 'RNG',
      period_key: `${kind === 'DIVIDEND' ? 'DAILY' : 'D'}:${today}:${++contractSeq}`,
      day: today,
      window_start: `${today}T00:00:00.000Z`,
      window_end: `${today}T23:59:59.000Z`,
      team_valid_bet: 1_000_000,
      net_loss: 0,
      carried_in: 0,
      active_members: 3,
      tier: 0,
      gross: amounts.gross,
      paid: amounts.paid,
      owed: amounts.gross - amounts.paid,
      status: amounts.status as 'PAID',
      created_at: new Date().toISOString(),
      approved_by: null,
      approved_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
};

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  const demo = await merchants.getMerchantByCode(server.db, 'DEMO');
  demoId = demo.id;
  today = dayOf(demo.timeZone, new Date());
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  // T → A, S (siblings); A → B; M a plain member; R a trial account.
  await newMember('pt', 1, null);
  await newMember('pa', 1, 'pt');
  await newMember('ps', 1, 'pt');
  await newMember('pb', 2, 'pa');
  await newMember('pm', 0, 'pa');
  await newMember('pr', 4, 'pa');
  const other = await createOtherBrand(server.db, { code: 'PAYOTHER' });
  const at = new Date().toISOString();
  otherBrandMember = await insertMember(server.db, {
    merchant_id: other,
    username: 'payother',
    username_key: 'payother',
    password_hash: 'x',
    referral_code: 'payother',
    register_method: 'TEST',
    register_ip: '127.0.0.1',
    password_changed_at: at,
    created_at: at,
    updated_at: at,
    type: 1,
  });
  await payment('pt', null, 'DAILY_SALARY', { gross: 50_000, paid: 50_000, status: 'PAID' });
  await payment('pa', 'pt', 'DAILY_SALARY', { gross: 30_000, paid: 30_000, status: 'PAID' });
  await payment('ps', 'pt', 'DAILY_SALARY', { gross: 10_000, paid: 10_000, status: 'PAID' });
  await payment('pb', 'pa', 'DAILY_SALARY', { gross: 20_000, paid: 12_000, status: 'OWED' });
  for (const [username, role] of [
    ['payfinance', 'FINANCE'],
    ['payadmin', 'ADMIN'],
  ] as const) {
    await createOperator(server.db, { username, password: 'correct horse battery', role, merchantId: null });
  }
  const login = (username: string) =>
    createClient(server)
      .call('POST', '/api/operator/login', { body: { username, password: 'correct horse battery' } })
      .then((r) => r.body.value.token as string);
  financeToken = await login('payfinance');
  adminToken = await login('payadmin');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const PAYMENTS = '/api/agent/payroll/payments?kind=DAILY_SALARY';

describe('agent payroll calls', () => {
  it("shows an agent its own payments and what it paid its direct children, with the day's totals", async () => {
    const received = await agents.pa!.call(PAYMENTS);
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(
      received.body.value.list.map((p: { holder: string; payer: string }) => [p.holder, p.payer]),
    ).toEqual([[expect.stringMatching(/^paypa/), expect.stringMatching(/^paypt/)]]);
    const paid = await agents.pa!.call(`${PAYMENTS}&side=PAID`);
    expect(paid.body.value.list).toHaveLength(1);
    expect(paid.body.value.list[0]).toMatchObject({
      gross: 20_000,
      paid: 12_000,
      owed: 8_000,
      status: 'OWED',
    });
    expect(paid.body.value.totals).toEqual({ gross: 20_000, paid: 12_000, owed: 8_000 });
    const child = await agents.pa!.call(`${PAYMENTS}&side=PAID&memberId=${agents.pb!.memberId}`);
    expect(child.body.value.total).toBe(1);
    // The top agent paid two children; it sees both, not what its children paid theirs.
    expect((await agents.pt!.call(`${PAYMENTS}&side=PAID`)).body.value.total).toBe(2);

    const revenue = await agents.pa!.call('/api/agent/payroll/revenue?range=TODAY');
    expect(revenue.status).toBe(200);
    expect(revenue.body.value.rows).toEqual([
      { day: today, kind: 'DAILY_SALARY', received: 30_000, paidToChildren: 12_000, kept: 18_000 },
    ]);
  });

  it('refuses ids outside the subtree, of a sibling, of the upline and of another brand, with no data', async () => {
    for (const id of [agents.pt!.memberId, agents.ps!.memberId, otherBrandMember, 9_999_999]) {
      const answer = await agents.pa!.call(`${PAYMENTS}&side=PAID&memberId=${id}`);
      expect(answer.status, String(id)).toBe(404);
      expect(answer.body.value).toBeUndefined();
    }
    // A grandchild is in the team but was not paid by this agent: its own upline paid it.
    const grandchild = await agents.pt!.call(`${PAYMENTS}&side=PAID&memberId=${agents.pb!.memberId}`);
    expect(grandchild.status).toBe(404);
    // The sibling sees nothing of the other branch.
    expect((await agents.ps!.call(`${PAYMENTS}&side=PAID`)).body.value.total).toBe(0);
  });

  it('refuses a plain member and a trial account', async () => {
    for (const who of ['pm', 'pr']) {
      for (const path of [PAYMENTS, '/api/agent/payroll/revenue']) {
        const answer = await agents[who]!.call(path);
        expect(answer.status, `${who} ${path}`).toBe(403);
        expect(answer.body.value).toBeUndefined();
      }
    }
  });

  it('refuses the withdrawals of an agent with an open debt to its downline', async () => {
    const a = agents.pa!;
    await postTransfer(server.db, {
      merchantId: demoId,
      idempotencyKey: `test-funding:${a.memberId}`,
      kind: 'DEPOSIT',
      debitAccountId: await houseAccount(server.db, demoId, 'CASH'),
      creditAccountId: await memberAccount(server.db, demoId, a.memberId, 'MAIN'),
      amount: 5_000_000,
    });
    const bank = await a.client.call('POST', '/wps/payment/bankAccounts', {
      token: a.token,
      body: { bankName: 'ACB', accountNumber: `9876 ${a.memberId}`, accountName: 'Tran Thi Mai' },
    });
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    const owedPayment = await server.db
      .selectFrom('agent_payment')
      .select('id')
      .where('holder_id', '=', agents.pb!.memberId)
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('agent_debt')
      .values({
        merchant_id: demoId,
        payment_id: owedPayment.id,
        debtor_id: a.memberId,
        creditor_id: agents.pb!.memberId,
        amount: 8_000,
        settled: 0,
        status: 'OPEN',
        created_at: new Date().toISOString(),
        settled_at: null,
      })
      .execute();
    const withdraw = () =>
      a.client.call('POST', '/wps/payment/withdraw', {
        token: a.token,
        body: { bankAccountId: bank.body.value.id, amount: 1_000_000, paymentPassword: '246810' },
        headers: { 'idempotency-key': `w-${Date.now()}` },
      });
    const refused = await withdraw();
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('AGENT_DEBT_OPEN');
    await server.db.updateTable('agent_debt').set({ status: 'SETTLED', settled: 8_000 }).execute();
    const allowed = await withdraw();
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  });

  it('lets FINANCE approve dividends top-down through the operator API; ADMIN may not', async () => {
    const top = await payment('pt', null, 'DIVIDEND', {
      gross: 40_000,
      paid: 0,
      status: 'AWAITING_APPROVAL',
    });
    const child = await payment('pa', 'pt', 'DIVIDEND', {
      gross: 15_000,
      paid: 0,
      status: 'AWAITING_APPROVAL',
    });
    // Both dividends name the same period, so the child's waits for its upline's.
    const period = await server.db
      .selectFrom('agent_payment')
      .select('period_key')
      .where('id', '=', top)
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('agent_payment')
      .set({ period_key: period.period_key })
      .where('id', '=', child)
      .execute();
    const operator = (token: string, method: string, path: string) =>
      createClient(server).call(method, `${path}?merchantId=${demoId}`, { token });
    const listed = await operator(financeToken, 'GET', '/api/operator/agents/dividends');
    expect(listed.body.value.list.map((d: { id: number }) => d.id)).toEqual([top, child]);
    expect((await operator(adminToken, 'POST', `/api/operator/agents/dividends/${top}/approve`)).status).toBe(
      403,
    );
    const early = await operator(financeToken, 'POST', `/api/operator/agents/dividends/${child}/approve`);
    expect(early.status).toBe(409);
    expect(JSON.stringify(early.body)).toContain('AGENT_DIVIDEND_UPLINE_PENDING');
    const approved = await operator(financeToken, 'POST', `/api/operator/agents/dividends/${top}/approve`);
    expect(approved.body.value).toEqual({ id: top, paid: 40_000, owed: 0 });
    const second = await operator(financeToken, 'POST', `/api/operator/agents/dividends/${child}/approve`);
    expect(second.status).toBe(200);
    expect(second.body.value).toMatchObject({ id: child, paid: 15_000, owed: 0 });
  });
});
