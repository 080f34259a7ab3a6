import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { keyedHash, randomToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { isoTexts } from '../../platform/iso-time.js';
import type { Secrets } from '../../platform/secrets.js';
import * as repo from './repo.js';
import type { AuthSettings } from './settings.js';

export type Site = 'MEMBER' | 'AGENT';
export type LoginMethod = 'PASSWORD' | 'SMS' | 'SOCIAL' | 'FREEPLAY' | 'REGISTER' | 'RESET';

const MINUTE = 60_000;
/** Sliding renewal writes at most once a minute per session, not on every request. */
const TOUCH_EVERY_MS = MINUTE;
/** The text of now, and of now less TOUCH_EVERY_MS, for every authenticated call (decision 0097). */
const isoOfNow = isoTexts();
const isoOfTouchLine = isoTexts();

const tokenHash = (secrets: Secrets, token: string) => keyedHash(secrets.sessionSecret, 'session', token);

/** How many live tokens' hashes a process keeps: about a megabyte at most. */
const TOKEN_HASHES_KEPT = 4096;
const tokenHashes = new WeakMap<Secrets, Map<string, string>>();

/**
 * The hash of a token that found its session before, kept so each call of a logged-in member does
 * not compute its HMAC again (25-35 µs, issue 23). Only the hash is memoised, never the session:
 * the session and its member are still read on every call, so a logout or a frozen member is
 * refused at once. Only tokens of a live session are kept (random tokens cannot churn it), the
 * oldest first out; the tokens stay in this process's memory only, never logged or written.
 */
const tokenHashesOf = (secrets: Secrets) => {
  let hashes = tokenHashes.get(secrets);
  if (!hashes) tokenHashes.set(secrets, (hashes = new Map()));
  return hashes;
};

const keepTokenHash = (hashes: Map<string, string>, token: string, hash: string) => {
  if (hashes.size >= TOKEN_HASHES_KEPT) hashes.delete(hashes.keys().next().value as string);
  hashes.set(token, hash);
};

/** Issues a session: the token goes to the client once; only its keyed hash is stored. */
export const createSession = async (
  db: DbOrTrx,
  secrets: Secrets,
  input: {
    merchantId: number;
    memberId: number;
    site: Site;
    method: LoginMethod;
    ip: string;
    userAgent: string | undefined;
    settings: AuthSettings;
  },
  now = new Date(),
): Promise<string> => {
  const token = randomToken(32);
  const at = now.toISOString();
  await repo.insertSession(db, {
    merchant_id: input.merchantId,
    member_id: input.memberId,
    token_hash: tokenHash(secrets, token),
    site: input.site,
    login_method: input.method,
    ip: input.ip,
    user_agent: input.userAgent?.slice(0, 512) ?? null,
    created_at: at,
    last_seen_at: at,
    expires_at: new Date(now.getTime() + input.settings.sessionIdleMinutes * MINUTE).toISOString(),
    absolute_expires_at: new Date(now.getTime() + input.settings.sessionMaxHours * 60 * MINUTE).toISOString(),
  });
  await repo.recordLoginDay(db, input.merchantId, input.memberId, now);
  return token;
};

/** A live session and its member: all its columns (`authenticate`) or the rules' (`authenticateForRules`). */
export type AuthenticatedSession<M extends repo.RuleMember = repo.MemberRow> = {
  sessionId: number;
  member: M;
  site: Site;
  method: LoginMethod;
  /** The member's ledger accounts, read with the session when asked for (SQLite only, decision 0083). */
  ledgerAccounts?: repo.LedgerAccountValues[];
};

const unauthenticated = () => new AppError('UNAUTHENTICATED', 'You are not logged in, please login');

export type AuthenticateOptions = {
  now?: Date;
  /** The member's ledger accounts, read with the session on SQLite (decision 0083). */
  withLedgerAccounts?: boolean;
};

/**
 * Resolves a bearer token to its live session and member (`M` as its reader reads it), renewing
 * the idle expiry. Every failure answers the same code, so a caller cannot tell a wrong token from
 * an expired or revoked one.
 */
export type Authenticate<M extends repo.RuleMember> = (
  db: Db,
  secrets: Secrets,
  merchantId: number,
  token: string | undefined,
  settings: () => Promise<AuthSettings>,
  options?: AuthenticateOptions,
) => Promise<AuthenticatedSession<M>>;

/** A session as its reader reads it (live or not), with its member and the accounts asked for. */
type SessionRead = NonNullable<Awaited<ReturnType<typeof repo.findSessionWithMember>>>;

/** A session by its token's hash, with its member: `findSessionWithMember` or `findSessionWithRuleMember`. */
type SessionReader<M extends repo.RuleMember> = (
  db: Db,
  tokenHash: string,
  options: repo.SessionReadOptions,
) => Promise<(Omit<SessionRead, 'member'> & { member: M }) | undefined>;

/** `authenticate` with the member its reader reads: every check runs the same, on the same values. */
const authenticateBy =
  <M extends repo.RuleMember>(readSession: SessionReader<M>): Authenticate<M> =>
  async (db, secrets, merchantId, token, settings, { now = new Date(), withLedgerAccounts = false } = {}) => {
    if (!token || token.length < 32 || token.length > 128) throw unauthenticated();
    const hashes = tokenHashesOf(secrets);
    const known = hashes.get(token);
    const hash = known ?? tokenHash(secrets, token);
    const found = await readSession(db, hash, { withLedgerAccounts });
    if (!found) throw unauthenticated();
    const { session, member, ledgerAccounts } = found;
    const nowMs = now.getTime();
    const at = isoOfNow(nowMs);
    if (
      session.merchant_id !== merchantId ||
      session.revoked_at !== null ||
      session.expires_at <= at ||
      session.absolute_expires_at <= at ||
      member.status !== 'ACTIVE'
    ) {
      throw unauthenticated();
    }
    if (known === undefined) keepTokenHash(hashes, token, hash);
    // Its times are toISOString's text, compared as text like the expiries (no parse a call).
    if (session.last_seen_at <= isoOfTouchLine(nowMs - TOUCH_EVERY_MS)) {
      const idle = (await settings()).sessionIdleMinutes * MINUTE;
      const expires = new Date(Math.min(nowMs + idle, Date.parse(session.absolute_expires_at))).toISOString();
      await repo.touchSession(db, session.id, at, expires);
    }
    return {
      sessionId: session.id,
      member,
      site: session.site as Site,
      method: session.login_method as LoginMethod,
      ledgerAccounts,
    };
  };

/** The live session of a token and its member, all its columns. */
export const authenticate = authenticateBy(repo.findSessionWithMember);

/**
 * The same with only the member's columns the checks read and its id (`RuleMember`, decision 0089),
 * for a call that needs no more of the member: every check runs the same.
 */
export const authenticateForRules = authenticateBy(repo.findSessionWithRuleMember);

export const revoke = (db: DbOrTrx, sessionId: number, now = new Date()) =>
  repo.revokeSession(db, sessionId, now.toISOString());

/**
 * Whether a session authenticated before still holds (not revoked, not expired, its member active),
 * without touching it: a live stream that asks now and then must not keep an idle session alive.
 */
export const sessionStillValid = async (db: Db, sessionId: number, now = new Date()): Promise<boolean> => {
  const session = await db
    .selectFrom('member_session')
    .select(['member_id', 'merchant_id', 'revoked_at', 'expires_at', 'absolute_expires_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
  const at = now.toISOString();
  if (
    !session ||
    session.revoked_at !== null ||
    session.expires_at <= at ||
    session.absolute_expires_at <= at
  )
    return false;
  const member = await repo.findMemberById(db, session.merchant_id, session.member_id);
  return member?.status === 'ACTIVE';
};
