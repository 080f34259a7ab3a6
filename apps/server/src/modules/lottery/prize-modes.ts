import { PRIZE_MODES, type PrizeMode } from '@jade/contracts/system';
import type { DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { Merchant } from '../merchants/repo.js';
import { LOTTERY_VENDORS } from './schedule.js';

/**
 * Prize modes (§3 brand configuration; decision 0021): each lottery vendor plays under one, and a
 * mode is a level of odds and limits between a vendor's own and the built-in defaults. A brand
 * offers a list of modes; a vendor whose mode it does not offer takes no bets and is not listed.
 */
export type LotteryVendor = (typeof LOTTERY_VENDORS)[number];

/** The mode each vendor plays under until a brand moves it. */
export const VENDOR_PRIZE_MODES: Record<LotteryVendor, PrizeMode> = {
  TCG_LOTTO_VN: 'Lott',
  TCG_SEA: 'SEA',
  JADE_ELOTT: 'Elott',
};

export const isLotteryVendor = (code: string): code is LotteryVendor =>
  (LOTTERY_VENDORS as readonly string[]).includes(code);

export const isPrizeMode = (name: string): name is PrizeMode =>
  (PRIZE_MODES as readonly string[]).includes(name);

/** Every lottery vendor's mode on a brand. */
export const vendorModes = async (
  db: DbOrTrx,
  merchantId: number,
): Promise<Map<LotteryVendor, PrizeMode>> => {
  const moved = await db
    .selectFrom('lottery_vendor_mode')
    .select(['vendor_code', 'prize_mode'])
    .where('merchant_id', '=', merchantId)
    .execute();
  const modes = new Map(LOTTERY_VENDORS.map((vendor) => [vendor, VENDOR_PRIZE_MODES[vendor]]));
  for (const row of moved)
    if (isLotteryVendor(row.vendor_code) && isPrizeMode(row.prize_mode))
      modes.set(row.vendor_code, row.prize_mode);
  return modes;
};

/** The mode a brand plays a lottery vendor under. */
export const prizeModeOf = async (
  db: DbOrTrx,
  merchantId: number,
  vendorCode: string,
): Promise<PrizeMode> => {
  if (!isLotteryVendor(vendorCode))
    throw new AppError('BAD_REQUEST', `'${vendorCode}' is not a lottery vendor`);
  const row = await db
    .selectFrom('lottery_vendor_mode')
    .select('prize_mode')
    .where('merchant_id', '=', merchantId)
    .where('vendor_code', '=', vendorCode)
    .executeTakeFirst();
  return row && isPrizeMode(row.prize_mode) ? row.prize_mode : VENDOR_PRIZE_MODES[vendorCode];
};

/**
 * The lottery vendors a brand does not offer now: their mode is off. Game lists ask on every call, so
 * a brand offering every mode (the default) is answered without a query.
 */
export const vendorsNotOffered = async (db: DbOrTrx, merchant: Merchant): Promise<Set<string>> => {
  const off = new Set<string>();
  if (PRIZE_MODES.every((mode) => merchant.prizeModes.includes(mode))) return off;
  for (const [vendor, mode] of await vendorModes(db, merchant.id))
    if (!merchant.prizeModes.includes(mode)) off.add(vendor);
  return off;
};

/** Moves a brand's vendor to another mode: its games take that mode's odds and limits for new bets. */
export const setVendorMode = async (
  db: DbOrTrx,
  merchantId: number,
  vendorCode: string,
  mode: string,
  now = new Date(),
): Promise<PrizeMode> => {
  if (!isLotteryVendor(vendorCode))
    throw new AppError(
      'BAD_REQUEST',
      `'${vendorCode}' is not a lottery vendor (${LOTTERY_VENDORS.join(', ')})`,
    );
  if (!isPrizeMode(mode))
    throw new AppError('BAD_REQUEST', `'${mode}' is not a prize mode (${PRIZE_MODES.join(', ')})`);
  const at = now.toISOString();
  await db
    .insertInto('lottery_vendor_mode')
    .values({ merchant_id: merchantId, vendor_code: vendorCode, prize_mode: mode, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['merchant_id', 'vendor_code']).doUpdateSet({ prize_mode: mode, updated_at: at }),
    )
    .execute();
  return mode;
};

/** The modes a brand offers, from a list such as "Lott,SEA" (at least one; the order is PRIZE_MODES'). */
export const setOfferedModes = async (
  db: DbOrTrx,
  merchantId: number,
  list: string,
): Promise<PrizeMode[]> => {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isPrizeMode(name));
  if (unknown.length > 0)
    throw new AppError('BAD_REQUEST', `Not prize modes: ${unknown.join(', ')} (${PRIZE_MODES.join(', ')})`);
  const modes = PRIZE_MODES.filter((mode) => names.includes(mode));
  if (modes.length === 0) throw new AppError('BAD_REQUEST', 'A brand offers at least one prize mode');
  await db
    .updateTable('merchant')
    .set({ prize_modes: modes.join(',') })
    .where('id', '=', merchantId)
    .execute();
  return modes;
};
