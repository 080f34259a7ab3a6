import { DEFAULT_PAYMENT_PASSWORD_RULE } from '@jade/contracts/account-rules';
import type { MemberProfile, SmsRequest } from '@jade/contracts/auth';
import { checkPattern } from '@jade/contracts/patterns';
import {
  checkProfileValue,
  PROFILE_FIELDS,
  SET_ONCE_PROFILE_FIELDS,
  type BindMobileRequest,
  type PaymentPasswordRequest,
  type ProfileField,
  type UpdateProfileRequest,
} from '@jade/contracts/profile';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import type { Secrets } from '../../platform/secrets.js';
import type { Merchant } from '../merchants/repo.js';
import { getRegisterSettings } from '../system/service.js';
import { normalizeMobile, sendCode, verifyCode } from './codes.js';
import { requireHumanCheck } from './human-check.js';
import type { Messaging } from './messaging.js';
import { checkPaymentPassword } from './payment-password.js';
import { brandForMember, channelChangedMessage } from './code-texts.js';
import * as repo from './repo.js';
import { getAuthSettings } from './settings.js';
import { recordSecurityEvent } from '../../platform/login-throttle.js';

const now = () => new Date().toISOString();

/** A value broken against its rule, with the i18n key the web app translates (§5). */
export const ruleError = (
  field: string,
  failure: { key: string; message: string; params: Record<string, string> },
) =>
  new AppError('VALIDATION_FAILED', failure.message, {
    fields: { [field]: [failure.message] },
    details: { rules: { [field]: { key: failure.key, params: failure.params } } },
  });

/** Sets the payment password, or changes it: a change needs the old one, a first setting the login password. */
export const setPaymentPassword = async (
  db: Db,
  merchant: Merchant,
  member: repo.MemberRow,
  input: PaymentPasswordRequest,
) => {
  if (member.payment_password_hash) {
    await checkPaymentPassword(db, member, input.oldPaymentPassword, new Date(), 'oldPaymentPassword');
  } else {
    await requireLoginPassword(member, input.password);
  }
  const setting = (await getRegisterSettings(db, merchant)).fields.find((f) => f.field === 'paymentPassword');
  const failure = checkPattern(input.newPaymentPassword, setting ?? DEFAULT_PAYMENT_PASSWORD_RULE);
  if (failure) throw ruleError('newPaymentPassword', failure);
  await repo.updateMember(db, member.id, {
    payment_password_hash: await hashPassword(input.newPaymentPassword),
    updated_at: now(),
  });
};

/** Where each profile field is kept. */
const COLUMNS = {
  nickname: 'nickname',
  payeeName: 'payee_name',
  birthday: 'birthday',
  idNumber: 'id_number',
  nationality: 'nationality',
  occupation: 'occupation',
  sourceOfIncome: 'source_of_income',
  address: 'address',
  qqNum: 'qq_num',
  line: 'line',
  whatsapp: 'whatsapp',
  facebook: 'facebook',
  wechat: 'wechat',
} as const satisfies Record<ProfileField, keyof repo.MemberRow>;

/** "012345678901" → "01********01": the member recognises it, a stolen session does not learn it. */
const maskIdNumber = (value: string) =>
  value.length <= 4
    ? '*'.repeat(value.length)
    : `${value.slice(0, 2)}${'*'.repeat(value.length - 4)}${value.slice(-2)}`;

export const toMemberProfile = (member: repo.MemberRow): MemberProfile => ({
  birthday: member.birthday,
  idNumber: member.id_number && maskIdNumber(member.id_number),
  nationality: member.nationality,
  occupation: member.occupation,
  sourceOfIncome: member.source_of_income,
  address: member.address,
  qqNum: member.qq_num,
  line: member.line,
  whatsapp: member.whatsapp,
  facebook: member.facebook,
  wechat: member.wechat,
});

/**
 * Edits the §3 profile fields: each against the brand's rule, the same `checkProfileValue` the web
 * app runs. The identity fields are filled in once; a new email address is unverified until its code
 * is entered.
 */
