import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherBrand } from '../../test/brands.js';
import { runCli } from '../../test/cli.js';
import { createClient } from '../../test/client.js';
import { registeredMember } from '../../test/funded-member.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';
import { createOperator } from '../operators/service.js';

// Issue 21: how members join teams (decision 0042): invitation codes and links, registerCenter,
// agent applications, and the operator's move.

const CAPTCHA = 'j01n';
const PASSWORD = 'correct horse battery';
let server: TestServer;
let demoId: number;
let ip = 1;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  for (const role of ['ADMIN', 'FINANCE'] as const)
    await createOperator(server.db, {
      username: `op-${role.toLowerCase()}`,
      password: PASSWORD,
      role,
      merchantId: null,
    });
});
afterAll(async () => server.close());

const client = () => createClient(server, { headers: { 'x-forwarded-for': `198.18.0.${ip++}` } });

/** A registered, logged-in member; `type` 1 makes it an agent, 4 a trial account. */
const member = async (prefix: string, options: { type?: number; fields?: Record<string, unknown> } = {}) => {
  const m = await registeredMember(server, { prefix, captcha: CAPTCHA, fields: options.fields });
  if (options.type !== undefined)
    await server.db.updateTable('member').set({ type: options.type }).where('id', '=', m.memberId).execute();
  const row = await server.db
    .selectFrom('member')
    .select(['username', 'referral_code'])
    .where('id', '=', m.memberId)
    .executeTakeFirstOrThrow();
  const call = (method: string, path: string, body?: unknown) =>
    m.client.call(method, path, { token: m.token, ...(body !== undefined && { body }) });
  return { ...m, username: row.username, referralCode: row.referral_code, call };
};
type Member = Awaited<ReturnType<typeof member>>;

const memberRow = (id: number) =>
  server.db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const idOf = async (username: string) =>
  (
    await server.db
      .selectFrom('member')
      .select('id')
      .where('merchant_id', '=', demoId)
      .where('username_key', '=', username.toLowerCase())
      .executeTakeFirstOrThrow()
  ).id;

/** A member's uplines in the closure table, nearest first. */
const ancestors = async (id: number) =>
  (
    await server.db
      .selectFrom('member_closure')
      .select('ancestor_id')
      .where('descendant_id', '=', id)
      .where('depth', '>', 0)
      .orderBy('depth')
      .execute()
  ).map((r) => r.ancestor_id);

/** The brand's stored closure rows equal those recomputed from upline_id alone. */
const expectTreeWhole = async () => {
  const rows = await server.db.selectFrom('member').select(['id', 'upline_id']).execute();
  const upline = new Map(rows.map((r) => [r.id, r.upline_id]));
  const expected: string[] = [];
  for (const { id } of rows)
    for (let at: number | null = id, depth = 0; at !== null; at = upline.get(at) ?? null, depth++)
      expected.push(`${at}>${id}@${depth}`);
  const stored = (
    await server.db.selectFrom('member_closure').select(['ancestor_id', 'descendant_id', 'depth']).execute()
  ).map((r) => `${r.ancestor_id}>${r.descendant_id}@${r.depth}`);
  expect(stored.sort()).toEqual(expected.sort());
};

const codesOf = async (agent: Member) => {
  const answer = await agent.call('GET', '/wps/agent/invitations');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.value.invitations as {
    id: number | null;
    code: string;
    kind: string;
    links: string[];
    registrations: number | null;
  }[];
};

let mobile = 0;
/** The demo brand asks for a mobile number and a payment password besides the account's own fields. */
const brandFields = () => ({ mobileNum: `0933${String(100_000 + ++mobile)}`, paymentPassword: '246810' });

const registerDownline = (agent: Member, body: Record<string, unknown>) =>
  agent.client.sealed('POST', '/wps/agent/registerCenter', { ...brandFields(), ...body }, agent.token);

