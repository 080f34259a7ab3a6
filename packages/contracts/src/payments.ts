import { z } from 'zod';
import { UPLOAD_COMMENT_MAX_LENGTH, UPLOAD_MAX_IMAGES } from './constants.js';
import { minorUnits, positiveAmount } from './wallet.js';

export const CHANNEL_KINDS = ['MANUAL_BANK', 'GATEWAY'] as const;

export const paymentChannel = z.object({
  code: z.string(),
  kind: z.enum(CHANNEL_KINDS),
  name: z.string(),
  minAmount: minorUnits,
  maxAmount: minorUnits,
  dailyLimit: minorUnits,
  /** For manual bank transfer: where the member sends the money. */
  receivingAccount: z
    .object({ bankName: z.string(), accountNumber: z.string(), accountName: z.string() })
    .nullable(),
});
export type PaymentChannel = z.infer<typeof paymentChannel>;
export const paymentChannelsResponse = z.object({ channels: z.array(paymentChannel) });

/** A png or jpg as base64 (without the data: prefix); checked by content on the server. */
export const imageUpload = z.object({ name: z.string().max(200), base64: z.string().min(1).max(7_000_000) });

export const depositRequest = z.object({
  channelCode: z.string().trim().min(1).max(32),
  amount: positiveAmount,
  reference: z.string().trim().max(100).optional(),
  proof: imageUpload.optional(),
});
export type DepositRequest = z.infer<typeof depositRequest>;

export const DEPOSIT_STATUSES = ['PENDING', 'AWAITING_PAYMENT', 'APPROVED', 'REJECTED', 'FAILED'] as const;
export const deposit = z.object({
  id: z.number().int(),
  channelCode: z.string(),
  amount: minorUnits,
  status: z.enum(DEPOSIT_STATUSES),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** Gateway deposits: where the member pays. */
  payUrl: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof deposit>;

/** The member's and the operators' lists: a page at a time, 10 a page unless asked (at most 100). */
export const PAYMENT_PAGE_SIZE = 10;
export const paymentPageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(PAYMENT_PAGE_SIZE),
});
export type PaymentPageQuery = z.infer<typeof paymentPageQuery>;
/** One page of a list, numbered like the game list: pageNum (1-based), totalPages, totalCount. */
export const paymentPage = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    totalCount: z.number().int(),
  });
export const depositPage = paymentPage(deposit);
export type DepositPage = z.infer<typeof depositPage>;

export const bankAccountRequest = z.object({
  bankName: z.string().trim().min(2).max(100),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9 -]{6,40}$/, 'Account numbers are 6-40 digits'),
  accountName: z.string().trim().min(2).max(100),
});
export const bankAccount = z.object({
  id: z.number().int(),
  bankName: z.string(),
  /** Masked except the last four digits. */
  accountNumber: z.string(),
  accountName: z.string(),
});
export type BankAccount = z.infer<typeof bankAccount>;

export const withdrawRequest = z.object({
  bankAccountId: z.number().int().positive(),
  amount: positiveAmount,
  paymentPassword: z.string().min(1).max(32),
});
export type WithdrawRequest = z.infer<typeof withdrawRequest>;

export const WITHDRAWAL_STATUSES = [
  'PENDING',
  'PAID',
  'REJECTED',
  'RECEIVED',
  'NOT_RECEIVED',
  'AUTO_RECEIVED',
] as const;
export const withdrawal = z.object({
  id: z.number().int(),
  amount: minorUnits,
  status: z.enum(WITHDRAWAL_STATUSES),
  bankAccount: bankAccount,
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** After payout: confirm before this, or it counts as received (§4). */
  confirmDeadline: z.string().nullable(),
  complaint: z.string().nullable(),
  proofCount: z.number().int(),
});
export type Withdrawal = z.infer<typeof withdrawal>;
export const withdrawalPage = paymentPage(withdrawal);
export type WithdrawalPage = z.infer<typeof withdrawalPage>;

export const withdrawalConfirmation = z.discriminatedUnion('received', [
  z.object({ received: z.literal(true) }),
  z.object({
    received: z.literal(false),
    comment: z.string().trim().min(1).max(UPLOAD_COMMENT_MAX_LENGTH),
    images: z.array(imageUpload).min(1).max(UPLOAD_MAX_IMAGES),
  }),
]);
export type WithdrawalConfirmation = z.infer<typeof withdrawalConfirmation>;

export const withdrawInfoResponse = z.object({
  mainBalance: minorUnits,
  withdrawable: minorUnits,
  /** Turnover still to wager before deposits may be withdrawn. */
  turnoverRemaining: minorUnits,
  minAmount: minorUnits,
  maxAmount: minorUnits,
  dailyLimit: minorUnits,
  hasPaymentPassword: z.boolean(),
  bankAccounts: z.array(bankAccount),
});

export const operatorLoginRequest = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});
export const operatorLoginResponse = z.object({ token: z.string(), username: z.string(), role: z.string() });
export const operatorDecision = z.object({ note: z.string().trim().max(200).optional() });
export const operatorQueueQuery = paymentPageQuery.extend({
  status: z.string().max(24).optional(),
  merchant: z.string().max(32).optional(),
});
/** An operator's queue entry: the deposit or withdrawal and whose it is. */
/** A queued request names its member by id and by username (what operators know them by). */
const queuedBy = { memberId: z.number().int(), username: z.string() };
export const queuedDepositPage = paymentPage(deposit.extend(queuedBy));
export const queuedWithdrawalPage = paymentPage(withdrawal.extend(queuedBy));