export const updateProfile = async (
  db: Db,
  messaging: Messaging,
  merchant: Merchant,
  member: repo.MemberRow,
  session: { sessionId: number; ip: string },
  input: UpdateProfileRequest,
  today = new Date(),
) => {
  const settings = await getRegisterSettings(db, merchant);
  const changes: Partial<repo.MemberRow> = {};
  const fields: Record<string, string[]> = {};
  const rules: Record<string, unknown> = {};
  const refuse = (
    field: string,
    failure: { key: string; message: string; params?: Record<string, string> },
  ) => {
    fields[field] = [failure.message];
    rules[field] = { key: failure.key, ...(failure.params && { params: failure.params }) };
  };
  for (const field of PROFILE_FIELDS) {
    const value = input[field];
    const current = member[COLUMNS[field]];
    if (value === undefined || value === (current ?? '')) continue;
    if (SET_ONCE_PROFILE_FIELDS.includes(field) && current !== null) {
      refuse(field, { key: 'validation.setOnce', message: 'Already set; customer service can change it' });
      continue;
    }
    if (value === '') {
      changes[COLUMNS[field]] = null;
      continue;
    }
    const failure = checkProfileValue(field, value, settings, today);
    if (failure) refuse(field, failure);
    else changes[COLUMNS[field]] = value;
  }
  const emailChanges =
    input.email !== undefined && input.email.toLowerCase() !== (member.email ?? '').toLowerCase();
  if (emailChanges) {
    const failure = checkProfileValue('email', input.email!, settings, today);
    if (failure) refuse('email', failure);
    else Object.assign(changes, { email: input.email || null, email_verified: 0 });
  }
  if (Object.keys(fields).length > 0) {
    throw new AppError('VALIDATION_FAILED', `Invalid fields: ${Object.keys(fields).join(', ')}`, {
      fields,
      details: { rules },
    });
  }
  if (emailChanges) await requireLoginPassword(member, input.password);
  if (Object.keys(changes).length > 0)
    await repo.updateMember(db, member.id, { ...changes, updated_at: now() });
  if (emailChanges) {
    await recoveryChannelChanged(db, messaging, merchant, member, session, {
      channel: 'EMAIL',
      old: member.email_verified === 1 ? member.email : null,
    });
  }
};

/** A recovery channel (email, mobile) changes only with the login password. */
const requireLoginPassword = async (member: repo.MemberRow, password: string | undefined) => {
  if (!password || !(await verifyPassword(member.password_hash, password))) {
    throw new AppError('WRONG_PASSWORD', 'The login password is not right', {
      fields: { password: ['Incorrect'] },
    });
  }
};

/**
 * After a recovery channel changed: every other session of the member ends, the old channel is told
 * (if it was verified), and the operator can see the event.
 */
const recoveryChannelChanged = async (
  db: Db,
  messaging: Messaging,
  merchant: Merchant,
  member: repo.MemberRow,
  session: { sessionId: number; ip: string },
  change: { channel: 'EMAIL' | 'SMS'; old: string | null },
) => {
  const at = now();
  await repo.revokeMemberSessions(db, member.id, at, session.sessionId);
  if (change.old) {
    const message = channelChangedMessage(brandForMember(merchant, member), change.channel, member.username);
    await (change.channel === 'EMAIL' ? messaging.email : messaging.sms).send(db, {
      merchantId: merchant.id,
      to: change.old,
      ...(change.channel === 'EMAIL' && { subject: message.subject }),
      body: message.body,
    });
  }
  await recordSecurityEvent(db, {
    merchantId: merchant.id,
    kind: change.channel === 'EMAIL' ? 'EMAIL_CHANGED' : 'MOBILE_CHANGED',
    subject: member.username,
    ip: session.ip,
  });
};

/** Sends a code to the member's email address, to prove it is theirs. */
export const sendEmailVerification = async (
  db: Db,
  secrets: Secrets,
  messaging: Messaging,
  merchant: Merchant,
  member: repo.MemberRow,
  ip: string,
) => {
  if (!member.email) throw new AppError('OPERATION_NOT_ALLOWED', 'Add an email address first');
  if (member.email_verified === 1)
    throw new AppError('OPERATION_NOT_ALLOWED', 'This email address is already verified');
  return sendCode(db, secrets, messaging.email, {
    merchantId: merchant.id,
    channel: 'EMAIL',
    destination: member.email.toLowerCase(),
    purpose: 'BIND',
    ip,
    expiredMinutes: merchant.smsExpiredMinutes,
    settings: await getAuthSettings(db, merchant.id),
    brand: brandForMember(merchant, member),
  });
};

