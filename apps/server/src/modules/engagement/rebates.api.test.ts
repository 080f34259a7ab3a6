import {
  claimableRebatesResponse,
  claimRebateResponse,
  rebateHistoryResponse,
  type RebateRate,
} from '@jade/contracts/rebates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledRound } from '../../test/agent-team.js';
import { runCli } from '../../test/cli.js';
import { createClient } from '../../test/client.js';
import { registeredMember } from '../../test/funded-member.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import { openDb, type DbHandle } from '../../platform/db/index.js';
import { addDays, dayOf } from '../../platform/time-zone.js';
import * as merchants from '../merchants/service.js';
import { createOperator } from '../operators/service.js';
import { runDailyRebates } from './rebates.js';

/**
 * Rebates (issue 22 item 2, decision 0051): rates per category and VIP level on the valid bet since
 * the last rebate; claimed by the member (MANPLAYREB3) or paid daily by the job; each period once,
 * whatever the double claims, concurrent runs or runs cut short.
 */

const CAPTCHA = 'r3b8';
const DAY = 24 * 60 * 60 * 1000;
const RATES: RebateRate[] = [
  { category: 'LIVE', vipLevel: 0, rateBp: 50 },
  { category: 'LIVE', vipLevel: 3, rateBp: 80 },
  { category: 'RNG', vipLevel: 0, rateBp: 70 },
  { category: 'SPORTS', vipLevel: 0, rateBp: 0 },
];

let server: TestServer;
let second: DbHandle;
let demoId: number;
let timeZone: string;
let financeToken: string;

const operator = (method: string, path: string, body?: unknown) =>
  createClient(server).call(method, path, { token: financeToken, ...(body !== undefined && { body }) });

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  second = openDb(server.databaseUrl);
  const demo = await merchants.getMerchantByCode(server.db, 'DEMO');
  demoId = demo.id;
  timeZone = demo.timeZone;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  await createOperator(server.db, {
    username: 'rebfinance',
    password: 'correct horse battery',
    role: 'FINANCE',
    merchantId: null,
  });
  financeToken = (
    await createClient(server).call('POST', '/api/operator/login', {
      body: { username: 'rebfinance', password: 'correct horse battery' },
    })
  ).body.value.token;
});
afterAll(async () => {
  await second?.close();
  await checkAndClose(server);
});

const newMember = async () => {
  const { client, token, memberId } = await registeredMember(server, { prefix: 'rebm', captcha: CAPTCHA });
  const call = (method: string, path: string, body?: unknown) =>
    client.call(method, path, { token, ...(body !== undefined && { body }) });
  const bet = (stake: number, category: 'LIVE' | 'RNG' | 'SPORTS', at = new Date()) =>
    settledRound(server.db, { merchantId: demoId, memberId, stake, payout: 0, category, at });
  const rebates = async () =>
    (
      await server.db
        .selectFrom('ledger_transfer as t')
        .innerJoin('ledger_account as a', 'a.id', 't.credit_account_id')
        .select('t.amount')
        .where('a.member_id', '=', memberId)
        .where('t.kind', '=', 'REBATE')
        .execute()
    ).map((r) => Number(r.amount));
  const inbox = async () =>
    server.db
      .selectFrom('inbox_message')
      .select(['template', 'params'])
      .where('member_id', '=', memberId)
      .where('template', '=', 'REBATE_PAID')
      .execute();
  return { memberId, call, bet, rebates, inbox };
};

