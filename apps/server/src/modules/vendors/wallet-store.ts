import type { GameCategory } from '@jade/contracts/games';
import type { BetRecord, RecordState, SummaryDelta } from '../games/bet-records.js';
import type { Leg, PostResult } from '../wallet/ledger-types.js';
import type { WriteHandle } from '../../platform/db/after-commit.js';

/**
 * What one seamless-wallet call reads and writes inside its transaction, for one brand and vendor.
 * The rules live once, in seamless.ts; two stores carry them out: Kysely queries on PostgreSQL (two of
 * its reads PostgreSQL's own text, decision 0096) and, on SQLite, prepared statements run
 * synchronously inside the group-commit job (decision 0004's fast path, extended to the wallet by
 * decision 0016).
 */
export type TransactionKind = 'DEBIT' | 'CREDIT' | 'ROLLBACK' | 'TOMBSTONE';
export type TransactionStatus = 'APPLIED' | 'CREDITED' | 'ROLLED_BACK';

export type WalletTransaction = {
  id: number;
  transactionId: string;
  kind: TransactionKind;
  memberId: number;
  roundId: string;
  gameId: string;
  amount: number;
  referenceTransactionId: string | null;
  status: TransactionStatus;
};

export type NewWalletTransaction = Omit<WalletTransaction, 'id' | 'status' | 'referenceTransactionId'> & {
  referenceTransactionId?: string | undefined;
  status?: TransactionStatus | undefined;
  at: string;
};

/** A value now (SQLite's prepared statements) or later (Kysely). */
type Maybe<T> = T | Promise<T>;

export type WalletStore = {
  /** The handle the write runs on: what waits for its commit is left with it (`afterCommit`). */
  readonly handle: WriteHandle;
  findTransaction(transactionId: string): Maybe<WalletTransaction | undefined>;
  /**
   * A bet's read (decision 0096: one statement on PostgreSQL): the call's own transaction, by the
   * vendor's id, and the member's status (ACTIVE, ...; undefined for no such member in this brand).
   */
  findWithMemberStatus(
    transactionId: string,
    memberId: number,
  ): Maybe<{ own: WalletTransaction | undefined; memberStatus: string | undefined }>;
  /**
   * A settlement's read (decision 0096: one statement on PostgreSQL): the call's own transaction and
   * the one it names, both held until the write ends (PostgreSQL: `for update`; SQLite's single
   * writer already does): a bet is settled by one call at a time, whatever ids the calls carry.
   */
  findWithReferenced(
    transactionId: string,
    referenceTransactionId: string,
  ): Maybe<{ own: WalletTransaction | undefined; referenced: WalletTransaction | undefined }>;
  insertTransaction(row: NewWalletTransaction): Maybe<number>;
  setTransactionStatus(id: number, status: TransactionStatus): Maybe<void>;
  /**
   * The round's record, held until the write ends. Taken before the ledger's accounts by every call
   * (a bet's own row first, when it names one), so two calls never wait on each other in a circle.
   */
  lockBetRecord(roundId: string): Maybe<BetRecord | undefined>;
  /** A bet: the round's record is opened with this stake, or its stake grows. */
  addStake(input: {
    memberId: number;
    roundId: string;
    gameId: string;
    category: GameCategory;
    amount: number;
    at: string;
    /** What the bet is on (JSON of a VendorBetDetail); the round keeps the first one. */
    detail?: string | null;
  }): Maybe<void>;
  writeRecordState(recordId: number, state: RecordState): Maybe<void>;
  /**
   * The settled round in the member's daily summary, and the points it earns: posted at once
   * (SQLite), or answered as a post the caller runs after its payout (PostgreSQL, so that the float
   * is locked before the points' house account; decision 0096). Undefined: nothing left to post.
   */
  addToDailySummary(delta: SummaryDelta): Maybe<PointsPost | undefined>;
  /**
   * Ledger legs under one idempotency key; throws the ledger's refusals. `balanceOf` asks for the
   * member's balances as the post leaves them, where the post can read them (PostgreSQL).
   */
  post(
    input: { idempotencyKey: string; legs: Leg[] },
    now: Date,
    options?: { balanceOf?: number },
  ): Maybe<PostResult>;
  balance(accountId: number): Maybe<number>;
};

/** A round's points, left to post after the round's payout. */
export type PointsPost = () => Maybe<void>;

export type StoreScope = { merchantId: number; vendorCode: string };