export const verifyEmail = async (
  db: Db,
  secrets: Secrets,
  merchant: Merchant,
  member: repo.MemberRow,
  code: string,
) => {
  if (!member.email) throw new AppError('OPERATION_NOT_ALLOWED', 'Add an email address first');
  await verifyCode(db, secrets, {
    merchantId: merchant.id,
    channel: 'EMAIL',
    destination: member.email.toLowerCase(),
    purpose: 'BIND',
    code,
  });
  await repo.updateMember(db, member.id, { email_verified: 1, updated_at: now() });
};

const mobileTaken = () =>
  new AppError('MOBILE_TAKEN', 'This mobile number is already registered', {
    fields: { mobileNo: ['Taken'] },
  });

/**
 * POST /wps/verification/sms/bind: a code to the number the member wants on the account, through the
 * same machinery, limits and expiry as every other SMS code (§8, §9). The human check comes before the
 * answer can tell whether the number belongs to someone else.
 */
export const sendMobileBindCode = async (
  deps: { db: Db; secrets: Secrets; messaging: Messaging },
  merchant: Merchant,
  member: repo.MemberRow,
  input: SmsRequest,
  ip: string,
) => {
  const { db, secrets } = deps;
  const settings = await getAuthSettings(db, merchant.id);
  const mobile = normalizeMobile(input.countryDialingCode, input.mobileNo);
  await requireHumanCheck(db, secrets, merchant.id, settings, {
    captchaId: input.captchaId,
    captcha: input.captcha,
    token: input.humanCheckToken,
    ip,
  });
  const holder = await repo.findMemberByMobile(db, merchant.id, mobile.dialCode, mobile.number);
  if (holder && holder.id !== member.id) throw mobileTaken();
  if (holder && member.mobile_verified === 1)
    throw new AppError('OPERATION_NOT_ALLOWED', 'This number is already verified on your account');
  return sendCode(db, secrets, deps.messaging.sms, {
    merchantId: merchant.id,
    channel: 'SMS',
    destination: mobile.e164,
    purpose: 'BIND',
    ip,
    expiredMinutes: merchant.smsExpiredMinutes,
    settings,
    brand: brandForMember(merchant, member),
  });
};

/** PUT /wps/member/info/mobile: the number a bind code was sent to becomes the account's, verified. */
export const bindMobile = async (
  deps: { db: Db; secrets: Secrets; messaging: Messaging },
  merchant: Merchant,
  member: repo.MemberRow,
  session: { sessionId: number; ip: string },
  input: BindMobileRequest,
) => {
  const { db, secrets } = deps;
  const mobile = normalizeMobile(input.countryDialingCode, input.mobileNo);
  await requireLoginPassword(member, input.password);
  const holder = await repo.findMemberByMobile(db, merchant.id, mobile.dialCode, mobile.number);
  if (holder && holder.id !== member.id) throw mobileTaken();
  await verifyCode(db, secrets, {
    merchantId: merchant.id,
    channel: 'SMS',
    destination: mobile.e164,
    purpose: 'BIND',
    code: input.verificationCode,
  });
  try {
    await repo.updateMember(db, member.id, {
      mobile_dial_code: mobile.dialCode,
      mobile_number: mobile.number,
      mobile_verified: 1,
      updated_at: now(),
    });
  } catch (error) {
    // Another member took the number between the check and the update (the unique index says so).
    if (await repo.findMemberByMobile(db, merchant.id, mobile.dialCode, mobile.number)) throw mobileTaken();
    throw error;
  }
  const old = member.mobile_number ? `${member.mobile_dial_code}${member.mobile_number}` : null;
  if (old !== mobile.e164) {
    await recoveryChannelChanged(db, deps.messaging, merchant, member, session, {
      channel: 'SMS',
      old: member.mobile_verified === 1 ? old : null,
    });
  }
};
