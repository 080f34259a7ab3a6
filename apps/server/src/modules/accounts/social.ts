import { createHmac } from 'node:crypto';
import { TRIAL_ACCOUNT_TYPE } from '@jade/contracts/constants';
import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  SOCIAL_PROVIDERS,
  socialCallbackQuery,
  socialLinkRequest,
  socialLinkResponse,
  socialProvidersResponse,
  socialStartQuery,
  type SocialProvider,
  type SocialSettings,
} from '@jade/contracts/social';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { keyedHash, randomToken, safeEqual } from '../../platform/crypto.js';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { normalizeIp } from '../../platform/geoip.js';
import { hashPassword } from '../../platform/passwords.js';
import type { Secrets } from '../../platform/secrets.js';
import { brandOrigin, getFlags, resolveMerchantByHost } from '../merchants/service.js';
import { createGuard } from './guard.js';
import * as repo from './repo.js';
import type { AccountsRouteDeps } from './route-deps.js';
import {
  checkAffiliateCode,
  issueLogin,
  limitOrThrow,
  uniqueReferralCode,
  type RequestContext,
} from './service.js';
import { getAuthSettings, type AuthSettings } from './settings.js';

/*
 * Social sign-in (§4, docs/decisions/0005-social-sign-in.md): authorization code flow with PKCE
 * through openid-client. Google is full OpenID Connect (discovery, ID token checked for issuer,
 * audience, nonce and signature); Facebook is OAuth 2 plus its Graph API for the profile. The
 * flow's state lives in the database, single use, so any instance can finish what another began.
 */

type SocialDeps = { db: Db; secrets: Secrets };
type GoogleSettings = NonNullable<SocialSettings['google']>;
type FacebookSettings = NonNullable<SocialSettings['facebook']>;
type ProviderSettings = GoogleSettings | FacebookSettings;

/** What a provider told us about the person. */
type Profile = {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
};

const STATE_TTL_MS = 10 * 60_000;
const BROWSER_COOKIE = 'jade_social';
const COOKIE_PATH = '/wps/session/social';
const USERNAME_PREFIX: Record<SocialProvider, string> = { GOOGLE: 'g_', FACEBOOK: 'f_' };

const nowIso = (now: Date) => now.toISOString();
const stateHash = (secrets: Secrets, state: string) =>
  keyedHash(secrets.sessionSecret, 'social-state', state);
const browserHash = (secrets: Secrets, binding: string) =>
  keyedHash(secrets.sessionSecret, 'social-browser', binding);

const stateInvalid = () =>
  new AppError('SOCIAL_STATE_INVALID', 'Unknown, reused or foreign sign-in state; start the sign-in again');
const providerError = (message: string) => new AppError('SOCIAL_PROVIDER_ERROR', message);

/** The path segment (`google`) or list value (`GOOGLE`) of a provider; anything else is not a route. */
export const parseProvider = (value: string): SocialProvider => {
  const upper = value.toUpperCase();
  const provider = SOCIAL_PROVIDERS.find((p) => p === upper);
  if (!provider) throw new AppError('NOT_FOUND', `No social sign-in provider '${value}'`);
  return provider;
};

const settingsOf = (settings: AuthSettings, provider: SocialProvider): ProviderSettings | undefined =>
  provider === 'GOOGLE' ? settings.social.google : settings.social.facebook;

const configuredProvider = (settings: AuthSettings, provider: SocialProvider) => {
  const found = settingsOf(settings, provider);
  if (!found) throw new AppError('FEATURE_DISABLED', `Sign-in with ${provider} is not set up for this brand`);
  return found;
};

/** The providers whose client credentials the brand has set, in a fixed order. */
export const listSocialProviders = (settings: AuthSettings): SocialProvider[] =>
  SOCIAL_PROVIDERS.filter((provider) => settingsOf(settings, provider) !== undefined);

