import { vipProgressResponse } from '@jade/contracts/vip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledRound } from '../../test/agent-team.js';
import { runCli } from '../../test/cli.js';
import { createClient } from '../../test/client.js';
import { registeredMember } from '../../test/funded-member.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import { openDb, type DbHandle } from '../../platform/db/index.js';
import * as merchants from '../merchants/service.js';
import { createOperator } from '../operators/service.js';
import { updateMoneySettings } from '../wallet/money-settings.js';
import { recomputeVipRanks } from './vip.js';

/**
 * VIP ranking (issue 22 item 3, decision 0049): ranks from real approved deposits and settled valid
 * bets over the brand's period; each rank's upgrade bonus paid once ever, by the job run twice at once
 * on two connections too, and not again when a member climbs back to a rank already reached.
 */

const CAPTCHA = 'v1pr';
const DAY = 24 * 60 * 60 * 1000;
/** The demo's manual channel takes 5,000,000 at least: figures are in units of 10,000. */
const U = 10_000;
const rank = (level: number, deposit: number, bets: number, bonus: number) => ({
  level,
  names: { EN: `Rank ${level}`, VI: `Hạng ${level}` },
  depositRequirement: deposit * U,
  turnoverRequirement: bets * U,
  dailyWithdrawalCount: 5,
  dailyWithdrawalLimit: 1_000_000,
  upgradeBonus: bonus,
});
const RANKS = [
  rank(1, 1_000, 0, 100),
  rank(2, 1_000, 5_000, 200),
  rank(3, 5_000, 5_000, 300),
  rank(4, 20_000, 5_000, 400),
  rank(5, 50_000, 5_000, 500),
];

let server: TestServer;
let second: DbHandle;
let demoId: number;
let financeToken: string;

const operator = (method: string, path: string, body?: unknown) =>
  createClient(server).call(method, path, { token: financeToken, ...(body !== undefined && { body }) });

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  second = openDb(server.databaseUrl);
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  await updateMoneySettings(server.db, demoId, { turnoverMultiplier: 2 });
  await createOperator(server.db, {
    username: 'vipfinance',
    password: 'correct horse battery',
    role: 'FINANCE',
    merchantId: null,
  });
  financeToken = (
    await createClient(server).call('POST', '/api/operator/login', {
      body: { username: 'vipfinance', password: 'correct horse battery' },
    })
  ).body.value.token;
  const edited = await operator('PUT', '/api/operator/vip/ranks', {
    merchant: 'DEMO',
    periodDays: 30,
    ranks: RANKS,
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
});
afterAll(async () => {
  await second?.close();
  await checkAndClose(server);
});