describe('the rate table', () => {
  it('is set and listed by FINANCE through the operator API and the CLI', async () => {
    // The demo's own rates (every level) out of the way: the test's table is the whole table.
    await server.db.deleteFrom('rebate_rate').where('merchant_id', '=', demoId).execute();
    const put = await operator('PUT', '/api/operator/rebate-rates', { merchant: 'DEMO', rates: RATES });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    for (const rate of RATES) expect(put.body.value.rates).toContainEqual(rate);
    const bad = await operator('PUT', '/api/operator/rebate-rates', {
      merchant: 'DEMO',
      rates: [{ category: 'LIVE', vipLevel: 0, rateBp: 5_000 }],
    });
    expect(bad.status).toBe(400);
    expect(
      await runCli(server, 'engagement', 'rebate-rate', 'FISH', '0', '90', '--merchant', 'DEMO'),
    ).toContain('FISH VIP0 rebate now 90 bp');
    expect(await runCli(server, 'engagement', 'rebate-rates', '--merchant', 'DEMO')).toContain(
      'FISH  VIP0  90',
    );
    const got = await operator('GET', '/api/operator/rebate-rates?merchant=DEMO');
    expect(got.body.value.rates).toContainEqual({ category: 'FISH', vipLevel: 0, rateBp: 90 });
  });
});

