import { z } from 'zod';

/** Amounts on the wire are integer minor units (ARCHITECTURE.md, money); the web app formats them. */
export const minorUnits = z.number().int().safe();
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
    amount: positiveAmount.optional(),
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
});
export type WalletTransferResponse = z.infer<typeof walletTransferResponse>;

export const merchantWalletResponse = z.object({
  wallets: z.array(z.object({ wallet: z.string(), name: z.string(), category: z.string().nullable() })),
});

/** The header that makes a money request safe to retry (IETF Idempotency-Key draft). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
