import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/cli.js';
import { codeIn, createClient, latestOutbox } from '../../test/client.js';
import { registeredMember } from '../../test/funded-member.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';
import * as repo from './repo.js';
import { updateAuthSettings } from './settings.js';

// Account recovery and sessions, as an attacker would try them (issue 9, items 1 to 6).

const CAPTCHA = 'k7pq';
let server: TestServer;
let demoId: number;
const logLines: string[] = [];
let ipCounter = 1;

const member = (fields: Record<string, unknown> = {}) =>
  registeredMember(server, { prefix: 'recover', captcha: CAPTCHA, fields });
const stranger = () => createClient(server, { headers: { 'x-forwarded-for': `192.0.2.${ipCounter++}` } });

const withCaptcha = async (_client: ReturnType<typeof createClient>, body: Record<string, unknown>) => {
  const { body: image } = await stranger().call('GET', '/wps/captcha');
  return { ...body, captchaId: image.value.captchaId, captcha: CAPTCHA };
};
const usernameOf = async (memberId: number) => (await repo.findMemberById(server.db, demoId, memberId))!;
const markVerified = async (memberId: number, channel: 'email' | 'mobile') =>
  repo.updateMember(
    server.db,
    memberId,
    channel === 'email' ? { email_verified: 1 } : { mobile_verified: 1 },
  );

const forgot = (username: string, email: string, host = '127.0.0.1') =>
  server.app.inject({
    method: 'POST',
    url: '/wps/member/password/email',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `username=${username}&email=${encodeURIComponent(email)}`,
  });
const outboxCount = async (destination: string) =>
  (await server.db.selectFrom('outbox').select('id').where('destination', '=', destination).execute()).length;
const tokenIn = (body: string) => /token=([\w-]+)/.exec(body)![1]!;
const reset = (token: string, newPassword: string) =>
  stranger().call('POST', '/wps/member/password/reset', { body: { token, newPassword } });
const login = (username: string, password: string) =>
  stranger().sealed('POST', '/wps/session/login', { username, password });

beforeAll(async () => {
  server = await startTestServer(
    { TRUSTED_PROXIES: '127.0.0.1', LOG_LEVEL: 'info' },
    { captchaText: () => CAPTCHA, logStream: { write: (line) => void logLines.push(line) } },
  );
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
});
afterAll(async () => server.close());

describe('links the server sends (item 1)', () => {
  it('gives no brand to a Host that is not exactly a configured domain, and sends nothing', async () => {
    const { memberId } = await member({ email: 'victim@example.com' });
    await markVerified(memberId, 'email');
    const { username } = await usernameOf(memberId);
    for (const host of ['attacker.example\\@localhost', 'attacker.example@localhost', 'attacker.example']) {
      const answer = await forgot(username, 'victim@example.com', host);
      expect(answer.statusCode, host).toBe(404);
      expect(answer.json().error.code).toBe('MERCHANT_NOT_FOUND');
    }
    expect(await outboxCount('victim@example.com')).toBe(0);
  });

  it("builds the reset link from the brand's configured origin, whatever port or proxy header came in", async () => {
    await runCli(server, 'domain', 'set', 'localhost', '--url', 'https://demo.example.com');
    const { memberId } = await member({ email: 'origin@example.com' });
    await markVerified(memberId, 'email');
    const { username } = await usernameOf(memberId);
    const answer = await server.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: {
        host: 'LOCALHOST:9999',
        'x-forwarded-proto': 'http',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `username=${username}&email=origin%40example.com`,
    });
    expect(answer.statusCode).toBe(200);
    const email = await latestOutbox(server, 'origin@example.com');
    expect(email.body).toMatch(/https:\/\/demo\.example\.com\/resetPassword\?token=[\w-]{40,}/);
    // In the brand's language, Vietnamese for the demo (issue 20 item 7).
    expect(email.subject).toBe('Jade Demo: đặt lại mật khẩu');
    expect(email.body).toMatch(/^Mở liên kết này trong vòng 30 phút để đặt mật khẩu mới: https:/);
    expect(await runCli(server, 'domain', 'list')).toContain('localhost\thttps://demo.example.com');
  });
});

