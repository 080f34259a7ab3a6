import {
  missionLeaderboardResponse,
  missionSummaryResponse,
  type MissionItem,
} from '@jade/contracts/missions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledRound } from '../../test/agent-team.js';
import { createOtherBrand } from '../../test/brands.js';
import { runCli, writeDataFile } from '../../test/cli.js';
import { createClient } from '../../test/client.js';
import { registeredMember } from '../../test/funded-member.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import { openDb, type DbHandle } from '../../platform/db/index.js';
import { maskAccount } from '../games/service.js';
import * as merchants from '../merchants/service.js';
import { createOperator } from '../operators/service.js';
import { pointBalance } from '../points/service.js';
import { updateMoneySettings } from '../wallet/money-settings.js';
import { claimMissionReward, saveMission } from './missions.js';

/**
 * Missions (issue 22 item 4, decision 0052): progress from a real approved deposit, real settled
 * rounds and login days; a reward claimed once (by two connections at once too, for several members),
 * refused before it is complete, after the mission ended, and for another brand's mission.
 */

const CAPTCHA = 'm1ss';
const DAY = 24 * 60 * 60 * 1000;
/** The demo's manual channel takes 5,000,000 at least: figures are in units of 10,000. */
const U = 10_000;
const PASSWORD = 'correct horse battery';

let server: TestServer;
let second: DbHandle;
let demoId: number;
let financeToken: string;
const ids: Record<string, number> = {};

const operator = (method: string, path: string, body?: unknown) =>
  createClient(server).call(method, path, { token: financeToken, ...(body !== undefined && { body }) });

const mission = (code: string, fields: Record<string, unknown>) => ({
  code,
  titles: { EN: `Mission ${code}`, VI: `Nhiệm vụ ${code}` },
  startsAt: new Date(Date.now() - 10 * DAY).toISOString(),
  ...fields,
});
const MISSIONS = [
  mission('DEPOSIT_DAY', { kind: 'DEPOSIT', target: 1_000 * U, period: 'DAILY', rewardAmount: 500 }),
  mission('LIVE_WEEK', {
    kind: 'VALID_BET',
    category: 'LIVE',
    target: 2_000 * U,
    period: 'WEEKLY',
    rewardPoints: 1_000,
  }),
  mission('LOGIN_DAY', {
    kind: 'LOGIN_DAYS',
    target: 1,
    period: 'DAILY',
    rewardAmount: 100,
    rewardPoints: 50,
  }),
  mission('STREAK_3', { kind: 'STREAK_DAYS', target: 3, period: 'ONCE', rewardAmount: 300 }),
  mission('ENDED', {
    kind: 'LOGIN_DAYS',
    target: 1,
    period: 'ONCE',
    rewardAmount: 100,
    endsAt: new Date(Date.now() - DAY).toISOString(),
  }),
];

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  second = openDb(server.databaseUrl);
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  await updateMoneySettings(server.db, demoId, { turnoverMultiplier: 2 });
  await createOperator(server.db, {
    username: 'mfinance',
    password: PASSWORD,
    role: 'FINANCE',
    merchantId: null,
  });
  financeToken = (
    await createClient(server).call('POST', '/api/operator/login', {
      body: { username: 'mfinance', password: PASSWORD },
    })
  ).body.value.token;
  for (const m of MISSIONS) {
    const saved = await operator('PUT', '/api/operator/missions?merchant=DEMO', m);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  const listed = await operator('GET', '/api/operator/missions?merchant=DEMO');
  for (const m of listed.body.value.missions as { code: string; id: number }[]) ids[m.code] = m.id;
});
afterAll(async () => {
  await second?.close();
  await checkAndClose(server);
});