const newMember = async () => {
  const { client, token, memberId } = await registeredMember(server, { prefix: 'vipm', captcha: CAPTCHA });
  let key = 0;
  const deposit = async (amount: number) => {
    const d = await client.call('POST', '/wps/payment/deposit', {
      token,
      body: { channelCode: 'VCB_MANUAL', amount: amount * U, reference: 'FT1' },
      headers: { 'idempotency-key': `vip-${memberId}-${++key}` },
    });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect((await operator('POST', `/api/operator/deposits/${d.body.value.id}/approve`, {})).status).toBe(
      200,
    );
  };
  const bet = (stake: number) =>
    settledRound(server.db, { merchantId: demoId, memberId, stake: stake * U, payout: 0 });
  const state = async () => {
    const row = await server.db
      .selectFrom('member')
      .select(['vip_level', 'vip_label', 'username'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    const bonuses = await server.db
      .selectFrom('ledger_transfer')
      .innerJoin('ledger_account', 'ledger_account.id', 'ledger_transfer.credit_account_id')
      .select(['ledger_transfer.amount'])
      .where('ledger_account.member_id', '=', memberId)
      .where('ledger_transfer.kind', '=', 'VIP_UPGRADE_BONUS')
      .execute();
    return {
      level: row.vip_level,
      label: row.vip_label,
      username: row.username,
      bonuses: bonuses.map((b) => Number(b.amount)).sort((a, b) => a - b),
    };
  };
  const progress = async () => {
    const answer = await client.call('GET', '/wps/vip/progress?language=VI', { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return vipProgressResponse.parse(answer.body.value);
  };
  const { username } = await state();
  return { client, token, memberId, username, deposit, bet, state, progress };
};

describe('VIP ranks', () => {
  it('ranks from approved deposits and settled valid bets, pays each rank once even with two runs at once', async () => {
    const m = await newMember();
    await m.deposit(1_000);
    await recomputeVipRanks(server.db);
    expect(await m.state()).toMatchObject({ level: 1, label: 'Rank 1', bonuses: [100] });

    await m.bet(6_000);
    expect(await m.progress()).toMatchObject({
      level: 1,
      name: 'Hạng 1',
      periodDays: 30,
      deposits: 1_000 * U,
      validBets: 6_000 * U,
      next: { level: 2, name: 'Hạng 2', depositRequirement: 1_000 * U, turnoverRequirement: 5_000 * U },
    });
    // Two instances' jobs at once: one raises the member and pays, the other finds the level moved.
    const runs = [() => recomputeVipRanks(server.db), () => recomputeVipRanks(second.db)];
    if (server.dialect === 'postgres') await Promise.all(runs.map((run) => run()));
    else for (const run of runs) await run();
    expect(await m.state()).toMatchObject({ level: 2, label: 'Rank 2', bonuses: [100, 200] });
    const told = await server.db
      .selectFrom('inbox_message')
      .select('params')
      .where('member_id', '=', m.memberId)
      .where('template', '=', 'BONUS_ISSUED')
      .orderBy('id')
      .execute();
    expect(told.map((t) => JSON.parse(t.params))).toEqual([
      { amount: 100, vipLevel: 1 },
      { amount: 200, vipLevel: 2 },
    ]);

    // The bonus joins the turnover requirement at the brand's multiplier (2x): the 60,000,000 wagered
    // before the 200 bonus absorbs none of it.
    const info = await m.client.call('GET', '/wps/payment/withdrawInfo', { token: m.token });
    expect(info.body.value.turnoverRemaining).toBe(400);
  });

  it('skipping up pays every rank not reached yet; climbing back to a rank reached pays nothing', async () => {
    const m = await newMember();
    await m.deposit(5_000);
    await m.bet(5_000);
    await recomputeVipRanks(server.db);
    expect(await m.state()).toMatchObject({ level: 3, bonuses: [100, 200, 300] });

    // An operator lowers the member; the job raises the member back at once, paying nothing again.
    const lowered = await operator('POST', '/api/operator/vip/member-rank', {
      merchant: 'DEMO',
      account: m.username,
      level: 1,
    });
    expect(lowered.body.value).toEqual({ account: m.username, fromLevel: 3, level: 1, bonusPaid: 0 });
    await recomputeVipRanks(server.db);
    expect(await m.state()).toMatchObject({ level: 3, bonuses: [100, 200, 300] });

    // The CLI raises the member to 5: ranks 4 and 5 are reached for the first time.
    expect(await runCli(server, 'engagement', 'vip-rank', m.username, '5', '--merchant', 'DEMO')).toContain(
      'upgrade bonus paid 900',
    );
    expect(await m.state()).toMatchObject({ level: 5, bonuses: [100, 200, 300, 400, 500] });

    // A rank goes down at most once a period: not before the member held it a whole period, then
    // to what the figures of the period (now empty) meet, with no bonus taken back.
    await recomputeVipRanks(server.db);
    expect((await m.state()).level).toBe(5);
    await recomputeVipRanks(server.db, new Date(Date.now() + 31 * DAY));
    expect(await m.state()).toMatchObject({ level: 0, bonuses: [100, 200, 300, 400, 500] });
  });

  it('refuses a rank the brand does not have, and a role without the right', async () => {
    const m = await newMember();
    const missing = await operator('POST', '/api/operator/vip/member-rank', {
      merchant: 'DEMO',
      account: m.username,
      level: 42,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('VALIDATION_FAILED');
    await createOperator(server.db, {
      username: 'vipadmin',
      password: 'correct horse battery',
      role: 'ADMIN',
      merchantId: null,
    });
    const admin = (
      await createClient(server).call('POST', '/api/operator/login', {
        body: { username: 'vipadmin', password: 'correct horse battery' },
      })
    ).body.value.token;
    const refused = await createClient(server).call('POST', '/api/operator/vip/member-rank', {
      token: admin,
      body: { merchant: 'DEMO', account: m.username, level: 1 },
    });
    expect(refused.status).toBe(403);
    const read = await createClient(server).call('GET', '/api/operator/vip/ranks?merchant=DEMO', {
      token: admin,
    });
    expect(read.body.value.ranks.filter((r: { level: number }) => r.level > 0)).toHaveLength(5);
  });
});
