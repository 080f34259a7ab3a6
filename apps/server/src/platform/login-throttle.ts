import { sql } from 'kysely';
import type { DbOrTrx } from './db/index.js';

/**
 * Failed logins counted per (account, source address), for members and operators alike. Each attempt
 * is counted with one atomic upsert *before* the slow password hash is checked, so concurrent guesses
 * each take a number; past the limit the pair is locked with a delay that doubles on every lock.
 * Keyed by the name typed, known or not, so the answers never tell whether an account exists, and
 * by address, so a stranger's guesses never lock the owner out of their own address.
 */
export type ThrottleKey = { scope: 'MEMBER' | 'OPERATOR'; merchantId: number; account: string; ip: string };
export type Attempt = { failures: number; lockouts: number; lockedUntil: string | null };

/** The longest lock, however many came before (24 hours). */
const MAX_LOCK_MS = 86_400_000;

const where = (key: ThrottleKey) => ({
  scope: key.scope,
  merchant_id: key.merchantId,
  account: key.account.toLowerCase().slice(0, 120),
  ip: key.ip.slice(0, 64),
});

/** Counts one attempt; a locked pair is not counted and answers its lock. */
export const countLoginAttempt = async (db: DbOrTrx, key: ThrottleKey, now: Date): Promise<Attempt> => {
  const at = now.toISOString();
  const id = where(key);
  const row = await db
    .insertInto('login_throttle')
    .values({ ...id, failures: 1, lockouts: 0, locked_until: null, updated_at: at })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'merchant_id', 'account', 'ip'])
        .doUpdateSet({ failures: sql`login_throttle.failures + 1`, updated_at: at })
        .where((eb) =>
          eb.or([eb('login_throttle.locked_until', 'is', null), eb('login_throttle.locked_until', '<=', at)]),
        ),
    )
    .returning(['failures', 'lockouts', 'locked_until'])
    .executeTakeFirst();
  if (row) return { failures: row.failures, lockouts: row.lockouts, lockedUntil: null };
  const locked = await db
    .selectFrom('login_throttle')
    .select(['failures', 'lockouts', 'locked_until'])
    .where('scope', '=', id.scope)
    .where('merchant_id', '=', id.merchant_id)
    .where('account', '=', id.account)
    .where('ip', '=', id.ip)
    .executeTakeFirstOrThrow();
  return { failures: locked.failures, lockouts: locked.lockouts, lockedUntil: locked.locked_until };
};

/**
 * Locks the pair: lockMinutes × 2^(locks before), at most a day, and records the lock as a security
 * event for the operator. Answers the end of the lock.
 */
export const lockLoginAttempts = async (
  db: DbOrTrx,
  key: ThrottleKey,
  attempt: Attempt,
  lockMinutes: number,
  event: { merchantId: number | null; kind: string; details?: Record<string, unknown> },
  now: Date,
): Promise<{ lockedUntil: string; retryAfterSeconds: number }> => {
  const ms = Math.min(MAX_LOCK_MS, lockMinutes * 60_000 * 2 ** Math.min(attempt.lockouts, 20));
  const lockedUntil = new Date(now.getTime() + ms).toISOString();
  const id = where(key);
  await db
    .updateTable('login_throttle')
    .set({
      failures: 0,
      lockouts: sql`login_throttle.lockouts + 1`,
      locked_until: lockedUntil,
      updated_at: now.toISOString(),
    })
    .where('scope', '=', id.scope)
    .where('merchant_id', '=', id.merchant_id)
    .where('account', '=', id.account)
    .where('ip', '=', id.ip)
    .execute();
  await recordSecurityEvent(
    db,
    {
      merchantId: event.merchantId,
      kind: event.kind,
      subject: key.account,
      ip: key.ip,
      details: { lockedUntil, lockouts: attempt.lockouts + 1, ...event.details },
    },
    now,
  );
  return { lockedUntil, retryAfterSeconds: Math.ceil(ms / 1000) };
};

/** A right password ends the count for that pair. */
export const clearLoginAttempts = async (db: DbOrTrx, key: ThrottleKey) => {
  const id = where(key);
  await db
    .deleteFrom('login_throttle')
    .where('scope', '=', id.scope)
    .where('merchant_id', '=', id.merchant_id)
    .where('account', '=', id.account)
    .where('ip', '=', id.ip)
    .execute();
};

/** Pairs idle for a day with no lock in force are forgotten (the leased prune job). */
export const pruneLoginThrottle = async (db: DbOrTrx, now: Date = new Date()) => {
  const at = now.toISOString();
  await db
    .deleteFrom('login_throttle')
    .where('updated_at', '<', new Date(now.getTime() - MAX_LOCK_MS).toISOString())
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
    .execute();
};

/** A security event the operator can read (lockouts, recovery-channel changes). */
export const recordSecurityEvent = async (
  db: DbOrTrx,
  event: {
    merchantId: number | null;
    kind: string;
    subject: string;
    ip: string | null;
    details?: Record<string, unknown>;
  },
  now = new Date(),
) => {
  await db
    .insertInto('security_event')
    .values({
      merchant_id: event.merchantId,
      kind: event.kind,
      subject: event.subject.slice(0, 120),
      ip: event.ip,
      details: JSON.stringify(event.details ?? {}),
      created_at: now.toISOString(),
    })
    .execute();
};
