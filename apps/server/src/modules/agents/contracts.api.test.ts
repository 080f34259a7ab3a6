import { PROCESSING_CALLS } from '@jade/contracts/agent-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherBrand } from '../../test/brands.js';
import { runCli } from '../../test/cli.js';
import { createClient } from '../../test/client.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import type { Secrets } from '../../platform/secrets.js';
import { insertMember } from '../accounts/repo.js';
import { createSession } from '../accounts/sessions.js';
import { getAuthSettings } from '../accounts/settings.js';
import { createOperator } from '../operators/service.js';

// Issue 21 items 4 and 5: agent contracts, their caps and answers, the §7 processing calls,
// consolidated's contract states and the downline view, with their authorisation.

let server: TestServer;
let demoId: number;
let otherId: number;
const OTHER_HOST = 'other-contracts.test';
type Who = { id: number; token: string; name: string };
const m: Record<string, Who> = {};

const api = createClient;
const call = (who: Who | undefined, method: string, path: string, body?: unknown, host?: string) =>
  api(server).call(method, path, {
    ...(who && { token: who.token }),
    ...(body !== undefined && { body }),
    ...(host && { headers: { 'x-forwarded-host': host } }),
  });

/** A member placed straight in the tree (the join flow is another item's), with a session. */
const member = async (name: string, type: number, upline: string | null, merchantId = demoId) => {
  const at = new Date().toISOString();
  const id = await insertMember(server.db, {
    merchant_id: merchantId,
    username: name,
    username_key: name,
    password_hash: 'x',
    referral_code: `${name}-ref`,
    register_method: 'TEST',
    register_ip: '127.0.0.1',
    password_changed_at: at,
    created_at: at,
    updated_at: at,
    type,
    upline_id: upline ? m[upline]!.id : null,
  });
  const token = await createSession(server.db, { sessionSecret: server.serverSecret } as Secrets, {
    merchantId,
    memberId: id,
    site: 'MEMBER',
    method: 'PASSWORD',
    ip: '127.0.0.1',
    userAgent: undefined,
    settings: await getAuthSettings(server.db, merchantId),
  });
  m[name] = { id, token, name };
  return m[name];
};

const salary = (...rates: number[]) =>
  rates.map((rateBp, i) => ({ minValidBet: i * 1000, minActive: i, rateBp }));
const offer = (by: string, to: string, tiers: unknown[], kind = 'DAILY_SALARY', category = 'LOTT') =>
  call(m[by], 'POST', '/wps/agent/contracts', { account: to, kind, category, tiers });
const answer = (who: string, contractId: number, accept: boolean, kind = 'DAILY_SALARY') =>
  call(m[who], 'POST', PROCESSING_CALLS[kind as keyof typeof PROCESSING_CALLS], { contractId, accept });
