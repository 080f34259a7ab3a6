import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/cli.js';
import type { Answer } from '../../test/client.js';
import { registeredMember } from '../../test/funded-member.js';
import { encodings } from '../../test/path-forms.js';
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
  ['PUT', '/wps/feedback'],
  ['GET', '/lgw/games/list'],
];

const json = async (response: Response) => (await response.json()) as Answer['body'];

// Issue 19, item 4: the router decodes the path, so the state is decided on the route it chose.
/** Calls that move money or open a session, besides MEMBER_CALLS. */
const MONEY_CALLS: [method: string, path: string][] = [
  ['GET', '/wps/v2/wallets/balance'],
  ['POST', '/lotto/bets'],
  ['POST', '/wps/game/launchGame'],
  ['GET', '/lgw/vn/games/game_menu/recent'],
];
/** Refused with `code`, or not a route at all: anything else got past the state. */
const expectRefused = async (answer: Response, code: string, what: string) => {
  const body = await json(answer);
  if (answer.status === 404) expect(body.error.code, what).toBe('NOT_FOUND');
  else
    expect([answer.status, body.error?.code], what).toEqual([code === 'SITE_MAINTENANCE' ? 503 : 403, code]);
};

const call = (method: string, path: string, ip = '198.51.100.7', body = '{not json') =>
  server.fetch(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': ip,
      'idempotency-key': `k-${Math.random()}`,
      ...(method !== 'GET' && { 'content-type': 'application/json' }),
    },
    // Not even valid JSON: the state is enforced before the body is read.
    ...(method !== 'GET' && { body }),
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

  it('refuses every percent-encoded form of a member call under maintenance', async () => {
    // The forms the router takes are refused, not merely answered 404.
    for (const path of ['/%77ps/v2/wallets/balance', '/%6cotto/bets', '/%6Cotto/bets', '/%6Cgw/games/list'])
      expect(encodings(path.replace(/%../, (h) => decodeURIComponent(h)))).toContain(path);
    await runCli(server, 'status', 'set', '1');
    try {
      for (const [method, path] of [...MEMBER_CALLS, ...MONEY_CALLS]) {
        for (const form of encodings(path))
          await expectRefused(
            await call(method, form, undefined, '{}'),
            'SITE_MAINTENANCE',
            `${method} ${form}`,
          );
      }
      expect((await call('GET', '/%77ps/v2/wallets/balance')).status).toBe(503);
      expect((await call('POST', '/%6cotto/bets')).status).toBe(503);
      // What stays open stays open however it is written.
      expect((await call('GET', '/%77ps/system/status')).status).toBe(200);
    } finally {
      await runCli(server, 'status', 'set', '0');
    }
  });

  it('refuses every percent-encoded form of a member call from a blocked address', async () => {
    await runCli(server, 'region', 'block-ip', '203.0.113.0/24');
    try {
      for (const [method, path] of [...MEMBER_CALLS, ...MONEY_CALLS]) {
        for (const form of encodings(path))
          await expectRefused(
            await call(method, form, '203.0.113.9', '{}'),
            'SITE_RESTRICTED',
            `${method} ${form}`,
          );
      }
      expect((await call('POST', '/%77ps/session/login', '203.0.113.9')).status).toBe(403);
      expect((await call('POST', '/%77ps/game/launchGame', '203.0.113.9')).status).toBe(403);
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
