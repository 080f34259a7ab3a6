import { isAgentAccountType, TRIAL_ACCOUNT_TYPE } from '@jade/contracts/constants';
import type {
  ChangePasswordRequest,
  LoginRequest,
  LoginResponse,
  MemberInfo,
  RegisterRequest,
  RegisterResponse,
  SetPasswordByPhoneRequest,
  SmsRequest,
} from '@jade/contracts/auth';
import { checkPattern, type PatternType } from '@jade/contracts/patterns';
import type { RegisterFieldSetting } from '@jade/contracts/system';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { isUniqueViolation } from '../../platform/db/transaction.js';
import { randomToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../platform/passwords.js';
import { clearLoginAttempts, countLoginAttempt, lockLoginAttempts } from '../../platform/login-throttle.js';
import { hitRateLimit, resetRateLimit } from '../../platform/rate-limit.js';
import type { Secrets } from '../../platform/secrets.js';
import type { Merchant } from '../merchants/repo.js';
import { getFlags } from '../merchants/service.js';
import { getRegisterSettings } from '../system/service.js';
import { fundTrialAccount } from '../wallet/service.js';
import { maskDestination, normalizeMobile, sendCode, verifyCode } from './codes.js';
import { passesHumanCheck, requireHumanCheck } from './human-check.js';
import type { MessageProvider, Messaging } from './messaging.js';
import { issuePasswordReset } from './password-reset.js';
import { toMemberProfile } from './profile.js';
import { brandForMember, resetMessage } from './code-texts.js';
import { countInvitationUse, fileApplication, findInvitation } from './invitation-codes.js';
import * as repo from './repo.js';
import { createSession, type LoginMethod, type Site } from './sessions.js';
import { getAuthSettings, type AuthSettings } from './settings.js';

export type AccountsDeps = { db: Db; secrets: Secrets; messaging: Messaging };
export type RequestContext = { merchant: Merchant; ip: string; userAgent: string | undefined };

const DAY = 86_400_000;
const nowIso = (now: Date) => now.toISOString();
/** §6: only an active agent takes downlines (affiliate, referral and recommender uplines). */
const isActiveAgent = (member: repo.MemberRow) =>
  isAgentAccountType(member.type) && member.status === 'ACTIVE';

const rateLimited = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', 'Too many attempts, please wait and try again', {
    details: { retryAfterSeconds },
  });

export const limitOrThrow = async (
  db: DbOrTrx,
  key: string,
  rule: { count: number; windowSeconds: number },
  now: Date,
) => {
  const result = await hitRateLimit(db, key, rule.count, rule.windowSeconds, now);
  if (!result.allowed) throw rateLimited(result.retryAfterSeconds);
};

/** A field broken against its rule, with an i18n key the web app translates with the same params. */
const fieldError = (
  fields: Record<string, string[]>,
  rules: Record<string, unknown>,
  field: string,
  message: string,
  rule?: unknown,
) => {
  (fields[field] ??= []).push(message);
  if (rule) rules[field] = rule;
};

/** The fields that repeat a password: a mismatch in one is PASSWORD_MISMATCH (§7), not a field error. */
const CONFIRMATION_FIELDS: readonly string[] = ['confirmPassword', 'confirmNewPassword'];

const throwIfFieldErrors = (fields: Record<string, string[]>, rules: Record<string, unknown>) => {
  if (Object.keys(fields).length > 0) {
    const mismatch = Object.keys(fields).some((field) => CONFIRMATION_FIELDS.includes(field));
    // The other fields' errors still travel with it, so a form marks every field it has to.
    throw new AppError(
      mismatch ? 'PASSWORD_MISMATCH' : 'VALIDATION_FAILED',
      `Invalid fields: ${Object.keys(fields).join(', ')}`,
      {
        fields,
        details: { rules },
      },
    );
  }
};

