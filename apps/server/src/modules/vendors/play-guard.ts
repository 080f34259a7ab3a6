import { SYSTEM_STATUS } from '@jade/contracts/constants';
import type { WalletStatus } from '@jade/contracts/vendor-wallet';
import type { DbOrTrx } from '../../platform/db/index.js';
import { touchSession } from '../accounts/repo.js';
import { getAuthSettings } from '../accounts/settings.js';
import type { Merchant } from '../merchants/repo.js';
import { siteStatusFor } from '../system/service.js';
import { touchGameSession, type GameSession } from './game-sessions.js';

const MINUTE = 60_000;
/** A bet renews the game's and the login's idle time at most once a minute, not on every spin. */
const TOUCH_EVERY_MS = MINUTE;

/**
 * Why a game session may not place a new bet now, beyond what the session itself says (issue 19,
 * item 5, decision 0024):
 *   TOKEN_EXPIRED   the login that launched the game has ended (logged out, revoked, expired, pruned),
 *                   or the game has had no bet for the brand's gameSessionIdleMinutes
 *   PLAYER_BLOCKED  the brand is under maintenance, or the address the game was launched from is
 *                   restricted by the brand's region rules as they are now
 * Credits and rollbacks never ask: a bet already placed is still paid or refunded.
 *
 * A bet that passes is the member's activity: the game's idle time starts again, and so does the
 * login's (up to its absolute end), so a member playing for hours is not logged out under the game.
 */
export const newBetRefusal = async (
  db: DbOrTrx,
  merchant: Merchant,
  session: GameSession,
  now = new Date(),
): Promise<WalletStatus | undefined> => {
  const at = now.toISOString();
  const login =
    session.loginSessionId === null
      ? undefined
      : await db
          .selectFrom('member_session')
          .select(['id', 'ip', 'expires_at', 'absolute_expires_at', 'revoked_at'])
          .where('id', '=', session.loginSessionId)
          .executeTakeFirst();
  if (!login || login.revoked_at !== null || login.expires_at <= at || login.absolute_expires_at <= at)
    return 'TOKEN_EXPIRED';
  const settings = await getAuthSettings(db, merchant.id);
  const idleSince = now.getTime() - Date.parse(session.lastSeenAt);
  if (idleSince >= settings.gameSessionIdleMinutes * MINUTE) return 'TOKEN_EXPIRED';
  if ((await siteStatusFor(db, merchant, session.ip ?? login.ip)) !== SYSTEM_STATUS.NORMAL)
    return 'PLAYER_BLOCKED';
  if (idleSince >= TOUCH_EVERY_MS) {
    await touchGameSession(db, session.id, now);
    const loginExpires = Math.min(
      now.getTime() + settings.sessionIdleMinutes * MINUTE,
      Date.parse(login.absolute_expires_at),
    );
    // Never shortens a login the member's own calls renewed further.
    if (new Date(loginExpires).toISOString() > login.expires_at)
      await touchSession(db, login.id, at, new Date(loginExpires).toISOString());
  }
  return undefined;
};
