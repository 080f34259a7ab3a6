import formBody from '@fastify/formbody';
import {
  affiliateQuery,
  affiliateResponse,
  captchaResponse,
  changePasswordRequest,
  forgotByEmailRequest,
  forgotByEmailResponse,
  firstLoginResponse,
  freePlayRequest,
  loginRequest,
  loginResponse,
  logoutResponse,
  memberInfo,
  registerRequest,
  registerResponse,
  setPasswordByPhoneRequest,
  smsRequest,
  smsResponse,
  memberLanguageRequest,
} from '@jade/contracts/auth';
import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  bindMobileRequest,
  emailCodeRequest,
  paymentPasswordRequest,
  updateProfileRequest,
} from '@jade/contracts/profile';
import { publicKeyResponse, sealedPayload } from '@jade/contracts/sealed';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { normalizeIp } from '../../platform/geoip.js';
import { publicKeyInfo } from '../../platform/sealed.js';
import { brandOrigin, resolveMerchantByHost } from '../merchants/service.js';
import { createGuard } from './guard.js';
import { createCaptcha } from './human-check.js';
import * as repo from './repo.js';
import { resetPasswordWithToken } from './password-reset.js';
import * as profile from './profile.js';
import { openSealedBody } from './sealed-body.js';
import * as accounts from './service.js';
import { revoke } from './sessions.js';
import { getAuthSettings } from './settings.js';
import type { AccountsRouteDeps } from './route-deps.js';
import { socialRoutes } from './social.js';
import { throttleCaller } from './throttle.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const ok = <T extends z.ZodType>(schema: T) => ({ 200: okEnvelope(schema), ...errors });
const tags = ['accounts'];
const AVATAR_ICONS = ['jade-1', 'jade-2', 'jade-3', 'jade-4', 'jade-5', 'jade-6'] as const;

