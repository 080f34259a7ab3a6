import type {
  PromotionAudience,
  PromotionCategory,
  PromotionKind,
  PromotionRules,
  PromotionTerms,
} from '@jade/contracts/engagement';
import type { DbOrTrx } from '../../platform/db/index.js';

export type VipRankRow = {
  level: number;
  names: Record<string, string>;
  depositRequirement: number;
  turnoverRequirement: number;
  dailyWithdrawalCount: number;
  dailyWithdrawalLimit: number;
  birthdayBonus: number;
  upgradeBonus: number;
  rebateRateBp: number;
};

export type VipRankInput = VipRankRow & { isEnabled: boolean };

export type PromotionRow = {
  id: number;
  code: string;
  category: PromotionCategory;
  titles: Record<string, string>;
  summaries: Record<string, string>;
  imageUrl: string | null;
  startsAt: string;
  endsAt: string | null;
  audience: PromotionAudience;
  minVipLevel: number;
  terms: PromotionTerms;
  rules: PromotionRules;
};

export type PromotionInput = Omit<PromotionRow, 'id'> & {
  contents: Record<string, string>;
  isEnabled: boolean;
  sortOrder: number;
};

/** Which of a brand's promotions a query is about: running at `now`, and optionally narrower. */
export type PromotionFilter = {
  merchantId: number;
  now: string;
  category?: PromotionCategory;
  /** Only these audiences. */
  audiences?: readonly PromotionAudience[];
  /** Only promotions open to this VIP level. */
  vipLevel?: number;
};

const parseTexts = (json: string) => JSON.parse(json) as Record<string, string>;

const toRank = (r: {
  level: number;
  names: string;
  deposit_requirement: number;
  turnover_requirement: number;
  daily_withdrawal_count: number;
  daily_withdrawal_limit: number;
  birthday_bonus: number;
  upgrade_bonus: number;
  rebate_rate_bp: number;
}): VipRankRow => ({
  level: r.level,
  names: parseTexts(r.names),
  depositRequirement: Number(r.deposit_requirement),
  turnoverRequirement: Number(r.turnover_requirement),
  dailyWithdrawalCount: r.daily_withdrawal_count,
  dailyWithdrawalLimit: Number(r.daily_withdrawal_limit),
  birthdayBonus: Number(r.birthday_bonus),
  upgradeBonus: Number(r.upgrade_bonus),
  rebateRateBp: r.rebate_rate_bp,
});

export const listEnabledRanks = async (db: DbOrTrx, merchantId: number): Promise<VipRankRow[]> =>
  (
    await db
      .selectFrom('vip_rank')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('enabled', '=', 1)
      .orderBy('level')
      .execute()
  ).map(toRank);

/** Every rank of the brand, switched off or not, lowest first (the operator's table). */
export const listAllRanks = async (db: DbOrTrx, merchantId: number): Promise<VipRankInput[]> =>
  (
    await db
      .selectFrom('vip_rank')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .orderBy('level')
      .execute()
  ).map((r) => ({ ...toRank(r), isEnabled: r.enabled === 1 }));

/** Inserts the rank, or replaces the brand's rank of the same level. */
export const upsertRank = async (db: DbOrTrx, merchantId: number, rank: VipRankInput, now: string) => {
  const values = {
    merchant_id: merchantId,
    level: rank.level,
    names: JSON.stringify(rank.names),
    deposit_requirement: rank.depositRequirement,
    turnover_requirement: rank.turnoverRequirement,
    daily_withdrawal_count: rank.dailyWithdrawalCount,
    daily_withdrawal_limit: rank.dailyWithdrawalLimit,
    birthday_bonus: rank.birthdayBonus,
    upgrade_bonus: rank.upgradeBonus,
    rebate_rate_bp: rank.rebateRateBp,
    enabled: rank.isEnabled ? 1 : 0,
    updated_at: now,
  };
  const { merchant_id: _merchant, level: _level, ...changes } = values;
  await db
    .insertInto('vip_rank')
    .values(values)
    .onConflict((oc) => oc.columns(['merchant_id', 'level']).doUpdateSet(changes))
    .execute();
};

export const current = (db: DbOrTrx, filter: PromotionFilter) => {
  let query = db
    .selectFrom('promotion')
    .where('merchant_id', '=', filter.merchantId)
    .where('enabled', '=', 1)
    .where('starts_at', '<=', filter.now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', filter.now)]));
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.audiences) query = query.where('audience', 'in', [...filter.audiences]);
  if (filter.vipLevel !== undefined) query = query.where('min_vip_level', '<=', filter.vipLevel);
  return query;
};

export const summaryColumns = [
  'id',
  'code',
  'category',
  'titles',
  'summaries',
  'image_url',
  'starts_at',
  'ends_at',
  'audience',
  'min_vip_level',
  'bonus_rate_bp',
  'max_bonus',
  'min_deposit',
  'turnover_multiplier',
  'kind',
  'bonus_amount',
  'min_deposit_count',
  'max_deposit_count',
  'languages',
  'needs_review',
  'proof_required',
] as const;