describe('manualRebate (MANPLAYREB3)', () => {
  it('refuses every call while the brand pays rebates by its job', async () => {
    await merchants.setFlag(server.db, demoId, 'MANPLAYREB3', false);
    const m = await newMember();
    for (const [method, path] of [
      ['GET', '/wps/rebate/claimable'],
      ['POST', '/wps/rebate/claim'],
      ['GET', '/wps/rebate/history'],
    ] as const) {
      const answer = await m.call(method, path, method === 'POST' ? {} : undefined);
      expect(answer.status, path).toBe(403);
      expect(answer.body.error.code).toBe('FEATURE_DISABLED');
    }
  });

  it("shows each category's claimable rebate at the member's rank and boosts, and pays it once", async () => {
    await merchants.setFlag(server.db, demoId, 'MANPLAYREB3', true);
    const m = await newMember();
    await m.bet(1_000_099, 'LIVE');
    await m.bet(300_000, 'RNG');
    await m.bet(500_000, 'SPORTS');
    const view = claimableRebatesResponse.parse((await m.call('GET', '/wps/rebate/claimable')).body.value);
    const live = view.categories.find((c) => c.category === 'LIVE')!;
    // 50 bp of 1,000,099 is 5,000.495: rounded down.
    expect(live).toMatchObject({ validBet: 1_000_099, rateBp: 50, amount: 5_000 });
    expect(view.categories.find((c) => c.category === 'RNG')).toMatchObject({ amount: 2_100 });
    expect(view.categories.find((c) => c.category === 'SPORTS')).toMatchObject({ rateBp: 0, amount: 0 });
    expect(view.total).toBe(7_100);

    // The same claim twice at once, on the API: each category's period is paid once.
    const [a, b] = await Promise.all([
      m.call('POST', '/wps/rebate/claim', {}),
      m.call('POST', '/wps/rebate/claim', {}),
    ]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    const total =
      claimRebateResponse.parse(a.body.value).total + claimRebateResponse.parse(b.body.value).total;
    expect(total).toBe(7_100);
    expect((await m.rebates()).sort((x, y) => x - y)).toEqual([2_100, 5_000]);
    expect((await m.inbox()).map((row) => JSON.parse(row.params).category).sort()).toEqual(['LIVE', 'RNG']);
    const after = claimableRebatesResponse.parse((await m.call('GET', '/wps/rebate/claimable')).body.value);
    expect(after.total).toBe(0);

    // Bets later the same day are claimable on their own; a rank up and a joined boost raise the rate.
    await server.db.updateTable('member').set({ vip_level: 4 }).where('id', '=', m.memberId).execute();
    const boost = await server.db
      .selectFrom('promotion')
      .select(['id', 'bonus_rate_bp'])
      .where('merchant_id', '=', demoId)
      .where('kind', '=', 'REBATE_BOOST')
      .where('enabled', '=', 1)
      .executeTakeFirstOrThrow();
    const joined = await m.call('POST', `/wps/promotions/${boost.id}/apply`, {});
    expect(joined.body.value?.status, JSON.stringify(joined.body)).toBe('JOINED');
    await m.bet(200_000, 'LIVE');
    const later = claimableRebatesResponse.parse((await m.call('GET', '/wps/rebate/claimable')).body.value);
    const rate = 80 + Number(boost.bonus_rate_bp);
    expect(later.categories.find((c) => c.category === 'LIVE')).toMatchObject({
      validBet: 200_000,
      rateBp: rate,
      boostBp: Number(boost.bonus_rate_bp),
      amount: Math.floor((200_000 * rate) / 10_000),
    });
    const one = await m.call('POST', '/wps/rebate/claim', { category: 'LIVE' });
    expect(claimRebateResponse.parse(one.body.value).total).toBe(Math.floor((200_000 * rate) / 10_000));
    const history = rebateHistoryResponse.parse((await m.call('GET', '/wps/rebate/history')).body.value);
    expect(history.totalCount).toBe(3);
    expect(history.items[0]).toMatchObject({ category: 'LIVE', validBet: 200_000, source: 'CLAIM' });
  });
});

describe('claims at once', () => {
  it('several members claiming at once, each twice, are each paid their own rebate once', async () => {
    await merchants.setFlag(server.db, demoId, 'MANPLAYREB3', true);
    const members: Awaited<ReturnType<typeof newMember>>[] = [];
    for (let i = 0; i < 5; i++) members.push(await newMember());
    for (const [i, m] of members.entries()) await m.bet(100_000 * (i + 1), 'RNG');
    const answers = await Promise.all(
      members.flatMap((m) => [
        m.call('POST', '/wps/rebate/claim', {}),
        m.call('POST', '/wps/rebate/claim', {}),
      ]),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    for (const [i, m] of members.entries()) expect(await m.rebates()).toEqual([700 * (i + 1)]);
  });
});

describe('the daily rebate job (brands without MANPLAYREB3)', () => {
  it("pays yesterday's rebate once per member and day: run twice at once, or cut short and run again", async () => {
    await merchants.setFlag(server.db, demoId, 'MANPLAYREB3', false);
    const now = new Date();
    const yesterday = new Date(now.getTime() - DAY);
    const members = [await newMember(), await newMember(), await newMember()];
    for (const m of members) {
      await m.bet(400_000, 'LIVE', yesterday);
      await m.bet(100_000, 'RNG', yesterday);
      // Today's bets are tomorrow's rebate.
      await m.bet(900_000, 'LIVE', now);
    }
    const cut = await runDailyRebates(server.db, now, { limit: 2 });
    expect(cut).toBe(2);
    // Two instances at once: on PostgreSQL truly at once; SQLite takes one writer at a time (a second
    // handle in this process would wait on the first), so there they run one after the other.
    const runs = [() => runDailyRebates(server.db, now), () => runDailyRebates(second.db, now)];
    if (server.dialect === 'postgres') await Promise.all(runs.map((run) => run()));
    else for (const run of runs) await run();
    await runDailyRebates(server.db, now);
    for (const m of members) expect((await m.rebates()).sort((x, y) => x - y)).toEqual([700, 2_000]);
    // A round of yesterday settled after the run waits for the next day's run, then is paid once.
    await members[0]!.bet(100_000, 'LIVE', yesterday);
    await runDailyRebates(server.db, now);
    expect((await members[0]!.rebates()).length).toBe(2);
    const tomorrow = new Date(now.getTime() + DAY);
    await runDailyRebates(server.db, tomorrow);
    await runDailyRebates(second.db, tomorrow);
    const rows = await server.db
      .selectFrom('rebate')
      .select(['category', 'from_day', 'to_day', 'valid_bet', 'amount', 'source'])
      .where('member_id', '=', members[0]!.memberId)
      .orderBy('id')
      .execute();
    const today = dayOf(timeZone, now);
    expect(rows.map((r) => [r.category, r.to_day, Number(r.valid_bet), Number(r.amount), r.source])).toEqual([
      ['LIVE', addDays(today, -1), 400_000, 2_000, 'JOB'],
      ['RNG', addDays(today, -1), 100_000, 700, 'JOB'],
      ['LIVE', today, 1_000_000, 5_000, 'JOB'],
    ]);
    expect((await members[0]!.inbox()).length).toBe(3);
  });
});
