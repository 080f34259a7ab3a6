import { z } from 'zod';
import type { DbOrTrx } from '../../platform/db/index.js';

/**
 * A brand's money rules; a missing key takes its default. Amounts in minor units of the brand's
 * currency: the defaults are a floor for a brand not yet configured, and each brand sets its own
 * (`money set` in the operator CLI, decision 0032); the demo's are DEMO_MONEY_SETTINGS.
 */
export const moneySettings = z.object({
  /** Deposits must be wagered this many times before they can be withdrawn (0: no requirement). */
  turnoverMultiplier: z.number().min(0).max(100).default(0),
  withdrawal: z
    .object({
      minAmount: z.number().int().min(1).default(10_000),
      maxAmount: z.number().int().min(1).default(50_000_000_00),
      dailyLimit: z.number().int().min(1).default(200_000_000_00),
    })
    .default({ minAmount: 10_000, maxAmount: 50_000_000_00, dailyLimit: 200_000_000_00 }),
  /** transferUpline (§6): its own limits, and whether unwagered deposits may be sent (decision 0012). */
  uplineTransfer: z
    .object({
      minAmount: z.number().int().min(1).default(10_000),
      maxAmount: z.number().int().min(1).default(50_000_000_00),
      dailyLimit: z.number().int().min(1).default(200_000_000_00),
      allowWithTurnoverUnmet: z.boolean().default(false),
    })
    .default({
      minAmount: 10_000,
      maxAmount: 50_000_000_00,
      dailyLimit: 200_000_000_00,
      allowWithTurnoverUnmet: false,
    }),
  /**
   * A game's bet limits on this brand, in its currency, keyed 'VENDOR:GAME_ID': over the catalogue's,
   * which are one figure for every brand (the in-house studio's tables, issue 20).
   */
  gameLimits: z
    .record(
      z.string().regex(/^[A-Z0-9_]+:[A-Za-z0-9_.-]+$/),
      z.object({
        minBet: z.number().int().min(0),
        maxBet: z.number().int().min(1).nullable().default(null),
      }),
    )
    .default({}),
  /** §4: with no confirmation within this many minutes a payout counts as received. */
  autoReceiveMinutes: z.number().int().min(1).default(30),
  /** Agents (issue 21): what makes a team member active, and how dividends are run. */
  agents: z
    .object({
      /** A team member is active in a window once their valid bets in it reach this. */
      activeMemberMinValidBet: z.number().int().min(0).max(1_000_000_000_000).default(10_000),
      /** A period's team profit is carried into the next period's net loss (reduces it). */
      dividendCarryForward: z.boolean().default(false),
    })
    .default({ activeMemberMinValidBet: 10_000, dividendCarryForward: false }),
});
export type MoneySettings = z.infer<typeof moneySettings>;

export const getMoneySettings = async (db: DbOrTrx, merchantId: number): Promise<MoneySettings> => {
  const row = await db
    .selectFrom('merchant_money_setting')
    .select('settings')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return moneySettings.parse(row ? JSON.parse(row.settings) : {});
};

export const updateMoneySettings = async (
  db: DbOrTrx,
  merchantId: number,
  patch: Record<string, unknown>,
) => {
  const next = moneySettings.parse({ ...(await getMoneySettings(db, merchantId)), ...patch });
  await db
    .insertInto('merchant_money_setting')
    .values({ merchant_id: merchantId, settings: JSON.stringify(next) })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ settings: JSON.stringify(next) }))
    .execute();
  return next;
};

/**
 * The demo brand's money rules, sized as a Vietnamese site sizes them (decision 0032; VND stored with
 * exponent 2): withdrawals from ₫100,000 to ₫500,000,000 at a time and ₫2,000,000,000 a day; transfers
 * to an upline from ₫10,000; the studio's slot from ₫2,000 a spin (₫100 a line) to ₫500,000, its
 * roulette and baccarat from a ₫1,000 chip to ₫5,000,000 a round.
 */
export const DEMO_MONEY_SETTINGS = {
  withdrawal: { minAmount: 100_000_00, maxAmount: 500_000_000_00, dailyLimit: 2_000_000_000_00 },
  uplineTransfer: {
    minAmount: 10_000_00,
    maxAmount: 500_000_000_00,
    dailyLimit: 2_000_000_000_00,
    allowWithTurnoverUnmet: false,
  },
  gameLimits: {
    'JADE_STUDIO:JADE_FORTUNE': { minBet: 2_000_00, maxBet: 500_000_00 },
    'JADE_STUDIO:JADE_ROULETTE': { minBet: 1_000_00, maxBet: 5_000_000_00 },
    'JADE_STUDIO:JADE_BACCARAT': { minBet: 1_000_00, maxBet: 5_000_000_00 },
  },
} as const;

/** Writes the demo's money rules on its brand (a seed: on a new database only). */
export const seedDemoMoneySettings = (db: DbOrTrx, merchantId: number) =>
  updateMoneySettings(db, merchantId, structuredClone(DEMO_MONEY_SETTINGS));