export const accountRoutes = async (app: FastifyInstance, deps: AccountsRouteDeps) => {
  const { db, secrets } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);
  await app.register(formBody, { bodyLimit: 16 * 1024 });

  const context = async (request: FastifyRequest): Promise<accounts.RequestContext> => ({
    merchant: await resolveMerchantByHost(db, request.hostname),
    ip: normalizeIp(request.ip),
    userAgent: request.headers['user-agent'],
  });
  /** §6 encrypted calls: open the sealed body, then hold the inner payload to the call's schema. */
  const opened = async <T extends z.ZodType>(request: FastifyRequest, schema: T): Promise<z.infer<T>> => {
    const { merchant, ip } = await context(request);
    return openSealedBody(db, secrets, { merchantId: merchant.id, ip }, request.body, schema);
  };
  const value = <T>(v: T) => ({ success: true as const, value: v });
  // The body is opened by the handler, so a plain JSON body is answered SEALED_PAYLOAD_REQUIRED, not a field error.
  const sealed = (summary: string) => ({
    tags,
    summary: `${summary} (encrypted payload, see GET /wps/system/publicKey)`,
    body: z
      .unknown()
      .describe(`A sealed payload ${JSON.stringify(z.toJSONSchema(sealedPayload).properties)}`),
  });

  r.get(
    '/wps/system/publicKey',
    {
      schema: {
        tags,
        summary: 'The RSA key that encrypted payloads are sealed for',
        response: ok(publicKeyResponse),
      },
    },
    async () => value(publicKeyInfo(secrets)),
  );

  r.get(
    '/wps/captcha',
    {
      schema: {
        tags,
        summary: 'A new captcha image (refresh at most once per second)',
        response: ok(captchaResponse),
      },
    },
    async (request) => {
      const ctx = await context(request);
      const settings = await getAuthSettings(db, ctx.merchant.id);
      return value(
        await createCaptcha(db, secrets, {
          merchantId: ctx.merchant.id,
          ip: ctx.ip,
          settings,
          text: deps.captchaText?.(),
        }),
      );
    },
  );

  r.get(
    '/wps/agent/affiliate',
    {
      schema: {
        tags,
        summary: 'Check an invitation (affiliate) code',
        querystring: affiliateQuery,
        response: ok(affiliateResponse),
      },
    },
    async (request) => {
      const ctx = await context(request);
      await throttleCaller(deps, request, ctx.merchant.id, 'affiliate', (l) => ({
        perIp: l.affiliatePerIp,
        perMember: l.affiliatePerMember,
      }));
      const agent = await accounts.checkAffiliateCode(db, ctx.merchant.id, request.query.code);
      return value({ valid: true as const, agent: agent.username });
    },
  );

  r.post(
    '/wps/session/login',
    { schema: { ...sealed('Log in by username and password, or by SMS code'), response: ok(loginResponse) } },
    async (request) =>
      value(await accounts.login(deps, await context(request), await opened(request, loginRequest))),
  );

  r.post(
    '/wps/session/login/challenge',
    {
      schema: {
        tags,
        summary: 'Answer the verification of a login from a new IP',
        body: z.object({ challengeId: z.string().min(1).max(64), answer: z.string().trim().min(1).max(100) }),
        response: ok(loginResponse),
      },
    },
    async (request) => value(await accounts.answerLoginChallenge(deps, await context(request), request.body)),
  );

  r.post(
    '/wps/session/login/freeplay',
    {
      schema: {
        tags,
        summary: 'Start a free-play (trial) session',
        body: freePlayRequest,
        response: ok(loginResponse),
      },
    },
    async (request) => value(await accounts.freePlay(deps, await context(request))),
  );

  r.delete(
    '/wps/session/logout',
    {
      schema: {
        tags,
        summary: 'Log out: revoke this session',
        response: ok(logoutResponse),
      },
    },
    async (request) => {
      const session = await guard(request, { allowPendingPasswordChange: true, allowTrial: true });
      await revoke(db, session.sessionId);
      return value({ loggedOut: true as const });
    },
  );

  r.post(
    '/wps/verification/sms/noLogin',
    { schema: { tags, summary: 'Send a login code by SMS', body: smsRequest, response: ok(smsResponse) } },
    async (request) => value(await accounts.sendSmsCode(deps, await context(request), request.body, 'LOGIN')),
  );
  r.post(
    '/wps/verification/sms/register',
    {
      schema: {
        tags,
        summary: 'Send a registration code by SMS',
        body: smsRequest,
        response: ok(smsResponse),
      },
    },
    async (request) =>
      value(await accounts.sendSmsCode(deps, await context(request), request.body, 'REGISTER')),
  );
  r.post(
    '/wps/verification/sms/password',
    {
      schema: {
        tags,
        summary: 'Send a password-recovery code by SMS',
        body: smsRequest,
        response: ok(smsResponse),
      },
    },
    async (request) => value(await accounts.sendSmsCode(deps, await context(request), request.body, 'RESET')),
  );

  const registrations = [
    ['/wps/member/register', 'Register by username', 'USERNAME'],
    ['/wps/member/register/mobile', 'Register by mobile number', 'MOBILE'],
  ] as const;
  for (const [path, summary, method] of registrations) {
    r.put(path, { schema: { ...sealed(summary), response: ok(registerResponse) } }, async (request) =>
      value(
        await accounts.register(deps, await context(request), await opened(request, registerRequest), method),
      ),
    );
  }

  r.get(
    '/wps/member/info',
    { schema: { tags, summary: 'The logged-in member', response: ok(memberInfo) } },
    async (request) => {
      const session = await guard(request, { allowPendingPasswordChange: true, allowTrial: true });
      return value(await accounts.toMemberInfo(db, session.member));
    },
  );

  r.post(
    '/wps/member/firstLogin',
    {
      schema: {
        tags,
        summary: 'Record that the member has seen the first-login welcome',
        response: ok(firstLoginResponse),
      },
    },
    async (request) => {
      const session = await guard(request, { allowTrial: true });
      await accounts.recordFirstLogin(db, session.member);
      return value({ recorded: true as const });
    },
  );

  r.get(
    '/wps/relay/MCSFE_getPlayerAvatar',
    {
      schema: {
        tags,
        summary: "The member's avatar",
        response: ok(z.object({ avatarUrl: z.string().nullable(), icons: z.array(z.string()) })),
      },
    },
    async (request) => {
      const session = await guard(request, { allowTrial: true });
      return value({
        avatarUrl: session.member.avatar_url,
        icons: AVATAR_ICONS.map((i) => `/media/avatars/${i}.svg`),
      });
    },
  );

  r.put(
    '/wps/member/info/icon',
    {
      schema: {
        tags,
        summary: 'Choose a profile icon',
        body: z.object({ icon: z.enum(AVATAR_ICONS) }),
        response: ok(z.object({ avatarUrl: z.string() })),
      },
    },
    async (request) => {
      const session = await guard(request);
      const avatarUrl = `/media/avatars/${request.body.icon}.svg`;
      await repo.updateMember(db, session.member.id, {
        avatar_url: avatarUrl,
        updated_at: new Date().toISOString(),
      });
      return value({ avatarUrl });
    },
  );

  r.put(
    '/wps/member/language',
    {
      schema: {
        tags,
        summary:
          "§7 language update: the member's language (one of the brand's), used for the messages and SMS sent to the member",
        body: memberLanguageRequest,
        response: ok(memberLanguageRequest),
      },
    },
    async (request) => {
      const session = await guard(request, { allowTrial: true, allowPendingPasswordChange: true });
      const wanted = request.body.language.toUpperCase();
      const language = session.merchant.languages.find((l) => l.code.toUpperCase() === wanted);
      if (!language)
        throw new AppError('VALIDATION_FAILED', 'The brand does not offer this language', {
          fields: { language: ['Not offered'] },
        });
      await repo.updateMember(db, session.member.id, {
        language: language.code,
        updated_at: new Date().toISOString(),
      });
      return value({ language: language.code });
    },
  );

  r.post(
    '/wps/member/password',
    { schema: { ...sealed('Change password'), response: ok(z.object({ changed: z.literal(true) })) } },
    async (request) => {
      const session = await guard(request, { allowPendingPasswordChange: true });
      await accounts.changePassword(
        deps,
        session.merchantId,
        session.member,
        session.sessionId,
        await opened(request, changePasswordRequest),
      );
      return value({ changed: true as const });
    },
  );

  r.post(
    '/wps/member/password/email',
    {
      schema: {
        tags,
        summary: 'Forgot password: send a reset link by email (form post)',
        body: forgotByEmailRequest,
        response: ok(forgotByEmailResponse),
      },
    },
    async (request) => {
      const ctx = await context(request);
      const origin = await brandOrigin(db, ctx.merchant, request.host);
      return value(await accounts.forgotPasswordByEmail(deps, ctx, request.body, origin));
    },
  );

  r.post(
    '/wps/member/password/verification',
    {
      schema: {
        ...sealed('Forgot password: set a new one with the SMS code, then log in'),
        response: ok(loginResponse),
      },
    },
    async (request) =>
      value(
        await accounts.setPasswordByPhone(
          deps,
          await context(request),
          await opened(request, setPasswordByPhoneRequest),
        ),
      ),
  );

  socialRoutes(app, deps);

  r.post(
    '/wps/member/password/reset',
    {
      schema: {
        tags,
        summary: 'Choose a new password with the token of a reset link (forgot password by email)',
        body: z.object({ token: z.string().min(20).max(200), newPassword: z.string().min(1).max(128) }),
        response: ok(z.object({ changed: z.literal(true) })),
      },
    },
    async (request) => {
      const ctx = await context(request);
      await resetPasswordWithToken(db, secrets, ctx.merchant, request.body);
      return value({ changed: true as const });
    },
  );

  r.post(
    '/wps/member/paymentPassword',
    {
      schema: {
        tags,
        summary: 'Set the payment password (with the login password) or change it (with the old one)',
        body: paymentPasswordRequest,
        response: ok(z.object({ changed: z.literal(true) })),
      },
    },
    async (request) => {
      const session = await guard(request);
      await profile.setPaymentPassword(db, (await context(request)).merchant, session.member, request.body);
      return value({ changed: true as const });
    },
  );

  r.put(
    '/wps/member/info',
    {
      schema: {
        tags,
        summary: 'Edit the profile (§3): nickname, identity, contacts and email address',
        body: updateProfileRequest,
        response: ok(memberInfo),
      },
    },
    async (request) => {
      const session = await guard(request);
      const ctx = await context(request);
      await profile.updateProfile(
        db,
        deps.messaging,
        ctx.merchant,
        session.member,
        { sessionId: session.sessionId, ip: ctx.ip },
        request.body,
      );
      const member = await repo.findMemberById(db, ctx.merchant.id, session.member.id);
      return value(await accounts.toMemberInfo(db, member!));
    },
  );

  r.post(
    '/wps/verification/email/send',
    { schema: { tags, summary: 'Send a code to verify the email address', response: ok(smsResponse) } },
    async (request) => {
      const session = await guard(request);
      const ctx = await context(request);
      return value(
        await profile.sendEmailVerification(
          db,
          secrets,
          deps.messaging,
          ctx.merchant,
          session.member,
          ctx.ip,
        ),
      );
    },
  );

  r.post(
    '/wps/verification/email/verify',
    {
      schema: {
        tags,
        summary: 'Verify the email address with its code',
        body: emailCodeRequest,
        response: ok(z.object({ verified: z.literal(true) })),
      },
    },
    async (request) => {
      const session = await guard(request);
      await profile.verifyEmail(
        db,
        secrets,
        (await context(request)).merchant,
        session.member,
        request.body.code,
      );
      return value({ verified: true as const });
    },
  );

  r.post(
    '/wps/verification/sms/bind',
    {
      schema: {
        tags,
        summary: 'Send a code to the mobile number the member wants on the account',
        body: smsRequest,
        response: ok(smsResponse),
      },
    },
    async (request) => {
      const session = await guard(request);
      const ctx = await context(request);
      return value(
        await profile.sendMobileBindCode(deps, ctx.merchant, session.member, request.body, ctx.ip),
      );
    },
  );

  r.put(
    '/wps/member/info/mobile',
    {
      schema: {
        tags,
        summary: 'Change the mobile number with the code sent to the new one; it is then verified',
        body: bindMobileRequest,
        response: ok(memberInfo),
      },
    },
    async (request) => {
      const session = await guard(request);
      const ctx = await context(request);
      await profile.bindMobile(
        deps,
        ctx.merchant,
        session.member,
        { sessionId: session.sessionId, ip: ctx.ip },
        request.body,
      );
      const member = await repo.findMemberById(db, ctx.merchant.id, session.member.id);
      return value(await accounts.toMemberInfo(db, member!));
    },
  );
};
