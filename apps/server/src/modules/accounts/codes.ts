import {
  PASSWORD_RESET_RETRY_MINUTES,
  SMS_RESEND_SECONDS_PER_EXPIRED_MINUTE,
} from '@jade/contracts/constants';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../platform/db/index.js';
import { keyedHash, randomDigits, safeEqual } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { hitInterval, hitRateLimit } from '../../platform/rate-limit.js';
import type { Secrets } from '../../platform/secrets.js';
import type { MessageProvider } from './messaging.js';
import type { AuthSettings } from './settings.js';
import { codeMessage, type MessageBrand } from './code-texts.js';

export type CodePurpose = 'LOGIN' | 'REGISTER' | 'RESET' | 'NEW_IP' | 'BIND';
const MAX_ATTEMPTS = 5;

/** '+84' and '0912 345-678' → { dialCode: '+84', number: '912345678' }; PHONE_INVALID when it cannot be a number. */
export const normalizeMobile = (dialCode: string | undefined, number: string | undefined) => {
  const dial = (dialCode ?? '').replace(/[^\d]/g, '');
  const digits = (number ?? '').replace(/[\s().-]/g, '').replace(/^0/, '');
  if (!/^\d{1,4}$/.test(dial) || !/^\d{6,14}$/.test(digits)) {
    throw new AppError('PHONE_INVALID', 'Invalid or missing mobile number', {
      fields: { mobileNum: ['Invalid mobile number'] },
    });
  }
  return { dialCode: `+${dial}`, number: digits, e164: `+${dial}${digits}` };
};

export const maskDestination = (destination: string) =>
  destination.includes('@')
    ? destination.replace(/^(.).*(@.*)$/, '$1***$2')
    : `${destination.slice(0, 3)} *** ${destination.slice(-3)}`;

const codeHash = (secrets: Secrets, destination: string, purpose: string, code: string) =>
  keyedHash(secrets.sessionSecret, `code:${purpose}:${destination}`, code);

/**
 * Sends a one-time code. §9: one request per 1000 ms, a resend only after 60 s x expiredMinutes, and
 * too many requests answer 'retry after 5 minutes'.
 */
export const sendCode = async (
  db: DbOrTrx,
  secrets: Secrets,
  provider: MessageProvider,
  input: {
    merchantId: number;
    channel: 'SMS' | 'EMAIL';
    destination: string;
    purpose: CodePurpose;
    ip: string;
    expiredMinutes: number;
    settings: AuthSettings;
    /** The brand, whose language the message is in. */
    brand: MessageBrand;
  },
  now = new Date(),
) => {
  const { merchantId, destination, purpose } = input;
  const throttle = await hitInterval(db, `code-1s:${merchantId}:${destination}`, 1000, now);
  if (!throttle.allowed) {
    throw new AppError('PHONE_TOO_MANY_REQUESTS', 'Too many requests, please retry after 5 minutes', {
      details: { retryAfterSeconds: PASSWORD_RESET_RETRY_MINUTES * 60 },
    });
  }
  const limits = input.settings.rateLimits;
  const perNumber = await hitRateLimit(
    db,
    `code-dest:${merchantId}:${destination}`,
    limits.smsPerNumber.count,
    limits.smsPerNumber.windowSeconds,
    now,
  );
  const perIp = await hitRateLimit(
    db,
    `code-ip:${merchantId}:${input.ip}`,
    limits.smsPerIp.count,
    limits.smsPerIp.windowSeconds,
    now,
  );
  if (!perNumber.allowed || !perIp.allowed) {
    throw new AppError('PHONE_TOO_MANY_REQUESTS', 'Too many requests, please retry after 5 minutes', {
      details: { retryAfterSeconds: PASSWORD_RESET_RETRY_MINUTES * 60 },
    });
  }
  const resendAfterSeconds = SMS_RESEND_SECONDS_PER_EXPIRED_MINUTE * input.expiredMinutes;
  const last = await db
    .selectFrom('verification_code')
    .select('created_at')
    .where('merchant_id', '=', merchantId)
    .where('channel', '=', input.channel)
    .where('destination', '=', destination)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last) {
    const waited = (now.getTime() - Date.parse(last.created_at)) / 1000;
    if (waited < resendAfterSeconds) {
      throw new AppError('SMS_RESEND_TOO_SOON', 'A code was sent recently; wait before asking again', {
        details: { retryAfterSeconds: Math.ceil(resendAfterSeconds - waited) },
      });
    }
  }
  const code = randomDigits(6);
  await db
    .insertInto('verification_code')
    .values({
      merchant_id: merchantId,
      channel: input.channel,
      destination,
      purpose,
      code_hash: codeHash(secrets, destination, purpose, code),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + input.expiredMinutes * 60_000).toISOString(),
      consumed_at: null,
    })
    .execute();
  const message = codeMessage(input.brand, code, input.expiredMinutes);
  await provider.send(db, {
    merchantId,
    to: destination,
    subject: input.channel === 'EMAIL' ? message.subject : undefined,
    body: message.body,
  } as { merchantId: number; to: string; body: string });
  return { resendAfterSeconds, expiredMinutes: input.expiredMinutes };
};

/** Consumes the latest code sent to `destination` for `purpose`; each failure has its own code (§8). */
export const verifyCode = async (
  db: DbOrTrx,
  secrets: Secrets,
  input: {
    merchantId: number;
    channel: 'SMS' | 'EMAIL';
    destination: string;
    purpose: CodePurpose;
    code: string | undefined;
  },
  now = new Date(),
) => {
  if (!input.code || !/^\d{4,8}$/.test(input.code)) {
    throw new AppError('CODE_INVALID', 'Invalid or missing verification code', {
      fields: { verificationCode: ['Invalid code'] },
    });
  }
  const row = await db
    .selectFrom('verification_code')
    .selectAll()
    .where('merchant_id', '=', input.merchantId)
    .where('channel', '=', input.channel)
    .where('destination', '=', input.destination)
    .where('purpose', '=', input.purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.consumed_at !== null) {
    throw new AppError('CODE_INVALID', 'Invalid or missing verification code', {
      fields: { verificationCode: ['Invalid code'] },
    });
  }
  if (row.expires_at <= now.toISOString()) {
    throw new AppError('CODE_EXPIRED', 'The code has expired, please send again');
  }
  // Each guess takes a number atomically before it is compared: concurrent guesses cannot share one.
  const counted = await db
    .updateTable('verification_code')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', row.id)
    .where('attempts', '<', MAX_ATTEMPTS)
    .where('consumed_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  if (!counted) throw new AppError('CODE_EXPIRED', 'The code has expired, please send again');
  if (!safeEqual(row.code_hash, codeHash(secrets, input.destination, input.purpose, input.code))) {
    throw new AppError('CODE_INVALID', 'Invalid or missing verification code', {
      fields: { verificationCode: ['Invalid code'] },
    });
  }
  const consumed = await db
    .updateTable('verification_code')
    .set({ consumed_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) === 0) {
    throw new AppError('CODE_INVALID', 'Invalid or missing verification code', {
      fields: { verificationCode: ['Invalid code'] },
    });
  }
};
