import { z } from 'zod';
import { UPLOAD_COMMENT_MAX_LENGTH, UPLOAD_MAX_IMAGES } from './constants.js';
import { promotionCategory, promotionKind } from './engagement.js';
import { imageUpload } from './payments.js';

/**
 * Applying for and claiming promotions (decision 0050), the §4 activity statuses:
 * APPLYING waits for an operator's review; REJECTED was refused; ISSUED may be claimed now;
 * PROCESS is paid and its turnover is being wagered; CLAIMED is paid and its turnover met;
 * JOINED is signed up for a rebate boost (paid by the rebate job); CLOSE was closed unpaid.
 */
export const PROMOTION_CLAIM_STATUSES = [
  'APPLYING',
  'REJECTED',
  'ISSUED',
  'CLAIMED',
  'PROCESS',
  'JOINED',
  'CLOSE',
] as const;
export const promotionClaimStatus = z.enum(PROMOTION_CLAIM_STATUSES);
export type PromotionClaimStatus = z.infer<typeof promotionClaimStatus>;

/** §5 activity proof: a comment up to 140 characters and up to 3 png or jpg images of 5 MB each. */
export const promotionApplyRequest = z.object({
  comment: z.string().trim().max(UPLOAD_COMMENT_MAX_LENGTH).optional(),
  images: z.array(imageUpload).max(UPLOAD_MAX_IMAGES).optional(),
  language: z.string().min(2).max(8).optional(),
});
export type PromotionApplyRequest = z.infer<typeof promotionApplyRequest>;

export const promotionClaim = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  code: z.string(),
  title: z.string(),
  category: promotionCategory,
  kind: promotionKind,
  status: promotionClaimStatus,
  depositId: z.number().int().nullable(),
  depositAmount: z.number().int().nullable(),
  /** What is (or was) paid; 0 while not yet known or for a rebate boost. */
  bonus: z.number().int(),
  turnoverRequired: z.number().int(),
  /** Valid bets counted towards this bonus since it was paid, at most the requirement. */
  turnoverDone: z.number().int(),
  comment: z.string().nullable(),
  proofCount: z.number().int(),
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type PromotionClaim = z.infer<typeof promotionClaim>;

export const promotionClaimsQuery = z.object({
  language: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(2).max(8).optional()),
  /** bonus: the paid ones (bonusDetails); all: every application (rewardCenter). */
  view: z.enum(['all', 'bonus']).default('all'),
});

/** What the member can claim now (the header badge) and their claims, newest first. */
export const promotionClaimsResponse = z.object({
  claims: z.array(promotionClaim),
  /** Promotions the member may apply for and claim at once, not yet applied for. */
  claimable: z.array(
    z.object({ promotionId: z.number().int(), code: z.string(), title: z.string(), bonus: z.number().int() }),
  ),
  /** claimable plus ISSUED claims: the header's bonus badge. */
  claimableCount: z.number().int(),
  /** The turnover the member still owes before a withdrawal (every bonus and deposit together). */
  turnoverRemaining: z.number().int(),
});
export type PromotionClaimsResponse = z.infer<typeof promotionClaimsResponse>;

export const claimIdParams = z.object({
  id: z.coerce.number().pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
});

// ---- Operators ----

export const operatorClaimsQuery = z.object({
  status: promotionClaimStatus.default('APPLYING'),
  pageNo: z.coerce.number().pipe(z.number().int().min(1).max(100_000)).default(1),
  pageSize: z.coerce.number().pipe(z.number().int().min(1).max(100)).default(20),
});
export type OperatorClaimsQuery = z.infer<typeof operatorClaimsQuery>;

export const operatorClaim = promotionClaim.extend({ memberId: z.number().int(), username: z.string() });
export const operatorClaimsPage = z.object({
  claims: z.array(operatorClaim),
  totalCount: z.number().int(),
});

export const claimDecisionParams = claimIdParams.extend({ decision: z.enum(['approve', 'reject', 'close']) });
/** A decision may come with no body at all (or an empty one): the note is optional. */
export const claimDecisionRequest = z.object({ note: z.string().trim().max(200).optional() }).nullish();

/** What each promotion has cost: bonuses paid from the brand's promotion expense account. */
export const promotionCostsResponse = z.object({
  promotions: z.array(
    z.object({
      promotionId: z.number().int(),
      code: z.string(),
      claims: z.number().int(),
      paid: z.number().int(),
    }),
  ),
  total: z.number().int(),
});
export type PromotionCostsResponse = z.infer<typeof promotionCostsResponse>;
