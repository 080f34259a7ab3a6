import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledRound, teamMember } from '../../test/agent-team.js';
import { createClient } from '../../test/client.js';
import { memberBankAccount } from '../../test/funded-member.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';
import { publishAgentAnnouncement } from '../messages/service.js';
import { createOperator } from '../operators/service.js';
import { updateMoneySettings } from '../wallet/money-settings.js';

/**
 * Issue 21, the agent centre's reports: a small tree whose bets are written through the betting
 * record's path and whose deposits go through the payment calls; the team overview and the profit
 * and loss per member equal what the test wrote, and leave out the sibling team.
 *
 *   top (agent 1)
 *   ├── agent (agent 2) ── a1 ── a11
 *   │                   └── a2 (no play)
 *   └── sibling (agent 2) ── s1
 */
const CAPTCHA = 'r3p0';
let server: TestServer;
let demoId: number;
let t: Record<
  'top' | 'agent' | 'a1' | 'a11' | 'a2' | 'sibling' | 's1',
  Awaited<ReturnType<typeof teamMember>>
>;
let operatorToken: string;

const MIN_ACTIVE = 10_000_00;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  await updateMoneySettings(server.db, demoId, {
    agents: { activeMemberMinValidBet: MIN_ACTIVE, dividendCarryForward: false },
  });
  const make = (prefix: string, type: number | undefined, uplineId: number | null) =>
    teamMember(server, demoId, { prefix, captcha: CAPTCHA, ...(type !== undefined && { type }), uplineId });
  const top = await make('rtop', 1, null);
  const agent = await make('ragent', 2, top.memberId);
  const a1 = await make('ra1m', undefined, agent.memberId);
  const a11 = await make('ra11m', undefined, a1.memberId);
  const a2 = await make('ra2m', undefined, agent.memberId);
  const sibling = await make('rsib', 2, top.memberId);
  const s1 = await make('rs1m', undefined, sibling.memberId);
  t = { top, agent, a1, a11, a2, sibling, s1 };
  await createOperator(server.db, {
    username: 'finance-r',
    password: 'correct horse battery',
    role: 'FINANCE',
    merchantId: null,
  });
  operatorToken = (
    await createClient(server).call('POST', '/api/operator/login', {
      body: { username: 'finance-r', password: 'correct horse battery' },
    })
  ).body.value.token;
}, 60_000);
afterAll(() => checkAndClose(server));

const asAgent = (path: string, body: unknown, who: keyof typeof t = 'agent') =>
  createClient(server).call('POST', path, { token: t[who].token, body });

