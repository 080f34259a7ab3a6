import { createHash } from 'node:crypto';
import { MAX_HOUSE_BALANCE, MAX_MEMBER_BALANCE } from '@jade/contracts/wallet';
import { AppError } from '../../platform/errors.js';
import { publishMemberEvent } from '../../platform/member-events.js';
import type { WriteHandle } from '../../platform/db/after-commit.js';
import type { Leg, Posting } from './ledger-types.js';

/**
 * The ledger's rules that need no database, shared by the Kysely path (ledger.ts) and the SQLite
 * fast path (ledger-sqlite.ts): what a post must look like, its request hash, and how a set of posts
 * (`postManyWithin`) is checked before anything is written.
 */

export const requestHash = (legs: Leg[]) =>
  createHash('sha256')
    .update(
      JSON.stringify(
        legs.map((l) => [l.kind, l.debitAccountId, l.creditAccountId, l.amount, l.reference ?? null]),
      ),
    )
    .digest('hex');

export const validateLegs = (legs: Leg[]) => {
  if (legs.length === 0) throw new AppError('WALLET_INVALID_AMOUNT', 'A transfer needs at least one leg');
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount <= 0) {
      throw new AppError(
        'WALLET_INVALID_AMOUNT',
        'An amount must be a positive whole number of minor units',
        {
          details: { amount: leg.amount },
        },
      );
    }
    if (leg.debitAccountId === leg.creditAccountId) {
      throw new AppError('WALLET_INVALID_AMOUNT', 'A transfer needs two different accounts');
    }
  }
};

/**
 * How far an account's balance may go (decision 0022): a member's (never negative) up to
 * MAX_MEMBER_BALANCE, a house account's (which may go negative) within ±MAX_HOUSE_BALANCE. Both far
 * below 2^53, so a balance, and a balance plus any amount, is always exact.
 */
export const balanceBounds = (allowNegative: boolean | number) =>
  allowNegative ? { min: -MAX_HOUSE_BALANCE, max: MAX_HOUSE_BALANCE } : { min: 0, max: MAX_MEMBER_BALANCE };

export const balanceLimit = () =>
  new AppError('WALLET_BALANCE_LIMIT', 'This would take a balance past its limit');

export const keyReused = () =>
  new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for a different transfer');

/**
 * A leg's `ledger_transfer` values but its batch id, in the column order the ledger's inserts name:
 * merchant, leg, kind, debit, credit, amount, reference, created_at.
 */
export type LegRow = [number, number, string, number, number, number, string | null, string];
export const legRow = (merchantId: number, leg: Leg, i: number, at: string): LegRow => [
  merchantId,
  i,
  leg.kind,
  leg.debitAccountId,
  leg.creditAccountId,
  leg.amount,
  leg.reference ?? null,
  at,
];

/** A leg's `ledger_transfer` row: `legRow` with the batch's id after the merchant. */
export type TransferRow = [number, number, ...(LegRow extends [number, ...infer Rest] ? Rest : never)];
export const transferRow = (
  merchantId: number,
  batchId: number,
  leg: Leg,
  i: number,
  at: string,
): TransferRow => {
  const [, ...rest] = legRow(merchantId, leg, i, at);
  return [merchantId, batchId, ...rest];
};

/** A post of a set, checked and hashed. */
export type HashedPosting = Posting & { hash: string };

export const postingKey = (merchantId: number, idempotencyKey: string) => `${merchantId}:${idempotencyKey}`;

/**
 * A set of posts, each checked and hashed, one a key: the same key twice with the same legs is one
 * post (the second a replay), with other legs a refusal.
 */
export const uniquePostings = (postings: readonly Posting[]): HashedPosting[] => {
  const unique = new Map<string, HashedPosting>();
  for (const posting of postings) {
    validateLegs(posting.legs);
    const hash = requestHash(posting.legs);
    const key = postingKey(posting.merchantId, posting.idempotencyKey);
    const seen = unique.get(key);
    if (seen && seen.hash !== hash) throw keyReused();
    if (!seen) unique.set(key, { ...posting, hash });
  }
  return [...unique.values()];
};

/** Each account's net over the posts: what its balance moves by. */
export const netOf = (postings: readonly Posting[]): Map<number, number> => {
  const net = new Map<number, number>();
  for (const posting of postings)
    for (const leg of posting.legs) {
      net.set(leg.debitAccountId, (net.get(leg.debitAccountId) ?? 0) - leg.amount);
      net.set(leg.creditAccountId, (net.get(leg.creditAccountId) ?? 0) + leg.amount);
    }
  return net;
};

export type AccountState = {
  merchant_id: number;
  balance: number;
  allow_negative: number;
  member_id: number | null;
};

/**
 * Tells each member whose account a post moved that their balance changed, once the write commits
 * (decision 0036; a post rolled back tells no one). Each member once, however many of their accounts
 * moved.
 */
export const announceBalances = (
  db: WriteHandle,
  accounts: Iterable<{ merchant_id: number; member_id: number | null }>,
) => {
  const told = new Set<string>();
  for (const account of accounts) {
    if (account.member_id === null) continue;
    const key = `${account.merchant_id}:${account.member_id}`;
    if (told.has(key)) continue;
    told.add(key);
    publishMemberEvent(
      { merchantId: account.merchant_id, memberId: account.member_id },
      { type: 'balance' },
      db,
    );
  }
};

/**
 * Refuses the set when a post names an account that is missing or of another brand, or when an
 * account that may not go negative would end below zero.
 */
export const checkNet = (
  postings: readonly Posting[],
  net: ReadonlyMap<number, number>,
  accounts: ReadonlyMap<number, AccountState>,
) => {
  for (const posting of postings)
    for (const leg of posting.legs)
      for (const id of [leg.debitAccountId, leg.creditAccountId])
        if (accounts.get(id)?.merchant_id !== posting.merchantId)
          throw new AppError(
            'WALLET_ACCOUNT_NOT_FOUND',
            'An account of this transfer does not exist for this brand',
          );
  for (const [id, delta] of net) {
    const account = accounts.get(id)!;
    const after = Number(account.balance) + delta;
    if (account.allow_negative !== 1 && after < 0)
      throw new AppError('WALLET_INSUFFICIENT_FUNDS', 'Insufficient balance', {
        details: { amount: -delta },
      });
    const bounds = balanceBounds(account.allow_negative === 1);
    if (after < bounds.min || after > bounds.max) throw balanceLimit();
  }
};
