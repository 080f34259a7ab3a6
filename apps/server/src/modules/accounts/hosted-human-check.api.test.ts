import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../test/client.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';
import { updateAuthSettings } from './settings.js';

/**
 * Issue 19 item 19: a hosted human check (the brand's http provider) gets its token in a field of
 * its own, sized for real tokens (hundreds of characters), not in the in-house captcha's 16.
 */
const TOKEN = `hosted.${'x'.repeat(900)}`;
let server: TestServer;
let verifier: Server;
const seen: string[] = [];
let n = 0;

const register = (fields: Record<string, unknown>) => {
  n++;
  return createClient(server, { headers: { 'x-forwarded-for': `198.51.100.${n}` } }).sealed(
    'PUT',
    '/wps/member/register',
    {
      username: `hosted${String(n).padStart(3, '0')}`,
      password: 'secret123',
      confirmPassword: 'secret123',
      mobileNum: `0913${String(100_000 + n)}`,
      countryDialingCode: '+84',
      paymentPassword: '246810',
      ageConfirmed: true,
      termsAgreed: true,
      ...fields,
    },
  );
};

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' });
  const demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
  // The provider's verifier: a person is the one real token.
  verifier = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { token } = JSON.parse(body) as { token?: string };
      seen.push(token ?? '');
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: token === TOKEN }));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  await updateAuthSettings(server.db, demoId, {
    humanCheck: {
      provider: 'http',
      login: 'after-failures',
      verifyUrl: `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/verify`,
    },
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => verifier.close(() => resolve()));
  await server.close();
});

describe('a hosted human check', () => {
  it("takes the provider's token, hundreds of characters long, in its own field", async () => {
    const answer = await register({ humanCheckToken: TOKEN });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(seen.at(-1)).toBe(TOKEN);
  });

  it('refuses a wrong token, and a token past the size any provider sends', async () => {
    const wrong = await register({ humanCheckToken: 'not-the-token' });
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'CAPTCHA_INVALID']);
    const huge = await register({ humanCheckToken: 'x'.repeat(10_000) });
    expect([huge.status, huge.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('keeps the captcha field for the in-house captcha: its 16 characters are no hosted token', async () => {
    const inCaptcha = await register({ captcha: TOKEN });
    expect([inCaptcha.status, inCaptcha.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
