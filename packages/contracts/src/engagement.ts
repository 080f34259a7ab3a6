import { z } from 'zod';

/**
 * Engagement, read side: the brand's VIP rank table and its promotions (docs/decisions/0006).
 * Money is integer minor units of the brand currency; rates are basis points (100 bp = 1%).
 */

/** What a promotion is about; the promotions page offers one tab per category that has offers. */
export const PROMOTION_CATEGORIES = [
  'DEPOSIT',
  'REBATE',
  'VIP',
  'SPORTS',
  'CASINO',
  'SLOTS',
  'LOTTERY',
  'EVENT',
] as const;
export const promotionCategory = z.enum(PROMOTION_CATEGORIES);
export type PromotionCategory = z.infer<typeof promotionCategory>;

/**
 * Who may take a promotion: ALL every member; MEMBER existing members (at least one approved
 * deposit); NEW_MEMBER members without an approved deposit yet (first-deposit offers). Trial
 * accounts take none (§6). A minimum VIP level applies on top.
 */
export const PROMOTION_AUDIENCES = ['ALL', 'MEMBER', 'NEW_MEMBER'] as const;
export const promotionAudience = z.enum(PROMOTION_AUDIENCES);
export type PromotionAudience = z.infer<typeof promotionAudience>;

export const PROMOTIONS_PAGE_SIZE = 12;

const languageCode = z.string().min(2).max(8);
const merchantCode = z.string().min(1).max(32);
const minorUnits = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const basisPoints = z.number().int().min(0).max(100_000);
const vipLevel = z.number().int().min(0).max(99);

/** Query values arrive as text; an empty value (`category=`) counts as absent. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** Text keyed by language code ('EN', 'TY' ...), at least one language. */
const localizedText = (max: number) =>
  z
    .record(languageCode, z.string().trim().min(1).max(max))
    .refine((texts) => Object.keys(texts).length > 0, 'Give a text in at least one language');

// ---- Import file (npm run jade -- engagement import FILE) ----

export const importedVipRank = z.object({
  level: vipLevel,
  names: localizedText(60),
  /** Deposits needed to reach the rank. */
  depositRequirement: minorUnits.default(0),
  /** Turnover (valid bets) needed to reach the rank. */
  turnoverRequirement: minorUnits.default(0),
  dailyWithdrawalCount: z.number().int().min(0).max(1_000),
  dailyWithdrawalLimit: minorUnits,
  birthdayBonus: minorUnits.default(0),
  upgradeBonus: minorUnits.default(0),
  rebateRateBp: basisPoints.default(0),
  isEnabled: z.boolean().default(true),
});
export type ImportedVipRank = z.infer<typeof importedVipRank>;

/** The offer's figures; all optional, shown on the detail page and used when claiming comes. */
export const promotionTerms = z.object({
  /** Bonus as a share of the qualifying deposit or loss. */
  bonusRateBp: basisPoints.nullable().default(null),
  maxBonus: minorUnits.nullable().default(null),
  minDeposit: minorUnits.nullable().default(null),
  /** Times the bonus (plus deposit) must be wagered before withdrawal. */
  turnoverMultiplier: z.number().int().min(0).max(1_000).nullable().default(null),
});
export type PromotionTerms = z.infer<typeof promotionTerms>;

/**
 * What a promotion pays and to whom (decision 0050), the one source of its terms: the pages, the
 * banner and the claim all read these. DEPOSIT_MATCH pays bonusRateBp of the qualifying deposit up
 * to maxBonus; FIXED_BONUS pays bonusAmount; REBATE_BOOST adds bonusRateBp to the member's rebate
 * rate (signed up as Joined; the rebate job pays it); NONE is information only.
 */
export const PROMOTION_KINDS = ['NONE', 'DEPOSIT_MATCH', 'FIXED_BONUS', 'REBATE_BOOST'] as const;
export const promotionKind = z.enum(PROMOTION_KINDS);
export type PromotionKind = z.infer<typeof promotionKind>;

