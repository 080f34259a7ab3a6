import type { LedgerKind } from '@jade/contracts/wallet';

/**
 * The ledger's shapes, shared by the Kysely path (ledger.ts) and the SQLite fast path
 * (ledger-sqlite.ts) without either importing the other's module back.
 */
export type Leg = {
  kind: LedgerKind;
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  reference?: string | null;
};

/** One post: its legs under the brand's idempotency key. */
export type Posting = { merchantId: number; idempotencyKey: string; legs: Leg[] };

/** A posted leg as the database holds it: its kind as written then (a kind since retired reads as it was). */
export type Transfer = Omit<Leg, 'kind'> & {
  kind: string;
  id: number;
  batchId: number;
  leg: number;
  createdAt: string;
};
export type PostResult = {
  batchId: number;
  transfers: Transfer[];
  replayed: boolean;
  /** The accounts of the member a post was asked about (`balancesOf`), as it left them, when it read them. */
  balances?: Balance[];
};

export type Balance = { accountId: number; code: string; kind: string; balance: number };
