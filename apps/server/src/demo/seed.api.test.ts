import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../test/client.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { DEMO_AGENT_PASSWORD, DEMO_AGENT_PAYMENT_PASSWORD } from '../modules/agents/demo-agents.js';
import { DEMO_WELCOME_MEMBER, seedDemoAgents } from './seed.js';

/**
 * Issue 22: after `npm start` every engagement page shows data. The demo's newcomer took the welcome
 * bonus on its first deposit, before the month of bets: bonusDetails lists it part-wagered, and a
 * withdrawal waits for the rest of its wagering, as for any member.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { demoLimits: true });
  await seedDemoAgents(server.db);
});
afterAll(async () => server?.close());

describe('the demo team as npm start builds it', () => {
  it("shows the newcomer's welcome bonus in bonusDetails with part of its wagering done, and holds its withdrawals", async () => {
    const client = createClient(server);
    const login = await client.sealed('POST', '/wps/session/login', {
      username: DEMO_WELCOME_MEMBER,
      password: DEMO_AGENT_PASSWORD,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token = login.body.value.token as string;
    const details = await client.call('GET', '/wps/promotions/claims?view=bonus', { token });
    expect(details.status).toBe(200);
    const claims = details.body.value.claims as {
      code: string;
      status: string;
      bonus: number;
      turnoverRequired: number;
      turnoverDone: number;
    }[];
    const welcome = claims.find((claim) => claim.code === 'WELCOME_100');
    expect(welcome, JSON.stringify(claims)).toBeDefined();
    expect(welcome!.status).toBe('PROCESS');
    expect(welcome!.bonus).toBeGreaterThan(0);
    expect(welcome!.turnoverDone).toBeGreaterThan(0);
    expect(welcome!.turnoverDone).toBeLessThan(welcome!.turnoverRequired);

    const bound = await client.call('POST', '/wps/payment/bankAccounts', {
      token,
      body: { bankName: 'Vietcombank', accountNumber: '0071000123456', accountName: 'Vu Thi Giang' },
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    const bankAccountId = bound.body.value.id as number;
    const withdrawal = await client.call('POST', '/wps/payment/withdraw', {
      token,
      body: { bankAccountId, amount: 20_000_000, paymentPassword: DEMO_AGENT_PAYMENT_PASSWORD },
      headers: { 'idempotency-key': 'demo-welcome-withdrawal' },
    });
    expect(withdrawal.body.error?.code, JSON.stringify(withdrawal.body)).toBe('WITHDRAWAL_TURNOVER_NOT_MET');
  });

  it('adds no second bonus when the team is built again', async () => {
    await seedDemoAgents(server.db);
    const count = await server.db
      .selectFrom('promotion_claim as c')
      .innerJoin('promotion as p', 'p.id', 'c.promotion_id')
      .innerJoin('member as m', 'm.id', 'c.member_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('p.code', '=', 'WELCOME_100')
      .where('m.username', '=', DEMO_WELCOME_MEMBER)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("reads the demo inbox in the member's language: English for an English reader, Vietnamese as written", async () => {
    const client = createClient(server);
    const login = await client.sealed('POST', '/wps/session/login', {
      username: DEMO_WELCOME_MEMBER,
      password: DEMO_AGENT_PASSWORD,
    });
    const token = login.body.value.token as string;
    const titles = async () =>
      (
        (await client.call('GET', '/wps/member/messages?pageSize=50', { token })).body.value.items as {
          type: string;
          title: string;
        }[]
      )
        .filter((m) => m.type !== 'PLATFORM')
        .map((m) => m.title);
    expect(
      (await client.call('PUT', '/wps/member/language', { token, body: { language: 'TY' } })).status,
    ).toBe(200);
    expect(await titles()).toContain('Tiền thưởng chào mừng đang được tính cược');
    expect(
      (await client.call('PUT', '/wps/member/language', { token, body: { language: 'EN' } })).status,
    ).toBe(200);
    const english = await titles();
    expect(english).toContain('Your welcome bonus is being wagered');
    expect(english).toContain('Your inbox is ready');
    expect(english.join(' ')).not.toMatch(/[ạảãàáâậầấẩẫăắằặẳẵđ]/);
  });
});
