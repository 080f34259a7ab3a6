import { TRIAL_ACCOUNT_TYPE } from '@jade/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberOfBrand, settledRound, teamMember } from '../../test/agent-team.js';
import { createOtherBrand } from '../../test/brands.js';
import { createClient } from '../../test/client.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';

/**
 * Issue 21 item 2 (isolation), across every agent call: an agent sees only its own team. A call
 * that names a member (by account or id) answers for a sibling, an upline, a sibling's downline
 * and another brand's member exactly as for a member that does not exist, with none of that
 * member's data; members and trial accounts are refused; no token is UNAUTHENTICATED.
 *
 * AGENT_CALLS is the table: one row a call. `body` is a valid body naming no member; `naming`
 * (when the call takes a member) the body naming one by account or by id.
 */
type Named = { account: string; memberId: number };
type AgentCall = {
  path: string;
  method?: 'POST' | 'GET';
  body: unknown;
  naming?: (member: Named) => unknown;
};
const AGENT_CALLS: AgentCall[] = [
  { path: '/wps/agent/team/overview', body: { range: 'PAST_7' } },
  { path: '/wps/agent/announcements', body: {} },
  {
    path: '/wps/agent/team/bets',
    body: { range: 'PAST_7' },
    naming: (m) => ({ range: 'PAST_7', account: m.account }),
  },
  {
    path: '/wps/agent/team/profit',
    body: { range: 'PAST_7', scope: 'ALL' },
    naming: (m) => ({ range: 'PAST_7', scope: 'ALL', account: m.account }),
  },
  {
    path: '/wps/agent/team/transactions',
    body: { range: 'PAST_7' },
    naming: (m) => ({ range: 'PAST_7', account: m.account }),
  },
];
/** Calls that take a day range, with a window longer than any report covers. */
const TOO_LONG = { fromDay: '2026-01-01', toDay: '2026-12-31' };

const CAPTCHA = 'ag3n';
let server: TestServer;
let token: (who: 'agent' | 'member' | 'trial') => string | undefined;
let inTeam: Named;
let outsiders: Record<'sibling' | 'siblingDownline' | 'upline' | 'otherBrand', Named>;
/** Numbers only the outsiders' bets add up to: none of them may appear in an agent's answer. */
const OUTSIDER_STAKE = 777_123;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  const demo = await merchants.getMerchantByCode(server.db, 'DEMO');
  await merchants.setFlag(server.db, demo.id, 'REGMOBVERF3', false);
  const make = (prefix: string, type: number | undefined, uplineId?: number | null) =>
    teamMember(server, demo.id, { prefix, captcha: CAPTCHA, ...(type !== undefined && { type }), uplineId });
  const upline = await make('topag', 1, null);
  const agent = await make('agent', 2, upline.memberId);
  const sibling = await make('sibag', 2, upline.memberId);
  const downline = await make('down', undefined, agent.memberId);
  const siblingDownline = await make('sibdown', undefined, sibling.memberId);
  const member = await make('plain', undefined, null);
  const trial = await make('trial', TRIAL_ACCOUNT_TYPE, null);
  const otherBrandId = await createOtherBrand(server.db, { code: 'ISOL' });
  const foreign = await memberOfBrand(server, otherBrandId, 'foreigner1');
  for (const who of [upline, sibling, siblingDownline])
    await settledRound(server.db, {
      merchantId: demo.id,
      memberId: who.memberId,
      stake: OUTSIDER_STAKE,
      payout: 0,
    });
  await settledRound(server.db, {
    merchantId: otherBrandId,
    memberId: foreign.memberId,
    stake: OUTSIDER_STAKE,
    payout: 0,
  });
  await settledRound(server.db, {
    merchantId: demo.id,
    memberId: downline.memberId,
    stake: 5_000,
    payout: 1_000,
  });
  const tokens = { agent: agent.token, member: member.token, trial: trial.token };
  token = (who) => tokens[who];
  inTeam = downline;
  outsiders = {
    sibling,
    siblingDownline,
    upline,
    otherBrand: foreign,
  };
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const call = (row: AgentCall, body: unknown, bearer: string | undefined) =>
  createClient(server).call(row.method ?? 'POST', row.path, {
    ...(bearer !== undefined && { token: bearer }),
    body,
  });

/** No trace of a member in an answer: its account, its id as a member id, its stake. */
const expectNothingOf = (answer: unknown, member: Named) => {
  const text = JSON.stringify(answer);
  expect(text).not.toContain(member.account);
  expect(text).not.toContain(`"memberId":${member.memberId},`);
  expect(text).not.toContain(String(OUTSIDER_STAKE));
};

describe.each(AGENT_CALLS)('agent call $path', (row) => {
  it('is refused without a token, to a member and to a trial account', async () => {
    const anonymous = await call(row, row.body, undefined);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHENTICATED');
    const member = await call(row, row.body, token('member'));
    expect(member.status).toBe(403);
    expect(member.body.error.code).toBe('NOT_AN_AGENT');
    const trial = await call(row, row.body, token('trial'));
    expect(trial.status).toBe(403);
    expect(trial.body.error.code).toBe('TRIAL_ACCOUNT');
  });

  it("answers the agent with its own team's figures only", async () => {
    const own = await call(row, row.body, token('agent'));
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    for (const outsider of Object.values(outsiders)) expectNothingOf(own.body, outsider);
  });

  it.runIf(row.naming)(
    'refuses a sibling, its downline, the upline and another brand’s member as it refuses no member',
    async () => {
      const naming = row.naming!;
      const mine = await call(row, naming(inTeam), token('agent'));
      expect(mine.status, JSON.stringify(mine.body)).toBe(200);
      const missing = await call(row, naming({ account: 'nobody-here', memberId: 999_999 }), token('agent'));
      expect(missing.status).toBe(404);
      for (const [who, outsider] of Object.entries(outsiders)) {
        const answer = await call(row, naming(outsider), token('agent'));
        expect(answer.status, who).toBe(404);
        expect(answer.body.error.code, who).toBe(missing.body.error.code);
        expect(answer.body.error.message, who).toBe(missing.body.error.message);
        expectNothingOf(answer.body, outsider);
      }
    },
  );

  it.runIf(row.path !== '/wps/agent/announcements')(
    'refuses a window longer than a report covers',
    async () => {
      const answer = await call(row, { ...(row.body as object), ...TOO_LONG }, token('agent'));
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    },
  );
});
