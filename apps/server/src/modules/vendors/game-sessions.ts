import { keyedHash, randomToken } from '../../platform/crypto.js';
import type { DbOrTrx } from '../../platform/db/index.js';

/**
 * Game sessions (decision 0016). A launch opens one, bound to a member, a game and a brand, and puts a
 * one-time launch code in the game's address; the vendor's server trades the code (within two minutes,
 * once) for the session token its wallet calls then carry. Neither is stored: the code and the token
 * are kept as keyed hashes, and the token is derived from the code, so only the trade can reveal it.
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
};

const tokenOf = (secret: string, launchCode: string) => keyedHash(secret, 'game-session-token', launchCode);
const tokenHash = (secret: string, token: string) => keyedHash(secret, 'game-session', token);
const codeHash = (secret: string, code: string) => keyedHash(secret, 'game-launch-code', code);

export const openGameSession = async (
  db: DbOrTrx,
  secret: string,
  input: { merchantId: number; memberId: number; vendorCode: string; gameId: string },
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { launchCode, session: { id: row.id, ...input, expiresAt } };
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
    .returning(['id', 'merchant_id', 'member_id', 'vendor_code', 'game_id', 'expires_at'])
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
    .select(['id', 'merchant_id', 'member_id', 'vendor_code', 'game_id', 'expires_at'])
    .where('token_hash', '=', tokenHash(secret, token))
    .executeTakeFirst();
  return row && toSession(row);
};

const toSession = (row: {
  id: number;
  merchant_id: number;
  member_id: number;
  vendor_code: string;
  game_id: string;
  expires_at: string;
}): GameSession => ({
  id: row.id,
  merchantId: row.merchant_id,
  memberId: row.member_id,
  vendorCode: row.vendor_code,
  gameId: row.game_id,
  expiresAt: row.expires_at,
});
