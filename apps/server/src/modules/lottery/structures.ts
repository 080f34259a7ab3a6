/**
 * Draw structures of the lottery engine (issue 11, docs/design/LOTTERY.md): the prize tiers of a
 * draw, top to bottom, each a count of numbers of a number of digits. A draw's result is its numbers
 * tier by tier, as strings (leading zeros count: "0202" is a four-digit number).
 */
export type PrizeTier = {
  /** SPECIAL, FIRST ... EIGHTH for Vietnamese draws; FIRST, SECOND, THIRD, STARTER, CONSOLATION for 4D. */
  code: string;
  count: number;
  digits: number;
};

export type DrawStructureCode = 'XSMB' | 'XSMN' | 'SEA4D';

export type DrawStructure = {
  code: DrawStructureCode;
  /** Which Vietnamese region's rules a bet type follows (đầu, xỉu chủ đầu); none for 4D. */
  region: 'NORTH' | 'SOUTH' | null;
  tiers: readonly PrizeTier[];
};

/** Vietnam North (XSMB): 27 numbers. */
export const XSMB: DrawStructure = {
  code: 'XSMB',
  region: 'NORTH',
  tiers: [
    { code: 'SPECIAL', count: 1, digits: 5 },
    { code: 'FIRST', count: 1, digits: 5 },
    { code: 'SECOND', count: 2, digits: 5 },
    { code: 'THIRD', count: 6, digits: 5 },
    { code: 'FOURTH', count: 4, digits: 4 },
    { code: 'FIFTH', count: 6, digits: 4 },
    { code: 'SIXTH', count: 3, digits: 3 },
    { code: 'SEVENTH', count: 4, digits: 2 },
  ],
};

/** Vietnam South and Central (XSMN, XSMT): 18 numbers, listed from the special prize down. */
export const XSMN: DrawStructure = {
  code: 'XSMN',
  region: 'SOUTH',
  tiers: [
    { code: 'SPECIAL', count: 1, digits: 6 },
    { code: 'FIRST', count: 1, digits: 5 },
    { code: 'SECOND', count: 1, digits: 5 },
    { code: 'THIRD', count: 2, digits: 5 },
    { code: 'FOURTH', count: 7, digits: 5 },
    { code: 'FIFTH', count: 1, digits: 4 },
    { code: 'SIXTH', count: 3, digits: 4 },
    { code: 'SEVENTH', count: 1, digits: 3 },
    { code: 'EIGHTH', count: 1, digits: 2 },
  ],
};

/** SEA 4D: 23 four-digit numbers. */
export const SEA4D: DrawStructure = {
  code: 'SEA4D',
  region: null,
  tiers: [
    { code: 'FIRST', count: 1, digits: 4 },
    { code: 'SECOND', count: 1, digits: 4 },
    { code: 'THIRD', count: 1, digits: 4 },
    { code: 'STARTER', count: 10, digits: 4 },
    { code: 'CONSOLATION', count: 10, digits: 4 },
  ],
};

export const STRUCTURES: Record<DrawStructureCode, DrawStructure> = { XSMB, XSMN, SEA4D };

/** A draw's numbers by tier code. */
export type DrawResult = Record<string, readonly string[]>;

export const numberCount = (structure: DrawStructure) =>
  structure.tiers.reduce((sum, tier) => sum + tier.count, 0);

/** Why a result does not fit its structure (a tier missing, a count or a number's digits wrong), if it does not. */
export const resultProblem = (structure: DrawStructure, result: DrawResult): string | undefined => {
  for (const tier of structure.tiers) {
    const numbers = result[tier.code];
    if (!numbers || numbers.length !== tier.count)
      return `${tier.code} needs ${tier.count} number(s), has ${numbers?.length ?? 0}`;
    const pattern = new RegExp(`^\\d{${tier.digits}}$`);
    const bad = numbers.find((n) => !pattern.test(n));
    if (bad !== undefined) return `${tier.code} number '${bad}' is not ${tier.digits} digits`;
  }
  const extra = Object.keys(result).find((code) => !structure.tiers.some((tier) => tier.code === code));
  return extra ? `${extra} is not a prize of ${structure.code}` : undefined;
};

/** Every number of a result with its tier, top to bottom. */
export const allNumbers = (structure: DrawStructure, result: DrawResult) =>
  structure.tiers.flatMap((tier) => (result[tier.code] ?? []).map((number) => ({ tier: tier.code, number })));
