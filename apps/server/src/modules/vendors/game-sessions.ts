import { keyedHash, randomToken } from '../../platform/crypto.js';
import type { DbOrTrx } from '../../platform/db/index.js';

/**
 * Game sessions (decision 0016). A launch opens one, bound to a member, a game and a brand, and puts a
 * one-time launch code in the game's address; the vendor's server trades the code (within two minutes,
 * once) for the session token its wallet calls then carry. Neither is stored: the code and the token
 * are kept as keyed hashes, and the token is derived from the code, so only the trade can reveal it.
 * A session takes bets for at most 12 hours, and only while the login that launched it lives and the
 * game has not idled out (play-guard.ts, decision 0024).
 */
export const LAUNCH_CODE_SECONDS = 120;
export const GAME_SESSION_HOURS = 12;

export type GameSession = {
  id: number;
  merchantId: number;
  memberId: number;
  vendorCode: string;
  gameId: string;
  expiresAt: string;
  /**
   * The member session (login) that launched the game: the game bets only while it lives (issue 19,
   * item 5, decision 0024). Null when it is gone or was never known.
   */
  loginSessionId: number | null;
  /** The address the launch came from. */
  ip: string | null;
  /** The game's last bet, or its opening. */
  lastSeenAt: string;
};

const COLUMNS = [
  'id',
  'merchant_id',
  'member_id',
  'vendor_code',
  'game_id',
  'expires_at',
  'login_session_id',
  'ip',
  'last_seen_at',
  'created_at',
] as const;

const tokenOf = (secret: string, launchCode: string) => keyedHash(secret, 'game-session-token', launchCode);
const tokenHash = (secret: string, token: string) => keyedHash(secret, 'game-session', token);
const codeHash = (secret: string, code: string) => keyedHash(secret, 'game-launch-code', code);

export const openGameSession = async (
  db: DbOrTrx,
  secret: string,
  input: {
    merchantId: number;
    memberId: number;
    vendorCode: string;
    gameId: string;
    loginSessionId: number;
    ip: string;
  },
  now = new Date(),
): Promise<{ launchCode: string; session: GameSession }> => {
  const launchCode = randomToken(24);
  const expiresAt = new Date(now.getTime() + GAME_SESSION_HOURS * 3_600_000).toISOString();
  const row = await db
    .insertInto('game_session')
    .values({
      merchant_id: input.merchantId,
      member_id: input.memberId,
      vendor_code: input.vendorCode,
      game_id: input.gameId,
      token_hash: tokenHash(secret, tokenOf(secret, launchCode)),
      launch_code_hash: codeHash(secret, launchCode),
      launch_expires_at: new Date(now.getTime() + LAUNCH_CODE_SECONDS * 1000).toISOString(),
      expires_at: expiresAt,
      created_at: now.toISOString(),
      login_session_id: input.loginSessionId,
      ip: input.ip,
      last_seen_at: now.toISOString(),
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { launchCode, session: toSession(row) };
};

/** Trades a launch code for the session token, once; undefined for an unknown, used or late code. */
export const redeemLaunchCode = async (
  db: DbOrTrx,
  secret: string,
  input: { merchantId: number; vendorCode: string; launchCode: string },
  now = new Date(),
): Promise<{ token: string; session: GameSession } | undefined> => {
  const row = await db
    .updateTable('game_session')
    .set({ launch_code_hash: null })
    .where('launch_code_hash', '=', codeHash(secret, input.launchCode))
    .where('merchant_id', '=', input.merchantId)
    .where('vendor_code', '=', input.vendorCode)
    .where('launch_expires_at', '>', now.toISOString())
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) return undefined;
  return { token: tokenOf(secret, input.launchCode), session: toSession(row) };
};

/** The session a token names (expired ones too: the caller decides what an expired session may do). */
export const findGameSession = async (
  db: DbOrTrx,
  secret: string,
  token: string,
): Promise<GameSession | undefined> => {
  const row = await db
    .selectFrom('game_session')
    .select(COLUMNS)
    .where('token_hash', '=', tokenHash(secret, token))
    .executeTakeFirst();
  return row && toSession(row);
};

/** A bet was placed: the game's idle time starts again. */
export const touchGameSession = async (db: DbOrTrx, id: number, now = new Date()) => {
  await db
    .updateTable('game_session')
    .set({ last_seen_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
};

const toSession = (row: {
  id: number;
  merchant_id: number;
  member_id: number;
  vendor_code: string;
  game_id: string;
  expires_at: string;
  login_session_id: number | null;
  ip: string | null;
  last_seen_at: string | null;
  created_at: string;
}): GameSession => ({
  id: row.id,
  merchantId: row.merchant_id,
  memberId: row.member_id,
  vendorCode: row.vendor_code,
  gameId: row.game_id,
  expiresAt: row.expires_at,
  loginSessionId: row.login_session_id,
  ip: row.ip,
  lastSeenAt: row.last_seen_at ?? row.created_at,
});