const newMember = async () => {
  const { client, token, memberId } = await registeredMember(server, { prefix: 'msn', captcha: CAPTCHA });
  const { username } = await server.db
    .selectFrom('member')
    .select('username')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  let key = 0;
  const deposit = async (amount: number) => {
    const d = await client.call('POST', '/wps/payment/deposit', {
      token,
      body: { channelCode: 'VCB_MANUAL', amount: amount * U, reference: 'FT1' },
      headers: { 'idempotency-key': `msn-${memberId}-${++key}` },
    });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    const approved = await operator('POST', `/api/operator/deposits/${d.body.value.id}/approve`, {});
    expect(approved.status).toBe(200);
  };
  const bet = (stake: number, category: 'LIVE' | 'RNG', at?: Date) =>
    settledRound(server.db, { merchantId: demoId, memberId, stake: stake * U, payout: 0, category, at });
  const summary = async () => {
    const answer = await client.call('POST', '/wps/relay/MCSFE_getMissionSummary', {
      token,
      body: { language: 'VI' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const parsed = missionSummaryResponse.parse(answer.body.value);
    const byCode = Object.fromEntries(parsed.missions.map((m) => [m.code, m])) as Record<string, MissionItem>;
    return { ...parsed, byCode };
  };
  const claim = (code: string) =>
    client.call('POST', '/wps/relay/MCS2_claimMissionReward', { token, body: { missionId: ids[code] } });
  const paid = async () => {
    const rows = await server.db
      .selectFrom('ledger_transfer')
      .innerJoin('ledger_account', 'ledger_account.id', 'ledger_transfer.credit_account_id')
      .select(['ledger_transfer.kind', 'ledger_transfer.amount'])
      .where('ledger_account.member_id', '=', memberId)
      .where('ledger_transfer.kind', 'in', ['MISSION_REWARD', 'MISSION_POINTS'])
      .orderBy('ledger_transfer.id')
      .execute();
    return rows.map((r) => `${r.kind} ${Number(r.amount)}`);
  };
  return { client, token, memberId, username, deposit, bet, summary, claim, paid };
};

describe('missions', () => {
  it('counts a real deposit and real settled bets, pays a completed mission once, refuses one not complete', async () => {
    const m = await newMember();
    let s = await m.summary();
    expect(s.byCode.DEPOSIT_DAY).toMatchObject({
      title: 'Nhiệm vụ DEPOSIT_DAY',
      state: 'IN_PROGRESS',
      progress: 0,
      target: 1_000 * U,
      rewardAmount: 500,
    });
    // Registering logged the member in today: the login mission is complete, the badge counts it.
    expect(s.byCode.LOGIN_DAY).toMatchObject({ state: 'COMPLETED', progress: 1 });
    // The demo brand's own missions run too (its check-in is complete as well).
    const claimable = (x: typeof s) => x.missions.filter((i) => i.state === 'COMPLETED').length;
    expect(s.claimableCount).toBe(claimable(s));
    const before = s.claimableCount;

    const early = await m.claim('DEPOSIT_DAY');
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({
      code: 'MISSION_NOT_CLAIMABLE',
      details: { reason: 'NOT_COMPLETED' },
    });

    await m.deposit(600);
    expect((await m.summary()).byCode.DEPOSIT_DAY).toMatchObject({ state: 'IN_PROGRESS', progress: 600 * U });
    await m.deposit(600);
    s = await m.summary();
    expect(s.byCode.DEPOSIT_DAY).toMatchObject({ state: 'COMPLETED', progress: 1_000 * U });
    expect(s.claimableCount).toBe(before + 1);

    const claimed = await m.claim('DEPOSIT_DAY');
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.value).toMatchObject({ state: 'CLAIMED', rewardAmount: 500, rewardPoints: 0 });
    const again = await m.claim('DEPOSIT_DAY');
    expect(again.status).toBe(409);
    expect(again.body.error.details.reason).toBe('CLAIMED');
    expect((await m.summary()).byCode.DEPOSIT_DAY!.state).toBe('CLAIMED');

    // Valid bets of another category do not count; LIVE ones do, and the reward is points.
    await m.bet(3_000, 'RNG');
    expect((await m.summary()).byCode.LIVE_WEEK).toMatchObject({ state: 'IN_PROGRESS', progress: 0 });
    await m.bet(2_500, 'LIVE');
    expect((await m.summary()).byCode.LIVE_WEEK).toMatchObject({ state: 'COMPLETED', progress: 2_000 * U });
    // The bets earned points at settlement too: the claim adds the reward to them.
    const earned = await pointBalance(server.db, demoId, m.memberId);
    expect((await m.claim('LIVE_WEEK')).status).toBe(200);
    expect(await pointBalance(server.db, demoId, m.memberId)).toBe(earned + 1_000);
    expect((await m.claim('LOGIN_DAY')).status).toBe(200);

    expect(await m.paid()).toEqual([
      'MISSION_REWARD 500',
      'MISSION_POINTS 1000',
      'MISSION_REWARD 100',
      'MISSION_POINTS 50',
    ]);
    const told = await server.db
      .selectFrom('inbox_message')
      .select('params')
      .where('member_id', '=', m.memberId)
      .where('template', '=', 'MISSION_REWARD')
      .orderBy('id')
      .execute();
    expect(told.map((t) => JSON.parse(t.params))).toEqual([
      { amount: 500, points: 0, mission: 'DEPOSIT_DAY' },
      { amount: 0, points: 1_000, mission: 'LIVE_WEEK' },
      { amount: 100, points: 50, mission: 'LOGIN_DAY' },
    ]);
    // The money joins the turnover requirement at the brand's multiplier (2x), like every bonus: the
    // bets before the check-in's 100 absorb none of it.
    const info = await m.client.call('GET', '/wps/payment/withdrawInfo', { token: m.token });
    expect(info.body.value.turnoverRemaining).toBe(200);
  });

  it('counts days in a row with a valid bet or a login; refuses an ended mission and another brand’s', async () => {
    const m = await newMember();
    await m.bet(10, 'RNG', new Date(Date.now() - 4 * DAY));
    await m.bet(10, 'RNG', new Date(Date.now() - 2 * DAY));
    expect((await m.summary()).byCode.STREAK_3).toMatchObject({ state: 'IN_PROGRESS', progress: 1 });
    await m.bet(10, 'LIVE', new Date(Date.now() - DAY));
    // Two days with bets and today's login: three days in a row.
    expect((await m.summary()).byCode.STREAK_3).toMatchObject({ state: 'COMPLETED', progress: 3 });

    expect((await m.summary()).byCode.ENDED).toMatchObject({ state: 'EXPIRED' });
    const ended = await m.claim('ENDED');
    expect(ended.status).toBe(409);
    expect(ended.body.error.details.reason).toBe('EXPIRED');

    const otherBrand = await createOtherBrand(server.db, { code: 'MSNOTHER' });
    await saveMission(server.db, otherBrand, {
      ...MISSIONS[2],
      code: 'OTHER_LOGIN',
      category: null,
      rewardAmount: 100,
      rewardPoints: 0,
      endsAt: null,
      isEnabled: true,
      sortOrder: 0,
    } as never);
    const otherId = (
      await server.db
        .selectFrom('mission')
        .select('id')
        .where('code', '=', 'OTHER_LOGIN')
        .executeTakeFirstOrThrow()
    ).id;
    const foreign = await m.client.call('POST', '/wps/relay/MCS2_claimMissionReward', {
      token: m.token,
      body: { missionId: otherId },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
    expect((await m.summary()).missions.map((x) => x.code)).not.toContain('OTHER_LOGIN');
    expect((await m.claim('STREAK_3')).status).toBe(200);
    expect(await m.paid()).toEqual(['MISSION_REWARD 300']);
  });

  it('pays once when two connections claim at once, for several members at the same time', async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => newMember()));
    const demo = await merchants.getMerchantByCode(server.db, 'DEMO');
    const claims = members.flatMap((m) => [
      () => claimMissionReward(server.db, demo, m.memberId, ids.LOGIN_DAY!),
      () => claimMissionReward(second.db, demo, m.memberId, ids.LOGIN_DAY!),
    ]);
    const results: PromiseSettledResult<unknown>[] = [];
    if (server.dialect === 'postgres') results.push(...(await Promise.allSettled(claims.map((c) => c()))));
    else for (const c of claims) results.push(...(await Promise.allSettled([c()])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(members.length);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('MISSION_NOT_CLAIMABLE');
    for (const m of members) expect(await m.paid()).toEqual(['MISSION_REWARD 100', 'MISSION_POINTS 50']);
  });

  it('ranks the brand’s members by missions completed this week, accounts masked; operators list and import', async () => {
    const m = await newMember();
    await m.deposit(1_000);
    await m.bet(2_000, 'LIVE');
    const answer = await createClient(server).call('POST', '/wps/relay/MCSFE_getMissionLeaderboard', {
      body: { limit: 50 },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const board = missionLeaderboardResponse.parse(answer.body.value);
    expect(JSON.stringify(board)).not.toContain(m.username);
    const row = board.items.find((i) => i.account === maskAccount(m.username));
    // Deposit today, LIVE bets this week, logged in today (the ended mission does not count).
    expect(row?.completed).toBeGreaterThanOrEqual(3);
    expect(board.items[0]!.rank).toBe(1);
    expect(board.items.map((i) => i.completed)).toEqual(
      [...board.items.map((i) => i.completed)].sort((a, b) => b - a),
    );

    const listed = await operator('GET', '/api/operator/missions?merchant=DEMO');
    const login = listed.body.value.missions.find((x: { code: string }) => x.code === 'LOGIN_DAY');
    expect(login.claims).toBeGreaterThanOrEqual(4);
    const file = writeDataFile(server, 'missions.json', [
      mission('CLI_WEEK', { kind: 'VALID_BET', target: 100 * U, period: 'WEEKLY', rewardPoints: 10 }),
    ]);
    expect(await runCli(server, 'missions', 'import', file, '--merchant', 'DEMO')).toContain(
      'imported 1 missions',
    );
    expect(await runCli(server, 'missions', 'list', '--merchant', 'DEMO')).toMatch(
      /CLI_WEEK\tVALID_BET >= 1000000\tWEEKLY/,
    );
    // A missing file and one that is not JSON are told apart, as every import command tells them.
    await expect(
      runCli(server, 'missions', 'import', `${file}.missing`, '--merchant', 'DEMO'),
    ).rejects.toThrow(/Cannot read .*missions\.json\.missing/);
    await expect(
      runCli(
        server,
        'missions',
        'import',
        writeDataFile(server, 'text.json', 'not json'),
        '--merchant',
        'DEMO',
      ),
    ).rejects.toThrow(/text\.json is not valid JSON/);
    const bad = await operator('PUT', '/api/operator/missions?merchant=DEMO', {
      ...MISSIONS[0],
      rewardAmount: -1,
    });
    expect(bad.status).toBe(400);
  });
});
