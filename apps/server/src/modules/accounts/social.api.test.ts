import { memberInfo } from '@jade/contracts/auth';
import { socialSignInResult } from '@jade/contracts/social';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../test/client.js';
import {
  createBrowser,
  signInAtProvider,
  startOidcProvider,
  type Browser,
  type TestOidcProvider,
} from '../../test/oidc-provider.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import * as merchants from '../merchants/service.js';
import * as repo from './repo.js';
import { getAuthSettings, updateAuthSettings } from './settings.js';

let server: TestServer;
let idp: TestOidcProvider;
let demoId: number;
let socialSettings: Record<string, unknown>;
let ipCounter = 10;
let subjectCounter = 0;

/** Each browser comes from its own address (through the trusted proxy), so per-IP limits stay apart. */
const newBrowser = () => createBrowser({ headers: { 'x-forwarded-for': `203.0.113.${ipCounter++}` } });
const newSubject = (prefix = 'person') => `${prefix}-${++subjectCounter}`;
const consent = { ageConfirmed: 'true', termsAgreed: 'true' };

const startUrl = (provider: string, query: Record<string, string>) =>
  `${server.url}/wps/session/social/${provider}/start?${new URLSearchParams(query).toString()}`;

/** The path and the fragment values of the callback's redirect. */
const outcome = (location: string) => {
  const [path = '', fragment = ''] = location.split('#');
  return { path, ...Object.fromEntries(new URLSearchParams(fragment)) } as {
    path: string;
    token?: string;
    firstTimeLogin?: string;
    error?: string;
  };
};

/** A whole sign-in as a browser makes it: start, the provider's page, the callback. */
const signIn = async (
  options: {
    subject?: string;
    provider?: 'google' | 'facebook';
    query?: Record<string, string>;
    browser?: Browser;
    cancel?: boolean;
  } = {},
) => {
  const browser = options.browser ?? newBrowser();
  const subject = options.subject ?? newSubject();
  const start = await browser.fetch(
    startUrl(options.provider ?? 'google', { returnTo: '/index', ...consent, ...options.query }),
  );
  expect(start.status, await start.clone().text()).toBe(302);
  const callbackUrl = await signInAtProvider(browser, start.headers.get('location') as string, {
    subject,
    cancel: options.cancel ?? false,
  });
  const callback = await browser.fetch(callbackUrl);
  expect(callback.status).toBe(302);
  const location = callback.headers.get('location') as string;
  return { browser, subject, callbackUrl, location, ...outcome(location) };
};

const memberFor = async (provider: string, subject: string) => {
  const identity = await server.db
    .selectFrom('social_identity')
    .selectAll()
    .where('merchant_id', '=', demoId)
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return identity && (await repo.findMemberById(server.db, demoId, identity.member_id));
};

const memberCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('member')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' });
  demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
  idp = await startOidcProvider({
    redirectUris: ['google', 'facebook'].map((p) => `${server.url}/wps/session/social/${p}/callback`),
  });
  const credentials = { clientId: idp.clientId, clientSecret: idp.clientSecret };
  socialSettings = {
    google: { ...credentials, issuer: idp.issuer },
    // Facebook's shape (OAuth 2 and a Graph profile), played by the same local provider.
    facebook: {
      ...credentials,
      authorizationEndpoint: `${idp.issuer}/auth`,
      tokenEndpoint: `${idp.issuer}/token`,
      userinfoEndpoint: `${idp.issuer}/graph/me?fields=id,name,email`,
      scope: 'email profile',
    },
  };
  await updateAuthSettings(server.db, demoId, { social: socialSettings });
});
afterAll(async () => {
  await idp?.close();
  await server?.close();
});