/** A deposit through the manual channel, approved by the operator. */
const deposit = async (who: keyof typeof t, amount: number, key: string) => {
  const made = await t[who].client.call('POST', '/wps/payment/deposit', {
    token: t[who].token,
    body: { channelCode: 'VCB_MANUAL', amount, reference: 'FT1' },
    headers: { 'idempotency-key': key },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const approved = await createClient(server).call(
    'POST',
    `/api/operator/deposits/${made.body.value.id}/approve`,
    { token: operatorToken, body: {} },
  );
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
};

describe('the agent centre reports', () => {
  it('sums the team’s play and money in the overview and per member, without the sibling team', async () => {
    const bet = (who: keyof typeof t, stake: number, payout: number, category: 'RNG' | 'LIVE' = 'RNG') =>
      settledRound(server.db, { merchantId: demoId, memberId: t[who].memberId, stake, payout, category });
    await bet('a1', 8_000_00, 2_000_00);
    await bet('a1', 4_000_00, 0, 'LIVE');
    await bet('a11', 3_000_00, 9_000_00);
    await bet('agent', 1_000_00, 0);
    await bet('s1', 50_000_00, 0);
    await deposit('a1', 100_000_00, 'dep-a1');
    await deposit('a11', 60_000_00, 'dep-a11');
    await deposit('s1', 70_000_00, 'dep-s1');
    // A withdrawal the brand paid (its own calls are tested in payments.api.test.ts).
    const bankId = await memberBankAccount(server.db, demoId, t.a11.memberId);
    await server.db
      .insertInto('withdrawal')
      .values({
        merchant_id: demoId,
        member_id: t.a11.memberId,
        bank_account_id: bankId,
        amount: 25_000_00,
        status: 'PAID',
        created_at: new Date().toISOString(),
      })
      .execute();

    const overview = await asAgent('/wps/agent/team/overview', { range: 'PAST_7' });
    expect(overview.status, JSON.stringify(overview.body)).toBe(200);
    const v = overview.body.value;
    const staked = 8_000_00 + 4_000_00 + 3_000_00 + 1_000_00;
    const paid = 2_000_00 + 9_000_00;
    expect(v).toMatchObject({
      teamSize: 3,
      directMembers: 2,
      newMembers: 3,
      // a1 reached the minimum (12,000.00); a11 and the agent did not.
      activeMembers: 1,
      activeMemberMinValidBet: MIN_ACTIVE,
      bets: 4,
      deposits: 160_000_00,
      withdrawals: 25_000_00,
      validBet: staked,
      payout: paid,
      profit: staked - paid,
    });
    expect(v.series).toHaveLength(7);
    const sumOf = (key: string) => v.series.reduce((s: number, d: Record<string, number>) => s + d[key]!, 0);
    expect(sumOf('validBet')).toBe(staked);
    expect(sumOf('deposits')).toBe(160_000_00);

    const profit = await asAgent('/wps/agent/team/profit', { range: 'PAST_7', scope: 'ALL' });
    expect(profit.status, JSON.stringify(profit.body)).toBe(200);
    expect(profit.body.value.rows).toEqual([
      expect.objectContaining({
        account: t.a1.account,
        depth: 1,
        bets: 2,
        validBet: 12_000_00,
        winLoss: -10_000_00,
      }),
      expect.objectContaining({ account: t.a11.account, depth: 2, validBet: 3_000_00, winLoss: 6_000_00 }),
      expect.objectContaining({ account: t.agent.account, depth: 0, validBet: 1_000_00, winLoss: -1_000_00 }),
    ]);
    expect(profit.body.value.totals).toMatchObject({
      bets: 4,
      validBet: staked,
      payout: paid,
      winLoss: paid - staked,
    });
    const direct = await asAgent('/wps/agent/team/profit', { range: 'PAST_7', scope: 'DIRECT' });
    expect(direct.body.value.rows.map((r: { account: string }) => r.account)).toEqual([
      t.a1.account,
      t.agent.account,
    ]);
    const one = await asAgent('/wps/agent/team/profit', {
      range: 'PAST_7',
      account: t.a11.account.toUpperCase(),
    });
    expect(one.body.value.rows).toHaveLength(1);
    expect(one.body.value.totals.validBet).toBe(3_000_00);

    // The top agent sees both teams; the sibling sees only its own.
    const top = await asAgent('/wps/agent/team/overview', { range: 'TODAY' }, 'top');
    expect(top.body.value).toMatchObject({ teamSize: 6, directMembers: 2, validBet: staked + 50_000_00 });
    const sibling = await asAgent('/wps/agent/team/overview', { range: 'PAST_30' }, 'sibling');
    expect(sibling.body.value).toMatchObject({ teamSize: 1, validBet: 50_000_00, deposits: 70_000_00 });
  });

  it('pages the team’s betting records and money movements, by member and type', async () => {
    const bets = await asAgent('/wps/agent/team/bets', { range: 'PAST_7', pageSize: 3 });
    expect(bets.status, JSON.stringify(bets.body)).toBe(200);
    expect(bets.body.value).toMatchObject({ totalCount: 4, totalPages: 2 });
    expect(bets.body.value.records).toHaveLength(3);
    const page2 = await asAgent('/wps/agent/team/bets', { range: 'PAST_7', pageSize: 3, pageNo: 2 });
    expect(page2.body.value.records).toHaveLength(1);
    const live = await asAgent('/wps/agent/team/bets', { range: 'PAST_7', category: 'LIVE' });
    expect(live.body.value.records.map((r: { account: string }) => r.account)).toEqual([t.a1.account]);
    const ofA11 = await asAgent('/wps/agent/team/bets', { range: 'PAST_7', account: t.a11.account });
    expect(ofA11.body.value.totals).toMatchObject({ bets: 1, stake: 3_000_00, payout: 9_000_00 });

    const moves = await asAgent('/wps/agent/team/transactions', { range: 'TODAY' });
    expect(moves.status, JSON.stringify(moves.body)).toBe(200);
    expect(moves.body.value.totals).toEqual({ deposits: 160_000_00, withdrawals: 25_000_00, transfers: 0 });
    expect(moves.body.value.records).toHaveLength(3);
    const withdrawals = await asAgent('/wps/agent/team/transactions', { range: 'TODAY', type: 'WITHDRAWAL' });
    expect(withdrawals.body.value.records).toEqual([
      expect.objectContaining({
        type: 'WITHDRAWAL',
        account: t.a11.account,
        amount: 25_000_00,
        status: 'PAID',
      }),
    ]);
    const ofA1 = await asAgent('/wps/agent/team/transactions', { range: 'TODAY', account: t.a1.account });
    expect(ofA1.body.value.records).toEqual([
      expect.objectContaining({
        type: 'DEPOSIT',
        account: t.a1.account,
        amount: 100_000_00,
        status: 'APPROVED',
      }),
    ]);
  });

  it('shows agents the brand’s agent announcements, which members’ lists leave out', async () => {
    await publishAgentAnnouncement(server.db, demoId, {
      language: 'EN',
      title: 'New salary tiers',
      content: 'From Monday.',
      endsAt: null,
    });
    const mine = await asAgent('/wps/agent/announcements?language=EN', {});
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.value.announcements).toEqual([
      expect.objectContaining({ title: 'New salary tiers', content: 'From Monday.' }),
    ]);
    const members = await createClient(server).call('POST', '/wps/relay/MCSFE_getListAnnouncements', {
      body: { merchantCode: 'DEMO', platform: 'W', execution: 'B', language: 'EN', pageNo: 1, pageSize: 100 },
    });
    expect(members.status, JSON.stringify(members.body)).toBe(200);
    expect(JSON.stringify(members.body)).not.toContain('New salary tiers');
  });
});
