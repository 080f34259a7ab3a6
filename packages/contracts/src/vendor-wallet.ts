import { z } from 'zod';
import { vendorBetDetail } from './games.js';
import { boundedAmount } from './wallet.js';

/*
 * The seamless-wallet protocol between a game vendor and the platform (docs/decisions/0016): the vendor
 * calls POST /gw/wallet/{merchantCode}/{vendorCode}/{authenticate|balance|debit|credit|rollback} with a JSON body,
 * signed over its method, path and raw bytes (decision 0023). Every request schema is strict: a key
 * the call does not define is refused, never dropped. The platform answers 200 with a status for every business outcome (the
 * vendor acts on the status), 401 for a request it cannot trust and 400 for one it cannot read.
 */

/** Request headers of a signed call. */
export const VENDOR_TIMESTAMP_HEADER = 'x-jade-timestamp';
export const VENDOR_SIGNATURE_HEADER = 'x-jade-signature';
/** A signed call older or newer than this (seconds, against the platform's clock) is refused. */
export const VENDOR_TIMESTAMP_WINDOW_SECONDS = 300;

export const VENDOR_SIGNATURE_ALGORITHMS = ['HMAC-SHA256', 'ED25519', 'RSA-SHA256'] as const;
export type VendorSignatureAlgorithm = (typeof VENDOR_SIGNATURE_ALGORITHMS)[number];

/** The path of a wallet call, the one the platform routes and the signature covers. */
export const walletCallPath = (merchantCode: string, vendorCode: string, action: string) =>
  `/gw/wallet/${merchantCode}/${vendorCode}/${action}`;

/**
 * What is signed (decision 0023): the timestamp header's value, the method, the call's path
 * (/gw/wallet/{merchant}/{vendor}/{action}), each followed by a line feed, then the body's raw bytes.
 * The method and path bind a signature to the one action of one brand and vendor it was made for: a
 * signed credit cannot be replayed to /debit or /rollback, nor to another brand or vendor sharing the
 * key. The signature header carries the signature in base64url.
 */
export const signedBytes = (
  call: { timestamp: string; method: string; path: string },
  rawBody: Uint8Array,
): Uint8Array => {
  const head = new TextEncoder().encode(`${call.timestamp}\n${call.method.toUpperCase()}\n${call.path}\n`);
  const bytes = new Uint8Array(head.length + rawBody.length);
  bytes.set(head, 0);
  bytes.set(rawBody, head.length);
  return bytes;
};

/** Every answer's status. */
export const WALLET_STATUSES = [
  'OK',
  /** The launch token is unknown, or names another player. */
  'INVALID_TOKEN',
  /** The token has expired: no new bets (credits and rollbacks of earlier bets still pass). */
  'TOKEN_EXPIRED',
  /** The member may not bet now (blocked, or the brand does not offer the vendor). */
  'PLAYER_BLOCKED',
  'INSUFFICIENT_FUNDS',
  /** This transaction id was used with another amount, round, player or kind. */
  'TRANSACTION_CONFLICT',
  /** A credit or rollback names a bet the platform has never seen (a credit is refused). */
  'UNKNOWN_TRANSACTION',
  /** The bet was rolled back: no credit for it, and a bet arriving after its rollback takes nothing. */
  'TRANSACTION_ROLLED_BACK',
  /**
   * The bet was paid out: it can no longer be rolled back, and once its round is settled no credit
   * under another id pays it again (decision 0022).
   */
  'TRANSACTION_SETTLED',
  /** A bet into a round that is already settled or void. */
  'ROUND_CLOSED',
  /** The vendor sent a currency other than the brand's. */
  'WRONG_CURRENCY',
  /** A bet below the game's minimum or above its maximum (the catalogue's minBet, maxBet). */
  'BET_OUT_OF_LIMITS',
  /** The call would take a balance past the platform's bound (MAX_MEMBER_BALANCE): nothing moved. */
  'BALANCE_LIMIT',
] as const;
export type WalletStatus = (typeof WALLET_STATUSES)[number];

/** Minor units, a positive (or, for a credit, zero) integer, at most MAX_AMOUNT_PER_CALL. */
const amount = boundedAmount;
const id = z.string().trim().min(1).max(100);