export const promotionRules = z
  .object({
    kind: promotionKind.default('NONE'),
    /** FIXED_BONUS: the amount paid. */
    bonusAmount: minorUnits.max(1_000_000_000_000).nullable().default(null),
    /**
     * Which deposit may qualify, counted among the member's approved deposits (1 = the first);
     * for a fixed bonus, the member's approved deposits at the claim.
     */
    minDepositCount: z.number().int().min(0).max(10_000).default(0),
    maxDepositCount: z.number().int().min(0).max(10_000).nullable().default(null),
    /** The interface languages the offer runs in; null: all of them. */
    languages: z.array(languageCode).min(1).max(20).nullable().default(null),
    /** An operator approves each application before it can be claimed. */
    needsReview: z.boolean().default(false),
    /** The application must carry at least one proof image (§5 activity proof). */
    proofRequired: z.boolean().default(false),
  })
  .refine((r) => r.maxDepositCount === null || r.maxDepositCount >= r.minDepositCount, {
    path: ['maxDepositCount'],
    message: 'The highest deposit count must not be below the lowest',
  })
  .refine((r) => r.kind !== 'FIXED_BONUS' || (r.bonusAmount ?? 0) > 0, {
    path: ['bonusAmount'],
    message: 'A fixed bonus needs its amount',
  });
export type PromotionRules = z.infer<typeof promotionRules>;

export const importedPromotion = z
  .object({
    code: z
      .string()
      .regex(/^[A-Z0-9_]{2,32}$/, 'Promotion codes are 2 to 32 upper-case letters, digits or underscores'),
    category: promotionCategory,
    titles: localizedText(120),
    summaries: localizedText(300),
    /** HTML; the web app sanitises it before showing it. */
    contents: localizedText(50_000),
    imageUrl: z.string().min(1).max(500).nullable().default(null),
    startsAt: z.iso.datetime(),
    /** null: runs until switched off. */
    endsAt: z.iso.datetime().nullable().default(null),
    isEnabled: z.boolean().default(true),
    sortOrder: z.number().int().min(-10_000).max(10_000).default(0),
    audience: promotionAudience.default('ALL'),
    minVipLevel: vipLevel.default(0),
    terms: promotionTerms.default({
      bonusRateBp: null,
      maxBonus: null,
      minDeposit: null,
      turnoverMultiplier: null,
    }),
    rules: promotionRules.default({
      kind: 'NONE',
      bonusAmount: null,
      minDepositCount: 0,
      maxDepositCount: null,
      languages: null,
      needsReview: false,
      proofRequired: false,
    }),
  })
  .refine(
    (p) => p.rules.kind !== 'DEPOSIT_MATCH' || (p.terms.bonusRateBp !== null && p.terms.maxBonus !== null),
    { path: ['terms', 'bonusRateBp'], message: 'A deposit match needs its rate and its cap' },
  )
  .refine((p) => p.endsAt === null || Date.parse(p.endsAt) > Date.parse(p.startsAt), {
    path: ['endsAt'],
    message: 'A promotion must end after it starts',
  });
export type ImportedPromotion = z.infer<typeof importedPromotion>;

export const engagementFile = z
  .object({
    ranks: z.array(importedVipRank).max(100).default([]),
    promotions: z.array(importedPromotion).max(1_000).default([]),
  })
  .superRefine((file, ctx) => {
    if (file.ranks.length === 0 && file.promotions.length === 0) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Give at least one rank or promotion' });
    }
    const levels = new Set<number>();
    file.ranks.forEach((rank, i) => {
      if (levels.has(rank.level)) {
        ctx.addIssue({
          code: 'custom',
          path: ['ranks', i, 'level'],
          message: `Duplicate level ${rank.level}`,
        });
      }
      levels.add(rank.level);
    });
    const codes = new Set<string>();
    file.promotions.forEach((promotion, i) => {
      if (codes.has(promotion.code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['promotions', i, 'code'],
          message: `Duplicate promotion '${promotion.code}'`,
        });
      }
      codes.add(promotion.code);
    });
  });
export type EngagementFile = z.infer<typeof engagementFile>;
export type EngagementFileInput = z.input<typeof engagementFile>;

// ---- VIP ranks ----

