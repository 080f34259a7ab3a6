import { z } from 'zod';

/** Amounts on the wire are integer minor units (ARCHITECTURE.md, money); the web app formats them. */
export const minorUnits = z.number().int().safe();

/*
 * Bounds on money (issue 19 item 11, decision 0022), far below 2^53 so that every balance, and every
 * balance plus any amount, stays an exact integer in JavaScript, SQLite and PostgreSQL alike.
 * Generous for VND at two decimals: 10^13 minor units is 100,000,000,000.00 đồng.
 */
/** The most one call may move: a bet, a win, a refund, a transfer to or from a vendor. */
export const MAX_AMOUNT_PER_CALL = 10_000_000_000_000;
/** The most any member account may hold (10,000,000,000,000.00 đồng): the ledger refuses more. */
export const MAX_MEMBER_BALANCE = 1_000_000_000_000_000;
/**
 * A house account (cash, vendor float, expenses) sums many members, so it may reach further, either
 * way; still, with any amount added, below 2^53.
 */
export const MAX_HOUSE_BALANCE = 4_000_000_000_000_000;
/** An amount a caller sends: a whole number of minor units, at most MAX_AMOUNT_PER_CALL. */
export const boundedAmount = z.number().int().min(0).max(MAX_AMOUNT_PER_CALL);
export const positiveAmount = minorUnits.positive();

export const walletBalance = z.object({
  /** 'MAIN' or a transfer-mode vendor's code (vassalage). */
  wallet: z.string(),
  name: z.string(),
  balance: minorUnits,
});
export type WalletBalance = z.infer<typeof walletBalance>;

export const balanceResponse = z.object({
  /** Main wallet plus every vendor wallet: what the member can play with. */
  sumBalance: minorUnits,
  currency: z.string(),
  currencyExponent: z.number().int(),
  wallets: z.array(walletBalance),
});
export type BalanceResponse = z.infer<typeof balanceResponse>;

export const WALLET_TRANSFER_DIRECTIONS = ['IN', 'OUT', 'ALL_BACK'] as const;
/**
 * GCS_walletTransfer: IN moves `amount` from the main wallet into the vendor's wallet, OUT moves it
 * back, ALL_BACK empties every vendor wallet into the main wallet (vassalage and amount unused).
 */
export const walletTransferRequest = z
  .object({
    direction: z.enum(WALLET_TRANSFER_DIRECTIONS),
    vassalage: z.string().trim().min(1).max(64).optional(),
    amount: boundedAmount.positive().optional(),
  })
  .refine((r) => r.direction === 'ALL_BACK' || (r.vassalage !== undefined && r.amount !== undefined), {
    message: 'vassalage and amount are required for IN and OUT',
    path: ['amount'],
  });
export type WalletTransferRequest = z.infer<typeof walletTransferRequest>;

export const walletTransferResponse = z.object({
  transfers: z.array(
    z.object({ id: z.number().int(), from: z.string(), to: z.string(), amount: minorUnits }),
  ),
  balances: balanceResponse,
  /** True when a game provider has not confirmed yet: the money waits in transit until it answers. */
  pending: z.boolean().optional(),
});
export type WalletTransferResponse = z.infer<typeof walletTransferResponse>;

export const merchantWalletResponse = z.object({
  wallets: z.array(z.object({ wallet: z.string(), name: z.string(), category: z.string().nullable() })),
});

/** The header that makes a money request safe to retry (IETF Idempotency-Key draft). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * Every kind of ledger movement the server posts (a transfer's `kind`). The server's legs are typed
 * by it and the web app names each in every language: a new kind goes here first.
 */
export const LEDGER_KINDS = [
  'DEPOSIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL_RELEASE',
  'WITHDRAWAL',
  'WALLET_IN',
  'WALLET_OUT',
  'WALLET_IN_SETTLED',
  'WALLET_IN_REFUND',
  'WALLET_OUT_SETTLED',
  'WALLET_OUT_REFUND',
  'UPLINE_TRANSFER',
  'PLAY_MONEY',
  'BET',
  'WIN',
  'WIN_ROLLBACK',
  'BET_ROLLBACK',
  'PROMOTION_BONUS',
  'VIP_UPGRADE_BONUS',
  'MISSION_REWARD',
  'MISSION_POINTS',
  'REBATE',
  'POINTS',
  'POINTS_EARN',
  'POINTS_REDEEM',
  'POINTS_REFUND',
  'POINTS_CONVERT',
  'POINTS_CONVERSION',
  'DAILY_SALARY',
  'HOURLY_SALARY',
  'REALTIME_SALARY',
  'DIVIDEND',
  'AGENT_SALARY',
  'AGENT_DIVIDEND',
  'AGENT_DEBT',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Account record (ODSFE2_MemTransDet): the member's ledger movements, newest first. */
export const ACCOUNT_RECORD_KINDS = [
  'ALL',
  'DEPOSIT',
  'WITHDRAWAL',
  'WALLET',
  'UPLINE',
  'PLAY_MONEY',
] as const;
/** §9: past or next 7 and 30 days; a next range starts today. */
export const ACCOUNT_RECORD_RANGES = ['TODAY', 'PAST_7', 'PAST_30', 'NEXT_7', 'NEXT_30'] as const;
export const accountRecordRequest = z.object({
  kind: z.enum(ACCOUNT_RECORD_KINDS).default('ALL'),
  /** §9 date ranges; `from`/`to` (yyyy-MM-dd, the brand's days in its time zone) win when given. */
  range: z.enum(ACCOUNT_RECORD_RANGES).default('PAST_7'),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  pageNo: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type AccountRecordRequest = z.infer<typeof accountRecordRequest>;
export const accountRecord = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** The ledger kind: DEPOSIT, WITHDRAWAL_HOLD, WITHDRAWAL_RELEASE, WALLET_IN, WALLET_OUT, UPLINE_TRANSFER ... */
  kind: z.string(),
  /** Signed, from the member's side: positive in, negative out. */
  amount: minorUnits,
  /** The member's wallet it touched: 'MAIN', a vendor code, or 'WITHDRAWAL_HOLD'. */
  wallet: z.string(),
  reference: z.string().nullable(),
  /** A game round's movement (reference `round:<vendor>:<round>`): its vendor's name in the member's language. */
  vendor: z.string().nullable(),
});
export type AccountRecord = z.infer<typeof accountRecord>;
/**
 * What a corrected lottery result could not take back (the main wallet held less than the win taken
 * back): owed by the member, whatever the date range.
 */
export const accountOwed = z.object({
  gameCode: z.string(),
  numero: z.string(),
  amount: minorUnits,
  createdAt: z.string(),
});
export type AccountOwed = z.infer<typeof accountOwed>;
export const accountRecordResponse = z.object({
  records: z.array(accountRecord),
  owed: z.array(accountOwed).default([]),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});

/** transferUpline: a member sends funds to its own upline agent, with the payment password. */
export const uplineTransferRequest = z.object({
  amount: positiveAmount,
  paymentPassword: z.string().min(1).max(32),
});
export const uplineTransferResponse = z.object({
  transferId: z.number().int(),
  upline: z.string(),
  amount: minorUnits,
  mainBalance: minorUnits,
});
