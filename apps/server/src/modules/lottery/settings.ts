import type { LotteryCosts, LotterySettingsPatch, StakeLimits } from '@jade/contracts/lottery';
import { PRIZE_MODES, type PrizeMode } from '@jade/contracts/system';
import type { DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { DEMO_ODDS, takesCostMultiplier, type Odds } from './bet-types.js';
import { prizeModeOf } from './prize-modes.js';

/**
 * A brand's odds and stake limits per lottery game (issue 11: operators differ). Versions, never
 * edited: a change adds a row, each bet carries the version it was placed under, so a change of odds
 * never touches bets already placed. A game without a version of its own takes its vendor's
 * (game `*`), failing that its prize mode's (vendor and game `*`, decision 0021), and failing that
 * the built-in defaults below.
 */
export type LotterySettings = {
  odds: Odds;
  /** Cost multipliers where the brand does not charge the standard (bet-types.ts, costMultiplier). */
  costs: LotteryCosts;
  limits: StakeLimits;
};

/**
 * The built-in limits: a stake of at least 1.00 per point, one slip up to 1,000,000.00, the brand's
 * stake on one number of one type in a draw up to 50,000,000.00, and one member's total on a draw up
 * to 10,000,000.00 (minor units of two decimals).
 */
export const DEFAULT_LIMITS: StakeLimits = {
  minStake: 100,
  perBet: 100_000_000,
  perNumber: 5_000_000_000,
  perDraw: 1_000_000_000,
};

/**
 * The demo brand's limits on every prize mode, sized as a Vietnamese site sizes them (decision 0032;
 * VND stored with exponent 2): at least ₫1,000 a point, one slip up to ₫50,000,000, the brand's stake
 * on one number of one type in a draw up to ₫500,000,000, one member's total on a draw ₫200,000,000.
 */
export const DEMO_LIMITS: StakeLimits = {
  minStake: 1_000_00,
  perBet: 50_000_000_00,
  perNumber: 500_000_000_00,
  perDraw: 200_000_000_00,
};

export const DEFAULT_SETTINGS: LotterySettings = { odds: DEMO_ODDS, costs: {}, limits: DEFAULT_LIMITS };

/** Every game of a vendor: the version a game falls back to. */
export const ANY_GAME = '*';

type SettingRow = { id: number; odds: string; costs: string; limits: string };

const parse = (row: SettingRow): LotterySettings => ({
  odds: JSON.parse(row.odds) as Odds,
  costs: JSON.parse(row.costs) as LotteryCosts,
  limits: JSON.parse(row.limits) as StakeLimits,
});

const latestRow = (db: DbOrTrx, merchantId: number, vendorCode: string, gameId: string) =>
  db
    .selectFrom('lottery_setting')
    .select(['id', 'odds', 'costs', 'limits'])
    .where('merchant_id', '=', merchantId)
    .where('vendor_code', '=', vendorCode)
    .where('game_id', '=', gameId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

const latestModeRow = (db: DbOrTrx, merchantId: number, mode: PrizeMode) =>
  db
    .selectFrom('lottery_setting')
    .select(['id', 'odds', 'costs', 'limits'])
    .where('merchant_id', '=', merchantId)
    .where('vendor_code', '=', ANY_GAME)
    .where('game_id', '=', ANY_GAME)
    .where('prize_mode', '=', mode)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

const versionOf = (row: SettingRow | undefined): LotterySettings & { id: number | null } =>
  row ? { id: row.id, ...parse(row) } : { id: null, ...DEFAULT_SETTINGS };

/** The settings in force on a brand's prize mode, with their version (null: the built-in defaults). */
export const modeSettings = async (db: DbOrTrx, merchantId: number, mode: PrizeMode) =>
  versionOf(await latestModeRow(db, merchantId, mode));

/** The settings in force on a brand's game, with their version (null: the built-in defaults). */
export const currentSettings = async (
  db: DbOrTrx,
  merchantId: number,
  vendorCode: string,
  gameId: string,
): Promise<LotterySettings & { id: number | null }> =>
  versionOf(
    (await latestRow(db, merchantId, vendorCode, gameId)) ??
      (gameId === ANY_GAME ? undefined : await latestRow(db, merchantId, vendorCode, ANY_GAME)) ??
      (await latestModeRow(db, merchantId, await prizeModeOf(db, merchantId, vendorCode))),
  );

/** The odds of each settings version named (null: the defaults), read once: settling a draw. */
export const oddsOfVersions = async (
  db: DbOrTrx,
  ids: readonly (number | null)[],
): Promise<Map<number | null, Odds>> => {
  const odds = new Map<number | null, Odds>([[null, DEFAULT_SETTINGS.odds]]);
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return odds;
  const rows = await db
    .selectFrom('lottery_setting')
    .select(['id', 'odds', 'costs', 'limits'])
    .where('id', 'in', wanted)
    .execute();
  for (const row of rows) odds.set(row.id, parse(row).odds);
  return odds;
};

/** What a settings version covers: a game, a vendor (game `*`), or a whole prize mode. */
export type SettingsScope = { vendorCode: string; gameId: string } | { prizeMode: PrizeMode };

/**
 * An operator's change to the odds, costs or limits of a game, a vendor or a prize mode: the given parts over
 * what is in force, as a new version. Refused when the minimum stake passes the limit of one bet.
 */
export const changeSettings = async (
  db: DbOrTrx,
  input: { merchantId: number; scope: SettingsScope; patch: LotterySettingsPatch; by: string },
  now = new Date(),
): Promise<LotterySettings & { id: number }> => {
  const { scope } = input;
  const current =
    'prizeMode' in scope
      ? await modeSettings(db, input.merchantId, scope.prizeMode)
      : await currentSettings(db, input.merchantId, scope.vendorCode, scope.gameId);
  const { odds = {}, costs = {}, limits = {} } = input.patch;
  const fixed = Object.keys(costs).filter((type) => !takesCostMultiplier(type as keyof LotteryCosts));
  if (fixed.length > 0)
    throw new AppError(
      'BAD_REQUEST',
      `Group bets cost their stake once: no cost multiplier for ${fixed.join(', ')}`,
    );
  const next: LotterySettings = {
    odds: {
      vn: { ...current.odds.vn, ...odds.vn },
      big: { ...current.odds.big, ...odds.big },
      small: { ...current.odds.small, ...odds.small },
    },
    costs: { ...current.costs, ...costs },
    limits: { ...current.limits, ...limits },
  };
  if (next.limits.perBet > 0 && next.limits.minStake > next.limits.perBet)
    throw new AppError('BAD_REQUEST', 'The minimum stake is above the limit of one bet');
  const row = await db
    .insertInto('lottery_setting')
    .values({
      merchant_id: input.merchantId,
      vendor_code: 'prizeMode' in scope ? ANY_GAME : scope.vendorCode,
      game_id: 'prizeMode' in scope ? ANY_GAME : scope.gameId,
      prize_mode: 'prizeMode' in scope ? scope.prizeMode : null,
      odds: JSON.stringify(next.odds),
      costs: JSON.stringify(next.costs),
      limits: JSON.stringify(next.limits),
      created_by: input.by,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, ...next };
};

/** The demo brand's limits as a version on each prize mode (a seed: on a new database only). */
export const seedDemoLotteryLimits = async (db: DbOrTrx, merchantId: number, now = new Date()) => {
  for (const prizeMode of PRIZE_MODES)
    await changeSettings(
      db,
      { merchantId, scope: { prizeMode }, patch: { limits: DEMO_LIMITS }, by: 'seed' },
      now,
    );
};
