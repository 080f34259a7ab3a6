import type SQLite from 'better-sqlite3';
import { AppError } from '../../platform/errors.js';
import {
  announceBalances,
  balanceBounds,
  balanceLimit,
  checkNet,
  keyReused,
  netOf,
  transferRow,
  type AccountState,
  type HashedPosting,
  type TransferRow,
} from './ledger-rules.js';
import type { Balance, Leg, PostResult, Transfer } from './ledger-types.js';

/**
 * SQLite fast path of `postTransfers` (docs/decisions/0004-ledger-group-commit.md): the same rules
 * as the Kysely path, as prepared statements, run inside a `groupCommit` job.
 */

type Input = { merchantId: number; idempotencyKey: string; legs: Leg[]; hash: string; at: string };

const statements = (raw: SQLite.Database) => ({
  findBatch: raw.prepare<[number, string], { id: number; request_hash: string }>(
    'select id, request_hash from ledger_batch where merchant_id = ? and idempotency_key = ?',
  ),
  loadBatch: raw.prepare<
    [number],
    {
      id: number;
      batch_id: number;
      leg: number;
      kind: string;
      debit_account_id: number;
      credit_account_id: number;
      amount: number;
      reference: string | null;
      created_at: string;
    }
  >(
    'select id, batch_id, leg, kind, debit_account_id, credit_account_id, amount, reference, created_at from ledger_transfer where batch_id = ? order by leg',
  ),
  insertBatch: raw.prepare<[number, string, string, string]>(
    'insert into ledger_batch (merchant_id, idempotency_key, request_hash, created_at) values (?, ?, ?, ?)',
  ),
  // The member of each, too: who is told their balance moved (decision 0036).
  accountsOfLeg: raw.prepare<[number, number, number], { merchant_id: number; member_id: number | null }>(
    'select merchant_id, member_id from ledger_account where merchant_id = ? and id in (?, ?)',
  ),
  // Guarded: a member account holds the amount, and no balance passes its bound (decision 0022);
  // the bounds are a house account's, then a member's.
  debit: raw.prepare<[number, number, number, number, number]>(
    'update ledger_account set balance = balance - ? where id = ? and merchant_id = ? and balance >= case when allow_negative = 1 then ? else ? end',
  ),
  credit: raw.prepare<[number, number, number, number, number]>(
    'update ledger_account set balance = balance + ? where id = ? and merchant_id = ? and balance <= case when allow_negative = 1 then ? else ? end',
  ),
  account: raw.prepare<[number], AccountState>(
    'select merchant_id, balance, allow_negative, member_id from ledger_account where id = ?',
  ),
  move: raw.prepare<[number, number]>('update ledger_account set balance = balance + ? where id = ?'),
  insertTransfer: raw.prepare<TransferRow>(
    'insert into ledger_transfer (merchant_id, batch_id, leg, kind, debit_account_id, credit_account_id, amount, reference, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ),
});
type Statements = ReturnType<typeof statements>;

const toTransfer = (t: ReturnType<Statements['loadBatch']['all']>[number]): Transfer => ({
  id: t.id,
  batchId: t.batch_id,
  leg: t.leg,
  kind: t.kind,
  debitAccountId: t.debit_account_id,
  creditAccountId: t.credit_account_id,
  amount: t.amount,
  reference: t.reference,
  createdAt: t.created_at,
});

/** One post, synchronously, inside the open transaction. Throws AppError to refuse it. */
const postOne = (raw: SQLite.Database, s: Statements, input: Input): PostResult => {
  const previous = s.findBatch.get(input.merchantId, input.idempotencyKey);
  if (previous) {
    if (previous.request_hash !== input.hash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for a different transfer');
    }
    return { batchId: previous.id, transfers: s.loadBatch.all(previous.id).map(toTransfer), replayed: true };
  }
  const batchId = Number(
    s.insertBatch.run(input.merchantId, input.idempotencyKey, input.hash, input.at).lastInsertRowid,
  );
  const moved: { merchant_id: number; member_id: number | null }[] = [];
  const transfers: Transfer[] = input.legs.map((leg, i) => {
    const accounts = s.accountsOfLeg.all(input.merchantId, leg.debitAccountId, leg.creditAccountId);
    moved.push(...accounts);
    if (accounts.length !== 2) {
      throw new AppError(
        'WALLET_ACCOUNT_NOT_FOUND',
        'An account of this transfer does not exist for this brand',
      );
    }
    const house = balanceBounds(true);
    const member = balanceBounds(false);
    const debited = s.debit.run(
      leg.amount,
      leg.debitAccountId,
      input.merchantId,
      house.min + leg.amount,
      member.min + leg.amount,
    );
    if (debited.changes !== 1) {
      if (s.account.get(leg.debitAccountId)?.allow_negative === 1) throw balanceLimit();
      throw new AppError('WALLET_INSUFFICIENT_FUNDS', 'Insufficient balance', {
        details: { amount: leg.amount },
      });
    }
    const credited = s.credit.run(
      leg.amount,
      leg.creditAccountId,
      input.merchantId,
      house.max - leg.amount,
      member.max - leg.amount,
    );
    if (credited.changes !== 1) throw balanceLimit();
    const reference = leg.reference ?? null;
    const id = Number(
      s.insertTransfer.run(...transferRow(input.merchantId, batchId, leg, i, input.at)).lastInsertRowid,
    );
    return { ...leg, reference, id, batchId, leg: i, createdAt: input.at };
  });
  announceBalances(raw, moved);
  return { batchId, transfers, replayed: false };
};

/**
 * The posting job for `groupCommit`: prepared statements, run synchronously on the connection the
 * group holds. Statements are prepared once per database handle.
 */
const prepared = new WeakMap<SQLite.Database, Statements>();
export const postWithPreparedStatements = (raw: SQLite.Database, input: Input): PostResult => {
  let s = prepared.get(raw);
  if (!s) prepared.set(raw, (s = statements(raw)));
  return postOne(raw, s, input);
};

/**
 * `postManyWithin` on SQLite, synchronously inside the write the caller holds: every refusal is
 * found before anything is written, then each post's batch and transfers, then each account's
 * balance moved once by its net. Returns how many were posted (the rest were replays).
 */
export const postManyWithPreparedStatements = (
  raw: SQLite.Database,
  postings: readonly HashedPosting[],
  at: string,
): number => {
  let s = prepared.get(raw);
  if (!s) prepared.set(raw, (s = statements(raw)));
  const fresh: HashedPosting[] = [];
  for (const posting of postings) {
    const previous = s.findBatch.get(posting.merchantId, posting.idempotencyKey);
    if (!previous) fresh.push(posting);
    else if (previous.request_hash !== posting.hash) throw keyReused();
  }
  if (fresh.length === 0) return 0;
  const net = netOf(fresh);
  const accounts = new Map<number, AccountState>();
  for (const id of net.keys()) {
    const account = s.account.get(id);
    if (account) accounts.set(id, account);
  }
  checkNet(fresh, net, accounts);
  for (const posting of fresh) {
    const batchId = Number(
      s.insertBatch.run(posting.merchantId, posting.idempotencyKey, posting.hash, at).lastInsertRowid,
    );
    posting.legs.forEach((leg, i) =>
      s.insertTransfer.run(...transferRow(posting.merchantId, batchId, leg, i, at)),
    );
  }
  for (const [id, delta] of net) if (delta !== 0) s.move.run(delta, id);
  announceBalances(raw, accounts.values());
  return fresh.length;
};

const balanceStatements = new WeakMap<
  SQLite.Database,
  SQLite.Statement<[number, number], { id: number; code: string; kind: string; balance: number }>
>();
/** A member's balances, read on the connection the caller's group-commit job holds. */
export const balancesWithPreparedStatement = (
  raw: SQLite.Database,
  merchantId: number,
  memberId: number,
): Balance[] => {
  let statement = balanceStatements.get(raw);
  if (!statement) {
    statement = raw.prepare(
      'select id, code, kind, balance from ledger_account where merchant_id = ? and member_id = ? order by id',
    );
    balanceStatements.set(raw, statement);
  }
  return statement
    .all(merchantId, memberId)
    .map((a) => ({ accountId: a.id, code: a.code, kind: a.kind, balance: a.balance }));
};