export const vipRanksQuery = z.object({
  language: blankAsAbsent(languageCode),
  /** Must name the brand of the host when given (docs/decisions/0003). */
  merchantCode: blankAsAbsent(merchantCode),
});
export type VipRanksQuery = z.infer<typeof vipRanksQuery>;

export const vipRank = z.object({
  level: z.number().int(),
  /** In the asked language, else the brand default, EN, then any (0003). */
  name: z.string(),
  depositRequirement: z.number().int(),
  turnoverRequirement: z.number().int(),
  dailyWithdrawalCount: z.number().int(),
  dailyWithdrawalLimit: z.number().int(),
  birthdayBonus: z.number().int(),
  upgradeBonus: z.number().int(),
  rebateRateBp: z.number().int(),
});
export type VipRank = z.infer<typeof vipRank>;

/** The brand's enabled ranks, lowest level first. */
export const vipRanksResponse = z.object({ ranks: z.array(vipRank) });
export type VipRanksResponse = z.infer<typeof vipRanksResponse>;

// ---- Promotions ----

export const promotionListQuery = z.object({
  language: blankAsAbsent(languageCode),
  category: blankAsAbsent(promotionCategory),
  pageNo: blankAsAbsent(z.coerce.number().pipe(z.number().int().min(1).max(100_000))),
  pageSize: blankAsAbsent(z.coerce.number().pipe(z.number().int().min(1).max(50))),
  merchantCode: blankAsAbsent(merchantCode),
});
export type PromotionListQuery = z.infer<typeof promotionListQuery>;

export const promotionDetailQuery = z.object({
  language: blankAsAbsent(languageCode),
  merchantCode: blankAsAbsent(merchantCode),
});
export type PromotionDetailQuery = z.infer<typeof promotionDetailQuery>;

export const promotionIdParams = z.object({
  id: z.coerce.number().pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
});

export const availablePromotionsQuery = z.object({ language: blankAsAbsent(languageCode) });
export type AvailablePromotionsQuery = z.infer<typeof availablePromotionsQuery>;
/** The same call as a relay POST body (ARCHITECTURE.md: relay calls carry a JSON body). */
export const availablePromotionsRequest = z.object({ language: languageCode.optional() }).default({});

/** A promotion as lists show it. */
export const promotionSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  category: promotionCategory,
  /** The language title, summary and content are in (0003 fallback per promotion). */
  language: z.string(),
  title: z.string(),
  summary: z.string(),
  imageUrl: z.string().nullable(),
  /** ISO-8601 UTC. */
  startsAt: z.string(),
  /** ISO-8601 UTC; null while open-ended. */
  endsAt: z.string().nullable(),
  audience: promotionAudience,
  minVipLevel: z.number().int(),
  terms: z.object({
    bonusRateBp: z.number().int().nullable(),
    maxBonus: z.number().int().nullable(),
    minDeposit: z.number().int().nullable(),
    turnoverMultiplier: z.number().int().nullable(),
  }),
  rules: z.object({
    kind: promotionKind,
    bonusAmount: z.number().int().nullable(),
    minDepositCount: z.number().int(),
    maxDepositCount: z.number().int().nullable(),
    languages: z.array(z.string()).nullable(),
    needsReview: z.boolean(),
    proofRequired: z.boolean(),
  }),
});
export type PromotionSummary = z.infer<typeof promotionSummary>;

/** The detail adds the HTML content (the web app sanitises it). */
export const promotionDetail = promotionSummary.extend({ content: z.string() });
export type PromotionDetail = z.infer<typeof promotionDetail>;

export const promotionListResponse = z.object({
  promotions: z.array(promotionSummary),
  /** Every category with current promotions and how many, whatever the asked category. */
  categories: z.array(z.object({ category: promotionCategory, count: z.number().int() })),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});
export type PromotionListResponse = z.infer<typeof promotionListResponse>;

/** §7 available promotions: what this member can take now, and how many (the header's bonus badge). */
export const availablePromotionsResponse = z.object({
  promotions: z.array(promotionSummary),
  count: z.number().int(),
});
export type AvailablePromotionsResponse = z.infer<typeof availablePromotionsResponse>;
