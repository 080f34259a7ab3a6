import { TRIAL_ACCOUNT_TYPE } from '@jade/contracts/constants';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { Secrets } from '../../platform/secrets.js';
import type { Merchant } from '../merchants/repo.js';
import type { MemberRow, RuleMember } from './repo.js';
import { resolveMerchantByHost } from '../merchants/service.js';
import {
  authenticate,
  authenticateForRules,
  type Authenticate,
  type AuthenticatedSession,
} from './sessions.js';
import { getAuthSettings } from './settings.js';

/** The bearer token of a request: `Authorization: Bearer <token>`, or the `token` header of the seed's clients. */
export const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  const token = request.headers.token;
  return typeof token === 'string' ? token : undefined;
};

const requestMerchants = new WeakMap<FastifyRequest, Merchant>();

/**
 * The brand of a request's host, looked up once a request: the site-state hook and the guard both
 * need it (issue 23). A host with no brand is not kept; the guard asks again and refuses it.
 */
export const requestMerchant = async (db: DbOrTrx, request: FastifyRequest): Promise<Merchant> => {
  const known = requestMerchants.get(request);
  if (known) return known;
  const merchant = await resolveMerchantByHost(db, request.hostname);
  requestMerchants.set(request, merchant);
  return merchant;
};

export type GuardOptions = {
  /** Allowed while a password change is forced (§4: change before anything else). */
  allowPendingPasswordChange?: boolean;
  /** Trial accounts (type 4) are blocked from real-account features (§6). */
  allowTrial?: boolean;
  /**
   * The member's ledger accounts read with the session, in its statement (a balance call, decisions
   * 0083 and 0098): `ledgerAccounts` in the answer.
   */
  withLedgerAccounts?: boolean;
};

/** A guarded call's session, its member `M`, and its brand. */
type GuardedSession<M extends RuleMember> = AuthenticatedSession<M> & {
  merchantId: number;
  merchant: Merchant;
};

/** Every token-protected endpoint of §6 calls one; a missing or bad token is always UNAUTHENTICATED. */
type GuardOf<M extends RuleMember> = (
  request: FastifyRequest,
  options?: GuardOptions,
) => Promise<GuardedSession<M>>;

/**
 * `guard(request, options)`: the session and its whole member. `guard.forRules(request, options)`:
 * only the member's columns the rules read and its id (`session.member` a `RuleMember`, decision
 * 0089), for a route that uses no more of the member (the balance call): the same checks.
 */
export type Guard = GuardOf<MemberRow> & { forRules: GuardOf<RuleMember> };

/** The guard that authenticates with `authenticateBy`: every check runs the same whatever it reads. */
const guardBy =
  <M extends RuleMember>(db: Db, secrets: Secrets, authenticateBy: Authenticate<M>): GuardOf<M> =>
  async (request, options = {}) => {
    const merchant = await requestMerchant(db, request);
    const session = await authenticateBy(
      db,
      secrets,
      merchant.id,
      bearerToken(request),
      () => getAuthSettings(db, merchant.id),
      { withLedgerAccounts: options.withLedgerAccounts },
    );
    if (session.member.must_change_password === 1 && !options.allowPendingPasswordChange) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED', 'Change your password before going on');
    }
    if (session.member.type === TRIAL_ACCOUNT_TYPE && !options.allowTrial) {
      throw new AppError('TRIAL_ACCOUNT', 'Please register an account first');
    }
    // Named one by one: after a spread V8 defined the two properties through a missed inline cache
    // on every call, 10,000 instructions (decision 0097).
    const { sessionId, member, site, method, ledgerAccounts } = session;
    return { sessionId, member, site, method, ledgerAccounts, merchantId: merchant.id, merchant };
  };

export const createGuard = (db: Db, secrets: Secrets): Guard =>
  Object.assign(guardBy(db, secrets, authenticate), {
    forRules: guardBy(db, secrets, authenticateForRules),
  });