const operatorToken = async (role: 'admin' | 'finance') => {
  const answer = await client().call('POST', '/api/operator/login', {
    body: { username: `op-${role}`, password: PASSWORD },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.value.token as string;
};

describe('invitation codes and links', () => {
  it('places a member under the agent by a member code, a sub-agent by an agent code, counting each', async () => {
    const agent = await member('inva', { type: 1 });
    const [first] = await codesOf(agent);
    expect(first).toMatchObject({ kind: 'MEMBER', registrations: 0 });
    // One link per configured domain, from its configured origin (never from the request).
    const origins = (
      await server.db
        .selectFrom('merchant_domain')
        .select('origin')
        .where('merchant_id', '=', demoId)
        .execute()
    ).map((d) => d.origin);
    expect(origins).toContain(server.url);
    expect(new Set(first!.links)).toEqual(
      new Set(origins.map((o) => `${o}/register?affiliateCode=${first!.code}`)),
    );
    const created = await agent.call('POST', '/wps/agent/invitations', { kind: 'AGENT' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const agentCode = (created.body.value.invitations as { code: string; kind: string }[]).find(
      (c) => c.kind === 'AGENT',
    )!.code;

    const plain = await member('invm', { fields: { affiliateCode: first!.code } });
    const sub = await member('invs', { fields: { affiliateCode: agentCode.toLowerCase() } });
    expect((await memberRow(plain.memberId)).type).toBe(0);
    expect((await memberRow(sub.memberId)).type).toBe(1);
    expect(await ancestors(plain.memberId)).toEqual([agent.memberId]);
    expect(await ancestors(sub.memberId)).toEqual([agent.memberId]);

    // The sub-agent invites in turn: its member is two levels below the agent.
    const [subCode] = await codesOf(sub);
    const grand = await member('invg', { fields: { affiliateCode: subCode!.code } });
    expect(await ancestors(grand.memberId)).toEqual([sub.memberId, agent.memberId]);

    expect((await codesOf(agent)).map((c) => [c.kind, c.registrations])).toEqual([
      ['MEMBER', 1],
      ['AGENT', 1],
    ]);
    const invited = await agent.call('GET', '/wps/agent/invited?page=1&size=10');
    expect(invited.body.value.total).toBe(2);
    expect(invited.body.value.items.map((i: { account: string }) => i.account).sort()).toEqual(
      [plain.username, sub.username].sort(),
    );
    await expectTreeWhole();
  });

  it("keeps an operator's affiliate code working, and a plain member's referral code places nobody", async () => {
    const agent = await member('leg', { type: 1 });
    await server.db
      .updateTable('member')
      .set({ affiliate_code: 'LEGACY21' })
      .where('id', '=', agent.memberId)
      .execute();
    expect((await codesOf(agent))[0]).toMatchObject({ id: null, code: 'LEGACY21', kind: 'MEMBER' });
    const byLegacy = await member('legm', { fields: { affiliateCode: 'LEGACY21' } });
    expect(await ancestors(byLegacy.memberId)).toEqual([agent.memberId]);

    const plain = await member('plain');
    const c = client();
    const { body: image } = await c.call('GET', '/wps/captcha');
    const refused = await c.sealed('PUT', '/wps/member/register', {
      username: 'byplainref',
      password: 'secret123',
      confirmPassword: 'secret123',
      ageConfirmed: true,
      termsAgreed: true,
      captchaId: image.value.captchaId,
      captcha: CAPTCHA,
      referralCode: plain.referralCode,
      ...brandFields(),
    });
    expect(refused.body.error.code).toBe('INVITATION_CODE_ERROR');
  });
});

describe('registerCenter', () => {
  it('registers a downline member and a sub-agent under the agent by the brand rules', async () => {
    const agent = await member('rca', { type: 1 });
    const asMember = await registerDownline(agent, {
      username: 'rcmember1',
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    expect(asMember.status, JSON.stringify(asMember.body)).toBe(200);
    expect(asMember.body.value).toMatchObject({ username: 'rcmember1', type: 0 });
    const asAgent = await registerDownline(agent, {
      username: 'rcagent1',
      password: 'secret123',
      confirmPassword: 'secret123',
      kind: 'AGENT',
    });
    expect(asAgent.body.value).toMatchObject({ username: 'rcagent1', type: 1 });
    for (const name of ['rcmember1', 'rcagent1']) {
      const id = await idOf(name);
      expect(await ancestors(id)).toEqual([agent.memberId]);
      expect((await memberRow(id)).register_method).toBe('AGENT');
    }
    // The brand's rules hold: a confirmation that differs, a username taken.
    const mismatch = await registerDownline(agent, {
      username: 'rcmember2',
      password: 'secret123',
      confirmPassword: 'secret124',
    });
    expect(mismatch.body.error.code).toBe('PASSWORD_MISMATCH');
    const taken = await registerDownline(agent, {
      username: 'rcmember1',
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    expect(taken.body.error.code).toBe('USERNAME_TAKEN');
    // The new member logs in with the password the agent set.
    const login = await client().sealed('POST', '/wps/session/login', {
      username: 'rcmember1',
      password: 'secret123',
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
  });

  it("takes the agent's own code (its kind decides the type), refuses another agent's", async () => {
    const agent = await member('rcb', { type: 1 });
    const other = await member('rcc', { type: 1 });
    const own = (
      await agent.call('POST', '/wps/agent/invitations', { kind: 'AGENT' })
    ).body.value.invitations.find((c: { kind: string }) => c.kind === 'AGENT').code as string;
    const byOwn = await registerDownline(agent, {
      username: 'rcbyown',
      password: 'secret123',
      confirmPassword: 'secret123',
      invitationCode: own,
    });
    expect(byOwn.body.value).toMatchObject({ type: 1 });
    const [othersCode] = await codesOf(other);
    const byOthers = await registerDownline(agent, {
      username: 'rcbyother',
      password: 'secret123',
      confirmPassword: 'secret123',
      invitationCode: othersCode!.code,
    });
    expect(byOthers.body.error.code).toBe('INVITATION_CODE_ERROR');
    expect(
      await server.db
        .selectFrom('member')
        .select('id')
        .where('username_key', '=', 'rcbyother')
        .executeTakeFirst(),
    ).toBeUndefined();
    expect((await codesOf(other))[0]!.registrations).toBe(0);
    // Neither agent sees the other's codes or downlines.
    const agentCodes = (await codesOf(agent)).map((c) => c.code);
    expect(agentCodes).not.toContain(othersCode!.code);
    const othersInvited = await other.call('GET', '/wps/agent/invited');
    expect(othersInvited.body.value.items).toEqual([]);
  });

  it('refuses a plain member, a trial account and a suspended agent on every agent call', async () => {
    const plain = await member('aut');
    const trial = await member('aut', { type: 4 });
    const suspended = await member('aut', { type: 1 });
    await server.db
      .updateTable('member')
      .set({ status: 'SUSPENDED' })
      .where('id', '=', suspended.memberId)
      .execute();
    for (const [who, code] of [
      [plain, 'NOT_AN_AGENT'],
      [trial, 'TRIAL_ACCOUNT'],
      [suspended, undefined],
    ] as const) {
      const answers = [
        await who.call('GET', '/wps/agent/invitations'),
        await who.call('POST', '/wps/agent/invitations', { kind: 'MEMBER' }),
        await who.call('GET', '/wps/agent/invited'),
        await registerDownline(who, {
          username: `x${who.memberId}`,
          password: 'secret123',
          confirmPassword: 'secret123',
        }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        if (code) expect(answer.body.error.code).toBe(code);
        expect(answer.body.value).toBeUndefined();
      }
    }
    expect(
      await server.db
        .selectFrom('agent_invitation')
        .select('id')
        .where('agent_id', 'in', [plain.memberId, trial.memberId, suspended.memberId])
        .execute(),
    ).toEqual([]);
  });
});

describe('agent applications', () => {
  it('a member applies once; an admin approves: it becomes an agent with a code', async () => {
    const applicant = await member('app');
    expect((await applicant.call('GET', '/wps/member/join')).body.value).toEqual({
      isAgent: false,
      application: null,
    });
    const applied = await applicant.call('POST', '/wps/member/join');
    expect(applied.body.value.application.status).toBe('PENDING');
    expect((await applicant.call('POST', '/wps/member/join')).body.error.code).toBe('CONFLICT');

    const listed = await client().call('GET', '/api/operator/agent-applications', {
      token: await operatorToken('finance'),
    });
    const entry = listed.body.value.items.find((a: { account: string }) => a.account === applicant.username);
    expect(entry).toMatchObject({ status: 'PENDING', merchant: 'DEMO' });
    const byFinance = await client().call('POST', `/api/operator/agent-applications/${entry.id}/approve`, {
      token: await operatorToken('finance'),
    });
    expect(byFinance.body.error.code).toBe('FORBIDDEN');
    const admin = await operatorToken('admin');
    const approved = await client().call('POST', `/api/operator/agent-applications/${entry.id}/approve`, {
      token: admin,
    });
    expect(approved.body.value).toMatchObject({ status: 'APPROVED', decidedBy: 'op-admin' });
    const again = await client().call('POST', `/api/operator/agent-applications/${entry.id}/reject`, {
      token: admin,
    });
    expect(again.body.error.code).toBe('CONFLICT');

    expect((await memberRow(applicant.memberId)).type).toBe(1);
    expect((await applicant.call('GET', '/wps/member/join')).body.value).toMatchObject({
      isAgent: true,
      application: { status: 'APPROVED' },
    });
    const codes = await codesOf(applicant);
    expect(codes).toHaveLength(1);
    expect(codes[0]!.kind).toBe('MEMBER');
    // An agent does not apply again.
    expect((await applicant.call('POST', '/wps/member/join')).body.error.code).toBe('CONFLICT');
  });

  it('a visitor registers as an applicant; the CLI lists and rejects; a trial account cannot apply', async () => {
    const visitor = await member('vis', { fields: { agentApplication: true } });
    const listed = await runCli(server, 'agents', 'applications');
    const line = listed.split('\n').find((l) => l.includes(visitor.username))!;
    expect(line).toContain('PENDING');
    const id = line.split('\t')[0]!;
    expect(await runCli(server, 'agents', 'reject', id)).toBe(
      `${visitor.username}: application ${id} REJECTED`,
    );
    expect((await memberRow(visitor.memberId)).type).toBe(0);
    expect((await visitor.call('GET', '/wps/member/join')).body.value.application.status).toBe('REJECTED');
    // Rejected, it may apply again.
    expect((await visitor.call('POST', '/wps/member/join')).body.value.application.status).toBe('PENDING');

    const trial = await member('vist', { type: 4 });
    expect((await trial.call('POST', '/wps/member/join')).body.error.code).toBe('TRIAL_ACCOUNT');
  });
});

describe('moving a member', () => {
  it('moves a member with its team under another agent; the tree stays whole and past summaries untouched', async () => {
    const oldTop = await member('mva', { type: 1 });
    const newTop = await member('mvb', { type: 1 });
    const [oldCode] = await codesOf(oldTop);
    const mid = await member('mvm', { type: 1, fields: { affiliateCode: oldCode!.code } });
    const [midCode] = await codesOf(mid);
    const leaf = await member('mvl', { fields: { affiliateCode: midCode!.code } });
    for (const id of [mid.memberId, leaf.memberId])
      await server.db
        .insertInto('bet_daily_summary')
        .values({
          merchant_id: demoId,
          member_id: id,
          day: '2026-11-01',
          category: 'LOTT',
          bets: 3,
          stake: 3000,
          valid_bet: 3000,
          payout: 1200,
          win_loss: -1800,
        })
        .execute();
    const summaries = () =>
      server.db
        .selectFrom('bet_daily_summary')
        .selectAll()
        .where('member_id', 'in', [mid.memberId, leaf.memberId])
        .orderBy('member_id')
        .execute();
    const before = await summaries();

    expect(await runCli(server, 'agents', 'move', mid.username, '--upline', newTop.username)).toBe(
      `${mid.username}: upline ${newTop.username}`,
    );
    expect(await ancestors(leaf.memberId)).toEqual([mid.memberId, newTop.memberId]);
    expect(await summaries()).toEqual(before);
    await expectTreeWhole();
    const change = await server.db
      .selectFrom('member_upline_change')
      .selectAll()
      .where('member_id', '=', mid.memberId)
      .executeTakeFirstOrThrow();
    expect(change).toMatchObject({
      from_upline_id: oldTop.memberId,
      to_upline_id: newTop.memberId,
      changed_by: 'cli',
    });

    // Refused: under a plain member, under its own downline, under another brand's agent.
    await expect(
      runCli(server, 'agents', 'move', newTop.username, '--upline', leaf.username),
    ).rejects.toThrow(/not an active agent/);
    await server.db.updateTable('member').set({ type: 1 }).where('id', '=', leaf.memberId).execute();
    await expect(runCli(server, 'agents', 'move', mid.username, '--upline', leaf.username)).rejects.toThrow(
      /own downline/,
    );
    const otherId = await createOtherBrand(server.db, { code: 'MOVE' });
    const brandOp = 'op-move';
    await createOperator(server.db, {
      username: brandOp,
      password: PASSWORD,
      role: 'ADMIN',
      merchantId: otherId,
    });
    const token = (
      await client().call('POST', '/api/operator/login', { body: { username: brandOp, password: PASSWORD } })
    ).body.value.token as string;
    const foreign = await client().call('POST', '/api/operator/members/move', {
      token,
      body: { merchant: 'DEMO', account: leaf.username, upline: null },
    });
    expect(foreign.body.error.code).toBe('FORBIDDEN');
    const unknownHere = await client().call('POST', '/api/operator/members/move', {
      token,
      body: { account: leaf.username, upline: null },
    });
    expect(unknownHere.body.error.code).toBe('NOT_FOUND');
    expect(await ancestors(leaf.memberId)).toEqual([mid.memberId, newTop.memberId]);

    // The operator API moves to the top.
    const toTop = await client().call('POST', '/api/operator/members/move', {
      token: await operatorToken('admin'),
      body: { merchant: 'DEMO', account: mid.username, upline: null },
    });
    expect(toTop.body.value).toEqual({ account: mid.username, upline: null, endedContracts: [] });
    expect(await ancestors(leaf.memberId)).toEqual([mid.memberId]);
    expect(await summaries()).toEqual(before);
    await expectTreeWhole();
  });
});
