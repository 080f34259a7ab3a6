import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAuthSettings } from '../modules/accounts/settings.js';
import * as merchants from '../modules/merchants/service.js';
import { createClient } from '../test/client.js';
import { registeredMember } from '../test/funded-member.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { pruneExpired } from './prune.js';

// Issue 9, items 12 and 13: nothing grows without limit, and no endpoint takes bursts unthrottled.

const CAPTCHA = 'k7pq';
let server: TestServer;
let demoId: number;

const from = (ip: string) => createClient(server, { headers: { 'x-forwarded-for': ip } });
const count = async (
  table: 'payload_nonce' | 'captcha' | 'verification_code' | 'password_reset' | 'member_session',
) =>
  (
    await server.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
});
afterAll(async () => server.close());

describe('tables that expire (item 12)', () => {
  it('limits encrypted calls per address before their nonce is stored', async () => {
    await updateAuthSettings(server.db, demoId, {
      rateLimits: { sealedPerIp: { count: 5, windowSeconds: 60 } },
    });
    try {
      const before = Number(await count('payload_nonce'));
      const client = from('198.51.100.77');
      const codes = [];
      for (let i = 0; i < 12; i++)
        codes.push(
          (
            await client.sealed('POST', '/wps/session/login', {
              username: 'nobody42x',
              password: 'wrong1234',
            })
          ).body.error.code,
        );
      expect(codes.slice(0, 5).filter((c) => c === 'RATE_LIMITED')).toEqual([]);
      expect(codes.slice(5)).toEqual(Array(7).fill('RATE_LIMITED'));
      expect(Number(await count('payload_nonce')) - before).toBe(5);
    } finally {
      await updateAuthSettings(server.db, demoId, { rateLimits: {} });
    }
  });

  it('prunes every expiring table once its rows have expired, and keeps live rows', async () => {
    const { client } = await registeredMember(server, { prefix: 'prune', captcha: CAPTCHA });
    await client.call('GET', '/wps/captcha');
    await server.db.updateTable('member').set({ email: 'prune@example.com', email_verified: 1 }).execute();
    await client.call('POST', '/wps/member/password/email', {
      body: { username: 'prune001', email: 'prune@example.com' },
    });
    for (const table of ['payload_nonce', 'captcha', 'password_reset', 'member_session'] as const)
      expect(Number(await count(table)), table).toBeGreaterThan(0);
    await pruneExpired(server.db, new Date());
    expect(Number(await count('member_session'))).toBeGreaterThan(0);
    expect(Number(await count('password_reset'))).toBeGreaterThan(0);
    await pruneExpired(server.db, new Date(Date.now() + 400 * 86_400_000));
    for (const table of [
      'payload_nonce',
      'captcha',
      'verification_code',
      'password_reset',
      'member_session',
    ] as const)
      expect(Number(await count(table)), table).toBe(0);
  });
});

describe('bursts (item 13)', () => {
  it('throttles invitation-code lookups per address and per member', async () => {
    const anonymous = from('198.51.100.90');
    const codes = [];
    for (let i = 0; i < 31; i++)
      codes.push((await anonymous.call('GET', '/wps/agent/affiliate?code=NOPE99')).status);
    expect(codes.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(codes[30]).toBe(429);

    const { token } = await registeredMember(server, { prefix: 'burst', captcha: CAPTCHA });
    const seen = [];
    for (let i = 0; i < 31; i++)
      seen.push(
        (await from(`203.0.113.${100 + i}`).call('GET', '/wps/agent/affiliate?code=NOPE99', { token }))
          .status,
      );
    expect(seen[30]).toBe(429);
  });

  it('throttles feedback per address and per member', async () => {
    const send = (ip: string, token?: string) =>
      from(ip).call('PUT', '/wps/feedback', { body: { content: 'Nice site' }, ...(token && { token }) });
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await send('198.51.100.91')).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);

    const { token } = await registeredMember(server, { prefix: 'talk', captcha: CAPTCHA });
    const byMember = [];
    for (let i = 0; i < 6; i++) byMember.push((await send(`203.0.113.${200 + i}`, token)).status);
    expect(byMember.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(byMember[5]).toBe(429);
  });
});
