import { memberInfo } from '@jade/contracts/auth';
import { registerSettings } from '@jade/contracts/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, createClient, latestOutbox } from '../../test/client.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';
import * as repo from './repo.js';
import { updateAuthSettings } from './settings.js';

const CAPTCHA = 'k7pq';
let server: TestServer;
let demoId: number;
let ipCounter = 10;

/** Each client comes from its own address (through the trusted proxy), so per-IP limits stay apart. */
const newClient = () => createClient(server, { headers: { 'x-forwarded-for': `198.51.100.${ipCounter++}` } });
type Client = ReturnType<typeof newClient>;
const captcha = async (client: Client) => {
  const { body } = await client.call('GET', '/wps/captcha');
  return { captchaId: body.value.captchaId as string, captcha: CAPTCHA };
};

let counter = 0;
const registerAndLogin = async (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  const client = newClient();
  const body = {
    username: `profile${String(counter).padStart(3, '0')}x`,
    password: 'secret123',
    confirmPassword: 'secret123',
    mobileNum: `0933${String(100_000 + counter)}`,
    countryDialingCode: '+84',
    paymentPassword: '246810',
    ageConfirmed: true,
    termsAgreed: true,
    ...(await captcha(client)),
    ...overrides,
  };
  const answer = await client.sealed('PUT', '/wps/member/register', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { client, username: body.username, token: answer.body.value.session.token as string };
};

const ruleOf = (answer: { body: { error: { details?: any } } }, field: string) =>
  answer.body.error.details?.rules?.[field];

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
});
afterAll(async () => server.close());

describe('account rules in the register settings', () => {
  it('publishes the new-password rule and the minimum age, and nothing derived from the weak default password', async () => {
    const answer = await newClient().call('GET', '/wps/system/setting/register');
    expect(answer.status).toBe(200);
    const value = registerSettings.parse(answer.body.value);
    expect(value.passwordRule).toEqual({ patternType: 'LETTERS_AND_DIGITS', min: 8, max: 20 });
    expect(value.minimumAge).toBe(18);
    expect(answer.body.value).not.toHaveProperty('weakDefaultPassword');
    const published = JSON.stringify(answer.body);
    expect(published).not.toContain('Aa123456');
    // Not the password, and not a digest of it under any salt the answer could carry.
    const { createHash } = await import('node:crypto');
    for (const salt of ['', 'DEMO\n', 'DEMO'])
      expect(published).not.toContain(createHash('sha256').update(`${salt}Aa123456`).digest('hex'));
  });

  it("follows the brand's settings, in regValidata and in the permission call alike", async () => {
    await updateAuthSettings(server.db, demoId, {
      passwordRule: { patternType: 'STRONG_PASSWORD', min: 10, max: 30 },
      weakDefaultPassword: 'Jade@2026',
      minimumAge: 21,
    });
    try {
      const client = newClient();
      const register = (await client.call('GET', '/wps/system/setting/register')).body.value;
      const whitelabel = (await client.call('GET', '/wps/system/whitelabel?url=localhost')).body.value;
      for (const value of [register, whitelabel.register]) {
        expect(value).toMatchObject({
          passwordRule: { patternType: 'STRONG_PASSWORD', min: 10, max: 30 },
          minimumAge: 21,
        });
      }
    } finally {
      await updateAuthSettings(server.db, demoId, {
        passwordRule: { patternType: 'LETTERS_AND_DIGITS', min: 8, max: 20 },
        weakDefaultPassword: 'Aa123456',
        minimumAge: 18,
      });
    }
  });
});

