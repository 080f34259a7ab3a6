import type { Db } from '../../platform/db/index.js';
import { keyedHash } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import type { Secrets } from '../../platform/secrets.js';
import { checkPattern, type PatternType } from '@jade/contracts/patterns';
import type { Merchant } from '../merchants/repo.js';
import { getRegisterSettings } from '../system/service.js';
import { sendCode, verifyCode } from './codes.js';
import type { Messaging } from './messaging.js';
import * as repo from './repo.js';
import { getAuthSettings } from './settings.js';

const now = () => new Date().toISOString();

const ruleError = (
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
  input: {
    password?: string | undefined;
    oldPaymentPassword?: string | undefined;
    newPaymentPassword: string;
  },
) => {
  if (member.payment_password_hash) {
    if (
      !input.oldPaymentPassword ||
      !(await verifyPassword(member.payment_password_hash, input.oldPaymentPassword))
    ) {
      throw new AppError('PAYMENT_PASSWORD_WRONG', 'The current payment password is not right', {
        fields: { oldPaymentPassword: ['Incorrect'] },
      });
    }
  } else if (!input.password || !(await verifyPassword(member.password_hash, input.password))) {
    throw new AppError('WRONG_PASSWORD', 'The login password is not right', {
      fields: { password: ['Incorrect'] },
    });
  }
  const setting = (await getRegisterSettings(db, merchant)).fields.find((f) => f.field === 'paymentPassword');
  const failure = checkPattern(input.newPaymentPassword, {
    patternType: (setting?.patternType ?? 'DIGITS') as PatternType,
    min: setting?.min ?? 6,
    max: setting?.max ?? 6,
  });
  if (failure) throw ruleError('newPaymentPassword', failure);
  await repo.updateMember(db, member.id, {
    payment_password_hash: await hashPassword(input.newPaymentPassword),
    updated_at: now(),
  });
};

/** Edits the profile fields a member may change; a new email address is unverified until its code is entered. */
export const updateProfile = async (
  db: Db,
  merchant: Merchant,
  member: repo.MemberRow,
  input: { nickname?: string | undefined; email?: string | undefined },
) => {
  const changes: Partial<repo.MemberRow> = { updated_at: now() };
  if (input.nickname !== undefined) changes.nickname = input.nickname.trim() || null;
  if (input.email !== undefined && input.email.toLowerCase() !== (member.email ?? '').toLowerCase()) {
    const failure = checkPattern(input.email, { patternType: 'EMAIL', min: 5, max: 254 });
    if (failure) throw ruleError('email', failure);
    changes.email = input.email;
    changes.email_verified = 0;
  }
  await repo.updateMember(db, member.id, changes);
  void merchant;
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
    brandName: merchant.name,
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

/** Uses a reset link from the forgot-password email once: a new password, and every session ends. */
export const resetPasswordWithToken = async (
  db: Db,
  secrets: Secrets,
  merchant: Merchant,
  input: { token: string; newPassword: string },
) => {
  const at = now();
  const row = await db
    .selectFrom('verification_code')
    .selectAll()
    .where('merchant_id', '=', merchant.id)
    .where('channel', '=', 'EMAIL')
    .where('purpose', '=', 'RESET')
    .where('code_hash', '=', keyedHash(secrets.sessionSecret, 'reset-link', input.token))
    .executeTakeFirst();
  if (!row || row.consumed_at !== null) throw new AppError('CODE_INVALID', 'This reset link is not valid');
  if (row.expires_at <= at)
    throw new AppError('CODE_EXPIRED', 'This reset link has expired; ask for a new one');
  const member = await db
    .selectFrom('member')
    .selectAll()
    .where('merchant_id', '=', merchant.id)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', row.destination))
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  if (!member) throw new AppError('CODE_INVALID', 'This reset link is not valid');
  const settings = await getAuthSettings(db, merchant.id);
  const failure = checkPattern(input.newPassword, {
    patternType: settings.passwordRule.patternType as PatternType,
    min: settings.passwordRule.min,
    max: settings.passwordRule.max,
  });
  if (failure) throw ruleError('newPassword', failure);
  const consumed = await db
    .updateTable('verification_code')
    .set({ consumed_at: at })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1)
    throw new AppError('CODE_INVALID', 'This reset link is not valid');
  await repo.updateMember(db, member.id, {
    password_hash: await hashPassword(input.newPassword),
    password_changed_at: at,
    must_change_password: 0,
    updated_at: at,
  });
  await repo.revokeMemberSessions(db, member.id, at);
};