// Provider clients

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const isHttp = (url: string) => new URL(url).protocol === 'http:';
const CLIENT_CACHE_MS = 10 * 60_000;
/** Discovered metadata and signing keys per configuration: a cache only, rebuilt on any instance. */
const clientCache = new Map<string, { config: oidc.Configuration; expiresAt: number }>();

const providerConfiguration = async (
  provider: SocialProvider,
  settings: ProviderSettings,
): Promise<oidc.Configuration> => {
  const key = `${provider}\u0000${JSON.stringify(settings)}`;
  const cached = clientCache.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.config;
  let config: oidc.Configuration;
  if ('issuer' in settings) {
    try {
      // Plain http passes the settings check only for a loopback issuer (a local provider).
      config = await oidc.discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        {
          execute: isHttp(settings.issuer) ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        },
      );
    } catch (error) {
      throw Object.assign(providerError(`Discovery failed for ${settings.issuer}`), { cause: error });
    }
  } else {
    config = new oidc.Configuration(
      {
        issuer: new URL(settings.authorizationEndpoint).origin,
        authorization_endpoint: settings.authorizationEndpoint,
        token_endpoint: settings.tokenEndpoint,
      },
      settings.clientId,
      settings.clientSecret,
    );
    const endpoints = [settings.authorizationEndpoint, settings.tokenEndpoint, settings.userinfoEndpoint];
    if (endpoints.some(isHttp)) oidc.allowInsecureRequests(config);
    config.timeout = 10;
  }
  if (clientCache.size >= 100) clientCache.clear();
  clientCache.set(key, { config, expiresAt: Date.now() + CLIENT_CACHE_MS });
  return config;
};

/** Google (OpenID Connect): the ID token's claims, topped up from userinfo when it carries no email. */
const googleProfile = async (
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<Profile> => {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw providerError('The provider returned no ID token');
  let email = text(claims.email);
  let emailVerified = claims.email_verified === true;
  let name = text(claims.name);
  if (!email && config.serverMetadata().userinfo_endpoint) {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    email = info.email;
    emailVerified = info.email_verified === true;
    name ??= info.name;
  }
  return { subject: claims.sub, email, emailVerified, name };
};

/** Facebook (OAuth 2): the access token, then `{ id, name, email }` from the Graph API. */
const facebookProfile = async (
  config: oidc.Configuration,
  settings: FacebookSettings,
  callbackUrl: URL,
  checks: { state: string; codeVerifier: string },
): Promise<Profile> => {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
  });
  const url = new URL(settings.userinfoEndpoint);
  // Graph API calls signed with the app secret, as apps with "Require App Secret" must.
  url.searchParams.set(
    'appsecret_proof',
    createHmac('sha256', settings.clientSecret).update(tokens.access_token).digest('hex'),
  );
  const response = await oidc.fetchProtectedResource(config, tokens.access_token, url, 'GET');
  if (!response.ok) throw providerError(`The profile endpoint answered ${response.status}`);
  const body = (await response.json()) as Record<string, unknown>;
  const id = typeof body.id === 'number' ? String(body.id) : body.id;
  if (typeof id !== 'string' || id === '') throw providerError('The profile has no id');
  return {
    subject: id,
    email: text(body.email),
    // Graph API emails carry no verification claim: never recorded as verified (decision 0005).
    emailVerified: body.email_verified === true,
    name: text(body.name),
  };
};

// Flow state

const signupIntent = z.object({
  ageConfirmed: z.boolean(),
  termsAgreed: z.boolean(),
  affiliateCode: z.string().optional(),
});
type SignupIntent = z.infer<typeof signupIntent>;

/**
 * Begins a sign-in (or, with `linkMemberId`, a link to a logged-in member): stores state, nonce and
 * PKCE verifier, and answers the provider's authorization URL to send the browser to.
 */