type SummaryRecord = {
  id: number;
  code: string;
  category: string;
  titles: string;
  summaries: string;
  image_url: string | null;
  starts_at: string;
  ends_at: string | null;
  audience: string;
  min_vip_level: number;
  bonus_rate_bp: number | null;
  max_bonus: number | null;
  min_deposit: number | null;
  turnover_multiplier: number | null;
  kind: string;
  bonus_amount: number | null;
  min_deposit_count: number;
  max_deposit_count: number | null;
  languages: string | null;
  needs_review: number;
  proof_required: number;
};

const nullableNumber = (value: number | null) => (value === null ? null : Number(value));

export const toPromotionRow = (r: SummaryRecord): PromotionRow => ({
  id: r.id,
  code: r.code,
  category: r.category as PromotionCategory,
  titles: parseTexts(r.titles),
  summaries: parseTexts(r.summaries),
  imageUrl: r.image_url,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  audience: r.audience as PromotionAudience,
  minVipLevel: r.min_vip_level,
  terms: {
    bonusRateBp: r.bonus_rate_bp,
    maxBonus: nullableNumber(r.max_bonus),
    minDeposit: nullableNumber(r.min_deposit),
    turnoverMultiplier: r.turnover_multiplier,
  },
  rules: {
    kind: r.kind as PromotionKind,
    bonusAmount: nullableNumber(r.bonus_amount),
    minDepositCount: r.min_deposit_count,
    maxDepositCount: r.max_deposit_count,
    languages: r.languages === null ? null : (JSON.parse(r.languages) as string[]),
    needsReview: r.needs_review === 1,
    proofRequired: r.proof_required === 1,
  },
});

export const countPromotions = async (db: DbOrTrx, filter: PromotionFilter): Promise<number> => {
  const row = await current(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/** Running promotions per category, for the category tabs. */
export const countPromotionsByCategory = async (
  db: DbOrTrx,
  filter: Omit<PromotionFilter, 'category'>,
): Promise<{ category: PromotionCategory; count: number }[]> =>
  (
    await current(db, filter)
      .select(['category', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('category')
      .orderBy('category')
      .execute()
  ).map((r) => ({ category: r.category as PromotionCategory, count: Number(r.n) }));

/** Brand order (lower sort order first), then the newest start, then the newest row. */
export const listPromotions = async (
  db: DbOrTrx,
  filter: PromotionFilter,
  page?: { limit: number; offset: number },
): Promise<PromotionRow[]> => {
  let query = current(db, filter)
    .select(summaryColumns)
    .orderBy('sort_order')
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc');
  if (page) query = query.limit(page.limit).offset(page.offset);
  return (await query.execute()).map(toPromotionRow);
};

/** One running promotion of the brand, with its contents; undefined when there is none. */
export const findCurrentPromotion = async (
  db: DbOrTrx,
  filter: PromotionFilter,
  id: number,
): Promise<(PromotionRow & { contents: Record<string, string> }) | undefined> => {
  const row = await current(db, filter)
    .where('id', '=', id)
    .select([...summaryColumns, 'contents'])
    .executeTakeFirst();
  return row && { ...toPromotionRow(row), contents: parseTexts(row.contents) };
};

/** Inserts the promotion, or replaces the brand's promotion with the same code. */
export const upsertPromotion = async (
  db: DbOrTrx,
  merchantId: number,
  promotion: PromotionInput,
  now: string,
) => {
  const changes = {
    category: promotion.category,
    titles: JSON.stringify(promotion.titles),
    summaries: JSON.stringify(promotion.summaries),
    contents: JSON.stringify(promotion.contents),
    image_url: promotion.imageUrl,
    starts_at: promotion.startsAt,
    ends_at: promotion.endsAt,
    enabled: promotion.isEnabled ? 1 : 0,
    sort_order: promotion.sortOrder,
    audience: promotion.audience,
    min_vip_level: promotion.minVipLevel,
    bonus_rate_bp: promotion.terms.bonusRateBp,
    max_bonus: promotion.terms.maxBonus,
    min_deposit: promotion.terms.minDeposit,
    turnover_multiplier: promotion.terms.turnoverMultiplier,
    kind: promotion.rules.kind,
    bonus_amount: promotion.rules.bonusAmount,
    min_deposit_count: promotion.rules.minDepositCount,
    max_deposit_count: promotion.rules.maxDepositCount,
    languages: promotion.rules.languages && JSON.stringify(promotion.rules.languages),
    needs_review: promotion.rules.needsReview ? 1 : 0,
    proof_required: promotion.rules.proofRequired ? 1 : 0,
    updated_at: now,
  };
  await db
    .insertInto('promotion')
    .values({ merchant_id: merchantId, code: promotion.code, created_at: now, ...changes })
    .onConflict((oc) => oc.columns(['merchant_id', 'code']).doUpdateSet(changes))
    .execute();
};
