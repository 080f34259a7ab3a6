import { TRIAL_ACCOUNT_TYPE } from '@jade/contracts/constants';
import {
  engagementFile,
  PROMOTIONS_PAGE_SIZE,
  type AvailablePromotionsResponse,
  type EngagementFile,
  type ImportedVipRank,
  type PromotionDetail,
  type PromotionDetailQuery,
  type PromotionListQuery,
  type PromotionListResponse,
  type PromotionSummary,
  type VipRanksQuery,
  type VipRanksResponse,
} from '@jade/contracts/engagement';
import type { OperatorVipRanksResponse } from '@jade/contracts/vip';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { parseImportFile } from '../../platform/import-file.js';
import {
  assertSameBrand,
  languageChain,
  pageCount,
  pageOffset,
  pickLanguage,
  pickName,
} from '../games/rules.js';
import type { Merchant } from '../merchants/repo.js';
import { hasApprovedDeposit } from '../wallet/payments.js';
import { demoEngagement } from './demo-engagement.js';
import { claimableCount, claimableOffers } from './promotion-claims.js';
import * as repo from './repo.js';
import { getVipPeriodDays, setVipPeriodDays } from './vip.js';

/** The brand's enabled VIP ranks, lowest first, each named in the asked language or its fallback (0003). */
export const getVipRanks = async (
  db: DbOrTrx,
  merchant: Merchant,
  query: VipRanksQuery,
): Promise<VipRanksResponse> => {
  assertSameBrand(merchant, query.merchantCode);
  const chain = languageChain(query.language, merchant.defaultLanguage);
  const ranks = await repo.listEnabledRanks(db, merchant.id);
  return { ranks: ranks.map(({ names, ...rank }) => ({ ...rank, name: pickName(names, chain) })) };
};

/**
 * A promotion in one language: the first of the chain its title has (0003, per promotion), and the
 * summary and content in that same language where they have it.
 */
export const localize = (row: repo.PromotionRow, chain: readonly string[]) => {
  const language = pickLanguage(Object.keys(row.titles), chain) ?? '';
  const own = [language, ...chain];
  const summary: PromotionSummary = {
    id: row.id,
    code: row.code,
    category: row.category,
    language,
    title: row.titles[language] ?? '',
    summary: pickName(row.summaries, own),
    imageUrl: row.imageUrl,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    audience: row.audience,
    minVipLevel: row.minVipLevel,
    terms: row.terms,
    rules: row.rules,
  };
  return { summary, own };
};

/** The brand's running promotions (enabled, started, not ended), one category or all, paged. */
export const listPromotions = async (
  db: DbOrTrx,
  merchant: Merchant,
  query: PromotionListQuery,
  now: Date = new Date(),
): Promise<PromotionListResponse> => {
  assertSameBrand(merchant, query.merchantCode);
  const pageNo = query.pageNo ?? 1;
  const pageSize = query.pageSize ?? PROMOTIONS_PAGE_SIZE;
  const chain = languageChain(query.language, merchant.defaultLanguage);
  const base = { merchantId: merchant.id, now: now.toISOString() };
  const filter: repo.PromotionFilter = { ...base, ...(query.category && { category: query.category }) };
  const [categories, rows] = await Promise.all([
    repo.countPromotionsByCategory(db, base),
    repo.listPromotions(db, filter, { limit: pageSize, offset: pageOffset(pageNo, pageSize) }),
  ]);
  const totalCount = query.category
    ? (categories.find((c) => c.category === query.category)?.count ?? 0)
    : categories.reduce((sum, c) => sum + c.count, 0);
  return {
    promotions: rows.map((row) => localize(row, chain).summary),
    categories,
    pageNum: pageNo,
    totalPages: pageCount(totalCount, pageSize),
    totalCount,
  };
};

/** One running promotion of the brand; unknown, another brand's, switched off or not running: 404. */
export const getPromotion = async (
  db: DbOrTrx,
  merchant: Merchant,
  id: number,
  query: PromotionDetailQuery,
  now: Date = new Date(),
): Promise<PromotionDetail> => {
  assertSameBrand(merchant, query.merchantCode);
  const row = await repo.findCurrentPromotion(db, { merchantId: merchant.id, now: now.toISOString() }, id);
  if (!row) throw new AppError('PROMOTION_NOT_FOUND', `No running promotion ${id}`);
  const { summary, own } = localize(row, languageChain(query.language, merchant.defaultLanguage));
  return { ...summary, content: pickName(row.contents, own) };
};