const brandOffer = async (to: string, rates: number[], kind = 'DAILY_SALARY', category = 'LOTT') => {
  const text = await runCli(server, 'agents', 'offer', to, kind, category, JSON.stringify(salary(...rates)));
  return Number(/#(\d+)/.exec(text)![1]);
};
const status = async (id: number) =>
  await server.db
    .selectFrom('agent_contract')
    .select(['status', 'end_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
/** Offers and accepts down a chain: each holder accepts what its upline offers. */
const chain = async (category: string, links: [string, string, number[]][]) => {
  const ids: number[] = [];
  for (const [by, to, rates] of links) {
    const id =
      by === 'brand'
        ? await brandOffer(to, rates, 'DAILY_SALARY', category)
        : (await offer(by, to, salary(...rates), 'DAILY_SALARY', category)).body.value.id;
    expect((await answer(to, id, true)).status).toBe(200);
    ids.push(id);
  }
  return ids;
};

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' });
  demoId = (
    await server.db.selectFrom('merchant').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()
  ).id;
  otherId = await createOtherBrand(server.db, { code: 'OTHERC', host: OTHER_HOST });
  // top ─ a ─ a1 ─ a11
  //        ├ a2
  //        └ plain (a member)
  // b: another top agent; trial: a trial account; x: an agent of another brand.
  await member('top', 1, null);
  await member('a', 2, 'top');
  await member('a1', 41, 'a');
  await member('a11', 42, 'a1');
  await member('a2', 1, 'a');
  await member('plain', 0, 'a');
  await member('b', 1, null);
  await member('trial', 4, null);
  await member('x', 1, null, otherId);
  await createOperator(server.db, {
    username: 'op-fin',
    password: 'correct horse battery',
    role: 'FINANCE',
    merchantId: null,
  });
  await createOperator(server.db, {
    username: 'op-adm',
    password: 'correct horse battery',
    role: 'ADMIN',
    merchantId: null,
  });
});
afterAll(async () => server.close());

describe('offers, caps and answers', () => {
  it('the brand offers a top agent a contract (CLI); consolidated prompts; the §7 call of its kind accepts it', async () => {
    const id = await brandOffer('top', [200, 300]);
    let consolidated = await call(m.top, 'GET', '/wps/member/info/funds/consolidated');
    expect(consolidated.body.value).toMatchObject({
      dailysalreqtype: 'PENDING',
      divtypereq: 'NONE',
      infoTypes: ['DAILY_SALARY'],
    });
    const pending = await call(m.top, 'GET', '/wps/agent/contracts/pending');
    expect(pending.body.value.items).toMatchObject([
      { contract: { id, offeredBy: null }, replaces: null, wouldTerminate: [] },
    ]);
    // Another kind's call does not know this offer.
    expect((await answer('top', id, true, 'HOURLY_SALARY')).body.error.code).toBe('NOT_FOUND');
    const accepted = await answer('top', id, true);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.value.contract.status).toBe('ACCEPTED');
    consolidated = await call(m.top, 'GET', '/wps/member/info/funds/consolidated');
    expect(consolidated.body.value).toMatchObject({ dailysalreqtype: 'ACCEPTED', infoTypes: [] });
    expect(await runCli(server, 'agents', 'contracts', '--member', 'top')).toContain(
      `#${id}\ttop\tDAILY_SALARY\tLOTT`,
    );
  });

  it('caps each tier by the offerer’s own tier (its top tier past its last), and refuses without a contract', async () => {
    // top holds [200, 300] on LOTT daily salary.
    const above = await offer('top', 'a', salary(200, 301, 250));
    expect(above.status).toBe(400);
    expect(above.body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(above.body.error.fields)).toEqual(['tiers.1.rateBp']);
    expect(above.body.error.details.caps).toEqual({ 'tiers.1.rateBp': 300 });
    const third = await offer('top', 'a', salary(100, 200, 301));
    expect(Object.keys(third.body.error.fields)).toEqual(['tiers.2.rateBp']);
    const fixed = await offer('top', 'a', [{ minValidBet: 0, minActive: 0, amount: 5000 }]);
    expect(Object.keys(fixed.body.error.fields)).toEqual(['tiers.0.amount']);
    const none = await offer('top', 'a', salary(10), 'DAILY_SALARY', 'LIVE');
    expect(none.body.error.fields.kind).toBeDefined();
    const noPeriod = await offer('top', 'a', [{ minNetLoss: 0, minActive: 0, shareBp: 10 }], 'DIVIDEND');
    expect(noPeriod.body.error.fields.period).toBeDefined();
    expect(
      (await offer('top', 'a', salary(10, 5).reverse())).body.error.fields['tiers.1.minValidBet'],
    ).toBeDefined();
    // Only direct downline agents.
    expect((await offer('top', 'a1', salary(10))).body.error.fields.account).toEqual([
      'Not your direct downline',
    ]);
    expect((await offer('a', 'plain', salary(10))).body.error.code).toBe('VALIDATION_FAILED');
  });

  it('a new offer replaces the earlier waiting one; a rejected offer is REJECTED', async () => {
    const first = (await offer('top', 'a', salary(100))).body.value.id;
    const second = (await offer('top', 'a', salary(150))).body.value.id;
    expect(await status(first)).toEqual({ status: 'TERMINATED', end_reason: 'REPLACED' });
    expect((await answer('a', first, true)).body.error.code).toBe('CONFLICT');
    expect((await answer('a', second, false)).body.value.contract.status).toBe('REJECTED');
    expect((await call(m.a, 'GET', '/wps/member/info/funds/consolidated')).body.value.dailysalreqtype).toBe(
      'REJECTED',
    );
  });

  it('accepting a lower contract terminates the contracts below that now exceed their upline’s, and what rests on them; the preview lists them', async () => {
    const [, aId, a1Id, a11Id] = await chain('RNG', [
      ['brand', 'top', [500]],
      ['top', 'a', [400]],
      ['a', 'a1', [300]],
      ['a1', 'a11', [100]],
    ]);
    const a2Id = (await chain('RNG', [['a', 'a2', [150]]]))[0]!;
    // a is offered 200: a1's 300 exceeds it (and a11's rests on a1's); a2's 150 stays.
    const lower = (await offer('top', 'a', salary(200), 'DAILY_SALARY', 'RNG')).body.value.id;
    const preview = await call(m.a, 'GET', '/wps/agent/contracts/pending');
    const item = preview.body.value.items.find((i: { contract: { id: number } }) => i.contract.id === lower);
    expect(item.replaces.id).toBe(aId);
    expect(item.wouldTerminate.map((c: { id: number; endReason: string }) => [c.id, c.endReason])).toEqual([
      [a1Id, 'ABOVE_UPLINE_RATE'],
      [a11Id, 'UPLINE_CONTRACT_ENDED'],
    ]);
    const accepted = await answer('a', lower, true);
    expect(accepted.body.value.terminated.map((c: { id: number }) => c.id).sort()).toEqual(
      [aId, a1Id, a11Id].sort(),
    );
    expect(await status(aId!)).toEqual({ status: 'TERMINATED', end_reason: 'SUPERSEDED' });
    expect(await status(a1Id!)).toEqual({ status: 'TERMINATED', end_reason: 'ABOVE_UPLINE_RATE' });
    expect(await status(a11Id!)).toEqual({ status: 'TERMINATED', end_reason: 'UPLINE_CONTRACT_ENDED' });
    expect((await status(a2Id)).status).toBe('ACCEPTED');
    // A higher contract leaves every contract below in force.
    const higher = (await offer('top', 'a', salary(450), 'DAILY_SALARY', 'RNG')).body.value.id;
    expect((await answer('a', higher, true)).body.value.terminated.map((c: { id: number }) => c.id)).toEqual([
      lower,
    ]);
    expect((await status(a2Id)).status).toBe('ACCEPTED');
  });

  it('an upline terminates a contract it offered, and what rests on it below ends with it', async () => {
    const [, aId, a1Id, a11Id] = await chain('FISH', [
      ['brand', 'top', [500]],
      ['top', 'a', [400]],
      ['a', 'a1', [300]],
      ['a1', 'a11', [100]],
    ]);
    // Only the offerer: the holder itself, or an agent above the offerer, does not know it.
    expect((await call(m.a1, 'POST', `/wps/agent/contracts/${a1Id}/terminate`)).body.error.code).toBe(
      'NOT_FOUND',
    );
    expect((await call(m.top, 'POST', `/wps/agent/contracts/${a1Id}/terminate`)).body.error.code).toBe(
      'NOT_FOUND',
    );
    const ended = await call(m.a, 'POST', `/wps/agent/contracts/${a1Id}/terminate`);
    expect(ended.body.value.contract).toMatchObject({
      status: 'TERMINATED',
      endReason: 'TERMINATED_BY_UPLINE',
    });
    expect(ended.body.value.terminated.map((c: { id: number }) => c.id)).toEqual([a11Id]);
    expect((await status(aId!)).status).toBe('ACCEPTED');
    expect((await call(m.a1, 'GET', '/wps/member/info/funds/consolidated')).body.value.dailysalreqtype).toBe(
      'TERMINATED',
    );
    const mine = await call(m.a, 'GET', '/wps/agent/contracts');
    expect(mine.body.value.offered.find((c: { id: number }) => c.id === a1Id).status).toBe('TERMINATED');
    expect(mine.body.value.held.find((c: { id: number }) => c.id === aId).status).toBe('ACCEPTED');
  });

  it('the operator API: FINANCE offers a top agent and terminates; ADMIN may only read', async () => {
    const login = async (username: string) =>
      (await call(undefined, 'POST', '/api/operator/login', { username, password: 'correct horse battery' }))
        .body.value.token as string;
    const fin = await login('op-fin');
    const adm = await login('op-adm');
    const body = {
      account: 'b',
      kind: 'DIVIDEND',
      category: 'SPORTS',
      period: 'MONTHLY',
      tiers: [{ minNetLoss: 0, minActive: 0, shareBp: 3000 }],
    };
    const asAdmin = await api(server).call('POST', '/api/operator/agent-contracts', { token: adm, body });
    expect(asAdmin.body.error.code).toBe('FORBIDDEN');
    // Not a top agent: the brand offers only agents without an upline.
    const notTop = await api(server).call('POST', '/api/operator/agent-contracts', {
      token: fin,
      body: { ...body, account: 'a' },
    });
    expect(notTop.body.error.fields.account).toBeDefined();
    const offered = await api(server).call('POST', '/api/operator/agent-contracts', { token: fin, body });
    expect(offered.body.value).toMatchObject({
      holder: 'b',
      offeredBy: null,
      period: 'MONTHLY',
      status: 'PENDING',
    });
    expect((await call(m.b, 'GET', '/wps/member/info/funds/consolidated')).body.value.infoTypes).toEqual([
      'DIVIDEND',
    ]);
    const read = await api(server).call('GET', '/api/operator/agent-contracts?member=b', { token: adm });
    expect(read.body.value.items.map((c: { id: number }) => c.id)).toEqual([offered.body.value.id]);
    // An operator of another brand does not act on this one.
    await createOperator(server.db, {
      username: 'op-other',
      password: 'correct horse battery',
      role: 'FINANCE',
      merchantId: otherId,
    });
    const foreign = await api(server).call('POST', '/api/operator/agent-contracts', {
      token: await login('op-other'),
      body,
    });
    expect([foreign.status, foreign.body.value]).toEqual([403, undefined]);
    const ended = await api(server).call(
      'POST',
      `/api/operator/agent-contracts/${offered.body.value.id}/terminate`,
      { token: fin },
    );
    expect(ended.body.value.contract).toMatchObject({
      status: 'TERMINATED',
      endReason: 'TERMINATED_BY_BRAND',
    });
  });
});