describe('social sign-in settings', () => {
  it('lists the providers the brand configured', async () => {
    const { body } = await server.json<{ value: string[] }>('/wps/session/social/providers');
    expect(body.value).toEqual(['GOOGLE', 'FACEBOOK']);
  });

  it('answers FEATURE_DISABLED for a provider the brand has not configured, and 404 for an unknown one', async () => {
    await updateAuthSettings(server.db, demoId, { social: { google: socialSettings.google } });
    try {
      const listed = await server.json<{ value: string[] }>('/wps/session/social/providers');
      expect(listed.body.value).toEqual(['GOOGLE']);
      const answer = await server.json<{ error: { code: string } }>(
        '/wps/session/social/facebook/start?returnTo=/index',
        { redirect: 'manual' },
      );
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('FEATURE_DISABLED');
    } finally {
      await updateAuthSettings(server.db, demoId, { social: socialSettings });
    }
    const unknown = await server.json<{ error: { code: string } }>('/wps/session/social/twitter/start', {
      redirect: 'manual',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
  });

  it('refuses an http issuer that is not a loopback address', async () => {
    await expect(
      updateAuthSettings(server.db, demoId, {
        social: { google: { issuer: 'http://idp.example', clientId: 'a', clientSecret: 'b' } },
      }),
    ).rejects.toThrow(/https/);
    expect((await getAuthSettings(server.db, demoId)).social.google?.issuer).toBe(idp.issuer);
  });
});

describe('sign-in with Google (OpenID Connect)', () => {
  it('redirects to the provider with state, nonce and PKCE (S256), binding the browser with a cookie', async () => {
    const browser = newBrowser();
    const start = await browser.fetch(startUrl('google', { returnTo: '/index' }));
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get('location') as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${idp.issuer}/auth`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: idp.clientId,
      response_type: 'code',
      redirect_uri: `${server.url}/wps/session/social/google/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge'])
      expect(location.searchParams.get(name)).toMatch(/^[\w-]{43}$/);
    expect(start.headers.get('set-cookie')).toMatch(
      /^jade_social=[\w-]{43}; Path=\/wps\/session\/social; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    // Only a hash of the state is stored.
    const stored = await server.db.selectFrom('social_login_state').select('state_hash').execute();
    expect(stored.map((s) => s.state_hash)).not.toContain(location.searchParams.get('state'));
  });

  it('creates a member on a first sign-in and logs them in; the token works', async () => {
    const subject = newSubject();
    const before = await memberCount();
    const result = await signIn({ subject });
    expect(result.path).toBe('/index');
    expect(result.error).toBeUndefined();
    expect(
      socialSignInResult.parse({ token: result.token, firstTimeLogin: result.firstTimeLogin }),
    ).toBeTruthy();
    expect(result.firstTimeLogin).toBe('true');
    expect(await memberCount()).toBe(before + 1);

    const info = await createClient(server).call('GET', '/wps/member/info', { token: result.token });
    expect(info.status).toBe(200);
    const member = memberInfo.parse(info.body.value);
    expect(member.account).toMatch(/^g_[a-z0-9]{10}$/);
    expect(member).toMatchObject({ type: 0, nickname: `Player ${subject}`, emailVerified: true });

    const row = await memberFor('GOOGLE', subject);
    expect(row).toMatchObject({
      id: member.id,
      email: `${subject}@example.test`,
      register_method: 'SOCIAL',
      must_change_password: 0,
    });
    expect(row?.age_confirmed_at).toBeTruthy();
    expect(row?.terms_agreed_at).toBeTruthy();
    const session = await server.db
      .selectFrom('member_session')
      .select('login_method')
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(session.login_method).toBe('SOCIAL');
  });

  it('logs a second sign-in with the same subject in to the same member', async () => {
    const subject = newSubject();
    const first = await signIn({ subject });
    const count = await memberCount();
    // A new browser, and no age or terms this time: the member exists, so none are needed.
    const second = await signIn({ subject, query: { ageConfirmed: 'false', termsAgreed: 'false' } });
    expect(second.token).toBeTruthy();
    expect(second.token).not.toBe(first.token);
    expect(await memberCount()).toBe(count);
    const client = createClient(server);
    const a = await client.call('GET', '/wps/member/info', { token: first.token });
    const b = await client.call('GET', '/wps/member/info', { token: second.token });
    expect(b.body.value.id).toBe(a.body.value.id);
  });

  it('creates another member for a different subject', async () => {
    const a = await signIn();
    const b = await signIn();
    const client = createClient(server);
    const first = await client.call('GET', '/wps/member/info', { token: a.token });
    const second = await client.call('GET', '/wps/member/info', { token: b.token });
    expect(second.body.value.id).not.toBe(first.body.value.id);
    expect(second.body.value.account).not.toBe(first.body.value.account);
  });

  it('records only a verified email', async () => {
    const subject = newSubject();
    idp.accounts.set(subject, {
      email: `${subject}@example.test`,
      email_verified: false,
      name: 'Unverified',
    });
    const result = await signIn({ subject });
    expect(result.token).toBeTruthy();
    expect(await memberFor('GOOGLE', subject)).toMatchObject({ email: null, email_verified: 0 });
  });

  it('creates nothing on a first sign-in without age confirmation and the terms', async () => {
    const before = await memberCount();
    const subject = newSubject();
    const result = await signIn({ subject, query: { ageConfirmed: 'false', termsAgreed: 'true' } });
    expect(result).toMatchObject({ path: '/index', error: 'SOCIAL_CONSENT_REQUIRED' });
    expect(result.token).toBeUndefined();
    expect(await memberCount()).toBe(before);
    expect(await memberFor('GOOGLE', subject)).toBeUndefined();
  });

  it('links the new member to an agent with an invitation code, and refuses a wrong code', async () => {
    const wrong = await signIn({ query: { affiliateCode: 'NOPE1234' } });
    expect(wrong.error).toBe('INVITATION_CODE_ERROR');
    const agent = await signIn();
    const agentRow = (await memberFor('GOOGLE', agent.subject))!;
    await repo.updateMember(server.db, agentRow.id, { type: 1, affiliate_code: 'AGENT777' });
    const invited = await signIn({ query: { affiliateCode: 'AGENT777' } });
    expect((await memberFor('GOOGLE', invited.subject))?.upline_id).toBe(agentRow.id);
  });

  it('does not force a password change on a social login (§4)', async () => {
    const subject = newSubject();
    await signIn({ subject });
    await repo.updateMember(server.db, (await memberFor('GOOGLE', subject))!.id, { must_change_password: 1 });
    const again = await signIn({ subject });
    const answer = await createClient(server).call('POST', '/wps/member/firstLogin', { token: again.token });
    expect(answer.status).toBe(200);
  });

  it('refuses a disabled account', async () => {
    const subject = newSubject();
    await signIn({ subject });
    await repo.updateMember(server.db, (await memberFor('GOOGLE', subject))!.id, { status: 'DISABLED' });
    const again = await signIn({ subject });
    expect(again).toMatchObject({ path: '/index', error: 'NOT_A_MEMBER' });
    expect(again.token).toBeUndefined();
  });

  it('creates one member when two first sign-ins with the same subject finish at once', async () => {
    const subject = newSubject('race');
    const callbacks = [];
    for (const browser of [newBrowser(), newBrowser()]) {
      const start = await browser.fetch(startUrl('google', { returnTo: '/index', ...consent }));
      const url = await signInAtProvider(browser, start.headers.get('location') as string, { subject });
      callbacks.push({ browser, url });
    }
    const before = await memberCount();
    const answers = await Promise.all(callbacks.map(({ browser, url }) => browser.fetch(url)));
    const results = answers.map((a) => outcome(a.headers.get('location') as string));
    expect(results.map((r) => r.error)).toEqual([undefined, undefined]);
    expect(await memberCount()).toBe(before + 1);
    const client = createClient(server);
    const ids = await Promise.all(
      results.map(
        async (r) => (await client.call('GET', '/wps/member/info', { token: r.token })).body.value.id,
      ),
    );
    expect(ids[0]).toBe(ids[1]);
  });

  it('answers SOCIAL_PROVIDER_ERROR when the provider refuses the code exchange', async () => {
    const browser = newBrowser();
    const start = await browser.fetch(startUrl('google', { returnTo: '/index', ...consent }));
    const callbackUrl = await signInAtProvider(browser, start.headers.get('location') as string, {
      subject: newSubject(),
    });
    const google = socialSettings.google as Record<string, unknown>;
    await updateAuthSettings(server.db, demoId, {
      social: { ...socialSettings, google: { ...google, clientSecret: 'not-the-secret' } },
    });
    try {
      const answer = await browser.fetch(callbackUrl);
      expect(outcome(answer.headers.get('location') as string)).toMatchObject({
        path: '/index',
        error: 'SOCIAL_PROVIDER_ERROR',
      });
    } finally {
      await updateAuthSettings(server.db, demoId, { social: socialSettings });
    }
  });

  it('answers SOCIAL_PROVIDER_ERROR at the start when the provider cannot be reached', async () => {
    const google = socialSettings.google as Record<string, unknown>;
    await updateAuthSettings(server.db, demoId, {
      social: { google: { ...google, issuer: 'http://127.0.0.1:9' } },
    });
    try {
      const answer = await newBrowser().fetch(startUrl('google', { returnTo: '/index' }));
      expect(answer.status).toBe(502);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('SOCIAL_PROVIDER_ERROR');
    } finally {
      await updateAuthSettings(server.db, demoId, { social: socialSettings });
    }
  });

  it('reports a sign-in cancelled at the provider', async () => {
    const result = await signIn({ cancel: true });
    expect(result).toMatchObject({ path: '/index', error: 'SOCIAL_SIGN_IN_CANCELLED' });
  });
});

describe('sign-in with Facebook (OAuth 2 and the Graph profile)', () => {
  it('creates a member from the Graph profile, without recording its unverifiable email', async () => {
    const subject = newSubject('fb');
    const result = await signIn({ provider: 'facebook', subject });
    expect(result.firstTimeLogin).toBe('true');
    const info = await createClient(server).call('GET', '/wps/member/info', { token: result.token });
    expect(info.body.value.account).toMatch(/^f_[a-z0-9]{10}$/);
    expect(await memberFor('FACEBOOK', subject)).toMatchObject({
      email: null,
      nickname: `Player ${subject}`,
    });
    const again = await signIn({ provider: 'facebook', subject });
    const second = await createClient(server).call('GET', '/wps/member/info', { token: again.token });
    expect(second.body.value.id).toBe(info.body.value.id);
  });

  it('is a separate identity from a Google account with the same subject', async () => {
    const subject = newSubject('both');
    const google = await signIn({ subject });
    const facebook = await signIn({ provider: 'facebook', subject });
    expect((await memberFor('GOOGLE', subject))?.id).not.toBe((await memberFor('FACEBOOK', subject))?.id);
    expect(google.token && facebook.token).toBeTruthy();
  });
});

describe('linking a provider to a logged-in member', () => {
  it('links, then logs the member in through either provider; another member cannot take the identity', async () => {
    const owner = await signIn();
    const browser = newBrowser();
    // The web app calls this with its token and navigates to the answer; the answer also sets the
    // browser-binding cookie, so the browser makes the call here.
    const linkAnswer = await browser.fetch(`${server.url}/wps/member/social/facebook/link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ returnTo: '/member/security' }),
    });
    expect(linkAnswer.status).toBe(200);
    const { value } = (await linkAnswer.json()) as { value: { authorizationUrl: string } };
    const fbSubject = newSubject('fb-link');
    const callbackUrl = await signInAtProvider(browser, value.authorizationUrl, { subject: fbSubject });
    const callback = await browser.fetch(callbackUrl);
    const linked = outcome(callback.headers.get('location') as string);
    expect(linked.path).toBe('/member/security');
    expect(linked.token).toBeTruthy();
    const ownerRow = (await memberFor('GOOGLE', owner.subject))!;
    expect((await memberFor('FACEBOOK', fbSubject))?.id).toBe(ownerRow.id);

    const viaFacebook = await signIn({ provider: 'facebook', subject: fbSubject });
    const info = await createClient(server).call('GET', '/wps/member/info', { token: viaFacebook.token });
    expect(info.body.value.id).toBe(ownerRow.id);

    const other = await signIn();
    const otherBrowser = newBrowser();
    const otherLink = await otherBrowser.fetch(`${server.url}/wps/member/social/facebook/link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ returnTo: '/member/security' }),
    });
    const otherUrl = ((await otherLink.json()) as { value: { authorizationUrl: string } }).value
      .authorizationUrl;
    const taken = await otherBrowser.fetch(
      await signInAtProvider(otherBrowser, otherUrl, { subject: fbSubject }),
    );
    expect(outcome(taken.headers.get('location') as string)).toMatchObject({
      path: '/member/security',
      error: 'SOCIAL_IDENTITY_TAKEN',
    });
  });

  it('needs a logged-in member', async () => {
    const answer = await createClient(server).call('POST', '/wps/member/social/google/link', {
      body: { returnTo: '/index' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('UNAUTHENTICATED');
  });
});

describe('state checks', () => {
  it('refuses a reused state', async () => {
    const first = await signIn();
    expect(first.token).toBeTruthy();
    const replay = await first.browser.fetch(first.callbackUrl);
    expect(replay.status).toBe(302);
    expect(outcome(replay.headers.get('location') as string)).toMatchObject({
      path: '/index',
      error: 'SOCIAL_STATE_INVALID',
    });
  });

  it('refuses a tampered or missing state', async () => {
    const browser = newBrowser();
    const start = await browser.fetch(startUrl('google', { returnTo: '/index', ...consent }));
    const callbackUrl = await signInAtProvider(browser, start.headers.get('location') as string, {
      subject: newSubject(),
    });
    const state = callbackUrl.searchParams.get('state') as string;
    callbackUrl.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    const tampered = await browser.fetch(callbackUrl);
    expect(tampered.headers.get('location')).toBe('/#error=SOCIAL_STATE_INVALID');
    callbackUrl.searchParams.delete('state');
    const missing = await browser.fetch(callbackUrl);
    expect(missing.headers.get('location')).toBe('/#error=SOCIAL_STATE_INVALID');
  });

  it('refuses a callback opened in another browser than the one that started (login CSRF)', async () => {
    const attacker = newBrowser();
    const start = await attacker.fetch(startUrl('google', { returnTo: '/index', ...consent }));
    const callbackUrl = await signInAtProvider(attacker, start.headers.get('location') as string, {
      subject: newSubject('attacker'),
    });
    const victim = newBrowser();
    const answer = await victim.fetch(callbackUrl);
    expect(outcome(answer.headers.get('location') as string)).toMatchObject({
      error: 'SOCIAL_STATE_INVALID',
    });
    // Nor does the refused attempt spend the state for its rightful browser.
    const rightful = await attacker.fetch(callbackUrl);
    expect(outcome(rightful.headers.get('location') as string).token).toBeTruthy();
  });

  it('refuses a state from another provider', async () => {
    const browser = newBrowser();
    const start = await browser.fetch(startUrl('google', { returnTo: '/index', ...consent }));
    const callbackUrl = await signInAtProvider(browser, start.headers.get('location') as string, {
      subject: newSubject(),
    });
    callbackUrl.pathname = '/wps/session/social/facebook/callback';
    const answer = await browser.fetch(callbackUrl);
    expect(answer.headers.get('location')).toBe('/#error=SOCIAL_STATE_INVALID');
  });

  it('refuses an expired state', async () => {
    const browser = newBrowser();
    const start = await browser.fetch(startUrl('google', { returnTo: '/index', ...consent }));
    const callbackUrl = await signInAtProvider(browser, start.headers.get('location') as string, {
      subject: newSubject(),
    });
    await server.db
      .updateTable('social_login_state')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    const answer = await browser.fetch(callbackUrl);
    expect(outcome(answer.headers.get('location') as string)).toMatchObject({
      path: '/index',
      error: 'SOCIAL_STATE_EXPIRED',
    });
  });

  it('refuses a returnTo that leaves the site (open redirect)', async () => {
    for (const returnTo of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'index',
      '/index#token=x',
    ]) {
      const answer = await newBrowser().fetch(startUrl('google', { returnTo }));
      expect(answer.status, returnTo).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
      const body = (await answer.json()) as { error: { code: string; fields: Record<string, string[]> } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.error.fields)).toEqual(['returnTo']);
    }
  });
});
