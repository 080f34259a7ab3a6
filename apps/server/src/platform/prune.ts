import type { DbOrTrx } from './db/index.js';
import { pruneLoginThrottle } from './login-throttle.js';
import { pruneRateLimits } from './rate-limit.js';

/** Tables whose rows end at `expires_at`: once past it a row answers nothing and only takes room. */
const EXPIRING = [
  'payload_nonce',
  'captcha',
  'verification_code',
  'password_reset',
  'login_challenge',
  'social_login_state',
  'operator_session',
] as const;

/**
 * The leased prune job: every expiring table, so none grows without limit (issue 9, item 12).
 * Member sessions go once both their idle and absolute expiry have passed.
 */
export const pruneExpired = async (db: DbOrTrx, now: Date = new Date()) => {
  const at = now.toISOString();
  for (const table of EXPIRING) await db.deleteFrom(table).where('expires_at', '<', at).execute();
  await db
    .deleteFrom('member_session')
    .where((eb) => eb.or([eb('expires_at', '<', at), eb('absolute_expires_at', '<', at)]))
    .execute();
  await pruneRateLimits(db, now);
  await pruneLoginThrottle(db, now);
};