export const startSocialSignIn = async (
  deps: SocialDeps,
  ctx: RequestContext,
  input: {
    provider: SocialProvider;
    returnTo: string;
    /** This site's origin, for the default callback address. */
    siteUrl: string;
    /** The browser-binding cookie value the answer sets (or renews). */
    browserBinding: string;
    linkMemberId?: number;
    signup?: SignupIntent;
  },
  now = new Date(),
): Promise<URL> => {
  const { db, secrets } = deps;
  const settings = await getAuthSettings(db, ctx.merchant.id);
  const providerSettings = configuredProvider(settings, input.provider);
  await limitOrThrow(db, `social:${ctx.merchant.id}:${ctx.ip}`, settings.rateLimits.loginPerIp, now);
  const config = await providerConfiguration(input.provider, providerSettings);

  const state = oidc.randomState();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = input.provider === 'GOOGLE' ? oidc.randomNonce() : null;
  const redirectUri =
    providerSettings.redirectUri ??
    `${input.siteUrl}/wps/session/social/${input.provider.toLowerCase()}/callback`;
  // Housekeeping; an expired state is kept an hour longer so its callback can still say "expired".
  const stale = new Date(now.getTime() - 60 * 60_000).toISOString();
  await db.deleteFrom('social_login_state').where('expires_at', '<', stale).execute();
  await db
    .insertInto('social_login_state')
    .values({
      state_hash: stateHash(secrets, state),
      merchant_id: ctx.merchant.id,
      provider: input.provider,
      browser_hash: browserHash(secrets, input.browserBinding),
      code_verifier: codeVerifier,
      nonce,
      redirect_uri: redirectUri,
      return_to: input.returnTo,
      link_member_id: input.linkMemberId ?? null,
      signup: input.signup ? JSON.stringify(input.signup) : null,
      created_at: nowIso(now),
      expires_at: new Date(now.getTime() + STATE_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: providerSettings.scope,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(nonce && { nonce }),
  });
};

/** `returnTo` with the outcome in its fragment, never in the query (decision 0005). */
const withFragment = (returnTo: string, values: Record<string, string>) =>
  `${returnTo}#${new URLSearchParams(values).toString()}`;

/**
 * Finishes a sign-in at the provider's redirect back. Always answers a same-site location: the
 * `returnTo` of the sign-in with `#token=...&firstTimeLogin=...`, or with `#error=CODE`.
 */
export const finishSocialSignIn = async (
  deps: SocialDeps & { log: FastifyBaseLogger },
  ctx: RequestContext,
  input: { provider: SocialProvider; rawQuery: string; browserBinding: string | undefined },
  now = new Date(),
): Promise<string> => {
  const { db, secrets } = deps;
  const params = new URLSearchParams(input.rawQuery);
  // Until the state is known, the only safe place to return to is the home page.
  let returnTo = '/';
  try {
    const state = params.get('state');
    if (!state) throw stateInvalid();
    const hash = stateHash(secrets, state);
    const row = await db
      .selectFrom('social_login_state')
      .selectAll()
      .where('state_hash', '=', hash)
      .executeTakeFirst();
    if (!row || row.merchant_id !== ctx.merchant.id || row.provider !== input.provider) throw stateInvalid();
    returnTo = row.return_to;
    // The state must come back to the browser that started it, or a stranger's callback link
    // would log this browser into the stranger's account (login CSRF).
    if (!input.browserBinding || !safeEqual(browserHash(secrets, input.browserBinding), row.browser_hash)) {
      throw stateInvalid();
    }
    const consumed = await db
      .updateTable('social_login_state')
      .set({ used_at: nowIso(now) })
      .where('state_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(consumed.numUpdatedRows) !== 1) throw stateInvalid();
    if (row.expires_at <= nowIso(now)) {
      throw new AppError('SOCIAL_STATE_EXPIRED', 'The sign-in took too long; start it again');
    }
    const error = params.get('error');
    if (error) {
      if (error === 'access_denied') throw new AppError('SOCIAL_SIGN_IN_CANCELLED', 'Sign-in was cancelled');
      throw providerError(`The provider answered ${error.slice(0, 64)}`);
    }

    const settings = await getAuthSettings(db, ctx.merchant.id);
    const providerSettings = configuredProvider(settings, input.provider);
    const callbackUrl = new URL(row.redirect_uri);
    callbackUrl.search = params.toString();
    let profile: Profile;
    try {
      const config = await providerConfiguration(input.provider, providerSettings);
      profile =
        'issuer' in providerSettings
          ? await googleProfile(config, callbackUrl, {
              state,
              nonce: row.nonce ?? '',
              codeVerifier: row.code_verifier,
            })
          : await facebookProfile(config, providerSettings, callbackUrl, {
              state,
              codeVerifier: row.code_verifier,
            });
    } catch (cause) {
      deps.log.warn({ err: cause, provider: input.provider }, 'social sign-in: code exchange failed');
      if (cause instanceof AppError) throw cause;
      throw providerError('The provider did not confirm the sign-in');
    }

    const member = await resolveMember(deps, ctx, settings, row, profile, now);
    if (member.status !== 'ACTIVE' || member.type === TRIAL_ACCOUNT_TYPE) {
      throw new AppError('NOT_A_MEMBER', 'Non-member account unable to login');
    }
    return withFragment(returnTo, await logIn(deps, ctx, settings, member, now));
  } catch (error) {
    if (error instanceof AppError) return withFragment(returnTo, { error: error.code });
    throw error;
  }
};

// Members and identities

const findIdentity = (db: DbOrTrx, merchantId: number, provider: SocialProvider, subject: string) =>
  db
    .selectFrom('social_identity')
    .select('member_id')
    .where('merchant_id', '=', merchantId)
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();

/** Records the identity; false when it already exists (another sign-in got there first). */
const insertIdentity = async (
  db: DbOrTrx,
  row: {
    merchant_id: number;
    provider: SocialProvider;
    subject: string;
    member_id: number;
    created_at: string;
  },
) => {
  const result = await db
    .insertInto('social_identity')
    .values(row)
    .onConflict((oc) => oc.columns(['merchant_id', 'provider', 'subject']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
};

const mustFindMember = async (db: DbOrTrx, merchantId: number, memberId: number) => {
  const member = await repo.findMemberById(db, merchantId, memberId);
  if (!member) throw new AppError('NOT_A_MEMBER', 'Non-member account unable to login');
  return member;
};

/** The member behind an identity: known, linked to the logged-in member, or created now. */
const resolveMember = async (
  deps: SocialDeps,
  ctx: RequestContext,
  settings: AuthSettings,
  row: { provider: string; link_member_id: number | null; signup: string | null },
  profile: Profile,
  now: Date,
): Promise<repo.MemberRow> => {
  const { db } = deps;
  const merchantId = ctx.merchant.id;
  const provider = row.provider as SocialProvider;
  const identity = await findIdentity(db, merchantId, provider, profile.subject);
  if (row.link_member_id !== null) {
    if (identity && identity.member_id !== row.link_member_id) {
      throw new AppError('SOCIAL_IDENTITY_TAKEN', 'This account is already linked to another member');
    }
    const member = await mustFindMember(db, merchantId, row.link_member_id);
    if (!identity) {
      const values = { merchant_id: merchantId, provider, subject: profile.subject, member_id: member.id };
      if (!(await insertIdentity(db, { ...values, created_at: nowIso(now) }))) {
        throw new AppError('SOCIAL_IDENTITY_TAKEN', 'This account is already linked to another member');
      }
    }
    return member;
  }
  if (identity) return mustFindMember(db, merchantId, identity.member_id);
  return createSocialMember(deps, ctx, settings, provider, row.signup, profile, now);
};

const randomLower = (length: number) => {
  let text = '';
  while (text.length < length) text += randomToken(16).replace(/[^a-z0-9]/g, '');
  return text.slice(0, length);
};

const uniqueUsername = async (db: DbOrTrx, merchantId: number, provider: SocialProvider) => {
  for (;;) {
    const username = `${USERNAME_PREFIX[provider]}${randomLower(10)}`;
    if (!(await repo.findMemberByUsername(db, merchantId, username))) return username;
  }
};

class IdentityRace extends Error {}

/**
 * A first sign-in creates a member (type 0) the way registration would: age and terms confirmed
 * (§5), an invitation code unless the brand allows direct registration, the registration rate
 * limit. The member has a random password nobody knows; the identity is its way in.
 */
const createSocialMember = async (
  deps: SocialDeps,
  ctx: RequestContext,
  settings: AuthSettings,
  provider: SocialProvider,
  signupJson: string | null,
  profile: Profile,
  now: Date,
): Promise<repo.MemberRow> => {
  const { db } = deps;
  const merchantId = ctx.merchant.id;
  const parsed = signupJson ? signupIntent.safeParse(JSON.parse(signupJson)) : undefined;
  const signup = parsed?.success ? parsed.data : undefined;
  if (!signup?.ageConfirmed || !signup.termsAgreed) {
    throw new AppError(
      'SOCIAL_CONSENT_REQUIRED',
      'Confirm your age and agree to the terms to create an account',
    );
  }
  const flags = await getFlags(db, merchantId);
  const upline = signup.affiliateCode
    ? await checkAffiliateCode(db, merchantId, signup.affiliateCode)
    : undefined;
  if (!upline && !flags.DIRECTREG3) {
    throw new AppError('INVITATION_CODE_ERROR', 'invitation_code_error', {
      fields: { affiliateCode: ['Required'] },
    });
  }
  await limitOrThrow(db, `register:${merchantId}:${ctx.ip}`, settings.rateLimits.registerPerIp, now);

  const at = nowIso(now);
  const passwordHash = await hashPassword(randomToken(32));
  const email = profile.emailVerified && profile.email ? profile.email.slice(0, 254) : null;
  for (let attempt = 1; ; attempt++) {
    try {
      const memberId = await writeTransaction(db, async (trx) => {
        const username = await uniqueUsername(trx, merchantId, provider);
        const id = await repo.insertMember(trx, {
          merchant_id: merchantId,
          username,
          username_key: username,
          password_hash: passwordHash,
          payment_password_hash: null,
          type: 0,
          upline_id: upline?.id ?? null,
          affiliate_code: null,
          referral_code: await uniqueReferralCode(trx, merchantId),
          mobile_dial_code: null,
          mobile_number: null,
          email,
          email_verified: email ? 1 : 0,
          payee_name: null,
          nickname: profile.name?.trim().slice(0, 64) || null,
          qq_num: null,
          line: null,
          whatsapp: null,
          facebook: null,
          wechat: null,
          id_number: null,
          avatar_url: null,
          register_method: 'SOCIAL',
          register_url: null,
          register_ip: ctx.ip,
          age_confirmed_at: at,
          terms_agreed_at: at,
          first_login_at: null,
          last_login_at: null,
          password_changed_at: at,
          totp_secret: null,
          created_at: at,
          updated_at: at,
        });
        const values = { merchant_id: merchantId, provider, subject: profile.subject, member_id: id };
        if (!(await insertIdentity(trx, { ...values, created_at: at }))) throw new IdentityRace();
        return id;
      });
      return mustFindMember(db, merchantId, memberId);
    } catch (error) {
      // A concurrent first sign-in with the same identity won: log in to the member it created.
      if (error instanceof IdentityRace) {
        const identity = await findIdentity(db, merchantId, provider, profile.subject);
        if (identity) return mustFindMember(db, merchantId, identity.member_id);
      }
      if (attempt >= 3) throw error;
    }
  }
};

/**
 * Issues the session. §4: the forced password change does not apply to a social login, and, as
 * for an SMS login, a sign-in clears the failed-password counter.
 */
/** §4: the forced password change does not apply to a social login. */
const logIn = async (
  deps: SocialDeps,
  ctx: RequestContext,
  settings: AuthSettings,
  member: repo.MemberRow,
  now: Date,
) => {
  const { token } = await issueLogin(deps, ctx, member, {
    site: 'MEMBER',
    method: 'SOCIAL',
    settings,
    mustChangePassword: false,
    passwordExpired: false,
    now,
  });
  return { token, firstTimeLogin: String(member.first_login_at === null) };
};

// HTTP

const BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const readBinding = (request: FastifyRequest) => {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === BROWSER_COOKIE && value && BINDING_PATTERN.test(value)) return value;
  }
  return undefined;
};

/**
 * The browser-binding cookie: kept across sign-ins in several tabs, renewed by each start. Lax, so
 * the provider's top-level redirect back carries it.
 */
const setBinding = (request: FastifyRequest, reply: FastifyReply) => {
  const binding = readBinding(request) ?? randomToken(32);
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${BROWSER_COOKIE}=${binding}; Path=${COOKIE_PATH}; Max-Age=${STATE_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
  );
  return binding;
};

const redirect = (reply: FastifyReply, location: string) =>
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const tags = ['accounts'];
const providerParams = z.object({ provider: z.string().max(16).describe('google or facebook') });

export const socialRoutes = (app: FastifyInstance, deps: AccountsRouteDeps) => {
  const { db, secrets } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);
  const context = async (request: FastifyRequest): Promise<RequestContext> => ({
    merchant: await resolveMerchantByHost(db, request.hostname),
    ip: normalizeIp(request.ip),
    userAgent: request.headers['user-agent'],
  });
  /** The brand's own configured origin for the domain the request came in on (never a header's). */
  const siteUrl = async (request: FastifyRequest, ctx: RequestContext) =>
    brandOrigin(db, ctx.merchant, request.host);

  r.get(
    '/wps/session/social/providers',
    {
      schema: {
        tags,
        summary: 'The social sign-in providers this brand offers',
        response: { 200: okEnvelope(socialProvidersResponse), ...errors },
      },
    },
    async (request) => {
      const ctx = await context(request);
      return {
        success: true as const,
        value: listSocialProviders(await getAuthSettings(db, ctx.merchant.id)),
      };
    },
  );

  r.get(
    '/wps/session/social/:provider/start',
    {
      schema: {
        tags,
        summary: "Begin a social sign-in: redirects the browser to the provider's sign-in page",
        params: providerParams,
        querystring: socialStartQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const provider = parseProvider(request.params.provider);
      const { returnTo, ageConfirmed, termsAgreed, affiliateCode } = request.query;
      const ctx = await context(request);
      const url = await startSocialSignIn({ db, secrets }, ctx, {
        provider,
        returnTo,
        siteUrl: await siteUrl(request, ctx),
        browserBinding: setBinding(request, reply),
        signup: {
          ageConfirmed: ageConfirmed === 'true',
          termsAgreed: termsAgreed === 'true',
          ...(affiliateCode && { affiliateCode }),
        },
      });
      return redirect(reply, url.href);
    },
  );

  r.get(
    '/wps/session/social/:provider/callback',
    {
      schema: {
        tags,
        summary:
          'The provider returns here; redirects to returnTo with #token=...&firstTimeLogin=... or #error=CODE',
        params: providerParams,
        querystring: socialCallbackQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const provider = parseProvider(request.params.provider);
      const location = await finishSocialSignIn({ db, secrets, log: request.log }, await context(request), {
        provider,
        rawQuery: request.url.split('?')[1] ?? '',
        browserBinding: readBinding(request),
      });
      return redirect(reply, location);
    },
  );

  r.post(
    '/wps/member/social/:provider/link',
    {
      schema: {
        tags,
        summary: 'Link a social account to the logged-in member: answers the URL to navigate to',
        params: providerParams,
        body: socialLinkRequest,
        response: { 200: okEnvelope(socialLinkResponse), ...errors },
      },
    },
    async (request, reply) => {
      const provider = parseProvider(request.params.provider);
      const session = await guard(request);
      const ctx = await context(request);
      const url = await startSocialSignIn({ db, secrets }, ctx, {
        provider,
        returnTo: request.body.returnTo,
        siteUrl: await siteUrl(request, ctx),
        browserBinding: setBinding(request, reply),
        linkMemberId: session.member.id,
      });
      return { success: true as const, value: { authorizationUrl: url.href } };
    },
  );
};