/** §5: every visible field against the brand's settings; hidden fields are ignored. */
export const validateRegistration = (
  input: RegisterRequest,
  settings: RegisterFieldSetting[],
  kind: 'USERNAME' | 'MOBILE',
  options: { smsVerification: boolean; mobilePassword: boolean },
) => {
  const fields: Record<string, string[]> = {};
  const rules: Record<string, unknown> = {};
  const values = input as unknown as Record<string, string | undefined>;
  const byField = new Map(settings.map((s) => [s.field, s]));
  const requiredAlways = new Set<string>(kind === 'USERNAME' ? ['username', 'password'] : ['mobileNum']);
  if (kind === 'MOBILE' && options.mobilePassword) requiredAlways.add('password');
  if (options.smsVerification && kind === 'MOBILE') requiredAlways.add('verificationCode');
  for (const setting of settings) {
    // Checked elsewhere: the human check, the SMS code, and the confirmation (equality).
    if (['captcha', 'verificationCode', 'confirmPassword'].includes(setting.field)) continue;
    if (setting.field === 'username' && kind === 'MOBILE' && !values.username) continue;
    if (!setting.visible && !requiredAlways.has(setting.field)) continue;
    const value = values[setting.field];
    if (value === undefined || value === '') {
      if (setting.required || requiredAlways.has(setting.field)) {
        fieldError(fields, rules, setting.field, 'Required', { key: 'validation.required' });
      }
      continue;
    }
    const failure = checkPattern(value, {
      patternType: setting.patternType as PatternType,
      min: setting.min,
      max: setting.max,
    });
    if (failure)
      fieldError(fields, rules, setting.field, failure.message, { key: failure.key, params: failure.params });
  }
  for (const field of requiredAlways) {
    if (!byField.has(field as RegisterFieldSetting['field']) && !values[field]) {
      fieldError(fields, rules, field, 'Required', { key: 'validation.required' });
    }
  }
  if (input.password !== undefined && input.password !== '' && input.confirmPassword !== input.password) {
    const confirm = byField.get('confirmPassword');
    if (!confirm || confirm.visible) {
      fieldError(fields, rules, 'confirmPassword', 'Incorrect confirmation input', {
        key: 'validation.confirm',
      });
    }
  }
  throwIfFieldErrors(fields, rules);
};

const UPLINE_FIELDS: readonly string[] = ['affiliateCode', 'referralCode', 'recommenderId'];

/** The account type a sub-agent invitation makes (decision 0042): the first agent type. */
export const SUB_AGENT_TYPE = 1;

/** Who a registration goes under and as what: an invitation code's agent and kind (decision 0042). */
export type Invitation = {
  agent: repo.MemberRow;
  kind: 'MEMBER' | 'AGENT';
  /** The agent_invitation row counted on use; null for the account's own affiliate code. */
  invitationId: number | null;
};

const invalidInvitation = () =>
  new AppError('INVITATION_CODE_ERROR', 'invitation_code_error', {
    fields: { affiliateCode: ['Invalid invitation code'] },
  });

/** An agent's invitation code (agent_invitation), or its affiliate code; refused unless the agent is active. */
export const resolveInvitationCode = async (
  db: DbOrTrx,
  merchantId: number,
  code: string,
): Promise<Invitation> => {
  const invitation = await findInvitation(db, merchantId, code);
  if (invitation) {
    const agent = await repo.findMemberById(db, merchantId, invitation.agent_id);
    if (!agent || !isActiveAgent(agent)) throw invalidInvitation();
    return { agent, kind: invitation.kind, invitationId: invitation.id };
  }
  const agent = await repo.findMemberByCode(db, merchantId, 'affiliate_code', code.trim());
  if (!agent || !isActiveAgent(agent)) throw invalidInvitation();
  return { agent, kind: 'MEMBER', invitationId: null };
};

/** The invitation code check of §4, also behind GET /wps/agent/affiliate. */
export const checkAffiliateCode = async (db: DbOrTrx, merchantId: number, code: string) =>
  (await resolveInvitationCode(db, merchantId, code)).agent;

export const uniqueReferralCode = async (db: DbOrTrx, merchantId: number) => {
  for (;;) {
    const code = randomToken(6)
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 8)
      .toUpperCase();
    if (code.length === 8 && !(await repo.findMemberByCode(db, merchantId, 'referral_code', code)))
      return code;
  }
};

/**
 * §4 register: invitation check first, then the human check, SMS verification, then the account.
 * `byAgent` is registerCenter: a logged-in agent registers a downline under itself (its session is
 * the human check; its invitation is its own), limited per address and per agent like sign-ups.
 */
