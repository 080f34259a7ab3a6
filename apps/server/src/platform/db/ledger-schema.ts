import type { Generated } from 'kysely';

/** Ledger tables (migration 2026-11-21T1300-ledger). Amounts are integer minor units. */
export type LedgerTables = {
  ledger_account: LedgerAccountTable;
  ledger_batch: LedgerBatchTable;
  ledger_transfer: LedgerTransferTable;
  idempotency_key: IdempotencyKeyTable;
  turnover_adjustment: TurnoverAdjustmentTable;
};

/** Turnover requirement carried with money between members (decision 0012); signed. */
export type TurnoverAdjustmentTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  amount: number;
  ledger_transfer_id: number;
  created_at: string;
};

export type LedgerAccountTable = {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  member_id: number | null;
  kind: string;
  balance: Generated<number>;
  allow_negative: Generated<number>;
  created_at: string;
};

export type LedgerBatchTable = {
  id: Generated<number>;
  merchant_id: number;
  idempotency_key: string;
  request_hash: string;
  created_at: string;
};

export type LedgerTransferTable = {
  id: Generated<number>;
  merchant_id: number;
  batch_id: number;
  leg: number;
  kind: string;
  debit_account_id: number;
  credit_account_id: number;
  amount: number;
  reference: string | null;
  created_at: string;
};

export type IdempotencyKeyTable = {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: string | null;
  created_at: string;
  completed_at: string | null;
};
