import {
  LOTTERY_4D_BET_TYPES,
  LOTTERY_VN_BET_TYPES,
  slipCostOf,
  type LotteryCosts,
} from '@jade/contracts/lottery';
import { allNumbers, type DrawResult, type DrawStructure, type PrizeTier } from './structures.js';

/**
 * Bet types of the lottery engine (issue 11, docs/design/LOTTERY.md), and what a slip costs and
 * pays on a result. Pure functions: the engine's settlement and its tests share them.
 *
 * A slip is one bet type, one stake per point (integer minor units) and its numbers. A per-number
 * type (bao lô, đề, 3 càng, đầu, 4D) is one bet per number: it costs stake × the type's cost
 * multiplier for each number, and pays stake × odds for each occurrence of each number. A group type
 * (lô xiên, lô trượt xiên) is one bet on the whole group of numbers: it costs the stake once and pays
 * stake × odds when every number appears (xiên) or none does (trượt).
 *
 * Odds are per brand and game (operators differ); here in hundredths of a point: 9750 pays 97.50
 * points per point staked. 4D pays per prize tier, in points per point.
 */
export const VN_BET_TYPES = LOTTERY_VN_BET_TYPES;
export const FOUR_D_BET_TYPES = LOTTERY_4D_BET_TYPES;
export type VnBetType = (typeof VN_BET_TYPES)[number];
export type FourDBetType = (typeof FOUR_D_BET_TYPES)[number];
export type BetTypeCode = VnBetType | FourDBetType;

export type Slip = { type: BetTypeCode; numbers: readonly string[]; stake: number };

export type FourDTiers = {
  FIRST: number;
  SECOND: number;
  THIRD: number;
  STARTER: number;
  CONSOLATION: number;
};
export type Odds = {
  /** Vietnamese types: hundredths of a point paid per point, per occurrence or per group. */
  vn: Record<VnBetType, number>;
  /** 4D: points paid per point for a number in each tier; Small pays only the top three. */
  big: FourDTiers;
  small: Pick<FourDTiers, 'FIRST' | 'SECOND' | 'THIRD'>;
};

/**
 * The demo brand's odds: about 97.5 % of the fair payouts LOTTERY.md measured on 7,530 North draws;
 * 4D Big returns 96 % and Small 97 % of a unit stake.
 */
export const DEMO_ODDS: Odds = {
  vn: {
    LO2: 9_750,
    LO3: 97_500,
    LO4: 975_000,
    XIEN2: 1_750,
    XIEN3: 7_600,
    XIEN4: 35_000,
    TRUOT4: 290,
    TRUOT8: 930,
    TRUOT10: 1_680,
    DE: 9_750,
    DAU_DE: 9_750,
    NHAT: 9_750,
    CANG3: 97_500,
    XIU_CHU_DAU: 97_500,
    DAU: 975,
    DUOI: 975,
  },
  big: { FIRST: 3_400, SECOND: 1_400, THIRD: 700, STARTER: 300, CONSOLATION: 110 },
  small: { FIRST: 5_000, SECOND: 3_000, THIRD: 1_700 },
};

/** The numbers a group type takes (xiên 2 takes two ...); undefined for per-number types. */
const GROUP_SIZE: Partial<Record<BetTypeCode, number>> = {
  XIEN2: 2,
  XIEN3: 3,
  XIEN4: 4,
  TRUOT4: 4,
  TRUOT8: 8,
  TRUOT10: 10,
};

/** The digits of each number a type takes. */
export const digitsOf = (type: BetTypeCode): number => {
  if (type === 'LO3' || type === 'CANG3' || type === 'XIU_CHU_DAU') return 3;
  if (type === 'LO4' || FOUR_D_BET_TYPES.includes(type as FourDBetType)) return 4;
  if (type === 'DAU' || type === 'DUOI') return 1;
  return 2;
};

export const groupSizeOf = (type: BetTypeCode) => GROUP_SIZE[type];

export const isFourD = (type: BetTypeCode): type is FourDBetType =>
  (FOUR_D_BET_TYPES as readonly string[]).includes(type);

/** Whether a draw of this structure takes bets of this type. */
export const acceptsType = (structure: DrawStructure, type: BetTypeCode) =>
  structure.code === 'SEA4D' ? isFourD(type) : !isFourD(type);