describe('recovery channels (item 2)', () => {
  it('changes the email only with the login password, ends the other sessions and tells the old address', async () => {
    const { client, memberId, token } = await member({ email: 'old.address@example.com' });
    await markVerified(memberId, 'email');
    const { username } = await usernameOf(memberId);
    const other = (await login(username, 'secret123')).body.value.token as string;

    const without = await client.call('PUT', '/wps/member/info', {
      token,
      body: { email: 'thief@example.com' },
    });
    expect(without.body.error.code).toBe('WRONG_PASSWORD');
    const wrong = await client.call('PUT', '/wps/member/info', {
      token,
      body: { email: 'thief@example.com', password: 'guess1234' },
    });
    expect(wrong.body.error.code).toBe('WRONG_PASSWORD');
    expect((await usernameOf(memberId)).email).toBe('old.address@example.com');

    const changed = await client.call('PUT', '/wps/member/info', {
      token,
      body: { email: 'new.address@example.com', password: 'secret123' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.value.emailVerified).toBe(false);
    expect((await client.call('GET', '/wps/member/info', { token })).status).toBe(200);
    expect((await client.call('GET', '/wps/member/info', { token: other })).status).toBe(401);
    // The old address is told, in the brand's language (issue 20 item 7).
    const warning = await latestOutbox(server, 'old.address@example.com');
    expect(warning.subject).toBe('Jade Demo: địa chỉ email của bạn đã được thay đổi');
    expect(warning.body).toMatch(
      /^Jade Demo: địa chỉ email của tài khoản \w+ đã được thay đổi\. Nếu không phải bạn/,
    );
  });

  it('moves the mobile number only with the login password', async () => {
    const { client, token } = await member();
    const sent = await client.call('POST', '/wps/verification/sms/bind', {
      token,
      body: await withCaptcha(client, { mobileNo: '0977000001', countryDialingCode: '+84' }),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const code = codeIn((await latestOutbox(server, '+84977000001')).body);
    const noPassword = await client.call('PUT', '/wps/member/info/mobile', {
      token,
      body: { mobileNo: '0977000001', countryDialingCode: '+84', verificationCode: code },
    });
    expect(noPassword.status).toBe(400);
    const wrong = await client.call('PUT', '/wps/member/info/mobile', {
      token,
      body: {
        mobileNo: '0977000001',
        countryDialingCode: '+84',
        verificationCode: code,
        password: 'nope1234',
      },
    });
    expect(wrong.body.error.code).toBe('WRONG_PASSWORD');
  });

  it('sends no reset link to an unverified address', async () => {
    const { memberId } = await member({ email: 'unverified@example.com' });
    const { username } = await usernameOf(memberId);
    expect((await forgot(username, 'unverified@example.com')).json().value.message).toBe('in_been_out');
    expect(await outboxCount('unverified@example.com')).toBe(0);
  });
});

describe('reset tokens (items 3 and 4)', () => {
  it('names one member: a link asked for by one member never changes another with the same address', async () => {
    const a = await member({ email: 'shared@example.com' });
    const b = await member({ email: 'shared@example.com' });
    await markVerified(a.memberId, 'email');
    await markVerified(b.memberId, 'email');
    const nameA = (await usernameOf(a.memberId)).username;
    const nameB = (await usernameOf(b.memberId)).username;
    await forgot(nameA, 'shared@example.com');
    expect(
      (await reset(tokenIn((await latestOutbox(server, 'shared@example.com')).body), 'fresh2024a')).status,
    ).toBe(200);
    expect((await login(nameA, 'fresh2024a')).status).toBe(200);
    expect((await login(nameB, 'fresh2024a')).body.error.code).toBe('LOGIN_FAILED');
    expect((await login(nameB, 'secret123')).status).toBe(200);
  });

  it('ends older links when a new one is issued, and all others when one is used', async () => {
    const { memberId } = await member({ email: 'links@example.com' });
    await markVerified(memberId, 'email');
    const { username } = await usernameOf(memberId);
    const next = async () => {
      await forgot(username, 'links@example.com');
      return tokenIn((await latestOutbox(server, 'links@example.com')).body);
    };
    const first = await next();
    const second = await next();
    expect((await reset(first, 'first2024a')).body.error.code).toBe('CODE_INVALID');
    expect((await reset(second, 'second2024a')).status).toBe(200);
    expect((await reset(second, 'again2024a')).body.error.code).toBe('CODE_INVALID');
    expect((await login(username, 'second2024a')).status).toBe(200);
  });

  it('never writes the token of a full reset flow to the log', async () => {
    const { memberId } = await member({ email: 'logged@example.com' });
    await markVerified(memberId, 'email');
    const { username } = await usernameOf(memberId);
    await forgot(username, 'logged@example.com');
    const token = tokenIn((await latestOutbox(server, 'logged@example.com')).body);
    await server.fetch(`/resetPassword?token=${token}&lang=en`);
    expect((await reset(token, 'logged2024a')).status).toBe(200);
    const log = logLines.join('');
    expect(log).toContain('/resetPassword?token=[REDACTED]&lang=en');
    expect(log).not.toContain(token);
  });
});

describe('counters under concurrency (item 5)', () => {
  it('counts each of ten concurrent wrong passwords', async () => {
    const { memberId } = await member();
    const { username } = await usernameOf(memberId);
    const attacker = stranger();
    await Promise.all(
      Array.from({ length: 10 }, () =>
        attacker.sealed('POST', '/wps/session/login', { username, password: 'wrong-pass1' }),
      ),
    );
    const row = await server.db
      .selectFrom('login_throttle')
      .selectAll()
      .where('account', '=', username.toLowerCase())
      .executeTakeFirstOrThrow();
    // Before the fix ten concurrent reads of one count all wrote 1.
    expect(row.failures).toBe(10);
  });

  it('checks at most five of sixty concurrent payment-password guesses', async () => {
    const { client, token } = await member();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        client.call('POST', '/wps/member/paymentPassword', {
          token,
          body: { oldPaymentPassword: String(100000 + i), newPaymentPassword: '135790' },
        }),
      ),
    );
    const codes = answers.map((a) => a.body.error?.code);
    expect(codes.filter((c) => c === 'PAYMENT_PASSWORD_WRONG').length).toBe(5);
    expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBe(55);
  });

  it('checks at most five of twenty concurrent one-time code guesses', async () => {
    const { client, token } = await member();
    await client.call('POST', '/wps/verification/sms/bind', {
      token,
      body: await withCaptcha(client, { mobileNo: '0977000002', countryDialingCode: '+84' }),
    });
    const code = codeIn((await latestOutbox(server, '+84977000002')).body);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.call('PUT', '/wps/member/info/mobile', {
          token,
          body: {
            mobileNo: '0977000002',
            countryDialingCode: '+84',
            verificationCode: String(100000 + i) === code ? '999999' : String(100000 + i),
            password: 'secret123',
          },
        }),
      ),
    );
    const codes = answers.map((a) => a.body.error?.code);
    expect(codes.filter((c) => c === 'CODE_INVALID').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 'CODE_EXPIRED').length).toBeGreaterThanOrEqual(15);
  });
});