describe('the CLI', () => {
  it('terminates a contract with what rests on it, and lists a member’s contracts', async () => {
    const [topId, aId] = await chain('LIVE', [
      ['brand', 'top', [300]],
      ['top', 'a', [200]],
    ]);
    const text = await runCli(server, 'agents', 'terminate', String(topId));
    expect(text).toContain(`terminated #${topId}\ttop\tDAILY_SALARY\tLIVE`);
    expect(text).toContain(`and below: #${aId}\ta\tDAILY_SALARY\tLIVE`);
    expect(await status(aId!)).toEqual({ status: 'TERMINATED', end_reason: 'UPLINE_CONTRACT_ENDED' });
    await expect(runCli(server, 'agents', 'offer', 'top', 'DAILY_SALARY', 'LIVE', '[]')).rejects.toThrow(
      /tiers/,
    );
  });
});

describe('races leave exactly one outcome', () => {
  it('an accept and a reject of one offer at once', async () => {
    await chain('ELOTT', [['brand', 'top', [500]]]);
    for (let round = 0; round < 3; round++) {
      const id = (await offer('top', 'a', salary(100 + round), 'DAILY_SALARY', 'ELOTT')).body.value.id;
      const answers = await Promise.all([answer('a', id, true), answer('a', id, false)]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
      const won = answers.find((x) => x.status === 200)!.body.value.contract.status;
      expect((await status(id)).status).toBe(won);
    }
  });

  it('two waiting offers of one kind and category accepted at once', async () => {
    await chain('PVP', [['brand', 'top', [500]]]);
    const first = (await offer('top', 'a', salary(100), 'DAILY_SALARY', 'PVP')).body.value.id;
    // A second waiting offer, as an older release could leave it beside the first.
    const row = await server.db
      .selectFrom('agent_contract')
      .selectAll()
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    const { id: second } = await server.db
      .insertInto('agent_contract')
      .values({ ...row, id: undefined, tiers: JSON.stringify(salary(120)) } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const answers = await Promise.all([answer('a', first, true), answer('a', second, true)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const rows = await server.db
      .selectFrom('agent_contract')
      .select(['id', 'status'])
      .where('id', 'in', [first, second])
      .execute();
    expect(rows.filter((r) => r.status === 'ACCEPTED')).toHaveLength(1);
  });
});

describe('downline management view', () => {
  it('lists direct downlines or the whole team, searched and paged, with details and contracts', async () => {
    const direct = await call(m.a, 'GET', '/wps/agent/downlines?scope=DIRECT');
    expect(direct.body.value.items.map((d: { account: string }) => d.account)).toEqual(['a1', 'a2', 'plain']);
    const a1 = direct.body.value.items[0];
    expect(a1).toMatchObject({ type: 41, level: 1, upline: 'a', teamSize: 1 });
    expect(a1.registeredAt).toBeTypeOf('string');
    const all = await call(m.a, 'GET', '/wps/agent/downlines?scope=ALL&pageSize=2&page=2');
    expect(all.body.value).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(all.body.value.items.map((d: { account: string }) => d.account)).toEqual(['plain', 'a11']);
    const search = await call(m.a, 'GET', '/wps/agent/downlines?scope=ALL&account=A1');
    expect(search.body.value.items.map((d: { account: string }) => d.account)).toEqual(['a1', 'a11']);
    const detail = await call(m.a, 'GET', `/wps/agent/downlines/${m.a1!.id}`);
    expect(detail.body.value.account).toBe('a1');
    expect(detail.body.value.contracts.length).toBeGreaterThan(1);
  });
});

describe('authorisation', () => {
  it('refuses every id of a member outside the subtree, a sibling, the upline and another brand, with no data', async () => {
    // From a1's seat: b is outside, a2 a sibling, a the upline, x another brand's.
    const a1Contract = (await call(m.a, 'GET', '/wps/agent/contracts')).body.value.offered.find(
      (c: { holder: string }) => c.holder === 'a2',
    );
    for (const name of ['b', 'a2', 'a', 'x', 'top']) {
      const target = m[name]!;
      const detail = await call(m.a1, 'GET', `/wps/agent/downlines/${target.id}`);
      expect(detail.status, name).toBe(404);
      expect(detail.body.value, name).toBeUndefined();
      const offered = await offer('a1', name, salary(1));
      expect(offered.body.error.code, name).toBe('NOT_FOUND');
      expect(offered.body.error.fields, name).toBeUndefined();
      const search = await call(m.a1, 'GET', `/wps/agent/downlines?scope=ALL&account=${name}`);
      expect(
        search.body.value.items.filter((d: { account: string }) => d.account === name),
        name,
      ).toEqual([]);
    }
    // A contract between others: terminate and answer refuse it alike.
    for (const kind of Object.keys(PROCESSING_CALLS)) {
      const other = await answer('a1', a1Contract.id, true, kind);
      expect(other.body.error.code).toBe('NOT_FOUND');
    }
    expect(
      (await call(m.a1, 'POST', `/wps/agent/contracts/${a1Contract.id}/terminate`)).body.error.code,
    ).toBe('NOT_FOUND');
    // Another brand's agent, on its own brand, does not see the demo brand's members either.
    const cross = await call(m.x, 'GET', `/wps/agent/downlines/${m.a1!.id}`, undefined, OTHER_HOST);
    expect([cross.status, cross.body.value]).toEqual([404, undefined]);
    const crossOffer = await call(
      m.x,
      'POST',
      '/wps/agent/contracts',
      { account: 'a1', kind: 'DAILY_SALARY', category: 'LOTT', tiers: salary(1) },
      OTHER_HOST,
    );
    expect(crossOffer.body.error.code).toBe('NOT_FOUND');
  });

  it('refuses a plain member and a trial account on every call', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/wps/agent/contracts'],
      ['GET', '/wps/agent/contracts/pending'],
      [
        'POST',
        '/wps/agent/contracts',
        { account: 'a1', kind: 'DAILY_SALARY', category: 'LOTT', tiers: salary(1) },
      ],
      ['POST', '/wps/agent/contracts/1/terminate'],
      ['GET', '/wps/agent/downlines'],
      ['GET', `/wps/agent/downlines/${m.a1!.id}`],
      ...Object.values(PROCESSING_CALLS).map((path): [string, string, unknown] => [
        'POST',
        path,
        { contractId: 1, accept: true },
      ]),
    ];
    for (const [method, path, body] of calls) {
      const asMember = await call(m.plain, method, path, body);
      expect([asMember.status, asMember.body.error?.code], `${method} ${path}`).toEqual([
        403,
        'NOT_AN_AGENT',
      ]);
      expect(asMember.body.value).toBeUndefined();
      const asTrial = await call(m.trial, method, path, body);
      expect(asTrial.body.error?.code, `${method} ${path}`).toBe('TRIAL_ACCOUNT');
      expect(asTrial.body.value).toBeUndefined();
    }
  });
});
