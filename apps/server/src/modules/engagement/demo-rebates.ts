import type { RebateCategory, RebateRate } from '@jade/contracts/rebates';
import type { Db } from '../../platform/db/index.js';
import type { Merchant } from '../merchants/repo.js';
import { claimRebates, setRates } from './rebates.js';

/**
 * The demo brand's rebate rates (decision 0051), in basis points of valid bet, for VIP levels 0 to 6:
 * casino and fishing pay most, lotteries least (their margin is already the house's), each rank a
 * little more than the one below.
 */
const DEMO_RATES: Record<RebateCategory, readonly number[]> = {
  LOTT: [10, 12, 15, 18, 20, 25, 30],
  ELOTT: [10, 12, 15, 18, 20, 25, 30],
  LIVE: [40, 50, 60, 70, 80, 90, 100],
  RNG: [50, 60, 70, 80, 90, 100, 120],
  SPORTS: [40, 50, 60, 70, 80, 90, 100],
  FISH: [50, 60, 70, 80, 90, 100, 120],
  PVP: [30, 40, 50, 55, 60, 70, 80],
};

export const seedDemoRebateRates = async (db: Db, merchantId: number) => {
  const rates: RebateRate[] = Object.entries(DEMO_RATES).flatMap(([category, byLevel]) =>
    byLevel.map((rateBp, vipLevel) => ({ category: category as RebateCategory, vipLevel, rateBp })),
  );
  await setRates(db, merchantId, rates);
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo team's members claimed their rebates two days ago, so `manualRebate` shows a history and
 * what the last two days' bets have earned since. Answers the rebates paid.
 */
export const seedDemoRebates = async (db: Db, merchant: Merchant, usernames: readonly string[]) => {
  const members = await db
    .selectFrom('member')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .where('username', 'in', usernames.length > 0 ? [...usernames] : [''])
    .execute();
  const then = new Date(Date.now() - 2 * DAY_MS);
  let paid = 0;
  for (const member of members)
    paid += (await claimRebates(db, merchant, member.id, undefined, then)).paid.length;
  return paid;
};