export const register = async (
  deps: AccountsDeps,
  ctx: RequestContext,
  input: RegisterRequest,
  kind: 'USERNAME' | 'MOBILE',
  now = new Date(),
  byAgent?: Invitation,
): Promise<RegisterResponse> => {
  const { db, secrets } = deps;
  const { merchant } = ctx;
  const [flags, settings, registerSettings] = await Promise.all([
    getFlags(db, merchant.id),
    getAuthSettings(db, merchant.id),
    getRegisterSettings(db, merchant),
  ]);
  if (byAgent) {
    await limitOrThrow(
      db,
      `register-downline:${merchant.id}:${byAgent.agent.id}`,
      settings.rateLimits.registerPerIp,
      now,
    );
  } else if (kind === 'USERNAME' && !flags.USERNAMEREG3)
    throw new AppError('FEATURE_DISABLED', 'Registration by username is off for this brand');
  if (kind === 'MOBILE' && !flags.MOBILENUMREG3)
    throw new AppError('FEATURE_DISABLED', 'Registration by mobile number is off for this brand');
  await limitOrThrow(db, `register:${merchant.id}:${ctx.ip}`, settings.rateLimits.registerPerIp, now);

  const invitation =
    byAgent ??
    (input.affiliateCode ? await resolveInvitationCode(db, merchant.id, input.affiliateCode) : undefined);
  const affiliate = invitation?.agent;
  if (!affiliate && !flags.DIRECTREG3 && !input.referralCode && !input.recommenderId) {
    throw new AppError('INVITATION_CODE_ERROR', 'invitation_code_error', {
      fields: { affiliateCode: ['Required'] },
    });
  }
  const captchaSetting = registerSettings.fields.find((f) => f.field === 'captcha');
  if (!byAgent && (!captchaSetting || (captchaSetting.visible && captchaSetting.required))) {
    await requireHumanCheck(
      db,
      secrets,
      merchant.id,
      settings,
      {
        captchaId: input.captchaId,
        captcha: input.captcha,
        token: input.humanCheckToken,
        ip: ctx.ip,
      },
      now,
    );
  }

  const smsVerification = flags.REGMOBVERF3;
  // registerCenter: the upline is the agent itself, so the brand's upline fields do not apply.
  const fieldRules = byAgent
    ? registerSettings.fields.filter((f) => !UPLINE_FIELDS.includes(f.field))
    : registerSettings.fields;
  validateRegistration(input, fieldRules, kind, {
    smsVerification,
    mobilePassword: flags.MOBILENUMPASSREG3,
  });

  const mobile = input.mobileNum
    ? normalizeMobile(input.countryDialingCode ?? '+84', input.mobileNum)
    : undefined;
  // The number counts as verified only when a code sent to it was checked here.
  const mobileVerified = Boolean(mobile && smsVerification && (kind === 'MOBILE' || input.verificationCode));
  if (mobileVerified && mobile) {
    await verifyCode(
      db,
      secrets,
      {
        merchantId: merchant.id,
        channel: 'SMS',
        destination: mobile.e164,
        purpose: 'REGISTER',
        code: input.verificationCode,
      },
      now,
    );
  }

  const username = kind === 'USERNAME' || input.username ? (input.username as string) : `m${mobile?.number}`;
  if (await repo.findMemberByUsername(db, merchant.id, username)) {
    throw new AppError('USERNAME_TAKEN', 'This username is taken', { fields: { username: ['Taken'] } });
  }
  if (mobile && (await repo.findMemberByMobile(db, merchant.id, mobile.dialCode, mobile.number))) {
    throw new AppError('MOBILE_TAKEN', 'This mobile number is already registered', {
      fields: { mobileNum: ['Taken'] },
    });
  }

  let upline = affiliate;
  if (!upline && input.referralCode) {
    upline = await repo.findMemberByCode(
      db,
      merchant.id,
      'referral_code',
      input.referralCode.trim().toUpperCase(),
    );
    // An ordinary member is no upline.
    if (!upline || !isActiveAgent(upline))
      throw new AppError('INVITATION_CODE_ERROR', 'Invalid invitation code', {
        fields: { referralCode: ['Invalid invitation code'] },
      });
  }
  if (!upline && input.recommenderId) {
    upline = await repo.findMemberByUsername(db, merchant.id, input.recommenderId);
    if (!upline || !isActiveAgent(upline))
      throw new AppError('INVITATION_CODE_ERROR', 'Invalid invitation code', {
        fields: { recommenderId: ['Invalid invitation code'] },
      });
  }

  // A mobile registration without a password (MOBILENUMPASSREG3 off) logs in by SMS code only.
  const password = input.password || randomToken(32);
  const at = nowIso(now);
  let memberId: number;
  try {
    memberId = await repo.insertMember(db, {
      merchant_id: merchant.id,
      username,
      username_key: username.toLowerCase(),
      password_hash: await hashPassword(password),
      payment_password_hash: input.paymentPassword ? await hashPassword(input.paymentPassword) : null,
      type: invitation?.kind === 'AGENT' ? SUB_AGENT_TYPE : 0,
      upline_id: upline?.id ?? null,
      affiliate_code: null,
      referral_code: await uniqueReferralCode(db, merchant.id),
      mobile_dial_code: mobile?.dialCode ?? null,
      mobile_number: mobile?.number ?? null,
      mobile_verified: mobileVerified ? 1 : 0,
      email: input.email || null,
      payee_name: input.payeeName || null,
      nickname: null,
      qq_num: input.qqNum || null,
      line: input.line || null,
      whatsapp: input.whatsapp || null,
      facebook: input.facebook || null,
      wechat: input.wechat || null,
      id_number: input.idNumber || null,
      avatar_url: null,
      register_method: byAgent ? 'AGENT' : input.registerMethod,
      register_url: input.registerUrl || input.domain || null,
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
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('USERNAME_TAKEN', 'This username or mobile number is taken');
    throw error;
  }
  if (invitation?.invitationId) await countInvitationUse(db, invitation.invitationId);
  if (input.agentApplication && !byAgent && invitation?.kind !== 'AGENT')
    await fileApplication(db, merchant.id, memberId, now);
  if (!byAgent) await repo.rememberIp(db, memberId, ctx.ip, at);
  const session =
    input.login && !byAgent
      ? await issueLogin(deps, ctx, (await repo.findMemberById(db, merchant.id, memberId))!, {
          site: 'MEMBER',
          method: 'REGISTER',
          settings,
          mustChangePassword: false,
          passwordExpired: false,
          now,
        })
      : null;
  return { memberId, username, session };
};

export const issueLogin = async (
  deps: Pick<AccountsDeps, 'db' | 'secrets'>,
  ctx: RequestContext,
  member: repo.MemberRow,
  options: {
    site: Site;
    method: LoginMethod;
    settings: AuthSettings;
    mustChangePassword: boolean;
    passwordExpired: boolean;
    now: Date;
  },
): Promise<LoginResponse> => {
  const at = nowIso(options.now);
  await repo.updateMember(deps.db, member.id, {
    failed_login_count: 0,
    locked_until: null,
    last_login_at: at,
    must_change_password: options.mustChangePassword ? 1 : 0,
    updated_at: at,
  });
  await repo.rememberIp(deps.db, member.id, ctx.ip, at);
  const token = await createSession(
    deps.db,
    deps.secrets,
    {
      merchantId: ctx.merchant.id,
      memberId: member.id,
      site: options.site,
      method: options.method,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      settings: options.settings,
    },
    options.now,
  );
  return {
    token,
    firstTimeLogin: member.first_login_at === null,
    passwordExpired: options.passwordExpired,
    mustChangePassword: options.mustChangePassword,
  };
};

const accountLocked = (ms: number) =>
  new AppError('ACCOUNT_LOCKED', 'Too many failed logins: the account is locked for a while', {
    details: { retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) },
  });

const loginFailed = (captcha: boolean) =>
  new AppError('LOGIN_FAILED', 'Incorrect username or password', { details: { captcha } });

/** Non-members cannot log in; non-agents cannot log in to the agent site (§6). */
const checkAdmission = (member: repo.MemberRow, site: Site) => {
  if (member.status !== 'ACTIVE' || member.type === TRIAL_ACCOUNT_TYPE) {
    throw new AppError('NOT_A_MEMBER', 'Non-member account unable to login');
  }
  if (site === 'AGENT' && !isAgentAccountType(member.type)) {
    throw new AppError('NOT_AN_AGENT', 'Only agents can log in to the agent site');
  }
};

/** A login from an IP the member never used, on a brand that asks, waits for a second factor (§4). */
const challengeNewIp = async (
  deps: AccountsDeps,
  ctx: RequestContext,
  member: repo.MemberRow,
  settings: AuthSettings,
  site: Site,
  method: LoginMethod,
  now: Date,
) => {
  const challenge = settings.newIpChallenge;
  if (
    !challenge ||
    (await repo.hasKnownIp(deps.db, member.id, ctx.ip)) ||
    (await repo.countKnownIps(deps.db, member.id)) === 0
  )
    return;
  // Fall back to a method the member can answer: a number for SMS, an address for email.
  const usable =
    challenge === 'SMS' && !member.mobile_number
      ? member.email
        ? 'EMAIL'
        : 'BANK_NAME'
      : challenge === 'EMAIL' && !member.email
        ? 'BANK_NAME'
        : challenge === 'TOTP' && !member.totp_secret
          ? 'BANK_NAME'
          : challenge;
  const method2 = usable === 'BANK_NAME' && !member.payee_name ? null : usable;
  if (!method2) return;
  const id = randomToken(24);
  let destination: string | null = null;
  if (method2 === 'SMS' || method2 === 'EMAIL') {
    destination =
      method2 === 'SMS' ? `${member.mobile_dial_code}${member.mobile_number}` : (member.email as string);
    await sendCode(
      deps.db,
      deps.secrets,
      method2 === 'SMS' ? deps.messaging.sms : deps.messaging.email,
      {
        merchantId: ctx.merchant.id,
        channel: method2,
        destination,
        purpose: 'NEW_IP',
        ip: ctx.ip,
        expiredMinutes: ctx.merchant.smsExpiredMinutes,
        settings,
        brand: brandForMember(ctx.merchant, member),
      },
      now,
    );
  }
  await deps.db
    .insertInto('login_challenge')
    .values({
      id,
      member_id: member.id,
      method: method2,
      ip: ctx.ip,
      site,
      login_method: method,
      created_at: nowIso(now),
      expires_at: new Date(now.getTime() + 10 * 60_000).toISOString(),
      used_at: null,
    })
    .execute();
  throw new AppError('LOGIN_CHALLENGE_REQUIRED', 'This is a new device or location: verify it is you', {
    details: { challengeId: id, method: method2, destination: destination && maskDestination(destination) },
  });
};

/** §4 login by username and password, or by SMS code when MOBILEVERCODELOGIN3 is on. */
export const login = async (
  deps: AccountsDeps,
  ctx: RequestContext,
  input: LoginRequest,
  now = new Date(),
): Promise<LoginResponse> => {
  const { db, secrets } = deps;
  const merchantId = ctx.merchant.id;
  const [settings, flags] = await Promise.all([getAuthSettings(db, merchantId), getFlags(db, merchantId)]);
  await limitOrThrow(db, `login-ip:${merchantId}:${ctx.ip}`, settings.rateLimits.loginPerIp, now);

  if (input.type === 'sms') {
    if (!flags.MOBILEVERCODELOGIN3)
      throw new AppError('FEATURE_DISABLED', 'Login by SMS code is off for this brand');
    const mobile = normalizeMobile(input.countryDialingCode ?? '+84', input.username);
    await limitOrThrow(
      db,
      `login-account:${merchantId}:${mobile.e164}`,
      settings.rateLimits.loginPerAccount,
      now,
    );
    await verifyCode(
      db,
      secrets,
      { merchantId, channel: 'SMS', destination: mobile.e164, purpose: 'LOGIN', code: input.password },
      now,
    );
    const member = await repo.findMemberByMobile(db, merchantId, mobile.dialCode, mobile.number);
    if (!member) throw loginFailed(false);
    checkAdmission(member, input.site);
    await challengeNewIp(deps, ctx, member, settings, input.site, 'SMS', now);
    // §4: the forced change does not apply to SMS or social login.
    return issueLogin(deps, ctx, member, {
      site: input.site,
      method: 'SMS',
      settings,
      mustChangePassword: false,
      passwordExpired: false,
      now,
    });
  }

  const accountKey = `login-account:${merchantId}:${input.username.toLowerCase()}:${ctx.ip}`;
  // Counted before the hash check, per (name typed, address): known and unknown names answer alike.
  const throttle = { scope: 'MEMBER', merchantId, account: input.username, ip: ctx.ip } as const;
  const attempt = await countLoginAttempt(db, throttle, now);
  if (attempt.lockedUntil) throw accountLocked(Date.parse(attempt.lockedUntil) - now.getTime());
  await limitOrThrow(db, accountKey, settings.rateLimits.loginPerAccount, now);
  const captchaNeeded =
    settings.humanCheck.login === 'always' || attempt.failures - 1 >= settings.captchaAfterFailures;
  if (
    captchaNeeded &&
    !(await passesHumanCheck(
      db,
      secrets,
      merchantId,
      settings,
      {
        captchaId: input.captchaId,
        captcha: input.captcha,
        token: input.humanCheckToken,
        ip: ctx.ip,
      },
      now,
    ))
  ) {
    throw new AppError('CAPTCHA_INVALID', 'Incorrect confirmation input', { details: { captcha: true } });
  }
  const member = await repo.findMemberByUsername(db, merchantId, input.username);
  const passwordOk = member
    ? await verifyPassword(member.password_hash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!member || !passwordOk) {
    if (attempt.failures >= settings.lockoutAfterFailures) {
      const lock = await lockLoginAttempts(
        db,
        throttle,
        attempt,
        settings.lockoutMinutes,
        { merchantId, kind: 'LOGIN_LOCKED', details: { known: !!member } },
        now,
      );
      throw accountLocked(lock.retryAfterSeconds * 1000);
    }
    throw loginFailed(attempt.failures >= settings.captchaAfterFailures);
  }
  await clearLoginAttempts(db, throttle);
  await resetRateLimit(db, accountKey);
  checkAdmission(member, input.site);
  await challengeNewIp(deps, ctx, member, settings, input.site, 'PASSWORD', now);
  const passwordExpired =
    now.getTime() - Date.parse(member.password_changed_at) > settings.passwordMaxAgeDays * DAY;
  const isWeak = input.password === settings.weakDefaultPassword;
  const mustChangePassword =
    isWeak || member.must_change_password === 1 || (passwordExpired && flags.PWDEXPFORCECHANGE3);
  return issueLogin(deps, ctx, member, {
    site: input.site,
    method: 'PASSWORD',
    settings,
    mustChangePassword,
    passwordExpired,
    now,
  });
};

/** Answers a new-IP challenge with the code, the bank account name, or an authenticator code. */
export const answerLoginChallenge = async (
  deps: AccountsDeps,
  ctx: RequestContext,
  input: { challengeId: string; answer: string },
  now = new Date(),
): Promise<LoginResponse> => {
  const { db } = deps;
  const challenge = await db
    .selectFrom('login_challenge')
    .selectAll()
    .where('id', '=', input.challengeId)
    .executeTakeFirst();
  const member = challenge && (await repo.findMemberById(db, ctx.merchant.id, challenge.member_id));
  // A challenge that can no longer be answered has its own code: the member must log in again,
  // whereas a wrong answer (below) may be corrected.
  if (
    !challenge ||
    !member ||
    challenge.used_at ||
    challenge.expires_at <= nowIso(now) ||
    challenge.attempts >= 5 ||
    challenge.ip !== ctx.ip
  ) {
    throw new AppError('LOGIN_CHALLENGE_EXPIRED', 'The verification has expired; log in again');
  }
  let ok = false;
  if (challenge.method === 'SMS' || challenge.method === 'EMAIL') {
    const destination =
      challenge.method === 'SMS'
        ? `${member.mobile_dial_code}${member.mobile_number}`
        : (member.email as string);
    try {
      await verifyCode(
        db,
        deps.secrets,
        {
          merchantId: ctx.merchant.id,
          channel: challenge.method,
          destination,
          purpose: 'NEW_IP',
          code: input.answer.trim(),
        },
        now,
      );
      ok = true;
    } catch {
      ok = false;
    }
  } else if (challenge.method === 'BANK_NAME') {
    ok = (member.payee_name ?? '').trim().toLowerCase() === input.answer.trim().toLowerCase();
  } else if (challenge.method === 'TOTP' && member.totp_secret) {
    const { verifyTotp } = await import('./totp.js');
    ok = verifyTotp(member.totp_secret, input.answer.trim(), now);
  }
  if (!ok) {
    await db
      .updateTable('login_challenge')
      .set({ attempts: challenge.attempts + 1 })
      .where('id', '=', challenge.id)
      .execute();
    throw new AppError('LOGIN_CHALLENGE_FAILED', 'That answer is not right');
  }
  await db
    .updateTable('login_challenge')
    .set({ used_at: nowIso(now) })
    .where('id', '=', challenge.id)
    .execute();
  const settings = await getAuthSettings(db, ctx.merchant.id);
  const flags = await getFlags(db, ctx.merchant.id);
  const passwordExpired =
    challenge.login_method === 'PASSWORD' &&
    now.getTime() - Date.parse(member.password_changed_at) > settings.passwordMaxAgeDays * DAY;
  return issueLogin(deps, ctx, member, {
    site: challenge.site as Site,
    method: challenge.login_method as LoginMethod,
    settings,
    mustChangePassword: member.must_change_password === 1 || (passwordExpired && flags.PWDEXPFORCECHANGE3),
    passwordExpired,
    now,
  });
};

/** A provider that sends nothing: for numbers no member can be reached at. */
const SILENT: MessageProvider = { send: async () => {} };

/** POST /wps/verification/sms/noLogin (login code) and /register (registration code). */
export const sendSmsCode = async (
  deps: AccountsDeps,
  ctx: RequestContext,
  input: SmsRequest,
  purpose: 'LOGIN' | 'REGISTER' | 'RESET',
  now = new Date(),
) => {
  const { db, secrets } = deps;
  const settings = await getAuthSettings(db, ctx.merchant.id);
  const flags = await getFlags(db, ctx.merchant.id);
  if (purpose === 'LOGIN' && !flags.MOBILEVERCODELOGIN3)
    throw new AppError('OPERATION_NOT_ALLOWED', 'Login by SMS code is off for this brand');
  if (purpose === 'RESET' && !flags.CHNGPASSVERIF3)
    throw new AppError('OPERATION_NOT_ALLOWED', 'Password recovery by phone is off for this brand');
  const mobile = normalizeMobile(input.countryDialingCode, input.mobileNo);
  await requireHumanCheck(
    db,
    secrets,
    ctx.merchant.id,
    settings,
    {
      captchaId: input.captchaId,
      captcha: input.captcha,
      token: input.humanCheckToken,
      ip: ctx.ip,
    },
    now,
  );
  const existing = await repo.findMemberByMobile(db, ctx.merchant.id, mobile.dialCode, mobile.number);
  if (purpose === 'REGISTER' && existing) {
    throw new AppError('MOBILE_TAKEN', 'This mobile number is already registered', {
      fields: { mobileNo: ['Taken'] },
    });
  }
  // Recovery and login go only to a number a member holds (and, for recovery, has verified). For any
  // other number everything happens as if it were sent (throttles, resend countdown, the code row)
  // except the message itself: whether a number has an account is not for strangers to learn.
  const reachable =
    purpose === 'REGISTER' ||
    (existing !== undefined && (purpose === 'LOGIN' || existing.mobile_verified === 1));
  return sendCode(
    db,
    secrets,
    reachable ? deps.messaging.sms : SILENT,
    {
      merchantId: ctx.merchant.id,
      channel: 'SMS',
      destination: mobile.e164,
      purpose,
      ip: ctx.ip,
      expiredMinutes: ctx.merchant.smsExpiredMinutes,
      settings,
      brand: brandForMember(ctx.merchant, existing),
    },
    now,
  );
};

const checkNewPassword = (settings: AuthSettings, password: string, confirm?: string) => {
  const failure = checkPattern(password, settings.passwordRule);
  const fields: Record<string, string[]> = {};
  const rules: Record<string, unknown> = {};
  if (failure)
    fieldError(fields, rules, 'newPassword', failure.message, { key: failure.key, params: failure.params });
  else if (password === settings.weakDefaultPassword)
    fieldError(fields, rules, 'newPassword', 'Choose a password that is not the default one', {
      key: 'validation.weakPassword',
    });
  if (confirm !== undefined && confirm !== password)
    fieldError(fields, rules, 'confirmNewPassword', 'Incorrect confirmation input', {
      key: 'validation.confirm',
    });
  throwIfFieldErrors(fields, rules);
};

/** Changing a password revokes every other session of the member. */
export const changePassword = async (
  deps: AccountsDeps,
  merchantId: number,
  member: repo.MemberRow,
  sessionId: number,
  input: ChangePasswordRequest,
  now = new Date(),
) => {
  const settings = await getAuthSettings(deps.db, merchantId);
  if (!input.oldPassword || !(await verifyPassword(member.password_hash, input.oldPassword))) {
    throw new AppError('WRONG_PASSWORD', 'The current password is not right', {
      fields: { oldPassword: ['Incorrect password'] },
    });
  }
  checkNewPassword(settings, input.newPassword, input.confirmNewPassword);
  if (input.newPassword === input.oldPassword) {
    throw new AppError('VALIDATION_FAILED', 'The new password must differ from the current one', {
      fields: { newPassword: ['Must differ from the current password'] },
      details: { rules: { newPassword: { key: 'validation.samePassword' } } },
    });
  }
  const at = nowIso(now);
  await repo.updateMember(deps.db, member.id, {
    password_hash: await hashPassword(input.newPassword),
    password_changed_at: at,
    must_change_password: 0,
    updated_at: at,
  });
  await repo.revokeMemberSessions(deps.db, member.id, at, sessionId);
};

/**
 * §4 forgot by email: a reset link through the email provider, only to a verified address, and the
 * answer never says whether it matched. The link names one member; issuing it ends the member's
 * other links. `origin` is the brand's configured origin, never a request header.
 */
export const forgotPasswordByEmail = async (
  deps: AccountsDeps,
  ctx: RequestContext,
  input: { username: string; email: string },
  origin: string,
  now = new Date(),
) => {
  const settings = await getAuthSettings(deps.db, ctx.merchant.id);
  await limitOrThrow(deps.db, `forgot:${ctx.merchant.id}:${ctx.ip}`, settings.rateLimits.forgotPerIp, now);
  const member = await repo.findMemberByUsername(deps.db, ctx.merchant.id, input.username);
  if (
    member &&
    member.email &&
    member.email_verified === 1 &&
    member.email.toLowerCase() === input.email.toLowerCase() &&
    member.status === 'ACTIVE'
  ) {
    const token = await issuePasswordReset(deps.db, deps.secrets, ctx.merchant.id, member.id, now);
    const message = resetMessage(
      brandForMember(ctx.merchant, member),
      `${origin}/resetPassword?token=${token}`,
    );
    await deps.messaging.email.send(deps.db, {
      merchantId: ctx.merchant.id,
      to: member.email,
      subject: message.subject,
      body: message.body,
    });
  }
  return { message: 'in_been_out' as const };
};

/** §4 forgot by phone: the code, then the new password, then an automatic login. */
export const setPasswordByPhone = async (
  deps: AccountsDeps,
  ctx: RequestContext,
  input: SetPasswordByPhoneRequest,
  now = new Date(),
): Promise<LoginResponse> => {
  const { db } = deps;
  const flags = await getFlags(db, ctx.merchant.id);
  if (!flags.CHNGPASSVERIF3)
    throw new AppError('OPERATION_NOT_ALLOWED', 'Password recovery by phone is off for this brand');
  const settings = await getAuthSettings(db, ctx.merchant.id);
  const mobile = normalizeMobile(input.countryDialingCode, input.mobileNum);
  checkNewPassword(settings, input.newPassword);
  await verifyCode(
    db,
    deps.secrets,
    {
      merchantId: ctx.merchant.id,
      channel: 'SMS',
      destination: mobile.e164,
      purpose: 'RESET',
      code: input.verificationCode,
    },
    now,
  );
  const member = await repo.findMemberByMobile(db, ctx.merchant.id, mobile.dialCode, mobile.number);
  // Recovery uses only a verified number.
  if (!member || member.mobile_verified !== 1)
    throw new AppError('CODE_INVALID', 'Invalid or missing verification code');
  checkAdmission(member, 'MEMBER');
  const at = nowIso(now);
  await repo.updateMember(db, member.id, {
    password_hash: await hashPassword(input.newPassword),
    password_changed_at: at,
    must_change_password: 0,
    updated_at: at,
  });
  await repo.revokeMemberSessions(db, member.id, at);
  return issueLogin(deps, ctx, member, {
    site: 'MEMBER',
    method: 'RESET',
    settings,
    mustChangePassword: false,
    passwordExpired: false,
    now,
  });
};

/** §4 free play: a trial account (type 4) with play money, blocked from real-account features. */
export const freePlay = async (
  deps: AccountsDeps,
  ctx: RequestContext,
  now = new Date(),
): Promise<LoginResponse> => {
  const { db } = deps;
  const flags = await getFlags(db, ctx.merchant.id);
  if (!flags.FREEPLAY3) throw new AppError('FEATURE_DISABLED', 'Free play is off for this brand');
  const settings = await getAuthSettings(db, ctx.merchant.id);
  await limitOrThrow(db, `register:${ctx.merchant.id}:${ctx.ip}`, settings.rateLimits.registerPerIp, now);
  const at = nowIso(now);
  const username = `trial${randomToken(6)
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toLowerCase()}`;
  const memberId = await repo.insertMember(db, {
    merchant_id: ctx.merchant.id,
    username,
    username_key: username,
    password_hash: await hashPassword(randomToken(32)),
    payment_password_hash: null,
    type: TRIAL_ACCOUNT_TYPE,
    upline_id: null,
    affiliate_code: null,
    referral_code: await uniqueReferralCode(db, ctx.merchant.id),
    mobile_dial_code: null,
    mobile_number: null,
    email: null,
    payee_name: null,
    nickname: null,
    qq_num: null,
    line: null,
    whatsapp: null,
    facebook: null,
    wechat: null,
    id_number: null,
    avatar_url: null,
    register_method: 'FREEPLAY',
    register_url: null,
    register_ip: ctx.ip,
    age_confirmed_at: null,
    terms_agreed_at: null,
    first_login_at: at,
    last_login_at: null,
    password_changed_at: at,
    totp_secret: null,
    created_at: at,
    updated_at: at,
  });
  await fundTrialAccount(db, ctx.merchant.id, memberId, settings.trialBalance);
  const member = (await repo.findMemberById(db, ctx.merchant.id, memberId))!;
  return issueLogin(deps, ctx, member, {
    site: 'MEMBER',
    method: 'FREEPLAY',
    settings,
    mustChangePassword: false,
    passwordExpired: false,
    now,
  });
};

/** A member of the brand by id (other domains read members through here, not the repo). */
export const findMember = (db: DbOrTrx, merchantId: number, memberId: number) =>
  repo.findMemberById(db, merchantId, memberId);

export const recordFirstLogin = async (db: DbOrTrx, member: repo.MemberRow, now = new Date()) => {
  if (member.first_login_at === null)
    await repo.updateMember(db, member.id, { first_login_at: nowIso(now), updated_at: nowIso(now) });
};

export const toMemberInfo = async (db: DbOrTrx, member: repo.MemberRow): Promise<MemberInfo> => ({
  id: member.id,
  account: member.username,
  nickname: member.nickname,
  type: member.type,
  toUpline: await repo.findUsername(db, member.upline_id),
  clubLabel: { labelName: member.vip_label, rankLevel: member.vip_level },
  language: member.language,
  memberLabel: JSON.parse(member.labels) as string[],
  mustChangePassword: member.must_change_password === 1,
  mobile: member.mobile_number ? `${member.mobile_dial_code} ${maskDestination(member.mobile_number)}` : null,
  mobileVerified: member.mobile_verified === 1,
  email: member.email ? maskDestination(member.email) : null,
  emailVerified: member.email_verified === 1,
  payeeName: member.payee_name,
  hasPaymentPassword: member.payment_password_hash !== null,
  avatarUrl: member.avatar_url,
  referralCode: member.referral_code,
  createdAt: member.created_at,
  profile: toMemberProfile(member),
});