export type PromotionMember = { id: number; type: number; vip_level: number };

/**
 * §7 available promotions: the running ones this member may take now, by audience and VIP level;
 * the count is what it can claim at once (the header badge).
 * Trial accounts take none (§6: blocked from real-account features).
 */
export const getAvailablePromotions = async (
  db: DbOrTrx,
  merchant: Merchant,
  member: PromotionMember,
  language: string | undefined,
  now: Date = new Date(),
): Promise<AvailablePromotionsResponse> => {
  if (member.type === TRIAL_ACCOUNT_TYPE) return { promotions: [], count: 0 };
  const hasDeposited = await hasApprovedDeposit(db, merchant.id, member.id);
  const offers = await claimableOffers(db, merchant, member, language, now);
  const claimable = new Set(offers.map((o) => o.promotionId));
  // A first-deposit offer stays listed while the first deposit can still claim it.
  const rows = (
    await repo.listPromotions(db, {
      merchantId: merchant.id,
      now: now.toISOString(),
      vipLevel: member.vip_level,
    })
  ).filter((row) =>
    row.audience === 'NEW_MEMBER'
      ? !hasDeposited || claimable.has(row.id)
      : row.audience === 'MEMBER'
        ? hasDeposited
        : true,
  );
  const chain = languageChain(language, merchant.defaultLanguage);
  // The badge counts what the member can claim now (decision 0050), not every offer it may read.
  const count = await claimableCount(db, merchant, member, offers);
  return { promotions: rows.map((row) => localize(row, chain).summary), count };
};

/** Validates an engagement file, naming every bad field by its path ('promotions[2].endsAt'). */
export const parseEngagementFile = (json: unknown, source = 'engagement file'): EngagementFile =>
  parseImportFile(engagementFile, json, source);

/**
 * Writes the file's ranks (matched by level) and promotions (matched by code) for the brand, in one
 * transaction. Ranks and promotions missing from the file are kept; switch one off with isEnabled false.
 */
export const importEngagement = async (
  db: Db,
  merchantId: number,
  file: EngagementFile,
  now: Date = new Date(),
): Promise<{ ranks: number; promotions: number }> => {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    for (const rank of file.ranks) await repo.upsertRank(trx, merchantId, rank, at);
    for (const promotion of file.promotions) {
      // One text form (toISOString) keeps the window comparisons, which are on text, exact.
      await repo.upsertPromotion(
        trx,
        merchantId,
        {
          ...promotion,
          startsAt: new Date(promotion.startsAt).toISOString(),
          endsAt: promotion.endsAt && new Date(promotion.endsAt).toISOString(),
        },
        at,
      );
    }
  });
  return { ranks: file.ranks.length, promotions: file.promotions.length };
};

/** The brand's ranks as operators edit them (switched-off ones too) and its rolling period. */
export const listVipRanksForOperator = async (
  db: DbOrTrx,
  merchant: Merchant,
): Promise<OperatorVipRanksResponse> => ({
  merchant: merchant.code,
  periodDays: await getVipPeriodDays(db, merchant.id),
  ranks: await repo.listAllRanks(db, merchant.id),
});

/** Replaces the named ranks (by level) and the period in one transaction; other ranks are kept. */
export const editVipRanks = async (
  db: Db,
  merchant: Merchant,
  edit: { periodDays?: number | undefined; ranks: ImportedVipRank[] },
  now: Date = new Date(),
): Promise<OperatorVipRanksResponse> => {
  await db.transaction().execute(async (trx) => {
    for (const rank of edit.ranks) await repo.upsertRank(trx, merchant.id, rank, now.toISOString());
    if (edit.periodDays !== undefined) await setVipPeriodDays(trx, merchant.id, edit.periodDays, now);
  });
  return listVipRanksForOperator(db, merchant);
};

/** The demo brand's VIP ladder (VIP0 to VIP5) and six promotions in EN and TY, running around `now`. */
export const seedDemoEngagement = async (db: Db, merchantId: number, now: Date = new Date()) =>
  await importEngagement(db, merchantId, parseEngagementFile(demoEngagement(now), 'demo engagement'), now);
