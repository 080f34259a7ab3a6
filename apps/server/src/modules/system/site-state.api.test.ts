import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/cli.js';
import type { Answer } from '../../test/client.js';
import { registeredMember } from '../../test/funded-member.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';

// Issue 9, item 7: the status /wps/system/status reports is enforced on every member call.

const CAPTCHA = 'k7pq';
let server: TestServer;
let token: string;

/** Every money and account call of the member API, with a body that would otherwise be refused or accepted. */
const MEMBER_CALLS: [method: string, path: string][] = [
  ['POST', '/wps/session/login'],
  ['PUT', '/wps/member/register'],
  ['PUT', '/wps/member/register/mobile'],
  ['POST', '/wps/session/login/freeplay'],
  ['POST', '/wps/verification/sms/noLogin'],
  ['POST', '/wps/verification/sms/password'],
  ['POST', '/wps/member/password/email'],
  ['POST', '/wps/member/password/reset'],
  ['GET', '/wps/captcha'],
  ['GET', '/wps/member/info'],
  ['PUT', '/wps/member/info'],
  ['POST', '/wps/member/paymentPassword'],
  ['POST', '/wps/payment/deposit'],
  ['POST', '/wps/payment/withdraw'],
  ['GET', '/wps/payment/withdrawInfo'],
  ['POST', '/wps/relay/GCS_walletTransfer'],
  ['POST', '/wps/relay/GCS_merchantWallet'],
  ['POST', '/wps/wallet/transferUpline'],
  ['GET', '/wps/member/info/funds/consolidated'],
  ['POST', '/wps/feedback'],
  ['GET', '/lgw/games/list'],
];

const json = async (response: Response) => (await response.json()) as Answer['body'];

const call = (method: string, path: string, ip = '198.51.100.7') =>
  server.fetch(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': ip,
      'idempotency-key': `k-${Math.random()}`,
      ...(method !== 'GET' && { 'content-type': 'application/json' }),
    },
    // Not even valid JSON: the state is enforced before the body is read.
    ...(method !== 'GET' && { body: '{not json' }),
  });

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  const demo = await merchants.getMerchantByCode(server.db, 'DEMO');
  await merchants.setFlag(server.db, demo.id, 'REGMOBVERF3', false);
  ({ token } = await registeredMember(server, { prefix: 'state', captcha: CAPTCHA }));
});
afterAll(async () => server.close());

describe('site state enforced by the server', () => {
  it('refuses every member call under maintenance with the message and its end, before reading the body', async () => {
    await runCli(
      server,
      'status',
      'set',
      '1',
      '--message',
      'Back at 10:00',
      '--until',
      '2026-12-01T10:00:00Z',
    );
    try {
      for (const [method, path] of MEMBER_CALLS) {
        const answer = await call(method, path);
        expect(answer.status, `${method} ${path}`).toBe(503);
        expect((await json(answer)).error, `${method} ${path}`).toMatchObject({
          code: 'SITE_MAINTENANCE',
          message: 'Back at 10:00',
          details: { systemStatus: 1, maintenanceUntil: '2026-12-01T10:00:00.000Z' },
        });
      }
      const status = await json(await call('GET', '/wps/system/status'));
      expect(status.value).toMatchObject({ systemStatus: 1, maintenanceMessage: 'Back at 10:00' });
      expect((await call('GET', '/wps/system/helpCenter')).status).toBe(200);
      // Operators keep working: their API answers as usual (here, a refused login).
      const operator = await server.fetch('/api/operator/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody', password: 'not the password' }),
      });
      expect((await json(operator)).error.code).toBe('LOGIN_FAILED');
    } finally {
      await runCli(server, 'status', 'set', '0');
    }
    expect((await call('GET', '/wps/member/info')).status).toBe(200);
  });

  it('refuses every member call from a blocked address, and serves other addresses', async () => {
    await runCli(server, 'region', 'block-ip', '203.0.113.0/24');
    try {
      for (const [method, path] of MEMBER_CALLS) {
        const answer = await call(method, path, '203.0.113.9');
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect((await json(answer)).error.code, `${method} ${path}`).toBe('SITE_RESTRICTED');
      }
      expect((await json(await call('GET', '/wps/system/status', '203.0.113.9'))).value.systemStatus).toBe(2);
      expect((await call('GET', '/wps/member/info', '198.51.100.8')).status).toBe(200);
    } finally {
      await runCli(server, 'region', 'clear');
    }
  });

  it('restricts everyone but the allowed ranges under status 2', async () => {
    await runCli(server, 'status', 'set', '2');
    await runCli(server, 'region', 'allow-ip', '198.51.100.0/24');
    try {
      expect((await call('POST', '/wps/relay/GCS_walletTransfer', '192.0.2.1')).status).toBe(403);
      expect((await call('GET', '/wps/member/info', '198.51.100.9')).status).toBe(200);
    } finally {
      await runCli(server, 'status', 'set', '0');
      await runCli(server, 'region', 'clear');
    }
  });
});
