import { createHash } from 'node:crypto';
import type { DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import { hitRateLimit, resetRateLimit } from '../../platform/rate-limit.js';

/** Five payment-password attempts in 15 minutes; past that every call that asks for it is refused. */
const PAYMENT_PASSWORD_ATTEMPTS = 5;
const WINDOW_SECONDS = 900;

/**
 * Checks the payment password (withdrawals, upline transfers, changing it). Every attempt is counted
 * atomically before the slow hash check, so at most five are ever checked in a window however many
 * arrive at once; a right one starts the count again.
 */
export const checkPaymentPassword = async (
  db: DbOrTrx,
  member: { id: number; payment_password_hash: string | null },
  password: string | undefined,
  now = new Date(),
  field = 'paymentPassword',
) => {
  const hash = member.payment_password_hash;
  if (!hash) throw new AppError('PAYMENT_PASSWORD_NOT_SET', 'Set a payment password first');
  // Identical checks already in flight share one count and one hash (a member's concurrent
  // withdrawals with the right password); every distinct guess takes a count of its own.
  const key = `${member.id}:${hash}:${createHash('sha256')
    .update(password ?? '')
    .digest('base64')}`;
  let flight = inFlight.get(key);
  if (!flight) {
    flight = evaluate(db, member.id, hash, password, now).finally(() => inFlight.delete(key));
    inFlight.set(key, flight);
  }
  const outcome = await flight;
  if (outcome === 'LIMITED') {
    throw new AppError('RATE_LIMITED', 'Too many wrong payment passwords; try later');
  }
  if (outcome === 'WRONG') {
    throw new AppError('PAYMENT_PASSWORD_WRONG', 'Incorrect payment password', {
      fields: { [field]: ['Incorrect'] },
    });
  }
};

type Outcome = 'RIGHT' | 'WRONG' | 'LIMITED';
const inFlight = new Map<string, Promise<Outcome>>();

const evaluate = async (
  db: DbOrTrx,
  memberId: number,
  hash: string,
  password: string | undefined,
  now: Date,
): Promise<Outcome> => {
  const attemptsKey = `payment-password:${memberId}`;
  const attempt = await hitRateLimit(db, attemptsKey, PAYMENT_PASSWORD_ATTEMPTS, WINDOW_SECONDS, now);
  if (!attempt.allowed) return 'LIMITED';
  if (!password || !(await verifyPassword(hash, password))) return 'WRONG';
  await resetRateLimit(db, attemptsKey);
  return 'RIGHT';
};