describe('enumeration (item 6)', () => {
  it('asks for the captcha after failures for an unknown name exactly as for a known one', async () => {
    const { memberId } = await member();
    const { username } = await usernameOf(memberId);
    const flags = async (name: string) => {
      const client = stranger();
      const seen = [];
      for (let i = 0; i < 4; i++) {
        const answer = await client.sealed('POST', '/wps/session/login', {
          username: name,
          password: 'wrong-pass1',
        });
        seen.push(`${answer.body.error.code}:${answer.body.error.details?.captcha}`);
      }
      return seen;
    };
    const known = await flags(username);
    expect(known).toEqual([
      'LOGIN_FAILED:false',
      'LOGIN_FAILED:false',
      'LOGIN_FAILED:true',
      'CAPTCHA_INVALID:true',
    ]);
    expect(await flags('nobody4242x')).toEqual(known);
  });

  it('answers SMS password recovery alike for a registered number and an unknown one', async () => {
    await merchants.setFlag(server.db, demoId, 'CHNGPASSVERIF3', true);
    await updateAuthSettings(server.db, demoId, {
      humanCheck: { provider: 'captcha', login: 'after-failures' },
    });
    const { memberId } = await member({ mobileNum: '0966000001' });
    await markVerified(memberId, 'mobile');
    const twice = async (mobileNo: string) => {
      const seen = [];
      for (let i = 0; i < 2; i++) {
        const client = stranger();
        const { body } = await client.call('GET', '/wps/captcha');
        const answer = await client.call('POST', '/wps/verification/sms/password', {
          body: { mobileNo, countryDialingCode: '+84', captchaId: body.value.captchaId, captcha: CAPTCHA },
        });
        seen.push(`${answer.status}:${answer.body.error?.code ?? 'OK'}`);
        await new Promise((r) => setTimeout(r, 1100));
      }
      return seen;
    };
    const registered = await twice('0966000001');
    expect(registered).toEqual(['200:OK', '429:SMS_RESEND_TOO_SOON']);
    expect(await twice('0966000999')).toEqual(registered);
    await expect(latestOutbox(server, '+84966000999')).rejects.toThrow();
  });
});
