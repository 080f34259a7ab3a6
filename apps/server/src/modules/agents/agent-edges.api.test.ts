import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberOfBrand, teamMember } from '../../test/agent-team.js';
import { createOtherBrand } from '../../test/brands.js';
import { createClient } from '../../test/client.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';
import { createOperator } from '../operators/service.js';
import { houseAccount, memberAccount, postTransfer, type Leg } from '../wallet/ledger.js';
import { answerOffer, offerContract } from './contracts.js';

/**
 * Issue 21, the agent side's edges: transfers in the team transactions panel (item 2's panel), a
 * moved member's contracts (decision 0045), and the attack pass over every agent route — a Host no
 * brand is configured on, paths the router decodes or normalises, site maintenance, and another
 * brand's ids in every call that takes one.
 */
const CAPTCHA = 'ed9e';
const PASSWORD = 'correct horse battery';
let server: TestServer;
let demoId: number;
type Who = { memberId: number; account: string; token: string };
let top: Who, agent: Who, sub: Who, member: Who, sibling: Who, plain: Who;
let foreign: { memberId: number; account: string };
let foreignContractId: number;
/** Every agent route the server registers: method and URL pattern. */
const agentRoutes: { method: string; url: string }[] = [];

const collect = (route: RouteOptions) => {
  if (!/^\/(wps|api)\/agent\//.test(route.url)) return;
  for (const method of [route.method].flat())
    if (method !== 'HEAD') agentRoutes.push({ method, url: route.url });
};

const fund = async (memberId: number, amount = 1_000_000) =>
  postTransfer(server.db, {
    merchantId: demoId,
    idempotencyKey: `edges-funding:${memberId}`,
    kind: 'DEPOSIT',
    debitAccountId: await houseAccount(server.db, demoId, 'CASH'),
    creditAccountId: await memberAccount(server.db, demoId, memberId, 'MAIN'),
    amount,
  });
/** A transfer between two members' main wallets, as the upline transfer and the payroll post them. */
const transfer = async (kind: Leg['kind'], from: number, to: number, amount: number) =>
  postTransfer(server.db, {
    merchantId: demoId,
    idempotencyKey: `edges-${kind}:${from}:${to}:${amount}`,
    kind,
    debitAccountId: await memberAccount(server.db, demoId, from, 'MAIN'),
    creditAccountId: await memberAccount(server.db, demoId, to, 'MAIN'),
    amount,
  });

beforeAll(async () => {
  server = await startTestServer(
    { TRUSTED_PROXIES: '127.0.0.1' },
    { captchaText: () => CAPTCHA, onRoute: collect },
  );
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  const make = (prefix: string, type: number | undefined, uplineId: number | null) =>
    teamMember(server, demoId, { prefix, captcha: CAPTCHA, ...(type !== undefined && { type }), uplineId });
  top = await make('etop', 1, null);
  agent = await make('eagent', 2, top.memberId);
  sibling = await make('esib', 2, top.memberId);
  sub = await make('esub', 2, agent.memberId);
  member = await make('emem', undefined, agent.memberId);
  plain = await make('eplain', undefined, null);
  const otherId = await createOtherBrand(server.db, { code: 'EDGE', host: 'edge.example' });
  foreign = await memberOfBrand(server, otherId, 'edgeforeign');
  await server.db.updateTable('member').set({ type: 1 }).where('id', '=', foreign.memberId).execute();
  const tiers = [{ minValidBet: 100, minActive: 0, rateBp: 100 }];
  const offered = await offerContract(server.db, otherId, null, {
    account: foreign.account,
    kind: 'DAILY_SALARY',
    category: 'RNG',
    tiers,
  });
  foreignContractId = offered.id;
  await createOperator(server.db, {
    username: 'edge-admin',
    password: PASSWORD,
    role: 'ADMIN',
    merchantId: null,
  });
}, 60_000);
afterAll(async () => server?.close());

const post = (who: Who, path: string, body: unknown) =>
  createClient(server).call('POST', path, { token: who.token, body });

describe('team transactions: transfers between members', () => {
  it("lists the team's transfers with their counterpart, once each, and nothing of another team", async () => {
    for (const who of [top, agent, sibling, member]) await fund(who.memberId);
    await transfer('UPLINE_TRANSFER', member.memberId, agent.memberId, 1_100); // inside the team
    await transfer('UPLINE_TRANSFER', agent.memberId, top.memberId, 2_200); // out to the upline
    await transfer('AGENT_SALARY', top.memberId, agent.memberId, 3_300); // in from the upline
    await transfer('UPLINE_TRANSFER', sibling.memberId, top.memberId, 4_400); // another team
    const moves = await post(agent, '/wps/agent/team/transactions', { range: 'TODAY', type: 'TRANSFER' });
    expect(moves.status, JSON.stringify(moves.body)).toBe(200);
    const rows = moves.body.value.records.map(
      (r: {
        account: string;
        counterpart: string | null;
        direction: string;
        amount: number;
        status: string;
      }) => `${r.account} ${r.direction} ${r.amount} ${r.status} ${r.counterpart ?? '-'}`,
    );
    expect(rows.sort()).toEqual(
      [
        `${agent.account} IN 3300 AGENT_SALARY -`,
        `${agent.account} OUT 2200 UPLINE_TRANSFER -`,
        `${member.account} OUT 1100 UPLINE_TRANSFER ${agent.account}`,
      ].sort(),
    );
    expect(moves.body.value.totals.transfers).toBe(6_600);
    expect(JSON.stringify(moves.body)).not.toContain(top.account);
    expect(JSON.stringify(moves.body)).not.toContain(sibling.account);

    // One member's: what it sent and received, whoever of the team the other side is.
    const mine = await post(agent, '/wps/agent/team/transactions', {
      range: 'TODAY',
      account: agent.account,
    });
    expect(
      mine.body.value.records
        .filter((r: { type: string }) => r.type === 'TRANSFER')
        .map(
          (r: { direction: string; amount: number; counterpart: string | null }) =>
            `${r.direction} ${r.amount} ${r.counterpart ?? '-'}`,
        )
        .sort(),
    ).toEqual(['IN 1100 ' + member.account, 'IN 3300 -', 'OUT 2200 -'].sort());
    // Without a type filter the transfers are among the deposits and withdrawals.
    const all = await post(agent, '/wps/agent/team/transactions', { range: 'TODAY' });
    expect(all.body.value.records.filter((r: { type: string }) => r.type === 'TRANSFER')).toHaveLength(3);
    // The upline's view names both sides of what moved inside its team.
    const upline = await post(top, '/wps/agent/team/transactions', { range: 'TODAY', type: 'TRANSFER' });
    expect(upline.body.value.totalCount).toBe(4);
  });
});

describe('moving a member ends the contracts its old upline offered (decision 0045)', () => {
  const tiers = (rateBp: number) => [{ minValidBet: 100, minActive: 0, rateBp }];
  const statusOf = async (id: number) =>
    server.db
      .selectFrom('agent_contract')
      .select(['status', 'end_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const operatorToken = async () =>
    (
      await createClient(server).call('POST', '/api/operator/login', {
        body: { username: 'edge-admin', password: PASSWORD },
      })
    ).body.value.token as string;
  const move = async (account: string, upline: string | null) =>
    createClient(server).call('POST', '/api/operator/members/move', {
      token: await operatorToken(),
      body: { merchant: 'DEMO', account, upline },
    });

  it('ends them and what hung on them below, in the move; a refused move ends nothing', async () => {
    const accepted = async (offererId: number | null, holder: Who, rateBp: number) => {
      const offer = await offerContract(server.db, demoId, offererId, {
        account: holder.account,
        kind: 'DAILY_SALARY',
        category: 'LIVE',
        tiers: tiers(rateBp),
      });
      await answerOffer(server.db, demoId, holder.memberId, 'DAILY_SALARY', {
        contractId: offer.id,
        accept: true,
      });
      return offer.id;
    };
    const ofTop = await accepted(null, top, 300);
    const ofAgent = await accepted(top.memberId, agent, 200);
    const ofSub = await accepted(agent.memberId, sub, 100);
    const waiting = (
      await offerContract(server.db, demoId, top.memberId, {
        account: agent.account,
        kind: 'DAILY_SALARY',
        category: 'LIVE',
        tiers: tiers(250),
      })
    ).id;

    // Under its own downline: refused, and nothing ended.
    const refused = await move(agent.account, sub.account);
    expect(refused.status).toBe(400);
    expect((await statusOf(ofAgent)).status).toBe('ACCEPTED');
    expect((await statusOf(waiting)).status).toBe('PENDING');

    const moved = await move(agent.account, sibling.account);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.value.endedContracts.sort()).toEqual([ofAgent, ofSub, waiting].sort());
    expect(await statusOf(ofAgent)).toEqual({ status: 'TERMINATED', end_reason: 'MEMBER_MOVED' });
    expect(await statusOf(waiting)).toEqual({ status: 'TERMINATED', end_reason: 'MEMBER_MOVED' });
    expect(await statusOf(ofSub)).toEqual({ status: 'TERMINATED', end_reason: 'UPLINE_CONTRACT_ENDED' });
    expect((await statusOf(ofTop)).status).toBe('ACCEPTED');
    // Back under its first upline (for the attack pass below): nothing left to end.
    expect((await move(agent.account, top.account)).body.value.endedContracts).toEqual([]);
  });
});

describe('attack pass over every agent route', () => {
  /** A valid call for each agent route (params filled), so only what is tested can refuse it. */
  const BODIES: Record<string, unknown> = {
    'POST /wps/agent/team/overview': { range: 'PAST_7' },
    'POST /wps/agent/team/bets': { range: 'PAST_7' },
    'POST /wps/agent/team/profit': { range: 'PAST_7', scope: 'ALL' },
    'POST /wps/agent/team/transactions': { range: 'PAST_7' },
    'POST /wps/agent/announcements': {},
    'POST /wps/agent/contracts': {
      account: 'nobody-here',
      kind: 'DAILY_SALARY',
      category: 'RNG',
      tiers: [{ minValidBet: 100, minActive: 0, rateBp: 10 }],
    },
    'POST /wps/agent/invitations': { kind: 'MEMBER' },
  };
  const QUERIES: Record<string, string> = {
    'GET /api/agent/payroll/payments': '?kind=DAILY_SALARY',
    'GET /wps/agent/affiliate': '?code=NOPE99',
  };
  /** registerCenter takes a sealed body; every other route is probed with a plain call. */
  const probed = () => agentRoutes.filter((r) => r.url !== '/wps/agent/registerCenter');
  const inject = (
    route: { method: string; url: string },
    { host = 'localhost', token, path }: { host?: string; token?: string; path?: string } = {},
  ) => {
    const key = `${route.method} ${route.url}`;
    return server.app.inject({
      method: route.method as 'GET',
      url: (path ?? route.url.replace(/:[a-zA-Z]+/g, '1')) + (QUERIES[key] ?? ''),
      headers: { host, ...(token && { authorization: `Bearer ${token}` }) },
      ...(BODIES[key] !== undefined && { payload: BODIES[key] as object }),
    });
  };

  it('knows every agent route', () => {
    expect(probed().length).toBeGreaterThanOrEqual(16);
    for (const key of Object.keys({ ...BODIES, ...QUERIES }))
      expect(agentRoutes.map((r) => `${r.method} ${r.url}`)).toContain(key);
  });

  it('answers a Host no brand is configured on as an unknown brand, never as another brand', async () => {
    for (const route of agentRoutes) {
      for (const token of [agent.token, undefined]) {
        const answer = await inject(route, { host: 'nobody.example', ...(token && { token }) });
        expect(answer.statusCode, `${route.method} ${route.url}`).toBe(404);
        expect(answer.json().error.code, `${route.method} ${route.url}`).toBe('MERCHANT_NOT_FOUND');
      }
      // The other brand's host: the demo agent's session is not a session there.
      const elsewhere = await inject(route, { host: 'edge.example', token: agent.token });
      if (route.url !== '/wps/agent/affiliate') expect(elsewhere.statusCode, route.url).toBe(401);
      expect(JSON.stringify(elsewhere.json())).not.toContain(agent.account);
    }
  });

  it('checks the agent gate on the route the router chose, however the path is written', async () => {
    const overview = { method: 'POST', url: '/wps/agent/team/overview' };
    for (const path of [
      '/wps/agent/team/%6Fverview',
      '/wps/%61gent/team/overview',
      '//wps/agent/team/overview',
      '/wps//agent/team/overview',
      '/wps/agent/team/overview/',
      '/wps/agent/team/overview?x=1',
      '/wps/agent/./team/overview',
      '/wps/agent/x/../team/overview',
    ]) {
      const asMember = await inject(overview, { token: plain.token, path });
      // Either no route (404) or the agent route, refusing a member: never the report.
      if (asMember.statusCode !== 404) {
        expect(asMember.statusCode, path).toBe(403);
        expect(asMember.json().error.code, path).toBe('NOT_AN_AGENT');
      }
      const anonymous = await inject(overview, { path });
      expect([401, 404], path).toContain(anonymous.statusCode);
      const asAgent = await inject(overview, { token: agent.token, path });
      if (asAgent.statusCode === 200) expect(asAgent.json().value.teamSize).toBe(2);
    }
  });

  it("refuses another brand's member, account and contract ids as ids that do not exist", async () => {
    const asAgent = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      createClient(server).call(method, path, { token: agent.token, ...(body !== undefined && { body }) });
    const pairs: [string, () => ReturnType<typeof asAgent>, () => ReturnType<typeof asAgent>][] = [
      [
        'downline detail',
        () => asAgent('GET', `/wps/agent/downlines/${foreign.memberId}`),
        () => asAgent('GET', '/wps/agent/downlines/999999'),
      ],
      [
        'terminate',
        () => asAgent('POST', `/wps/agent/contracts/${foreignContractId}/terminate`),
        () => asAgent('POST', '/wps/agent/contracts/999999/terminate'),
      ],
      [
        'offer',
        () =>
          asAgent('POST', '/wps/agent/contracts', {
            ...(BODIES['POST /wps/agent/contracts'] as object),
            account: foreign.account,
          }),
        () => asAgent('POST', '/wps/agent/contracts', BODIES['POST /wps/agent/contracts']),
      ],
      [
        'payments paid to a child',
        () =>
          asAgent(
            'GET',
            `/api/agent/payroll/payments?kind=DAILY_SALARY&side=PAID&memberId=${foreign.memberId}`,
          ),
        () => asAgent('GET', '/api/agent/payroll/payments?kind=DAILY_SALARY&side=PAID&memberId=999999'),
      ],
      ...(['bets', 'profit', 'transactions'] as const).map(
        (report): [string, () => ReturnType<typeof asAgent>, () => ReturnType<typeof asAgent>] => [
          `team ${report}`,
          () =>
            asAgent('POST', `/wps/agent/team/${report}`, {
              range: 'PAST_7',
              scope: 'ALL',
              account: foreign.account,
            }),
          () =>
            asAgent('POST', `/wps/agent/team/${report}`, {
              range: 'PAST_7',
              scope: 'ALL',
              account: 'nobody-here',
            }),
        ],
      ),
    ];
    for (const [name, theirs, nobody] of pairs) {
      const [a, b] = [await theirs(), await nobody()];
      expect(a.status, name).toBe(b.status);
      expect(a.body.error?.code, name).toBe(b.body.error?.code);
      expect(a.body.error?.code, name).toBeDefined();
      expect(JSON.stringify(a.body), name).not.toContain(foreign.account);
    }
    expect(
      (
        await server.db
          .selectFrom('agent_contract')
          .select('status')
          .where('id', '=', foreignContractId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('PENDING');
  });

  it('refuses every agent route under site maintenance, as every member route', async () => {
    await merchants.setSystemStatus(server.db, demoId, 1, 'Back soon');
    try {
      const memberRoute = await createClient(server).call('GET', '/wps/v2/wallets/balance', {
        token: agent.token,
      });
      expect(memberRoute.body.error.code).toBe('SITE_MAINTENANCE');
      for (const route of agentRoutes) {
        const answer = await inject(route, { token: agent.token });
        expect(answer.json().error?.code, `${route.method} ${route.url}`).toBe('SITE_MAINTENANCE');
        expect(answer.statusCode).toBe(memberRoute.status);
      }
      const encoded = await inject(
        { method: 'GET', url: '/api/agent/payroll/revenue' },
        { token: agent.token, path: '/api/%61gent/payroll/revenue' },
      );
      expect(encoded.json().error?.code).toBe('SITE_MAINTENANCE');
    } finally {
      await merchants.setSystemStatus(server.db, demoId, 0);
    }
  });
});
