import { z } from 'zod';
import type { DbOrTrx } from '../../platform/db/index.js';

/** A brand's money rules; a missing key takes its default. Amounts in minor units. */
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
  /** §4: with no confirmation within this many minutes a payout counts as received. */
  autoReceiveMinutes: z.number().int().min(1).default(30),
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
