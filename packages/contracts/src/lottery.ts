import { z } from 'zod';
import { prizeMode } from './system.js';

/**
 * The in-house lottery's calls (§7 lottery: opened numero, recent results; placing bets, my bets and
 * cancelling before the close; issue 11). Amounts are integer minor units; times ISO-8601 UTC.
 */
/** Vietnamese bet types (LOTTERY.md): bao lô, xiên, trượt, đề and the rest. */
export const LOTTERY_VN_BET_TYPES = [
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
] as const;
/** SEA 4D bet types: Big, Small, and their box and i-box permutations. */
export const LOTTERY_4D_BET_TYPES = [
  'BIG',
  'SMALL',
  'BIG_BOX',
  'SMALL_BOX',
  'BIG_IBOX',
  'SMALL_IBOX',
] as const;
export const LOTTERY_BET_TYPES = [...LOTTERY_VN_BET_TYPES, ...LOTTERY_4D_BET_TYPES] as const;
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

/** Where a draw's result came from (drawResultItem.source). */
export const DRAW_RESULT_SOURCES = ['OFFICIAL', 'FAIR', 'FAIR_STAND_IN'] as const;
export type DrawResultSource = (typeof DRAW_RESULT_SOURCES)[number];

export const drawResultItem = z.object({
  numero: z.string(),
  drawsAt: z.string(),
  status: z.enum(DRAW_STATUSES),
  /** Prize numbers by tier code (SPECIAL, FIRST … or FIRST, STARTER … for 4D). */
  result: z.record(z.string(), z.array(z.string())),
  seedHash: z.string().nullable(),
  /** The fair draw's server seed, revealed with its result. */
  serverSeed: z.string().nullable(),
  /**
   * Where the result came from (issue 20 item 5): OFFICIAL, the lottery's official result (entered
   * by two operators, or the imported history); FAIR, the engine's provably fair draw of the brand's
   * own fast games; FAIR_STAND_IN, the fair draw completing a draw of a lottery that has official
   * results (the demo's daily draws), which the member is told is not the official result.
   */
  source: z.enum(DRAW_RESULT_SOURCES),
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

/** The answer to a cancel of an open bet: its cost is back (decision 0085). */
export const cancelLotteryBetResponse = z.object({ cancelled: z.literal(true) });
export type CancelLotteryBetResponse = z.infer<typeof cancelLotteryBetResponse>;

export const lotteryGameQuery = z.object({ gameCode });

/** A prize tier of a draw structure, top to bottom. */
export const prizeTier = z.object({ code: z.string(), count: z.number().int(), digits: z.number().int() });

/** Stake limits of a brand's game (integer minor units; 0 is no limit). */
export const stakeLimits = z.object({
  /** The smallest stake per point. */
  minStake: z.number().int().safe().nonnegative(),
  /** The cost of one slip. */
  perBet: z.number().int().safe().nonnegative(),
  /** The brand's total stake on one number of one bet type in one draw: its liability cap per number. */
  perNumber: z.number().int().safe().nonnegative(),
  /** One member's total cost on one draw. */
  perDraw: z.number().int().safe().nonnegative(),
});
export type StakeLimits = z.infer<typeof stakeLimits>;

const fourDTiers = z.object({
  FIRST: z.number().int().nonnegative(),
  SECOND: z.number().int().nonnegative(),
  THIRD: z.number().int().nonnegative(),
  STARTER: z.number().int().nonnegative(),
  CONSOLATION: z.number().int().nonnegative(),
});
/**
 * A brand's odds on a game: Vietnamese types in hundredths of a point paid per point (9750 pays 97.50),
 * 4D in points paid per point for a number in each tier (Small pays the top three only).
 */
export const lotteryOdds = z.object({
  vn: z.record(z.enum(LOTTERY_VN_BET_TYPES), z.number().int().safe().nonnegative()),
  big: fourDTiers,
  small: fourDTiers.pick({ FIRST: true, SECOND: true, THIRD: true }),
});

/**
 * A brand's cost multipliers for Vietnamese per-number types, where it does not charge the standard one
 * (the prize numbers a number can match: bao lô 2 on the North costs 27 a point, some operators charge
 * 23). Group bets (xiên, trượt) cost their stake once and take none.
 */
export const lotteryCosts = z.partialRecord(z.enum(LOTTERY_VN_BET_TYPES), z.number().int().min(1).max(1_000));
export type LotteryCosts = z.infer<typeof lotteryCosts>;

/** What an operator changes of a game's odds, costs and limits: any part, the rest stays as it is. */
export const lotterySettingsPatch = z
  .object({
    odds: z
      .object({
        vn: z.partialRecord(z.enum(LOTTERY_VN_BET_TYPES), z.number().int().safe().nonnegative()).optional(),
        big: fourDTiers.partial().optional(),
        small: fourDTiers.pick({ FIRST: true, SECOND: true, THIRD: true }).partial().optional(),
      })
      .strict()
      .optional(),
    costs: lotteryCosts.optional(),
    limits: stakeLimits.partial().strict().optional(),
  })
  .strict();
export type LotterySettingsPatch = z.infer<typeof lotterySettingsPatch>;

/** One bet type as a game takes it: what a number is, what it costs and what it pays. */
export const lotteryBetRule = z.object({
  code: lotteryBetType,
  /** Digits of each number (1 for đầu/đuôi, 2 for lô, 3, 4). */
  digits: z.number().int(),
  /** Numbers a group bet takes (xiên, trượt), or null: one bet per number. */
  groupSize: z.number().int().nullable(),
  /** A number's cost is stake × this (the prize numbers it can match); 1 for a group. */
  costMultiplier: z.number().int(),
  /** Vietnamese types: hundredths of a point paid per point per hit (or per group won); null for 4D. */
  payout: z.number().int().nullable(),
});

/** A game's rules (structure, bet types with cost and odds, limits) as the brand sets them. */
export const lotteryRules = z.object({
  gameCode: z.string(),
  vassalage: z.string(),
  /** The prize mode the brand plays the game's vendor under (its odds and limits family). */
  prizeMode,
  /** XSMB, XSMN or SEA4D; null for a game this engine does not draw. */
  structure: z.string().nullable(),
  tiers: z.array(prizeTier),
  betTypes: z.array(lotteryBetRule),
  /** 4D payouts per tier in points per point, with each bet's expected return in basis points. */
  fourD: z
    .object({
      big: fourDTiers,
      small: fourDTiers.pick({ FIRST: true, SECOND: true, THIRD: true }),
      bigReturn: z.number().int(),
      smallReturn: z.number().int(),
    })
    .nullable(),
  limits: stakeLimits,
  /** Seconds before the draw that betting closes. */
  closeBeforeSeconds: z.number().int().nullable(),
});
export type LotteryRules = z.infer<typeof lotteryRules>;

/**
 * What an open lobby is sent as a game's draws move (Server-Sent Events, event `state`): the draw
 * taking bets, and the latest drawn result.
 */
export const lotteryGameState = z.object({
  gameCode: z.string(),
  open: openedNumero.omit({ serverTime: true }).nullable(),
  latest: drawResultItem.nullable(),
  serverTime: z.string(),
});
export type LotteryGameState = z.infer<typeof lotteryGameState>;

export const popularNumbersQuery = z.object({
  gameCode,
  count: z.coerce.number().int().min(1).max(100).default(20),
});
/** The numbers members stake most on a game's draws of the last seven days; weight in basis points of that stake. */
export const popularNumbers = z.array(z.object({ number: z.string(), weight: z.number().int() }));
export type PopularNumbers = z.infer<typeof popularNumbers>;

/**
 * The most results VN statistics count over: a request above it is refused (400). The answer is
 * computed once per game, count and newest result, so a larger count only costs on a new result.
 */
export const VN_STATISTICS_MAX_COUNT = 500;
export const vnNumbersQuery = z.object({
  gameCode,
  count: z.coerce.number().int().min(1).max(VN_STATISTICS_MAX_COUNT).default(100),
});
/**
 * Each two-digit lô 00–99 over a game's last `count` results: how often it came (every prize counts)
 * and how many draws ago it last came (null: not within them; "lô gan").
 */
export const vnNumbers = z.object({
  draws: z.number().int(),
  numbers: z.array(
    z.object({ number: z.string(), hits: z.number().int(), lastSeen: z.number().int().nullable() }),
  ),
});
export type VnNumbers = z.infer<typeof vnNumbers>;

/** The slip's cost rule, zod-free for the bet slip's first load (decision 0092). */
export { permutationCount, slipCostOf } from './lottery-slip.js';

/** POST /api/operator/lottery/results: an operator keys in a draw's official result (numbers by tier). */
export const officialResultRequest = z.object({
  gameCode,
  numero: z.string().min(1).max(32),
  result: z.record(z.string().max(16), z.array(z.string().regex(/^\d{1,6}$/)).max(10)),
});
export type OfficialResultRequest = z.infer<typeof officialResultRequest>;
/**
 * PENDING: waiting for a second operator's matching entry; APPLIED: drawn and settled (a settled
 * official draw given a new result is corrected: its bets are settled again).
 */
export const officialResultResponse = z.object({ status: z.enum(['PENDING', 'APPLIED']) });

/** GET /api/operator/lottery/results: a draw's state and every result given for it (its audit trail). */
export const resultTrailQuery = z.object({ gameCode, numero: z.string().min(1).max(32) });
export const resultTrailResponse = z.object({
  status: z.enum(DRAW_STATUSES),
  source: z.enum(['FAIR', 'OPERATOR']),
  result: z.record(z.string(), z.array(z.string())).nullable(),
  entries: z.array(
    z.object({
      /** WITHDRAW: the author took their waiting entry back; REJECT: a second operator refused it. */
      kind: z.enum(['ENTRY', 'CORRECTION', 'CONFIRM', 'FEED', 'WITHDRAW', 'REJECT']),
      status: z.enum(['PENDING', 'SETTLING', 'APPLIED', 'REFUSED', 'WITHDRAWN', 'REJECTED']),
      /**
       * Null for a withdrawal or rejection, and for an entry still waiting (or a confirmation refused
       * against it) seen by anyone but its author: the second operator keys the result in blind.
       */
      result: z.record(z.string(), z.array(z.string())).nullable(),
      operator: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type ResultTrailResponse = z.infer<typeof resultTrailResponse>;

/**
 * POST /api/operator/lottery/results/withdraw (the author) and /reject (a second operator): the
 * entry waiting on a draw is taken off, on record, and a fresh pair can be entered.
 */
export const pendingResultRequest = z.object({ gameCode, numero: z.string().min(1).max(32) });
export const withdrawResultResponse = z.object({ status: z.literal('WITHDRAWN') });
export const rejectResultResponse = z.object({ status: z.literal('REJECTED') });

/** GET /api/operator/lottery/owed: what corrected results could not take back, newest first. */
export const lotteryOwed = z.object({
  merchantCode: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  gameCode: z.string(),
  numero: z.string(),
  betId: z.number().int(),
  oldPayout: z.number().int(),
  newPayout: z.number().int(),
  /** In minor units: the part of the win taken back that the member's main wallet did not hold. */
  owed: z.number().int(),
  createdAt: z.string(),
});
export type LotteryOwed = z.infer<typeof lotteryOwed>;
export const lotteryOwedResponse = z.object({ owed: z.array(lotteryOwed) });

/** A results file or feed as JSON: draws by number with their results. */
export const resultRows = z.array(
  z.object({ numero: z.string().min(1).max(32), result: z.record(z.string(), z.array(z.string())) }),
);
