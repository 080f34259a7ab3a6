import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { keyedHash, randomToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../platform/passwords.js';
import { clearLoginAttempts, countLoginAttempt, lockLoginAttempts } from '../../platform/login-throttle.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import type { Secrets } from '../../platform/secrets.js';
import { getMerchantByCode, listMerchants } from '../merchants/service.js';
import { assertOperatorMay, type OperatorAction } from './roles.js';

/** Operators are back-office principals, apart from members (ROADMAP: design the auth hook for both). */
export type Operator = { id: number; username: string; role: string; merchantId: number | null };

/** The operator the CLI acts as: someone at the server's console (id 0 is stored as no operator). */
export const CONSOLE_OPERATOR: Operator = { id: 0, username: 'console', role: 'ADMIN', merchantId: null };

const SESSION_HOURS = 12;
const tokenHash = (secrets: Secrets, token: string) =>
  keyedHash(secrets.sessionSecret, 'operator-session', token);

export const createOperator = async (
  db: DbOrTrx,
  input: { username: string; password: string; role: 'ADMIN' | 'FINANCE'; merchantId: number | null },
) => {
  if (!/^[A-Za-z][A-Za-z0-9._-]{2,63}$/.test(input.username)) {
    throw new AppError(
      'BAD_REQUEST',
      'An operator name is 3-64 letters, digits, dots, dashes or underscores',
    );
  }
  if (input.password.length < 12)
    throw new AppError('BAD_REQUEST', 'An operator password has at least 12 characters');
  const row = await db
    .insertInto('operator')
    .values({
      username: input.username,
      password_hash: await hashPassword(input.password),
      merchant_id: input.merchantId,
      role: input.role,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new AppError('CONFLICT', `An operator named '${input.username}' exists already`);
  return row.id;
};

/** Operator login failures: the member login's protection, per (name typed, address). */
const OPERATOR_LOCK = { lockAfterFailures: 5, lockMinutes: 15 };
const OPERATOR_LOGIN_PER_IP = { count: 20, windowSeconds: 60 };

export const loginOperator = async (
  db: Db,
  secrets: Secrets,
  input: { username: string; password: string; ip: string },
  now = new Date(),
) => {
  const perIp = await hitRateLimit(
    db,
    `operator-login-ip:${input.ip}`,
    OPERATOR_LOGIN_PER_IP.count,
    OPERATOR_LOGIN_PER_IP.windowSeconds,
    now,
  );
  if (!perIp.allowed) {
    throw new AppError('RATE_LIMITED', 'Too many attempts, please wait and try again', {
      details: { retryAfterSeconds: perIp.retryAfterSeconds },
    });
  }
  const operator = await checkOperatorPassword(db, input, now);
  const token = randomToken(32);
  await db
    .insertInto('operator_session')
    .values({
      token_hash: tokenHash(secrets, token),
      operator_id: operator.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_HOURS * 3_600_000).toISOString(),
      revoked_at: null,
    })
    .execute();
  return { token, username: operator.username, role: operator.role };
};

/**
 * The operator whose name and password these are, with the login's protection: failures counted per
 * (name, address) before the hash is checked, locked after five. The login uses it, and so does the
 * CLI for an act that names its operator (`--operator` with JADE_OPERATOR_PASSWORD; address 'cli'),
 * so naming another operator is not enough to act as them.
 */
export const checkOperatorPassword = async (
  db: Db,
  input: { username: string; password: string; ip: string },
  now = new Date(),
) => {
  const throttle = { scope: 'OPERATOR', merchantId: 0, account: input.username, ip: input.ip } as const;
  const attempt = await countLoginAttempt(db, throttle, now);
  if (attempt.lockedUntil) throw operatorLocked(Date.parse(attempt.lockedUntil) - now.getTime());
  const operator = await db
    .selectFrom('operator')
    .selectAll()
    .where('username', '=', input.username)
    .executeTakeFirst();
  const ok = operator
    ? await verifyPassword(operator.password_hash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!operator || !ok) {
    if (attempt.failures >= OPERATOR_LOCK.lockAfterFailures) {
      const lock = await lockLoginAttempts(
        db,
        throttle,
        attempt,
        OPERATOR_LOCK.lockMinutes,
        { merchantId: operator?.merchant_id ?? null, kind: 'OPERATOR_LOGIN_LOCKED' },
        now,
      );
      throw operatorLocked(lock.retryAfterSeconds * 1000);
    }
    throw new AppError('LOGIN_FAILED', 'Incorrect operator name or password');
  }
  await clearLoginAttempts(db, throttle);
  return operator;
};

const operatorLocked = (ms: number) =>
  new AppError('ACCOUNT_LOCKED', 'Too many failed logins: this operator is locked here for a while', {
    details: { retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) },
  });

/** Ends the session the token names (logout). */
export const logoutOperator = async (db: DbOrTrx, secrets: Secrets, token: string) => {
  await db
    .updateTable('operator_session')
    .set({ revoked_at: new Date().toISOString() })
    .where('token_hash', '=', tokenHash(secrets, token))
    .where('revoked_at', 'is', null)
    .execute();
};

/**
 * Ends every session of an operator (a lost laptop, a leaver). A brand's operator acts only on
 * operators of its own brand; answers how many sessions ended.
 */
export const revokeOperatorSessions = async (db: DbOrTrx, actor: Operator, username: string) => {
  const target = await db
    .selectFrom('operator')
    .select(['id', 'merchant_id'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!target || (actor.merchantId !== null && target.merchant_id !== actor.merchantId)) {
    throw new AppError('NOT_FOUND', `No operator named '${username}'`);
  }
  const result = await db
    .updateTable('operator_session')
    .set({ revoked_at: new Date().toISOString() })
    .where('operator_id', '=', target.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

/** The latest security events the operator may see (lockouts, recovery-channel changes). */
export const listSecurityEvents = async (db: DbOrTrx, actor: Operator, limit = 100) => {
  let query = db.selectFrom('security_event').selectAll().orderBy('id', 'desc').limit(limit);
  if (actor.merchantId !== null) query = query.where('merchant_id', '=', actor.merchantId);
  return (await query.execute()).map((e) => ({
    id: e.id,
    kind: e.kind,
    subject: e.subject,
    ip: e.ip,
    details: JSON.parse(e.details) as Record<string, unknown>,
    createdAt: e.created_at,
  }));
};

export const authenticateOperator = async (
  db: DbOrTrx,
  secrets: Secrets,
  token: string | undefined,
): Promise<Operator> => {
  if (!token || token.length < 32 || token.length > 128) {
    throw new AppError('OPERATOR_UNAUTHENTICATED', 'Operator login required');
  }
  const row = await db
    .selectFrom('operator_session as s')
    .innerJoin('operator as o', 'o.id', 's.operator_id')
    .select(['o.id', 'o.username', 'o.role', 'o.merchant_id', 's.expires_at', 's.revoked_at'])
    .where('s.token_hash', '=', tokenHash(secrets, token))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.expires_at <= new Date().toISOString()) {
    throw new AppError('OPERATOR_UNAUTHENTICATED', 'Operator login required');
  }
  return { id: row.id, username: row.username, role: row.role, merchantId: row.merchant_id };
};

/** The operator of a call's token, refused unless its role may take the action. */
export const authorizeOperator = async (
  db: DbOrTrx,
  secrets: Secrets,
  token: string | undefined,
  action: OperatorAction,
): Promise<Operator> => {
  const operator = await authenticateOperator(db, secrets, token);
  assertOperatorMay(operator, action);
  return operator;
};

/**
 * The brand an operator call is about: the one named by code (or by id, the agent payroll calls'
 * ?merchantId=), else the operator's own; refused when none is named for an all-brands operator, or
 * when it is not the operator's (assertOperatorScope).
 */
export const operatorBrand = async (db: DbOrTrx, operator: Operator, brand: string | number | undefined) => {
  const merchant =
    typeof brand === 'string' && brand
      ? await getMerchantByCode(db, brand)
      : (await listMerchants(db)).find(
          (m) => m.id === (typeof brand === 'number' ? brand : operator.merchantId),
        );
  if (!merchant)
    throw new AppError('VALIDATION_FAILED', 'Name the brand', { fields: { merchant: ['Required'] } });
  assertOperatorScope(operator, merchant.id);
  return merchant;
};

/** An operator of one brand acts on that brand only. */
export const assertOperatorScope = (operator: Operator, merchantId: number) => {
  if (operator.merchantId !== null && operator.merchantId !== merchantId) {
    throw new AppError('FORBIDDEN', 'This operator does not work for that brand');
  }
};
