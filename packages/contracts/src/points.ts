import { z } from 'zod';
import { gameCategory } from './games.js';
import { MAX_AMOUNT_PER_CALL, minorUnits } from './wallet.js';

/**
 * The points mall (§5, §7, §9; decision 0046). Every point figure on the wire is an integer number of
 * hundredths of a point (`points: 7050` is 70.50 points); money is minor units as everywhere.
 */
export const POINT_PATHS = {
  BALANCE: '/wps/relay/MCS2_getPointBalance',
  REWARDS: '/wps/relay/MCS2_getPointReward',
  REDEEM: '/wps/relay/MCS2_redeemPointReward',
  REDEEMS: '/wps/relay/MCS2_getRedeemPointList',
  CONFIG: '/wps/relay/MCS2_getPointConfig',
  CONVERT: '/wps/relay/MCS2_convertPoint',
} as const;

/** The most points one call may move, or a reward may cost (hundredths). */
export const MAX_POINTS_PER_CALL = MAX_AMOUNT_PER_CALL;
/** The most a reward may hold in stock. */
export const MAX_REWARD_STOCK = 1_000_000;
/** A rate: hundredths of a point per currency unit of valid bet (§9 LIVE 0.70 is 70), at most 100.00. */
export const MAX_POINT_RATE = 10_000;

export const pointAmount = z.number().int().positive().max(MAX_POINTS_PER_CALL);

/** §4 redeem statuses: In Process, Rejected, Approved. */
export const REDEEM_STATUSES = ['IN_PROCESS', 'REJECTED', 'APPROVED'] as const;
export const redeemStatus = z.enum(REDEEM_STATUSES);
export type RedeemStatus = z.infer<typeof redeemStatus>;

export const pointLanguageRequest = z.object({ language: z.string().min(2).max(8).optional() }).nullish();

export const pointBalanceResponse = z.object({ points: z.number().int() });
export type PointBalance = z.infer<typeof pointBalanceResponse>;

export const pointReward = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  cost: z.number().int(),
  stock: z.number().int(),
});
export type PointReward = z.infer<typeof pointReward>;
export const pointRewardsResponse = z.object({ list: z.array(pointReward) });

const paymentPassword = z.string().min(1).max(32);

export const redeemPointRequest = z.object({ rewardId: z.number().int().positive(), paymentPassword });

export const pointRedemption = z.object({
  id: z.number().int(),
  rewardId: z.number().int(),
  rewardName: z.string(),
  points: z.number().int(),
  status: redeemStatus,
  remark: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PointRedemption = z.infer<typeof pointRedemption>;
export const redeemPointResponse = z.object({ redemption: pointRedemption, points: z.number().int() });

export const redeemListRequest = z.object({
  status: redeemStatus.optional(),
  pageNo: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(10),
  language: z.string().min(2).max(8).optional(),
});
/**
 * One line of the member's points history: a redemption (REDEEM), or a conversion to the main
 * wallet (CONVERT: no reward, `amount` the money it paid, Approved when made).
 */
export const POINT_HISTORY_KINDS = ['REDEEM', 'CONVERT'] as const;
export const pointHistoryItem = pointRedemption.extend({
  kind: z.enum(POINT_HISTORY_KINDS),
  rewardId: z.number().int().nullable(),
  /** Minor units paid to the main wallet (conversions); null for a redemption. */
  amount: z.number().int().nullable(),
});
export type PointHistoryItem = z.infer<typeof pointHistoryItem>;
export const redeemListResponse = z.object({
  list: z.array(pointHistoryItem),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});

export const pointRate = z.object({
  category: gameCategory,
  rate: z.number().int().min(0).max(MAX_POINT_RATE),
});
export const pointConversion = z.object({
  /** `points` (hundredths) convert to `amount` (minor units); a conversion pays pro rata, rounded down. */
  points: pointAmount,
  amount: minorUnits.positive().max(MAX_AMOUNT_PER_CALL),
  minPoints: pointAmount,
  maxPoints: pointAmount,
});
export type PointConversion = z.infer<typeof pointConversion>;
export const pointConfigResponse = z.object({
  rates: z.array(pointRate),
  conversion: pointConversion,
  /** Points never expire (§9). */
  expires: z.literal(false),
});
export type PointConfig = z.infer<typeof pointConfigResponse>;

export const convertPointRequest = z.object({ points: pointAmount, paymentPassword });
export const convertPointResponse = z.object({
  points: z.number().int(),
  amount: z.number().int(),
  pointBalance: z.number().int(),
  mainBalance: z.number().int(),
});

// Operators (CLI and operator API).
const texts = z.record(z.string().min(2).max(8), z.string().min(1).max(200));
export const rewardInput = z.object({
  names: texts.refine((t) => Object.keys(t).length > 0, 'At least one name'),
  descriptions: texts.default({}),
  imageUrl: z.string().url().max(500).nullable().default(null),
  cost: pointAmount,
  stock: z.number().int().min(0).max(MAX_REWARD_STOCK),
  enabled: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type RewardInput = z.infer<typeof rewardInput>;
export const operatorReward = z.object({
  id: z.number().int(),
  names: z.record(z.string(), z.string()),
  descriptions: z.record(z.string(), z.string()),
  imageUrl: z.string().nullable(),
  cost: z.number().int(),
  stock: z.number().int(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
});
export const stockChange = z.object({ add: z.number().int().min(-MAX_REWARD_STOCK).max(MAX_REWARD_STOCK) });
export const operatorRedemption = pointRedemption.extend({
  memberId: z.number().int(),
  username: z.string(),
});
export const operatorRedemptionsQuery = z.object({
  status: redeemStatus.default('IN_PROCESS'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const redemptionDecision = z.object({ remark: z.string().max(200).optional() }).nullish();
export const pointSettingsInput = z.object({
  rates: z.array(pointRate).max(20).optional(),
  conversion: pointConversion.optional(),
});