/** The prize numbers a type looks at on a structure: the ones whose last digits it compares. */
const positionsOf = (structure: DrawStructure, type: VnBetType): PrizeTier[] => {
  const repeat = (t: PrizeTier): PrizeTier[] => Array.from({ length: t.count }, () => t);
  const tiers = (codes: string[]) => structure.tiers.filter((t) => codes.includes(t.code)).flatMap(repeat);
  const north = structure.region === 'NORTH';
  switch (type) {
    case 'LO2':
    case 'LO3':
    case 'LO4': {
      const digits = digitsOf(type);
      return structure.tiers.filter((t) => t.digits >= digits).flatMap(repeat);
    }
    case 'DE':
    case 'CANG3':
    case 'DAU':
    case 'DUOI':
      return tiers(['SPECIAL']);
    case 'NHAT':
      return tiers(['FIRST']);
    case 'DAU_DE':
      return tiers([north ? 'SEVENTH' : 'EIGHTH']);
    case 'XIU_CHU_DAU':
      return tiers([north ? 'SIXTH' : 'SEVENTH']);
    default:
      // Xiên and trượt compare the last two digits of every prize (a lô each).
      return structure.tiers.flatMap(repeat);
  }
};

/**
 * The cost multiplier of a per-number type on a structure: the brand's own where it sets one, else
 * the standard, how many prize numbers one number can match. Group and 4D bets take none (1).
 */
export const costMultiplier = (
  structure: DrawStructure,
  type: BetTypeCode,
  costs: LotteryCosts = {},
): number => {
  if (groupSizeOf(type) !== undefined || isFourD(type)) return 1;
  // One digit (đầu, đuôi) and the special's tails are one position each.
  return costs[type as VnBetType] ?? positionsOf(structure, type as VnBetType).length;
};

/** Whether a type has a cost multiplier a brand can set: the Vietnamese per-number types. */
export const takesCostMultiplier = (type: BetTypeCode) => groupSizeOf(type) === undefined && !isFourD(type);

/** What a number is compared with, for a prize number, by type. */
const keyOf = (type: VnBetType, prize: string): string => {
  if (type === 'DAU') return prize.slice(-2, -1);
  if (type === 'DUOI') return prize.slice(-1);
  return prize.slice(-digitsOf(type));
};

/** The prize numbers of a result that a per-number Vietnamese type compares, as keys. */
const keysOf = (structure: DrawStructure, result: DrawResult, type: VnBetType): string[] => {
  const wanted = new Set(positionsOf(structure, type).map((t) => t.code));
  const digits = type === 'DAU' || type === 'DUOI' ? 2 : digitsOf(type);
  return allNumbers(structure, result)
    .filter(({ tier, number }) => wanted.has(tier) && number.length >= digits)
    .map(({ number }) => keyOf(type, number));
};

/** Why a slip cannot be placed on a structure, if it cannot. */
export const slipProblem = (structure: DrawStructure, slip: Slip): string | undefined => {
  if (!acceptsType(structure, slip.type)) return `${slip.type} is not a bet of ${structure.code} draws`;
  if (!Number.isSafeInteger(slip.stake) || slip.stake <= 0)
    return 'The stake must be a positive whole amount';
  const digits = digitsOf(slip.type);
  const pattern = new RegExp(`^\\d{${digits}}$`);
  if (slip.numbers.length === 0) return 'Choose at least one number';
  const bad = slip.numbers.find((n) => !pattern.test(n));
  if (bad !== undefined) return `'${bad}' is not a ${digits}-digit number`;
  if (new Set(slip.numbers).size !== slip.numbers.length) return 'A number is chosen twice';
  const group = groupSizeOf(slip.type);
  if (group !== undefined && slip.numbers.length !== group)
    return `${slip.type} takes exactly ${group} numbers`;
  if (slip.numbers.length > 100) return 'At most 100 numbers a slip';
  return undefined;
};

/** Distinct orderings of a 4D number: 24, 12, 6, 4 or 1. */
export const permutationsOf = (number: string): string[] => {
  const out = new Set<string>();
  const walk = (rest: string, prefix: string) => {
    if (rest.length === 0) out.add(prefix);
    for (let i = 0; i < rest.length; i++) walk(rest.slice(0, i) + rest.slice(i + 1), prefix + rest[i]);
  };
  walk(number, '');
  return [...out].sort();
};

export type Exposure = { betType: string; number: string; amount: number };

/**
 * The per-number limit counters a slip moves, and by how much (issue 19 item 8, decision 0025): the
 * stake a win of each number pays on. A Vietnamese slip counts its stake on each of its numbers, under
 * its type. A 4D slip counts in its table's counter (BIG or SMALL, the straight bet's): a straight on
 * its number; a box on every permutation of each number, since it wins on any of them; an i-box its
 * share of the stake (rounded up) on each, since that is what a hit of one of them pays on. So a box
 * that fills a number's cap fills it for every ordering of its digits, and the cap bounds what one
 * drawn number can cost whatever mix of straights and boxes was staked on it. Sorted, so every write
 * takes the counters' row locks in one order.
 */