const base = {
  /** The token the platform gave the vendor at launch. */
  token: z.string().min(1).max(200),
  /** The player id the platform gave the vendor at launch. */
  player: id,
  currency: z.string().trim().min(3).max(8),
};

/** The vendor's server trades the one-time launch code of the game's address for a session token. */
export const walletAuthenticateRequest = z.object({ launchCode: z.string().min(1).max(200) }).strict();
export type WalletAuthenticateRequest = z.infer<typeof walletAuthenticateRequest>;
export const walletAuthenticateResponse = z.object({
  status: z.enum(['OK', 'INVALID_TOKEN']),
  token: z.string().optional(),
  player: z.string().optional(),
  gameId: z.string().optional(),
  currency: z.string().optional(),
  /** The currency's minor-unit exponent (2: amounts in hundredths), for the vendor to show amounts by. */
  currencyExponent: z.number().int().min(0).max(4).optional(),
  balance: z.number().int().optional(),
  /** The launched game's limits from the catalogue (minor units), for the vendor to check bets by. */
  minBet: z.number().int().optional(),
  /** Absent: the catalogue sets no maximum. */
  maxBet: z.number().int().optional(),
});
export type WalletAuthenticateResponse = z.infer<typeof walletAuthenticateResponse>;

export const walletBalanceRequest = z.object(base).strict();

export const walletDebitRequest = z
  .object({
    ...base,
    transactionId: id,
    roundId: id,
    gameId: id,
    amount: amount.refine((value) => value > 0, { message: 'A bet is more than zero' }),
    /** What the bet is on, for the member's betting record (a round's first debit keeps it). */
    detail: vendorBetDetail.optional(),
  })
  .strict();

export const walletCreditRequest = z
  .object({
    ...base,
    transactionId: id,
    roundId: id,
    gameId: id,
    /** The bet this credit pays. */
    referenceTransactionId: id,
    /** Zero: the bet lost. */
    amount,
    /** The round ends with this credit (default): its betting record is settled. */
    roundClosed: z.boolean().default(true),
    /** The round's turnover, when the game counts less than the stake (a baccarat tie, say). */
    validBet: amount.optional(),
  })
  .strict();

export const walletRollbackRequest = z
  .object({
    ...base,
    transactionId: id,
    roundId: id,
    gameId: id,
    /** The bet this rollback cancels. */
    referenceTransactionId: id,
  })
  .strict();

export type WalletBalanceRequest = z.infer<typeof walletBalanceRequest>;
export type WalletDebitRequest = z.infer<typeof walletDebitRequest>;
export type WalletCreditRequest = z.input<typeof walletCreditRequest>;
export type WalletRollbackRequest = z.infer<typeof walletRollbackRequest>;

export const walletResponse = z.object({
  status: z.enum(WALLET_STATUSES),
  /** The member's main-wallet balance after the call (unchanged by a refusal), in minor units. */
  balance: z.number().int(),
  currency: z.string(),
  /** The platform's own id of the transaction, when one was recorded. */
  platformTransactionId: z.string().optional(),
  /** A replay of a transaction already applied: nothing moved this time. */
  replayed: z.boolean().optional(),
});
export type WalletResponse = z.infer<typeof walletResponse>;

/** 401 and 400 answers: the request was not trusted or not read; nothing moved. */
export const walletRefusal = z.object({
  status: z.enum(['INVALID_SIGNATURE', 'BAD_REQUEST']),
  message: z.string(),
});
export type WalletRefusal = z.infer<typeof walletRefusal>;

/**
 * A transfer-wallet vendor's feed of settled rounds (GET {api}/bets?after=<cursor>&limit=<n>), pulled
 * by the platform's leased job into the betting records. `cursor` is opaque: the next pull sends it.
 */
export const vendorBetFeed = z.object({
  bets: z.array(
    z.object({
      betId: z.string().min(1).max(100),
      player: z.string().min(1).max(100),
      gameId: z.string().min(1).max(100),
      roundId: z.string().min(1).max(100),
      stake: boundedAmount,
      validBet: boundedAmount.optional(),
      payout: boundedAmount,
      placedAt: z.iso.datetime(),
      settledAt: z.iso.datetime(),
    }),
  ),
  cursor: z.string().min(1).max(200),
});
export type VendorBetFeed = z.infer<typeof vendorBetFeed>;
