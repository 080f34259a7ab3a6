import { z } from 'zod';

/**
 * The in-house lottery's calls (§7 lottery: opened numero, recent results; placing bets, my bets and
 * cancelling before the close; issue 11). Amounts are integer minor units; times ISO-8601 UTC.
 */
export const LOTTERY_BET_TYPES = [
  'LO2',
  'LO3',
  'LO4',
  'XIEN2',
  'XIEN3',
  'XIEN4',
  'TRUOT4',
  'TRUOT8',
  'TRUOT10',
  'DE',
  'DAU_DE',
  'NHAT',
  'CANG3',
  'XIU_CHU_DAU',
  'DAU',
  'DUOI',
  'BIG',
  'SMALL',
  'BIG_BOX',
  'SMALL_BOX',
  'BIG_IBOX',
  'SMALL_IBOX',
] as const;
export const lotteryBetType = z.enum(LOTTERY_BET_TYPES);
export type LotteryBetType = z.infer<typeof lotteryBetType>;

export const DRAW_STATUSES = ['SCHEDULED', 'OPEN', 'CLOSED', 'DRAWN', 'SETTLED', 'VOID'] as const;
const gameCode = z.string().trim().min(1).max(64);

export const openedNumeroQuery = z.object({ gameCode });

/** The draw of a game that takes bets now: its numero (draw number), times and fairness commitment. */
export const openedNumero = z.object({
  gameCode: z.string(),
  vassalage: z.string(),
  numero: z.string(),
  structure: z.string(),
  status: z.enum(DRAW_STATUSES),
  opensAt: z.string(),
  closesAt: z.string(),
  drawsAt: z.string(),
  /** SHA-256 of the server seed of a fair draw, published before the close. */
  seedHash: z.string().nullable(),
  serverTime: z.string(),
});
export type OpenedNumero = z.infer<typeof openedNumero>;

export const recentResultsQuery = z.object({
  gameCode,
  count: z.coerce.number().int().min(1).max(50).default(10),
});

export const drawResultItem = z.object({
  numero: z.string(),
  drawsAt: z.string(),
  status: z.enum(DRAW_STATUSES),
  /** Prize numbers by tier code (SPECIAL, FIRST … or FIRST, STARTER … for 4D). */
  result: z.record(z.string(), z.array(z.string())),
  seedHash: z.string().nullable(),
  /** The fair draw's server seed, revealed with its result. */
  serverSeed: z.string().nullable(),
});
export const recentResults = z.array(drawResultItem);
export type DrawResultItem = z.infer<typeof drawResultItem>;

export const placeLotteryBetRequest = z.object({
  gameCode,
  numero: z.string().min(1).max(32),
  betType: lotteryBetType,
  numbers: z
    .array(z.string().regex(/^\d{1,4}$/))
    .min(1)
    .max(100),
  /** Per point, integer minor units. */
  stake: z.number().int().safe().positive(),
});
export type PlaceLotteryBetRequest = z.infer<typeof placeLotteryBetRequest>;

export const lotteryBet = z.object({
  betId: z.number().int(),
  gameCode: z.string(),
  numero: z.string(),
  betType: z.string(),
  numbers: z.array(z.string()),
  stake: z.number().int(),
  cost: z.number().int(),
  payout: z.number().int(),
  status: z.enum(['OPEN', 'WON', 'LOST', 'REFUNDED']),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LotteryBet = z.infer<typeof lotteryBet>;

export const placeLotteryBetResponse = z.object({ bet: lotteryBet, balance: z.number().int() });

export const myLotteryBetsQuery = z.object({
  gameCode: gameCode.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const myLotteryBets = z.object({
  bets: z.array(lotteryBet),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
});