export const exposureOf = (slip: Slip): Exposure[] => {
  const totals = new Map<string, Exposure>();
  const add = (betType: string, number: string, amount: number) => {
    const key = `${betType}:${number}`;
    const entry = totals.get(key);
    if (entry) entry.amount += amount;
    else totals.set(key, { betType, number, amount });
  };
  if (!isFourD(slip.type)) for (const number of slip.numbers) add(slip.type, number, slip.stake);
  else {
    const table = slip.type.startsWith('SMALL') ? 'SMALL' : 'BIG';
    const boxed = slip.type.endsWith('_BOX') || slip.type.endsWith('_IBOX');
    for (const number of slip.numbers) {
      const targets = boxed ? permutationsOf(number) : [number];
      const amount = slip.type.endsWith('_IBOX') ? Math.ceil(slip.stake / targets.length) : slip.stake;
      for (const target of targets) add(table, target, amount);
    }
  }
  return [...totals.values()].sort((a, b) =>
    a.betType === b.betType ? a.number.localeCompare(b.number) : a.betType.localeCompare(b.betType),
  );
};

/**
 * What a slip costs, in minor units, at the brand's cost multipliers (the rule is shared with the bet
 * slip: contracts' `slipCostOf`).
 */
export const slipCost = (structure: DrawStructure, slip: Slip, costs: LotteryCosts = {}): number =>
  slipCostOf(
    {
      code: slip.type,
      groupSize: groupSizeOf(slip.type) ?? null,
      costMultiplier: costMultiplier(structure, slip.type, costs),
    },
    slip.numbers,
    slip.stake,
  );

/** A stake times odds in hundredths, in whole minor units (a fraction of a unit is not paid). */
const times = (stake: number, hundredths: number) => Math.floor((stake * hundredths) / 100);

const fourDPayout = (result: DrawResult, type: FourDBetType, odds: Odds, number: string, stake: number) => {
  const small = type.startsWith('SMALL');
  const table: Partial<FourDTiers> = small ? odds.small : odds.big;
  const boxed = type.endsWith('_BOX') || type.endsWith('_IBOX');
  const targets = boxed ? permutationsOf(number) : [number];
  // i-box splits the one stake across the permutations; box stakes each in full.
  const share = type.endsWith('_IBOX') ? targets.length : 1;
  let paid = 0;
  for (const target of targets) {
    for (const [tier, payout] of Object.entries(table)) {
      const hits = (result[tier] ?? []).filter((n) => n === target).length;
      paid += hits * Math.floor((stake * (payout ?? 0)) / share);
    }
  }
  return paid;
};

/** What a slip pays on a result, in minor units (stake returned included; 0 for a loss). */
export const slipPayout = (structure: DrawStructure, result: DrawResult, slip: Slip, odds: Odds): number => {
  if (isFourD(slip.type)) {
    return slip.numbers.reduce(
      (sum, n) => sum + fourDPayout(result, slip.type as FourDBetType, odds, n, slip.stake),
      0,
    );
  }
  const type = slip.type as VnBetType;
  const keys = keysOf(structure, result, type);
  const group = groupSizeOf(type);
  if (group !== undefined) {
    const present = new Set(keys);
    const won = type.startsWith('XIEN')
      ? slip.numbers.every((n) => present.has(n))
      : slip.numbers.every((n) => !present.has(n));
    return won ? times(slip.stake, odds.vn[type]) : 0;
  }
  const perHit = times(slip.stake, odds.vn[type]);
  return slip.numbers.reduce((sum, n) => sum + perHit * keys.filter((k) => k === n).length, 0);
};

/**
 * `slipPayout` for many slips of one draw: each type's prize keys are counted once, so a slip costs a
 * few map lookups (settling a draw's bets). Same answers as `slipPayout`.
 */
export const payoutsFor = (structure: DrawStructure, result: DrawResult, odds: Odds) => {
  const counts = new Map<VnBetType, Map<string, number>>();
  const countsOf = (type: VnBetType) => {
    let map = counts.get(type);
    if (!map) {
      map = new Map();
      for (const key of keysOf(structure, result, type)) map.set(key, (map.get(key) ?? 0) + 1);
      counts.set(type, map);
    }
    return map;
  };
  return (slip: Slip): number => {
    if (isFourD(slip.type)) return slipPayout(structure, result, slip, odds);
    const type = slip.type as VnBetType;
    const map = countsOf(type);
    const group = groupSizeOf(type);
    if (group !== undefined) {
      const won = type.startsWith('XIEN')
        ? slip.numbers.every((n) => map.has(n))
        : slip.numbers.every((n) => !map.has(n));
      return won ? times(slip.stake, odds.vn[type]) : 0;
    }
    const perHit = times(slip.stake, odds.vn[type]);
    return slip.numbers.reduce((sum, n) => sum + perHit * (map.get(n) ?? 0), 0);
  };
};
