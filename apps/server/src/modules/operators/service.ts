import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { keyedHash, randomToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../platform/passwords.js';
import type { Secrets } from '../../platform/secrets.js';

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

export const loginOperator = async (db: Db, secrets: Secrets, username: string, password: string) => {
  const operator = await db
    .selectFrom('operator')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
  const ok = operator
    ? await verifyPassword(operator.password_hash, password)
    : await verifyAgainstNothing(password);
  if (!operator || !ok) throw new AppError('LOGIN_FAILED', 'Incorrect operator name or password');
  const token = randomToken(32);
  const now = new Date();
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

/** An operator of one brand acts on that brand only. */
export const assertOperatorScope = (operator: Operator, merchantId: number) => {
  if (operator.merchantId !== null && operator.merchantId !== merchantId) {
    throw new AppError('FORBIDDEN', 'This operator does not work for that brand');
  }
};