describe('profile edit', () => {
  it('saves the §3 profile fields and answers them in member info, the ID number masked', async () => {
    const { client, token } = await registerAndLogin();
    const edited = await client.call('PUT', '/wps/member/info', {
      token,
      body: {
        nickname: 'Lucky An',
        payeeName: 'Nguyen Van An',
        birthday: '1990-05-20',
        idNumber: '012345678901',
        nationality: 'Việt Nam',
        occupation: 'Engineer',
        sourceOfIncome: 'Salary',
        address: '12 Ly Thuong Kiet, Ha Noi',
        whatsapp: '84912345678',
        line: 'lucky.an',
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const info = memberInfo.parse((await client.call('GET', '/wps/member/info', { token })).body.value);
    expect(info).toMatchObject({ nickname: 'Lucky An', payeeName: 'Nguyen Van An' });
    expect(info.profile).toEqual({
      birthday: '1990-05-20',
      idNumber: '01********01',
      nationality: 'Việt Nam',
      occupation: 'Engineer',
      sourceOfIncome: 'Salary',
      address: '12 Ly Thuong Kiet, Ha Noi',
      qqNum: null,
      line: 'lucky.an',
      whatsapp: '84912345678',
      facebook: null,
      wechat: null,
    });

    // An empty field clears it; a field left out stays.
    const cleared = await client.call('PUT', '/wps/member/info', { token, body: { occupation: '' } });
    expect(cleared.body.value.profile).toMatchObject({ occupation: null, nationality: 'Việt Nam' });
  });

  it('takes the real name, ID number and birthday once; a change is refused and nothing is written', async () => {
    const { client, token } = await registerAndLogin();
    await client.call('PUT', '/wps/member/info', {
      token,
      body: { payeeName: 'Tran Thi Binh', idNumber: '987654321', birthday: '1985-01-31' },
    });
    const again = await client.call('PUT', '/wps/member/info', {
      token,
      body: { nickname: 'Binh', payeeName: 'Tran Thi Hoa', idNumber: '111111111', birthday: '1985-02-01' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('VALIDATION_FAILED');
    for (const field of ['payeeName', 'idNumber', 'birthday'])
      expect(ruleOf(again, field)).toEqual({ key: 'validation.setOnce' });
    const info = (await client.call('GET', '/wps/member/info', { token })).body.value;
    expect(info.nickname).toBeNull();
    expect(info.payeeName).toBe('Tran Thi Binh');
    // Sending the value it already has is no change.
    const same = await client.call('PUT', '/wps/member/info', {
      token,
      body: { payeeName: 'Tran Thi Binh', nickname: 'Binh' },
    });
    expect(same.status).toBe(200);
  });

  it("holds each field to the brand's rule and the birthday to the minimum age", async () => {
    const { client, token } = await registerAndLogin();
    const bad = await client.call('PUT', '/wps/member/info', {
      token,
      body: {
        payeeName: 'An',
        birthday: '2015-01-01',
        idNumber: '12ab',
        whatsapp: 'call me',
        email: `${'a'.repeat(95)}@example.com`,
      },
    });
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    expect(ruleOf(bad, 'payeeName')).toEqual({ key: 'pattern.FULL_NAME', params: { length: '2-50' } });
    expect(ruleOf(bad, 'birthday')).toEqual({ key: 'validation.minimumAge', params: { age: '18' } });
    expect(ruleOf(bad, 'idNumber')).toEqual({ key: 'pattern.DIGITS', params: { length: '9-12' } });
    expect(ruleOf(bad, 'whatsapp')).toEqual({ key: 'pattern.DIGITS', params: { length: '8-15' } });
    expect(ruleOf(bad, 'email')).toEqual({ key: 'pattern.EMAIL', params: { length: '5-100' } });
    const notADate = await client.call('PUT', '/wps/member/info', {
      token,
      body: { birthday: '1990-02-30' },
    });
    expect(ruleOf(notADate, 'birthday')).toEqual({ key: 'pattern.DATE_YMD', params: { length: '10' } });

    await updateAuthSettings(server.db, demoId, { minimumAge: 21 });
    try {
      const nineteen = `${new Date().getUTCFullYear() - 19}-01-01`;
      const young = await client.call('PUT', '/wps/member/info', { token, body: { birthday: nineteen } });
      expect(ruleOf(young, 'birthday')).toEqual({ key: 'validation.minimumAge', params: { age: '21' } });
    } finally {
      await updateAuthSettings(server.db, demoId, { minimumAge: 18 });
    }
  });
});

describe('mobile re-binding', () => {
  const sendBind = async (token: string, mobileNo: string, withCaptcha = true) => {
    const client = newClient();
    return client.call('POST', '/wps/verification/sms/bind', {
      token,
      body: { mobileNo, countryDialingCode: '+84', ...(withCaptcha && (await captcha(client))) },
    });
  };
  const bind = (token: string, mobileNo: string, verificationCode: string) =>
    newClient().call('PUT', '/wps/member/info/mobile', {
      token,
      body: { mobileNo, countryDialingCode: '+84', verificationCode, password: 'secret123' },
    });

  // Issue 22 item 8: the language picker's call (§7 language update) is kept, and the next SMS uses it.
  it("keeps the member's language from the language update and sends the next SMS in it", async () => {
    const { token } = await registerAndLogin({ mobileNum: '0944000051' });
    expect((await sendBind(token, '0944000052')).status).toBe(200);
    expect((await latestOutbox(server, '+84944000052')).body).toContain('mã xác minh');
    const refused = await newClient().call('PUT', '/wps/member/language', {
      token,
      body: { language: 'XX' },
    });
    expect(refused.status).toBe(400);
    const updated = await newClient().call('PUT', '/wps/member/language', {
      token,
      body: { language: 'en' },
    });
    expect(updated.body.value).toEqual({ language: 'EN' });
    const info = await newClient().call('GET', '/wps/member/info', { token });
    expect(info.body.value.language).toBe('EN');
    expect((await sendBind(token, '0944000053')).status).toBe(200);
    expect((await latestOutbox(server, '+84944000053')).body).toContain('your verification code is');
  });

  it('sends a code to the new number and makes it the verified number of the account', async () => {
    const { client, token, username } = await registerAndLogin({ mobileNum: '0944000001' });
    const sent = await sendBind(token, '0944000002');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.value).toEqual({ resendAfterSeconds: 300, expiredMinutes: 5 });
    const code = codeIn((await latestOutbox(server, '+84944000002')).body);

    const wrong = await bind(token, '0944000002', code === '000000' ? '000001' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: 'CODE_INVALID',
      fields: { verificationCode: ['Invalid code'] },
    });
    const bound = await bind(token, '0944000002', code);
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect(bound.body.value).toMatchObject({ mobile: '+84 944 *** 002', mobileVerified: true });
    expect((await client.call('GET', '/wps/member/info', { token })).body.value.mobileVerified).toBe(true);
    const row = (await repo.findMemberByUsername(server.db, demoId, username))!;
    expect([row.mobile_dial_code, row.mobile_number]).toEqual(['+84', '944000002']);
    // The old number is free again, and the code works once.
    expect(await repo.findMemberByMobile(server.db, demoId, '+84', '944000001')).toBeUndefined();
    expect((await bind(token, '0944000002', code)).body.error.code).toBe('CODE_INVALID');
  });

  it("refuses a missing human check, a malformed number, another member's number and the verified one", async () => {
    const { token } = await registerAndLogin({ mobileNum: '0944000011' });
    await registerAndLogin({ mobileNum: '0944000012' });

    const noCheck = await sendBind(token, '0944000013', false);
    expect(noCheck.body.error.code).toBe('CAPTCHA_INVALID');
    const malformed = await sendBind(token, '12');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('PHONE_INVALID');

    const taken = await sendBind(token, '0944000012');
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'MOBILE_TAKEN', fields: { mobileNo: ['Taken'] } });
    await expect(latestOutbox(server, '+84944000012')).rejects.toThrow();
    const takenOnBind = await bind(token, '0944000012', '123456');
    expect(takenOnBind.body.error.code).toBe('MOBILE_TAKEN');

    // Its own number, unverified (registered without a code), may be verified through the same calls.
    const own = await sendBind(token, '0944000011');
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const code = codeIn((await latestOutbox(server, '+84944000011')).body);
    expect((await bind(token, '0944000011', code)).body.value.mobileVerified).toBe(true);
    const already = await sendBind(token, '0944000011');
    expect(already.status).toBe(403);
    expect(already.body.error.code).toBe('OPERATION_NOT_ALLOWED');
  });

  it('keeps the SMS limits and expiry: one request a second, the resend countdown, expired codes', async () => {
    const { token } = await registerAndLogin();
    expect((await sendBind(token, '0944000021')).status).toBe(200);
    const burst = await sendBind(token, '0944000021');
    expect(burst.status).toBe(429);
    expect(burst.body.error.code).toBe('PHONE_TOO_MANY_REQUESTS');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const soon = await sendBind(token, '0944000021');
    expect(soon.body.error.code).toBe('SMS_RESEND_TOO_SOON');
    expect(soon.body.error.details.retryAfterSeconds).toBeGreaterThan(290);

    const code = codeIn((await latestOutbox(server, '+84944000021')).body);
    await server.db
      .updateTable('verification_code')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('destination', '=', '+84944000021')
      .where('purpose', '=', 'BIND')
      .execute();
    const late = await bind(token, '0944000021', code);
    expect(late.body.error.code).toBe('CODE_EXPIRED');
    const missing = await newClient().call('PUT', '/wps/member/info/mobile', {
      token,
      body: { mobileNo: '0944000021', countryDialingCode: '+84' },
    });
    expect(missing.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses trial accounts and callers without a token on every security-centre call', async () => {
    const client = newClient();
    const trial = (await client.call('POST', '/wps/session/login/freeplay', { body: {} })).body.value
      .token as string;
    const calls: [string, string, unknown][] = [
      ['POST', '/wps/verification/sms/bind', { mobileNo: '0944000031', countryDialingCode: '+84' }],
      [
        'PUT',
        '/wps/member/info/mobile',
        {
          mobileNo: '0944000031',
          countryDialingCode: '+84',
          verificationCode: '123456',
          password: 'secret123',
        },
      ],
      ['PUT', '/wps/member/info', { nickname: 'Trial' }],
      ['POST', '/wps/member/paymentPassword', { password: 'x', newPaymentPassword: '123456' }],
      ['POST', '/wps/verification/email/send', undefined],
      ['POST', '/wps/verification/email/verify', { code: '123456' }],
    ];
    for (const [method, path, body] of calls) {
      const asTrial = await client.call(method, path, { token: trial, ...(body !== undefined && { body }) });
      expect(asTrial.status, path).toBe(403);
      expect(asTrial.body.error.code, path).toBe('TRIAL_ACCOUNT');
      const anonymous = await client.call(method, path, body !== undefined ? { body } : {});
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body.error.code, path).toBe('UNAUTHENTICATED');
    }
  });
});

describe('new-IP login challenge', () => {
  it('tells a wrong answer from a challenge that can no longer be answered', async () => {
    await updateAuthSettings(server.db, demoId, { newIpChallenge: 'BANK_NAME' });
    try {
      const { username } = await registerAndLogin({ payeeName: 'Le Van Cuong' });
      const challenge = async (client: Client) => {
        const first = await client.sealed('POST', '/wps/session/login', { username, password: 'secret123' });
        expect(first.body.error.code).toBe('LOGIN_CHALLENGE_REQUIRED');
        return first.body.error.details.challengeId as string;
      };
      const answer = (client: Client, challengeId: string, text: string) =>
        client.call('POST', '/wps/session/login/challenge', { body: { challengeId, answer: text } });

      // Wrong: may be tried again. Expired: its own code, even with the right answer.
      const a = newClient();
      const expiring = await challenge(a);
      const wrong = await answer(a, expiring, 'someone else');
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.code).toBe('LOGIN_CHALLENGE_FAILED');
      await server.db
        .updateTable('login_challenge')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', expiring)
        .execute();
      const expired = await answer(a, expiring, 'le van cuong');
      expect(expired.status).toBe(400);
      expect(expired.body.error.code).toBe('LOGIN_CHALLENGE_EXPIRED');

      // Five wrong answers use it up.
      const b = newClient();
      const tried = await challenge(b);
      for (let i = 0; i < 5; i++)
        expect((await answer(b, tried, `wrong ${i}`)).body.error.code).toBe('LOGIN_CHALLENGE_FAILED');
      expect((await answer(b, tried, 'le van cuong')).body.error.code).toBe('LOGIN_CHALLENGE_EXPIRED');

      // Answered once, it is spent; an unknown id reads the same.
      const c = newClient();
      const used = await challenge(c);
      expect((await answer(c, used, 'le van cuong')).status).toBe(200);
      expect((await answer(c, used, 'le van cuong')).body.error.code).toBe('LOGIN_CHALLENGE_EXPIRED');
      expect((await answer(c, 'no-such-challenge', 'x')).body.error.code).toBe('LOGIN_CHALLENGE_EXPIRED');
    } finally {
      await updateAuthSettings(server.db, demoId, { newIpChallenge: null });
    }
  });
});
