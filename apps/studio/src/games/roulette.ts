import type { IntSource } from './fair.js';

/**
 * European roulette: one zero, 37 pockets (decision 0017). Every bet covers k numbers and pays
 * (36 / k − 1) to 1, so each has the same house edge, 1/37 (2.70 %).
 */
export const POCKETS = 37;
export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export const BET_TYPES = [
  'straight',
  'split',
  'street',
  'trio',
  'corner',
  'firstFour',
  'line',
  'column',
  'dozen',
  'red',
  'black',
  'even',
  'odd',
  'low',
  'high',
] as const;
export type RouletteBetType = (typeof BET_TYPES)[number];
export type RouletteBet = { type: RouletteBetType; numbers?: number[]; which?: 1 | 2 | 3; amount: number };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((n, i) => n === [...b].sort((x, y) => x - y)[i]);

/** The numbers a bet covers, or undefined when the bet is not one the table takes. */
export const coveredNumbers = (bet: Omit<RouletteBet, 'amount'>): number[] | undefined => {
  // A bet arrives as JSON: numbers that are not a list (a string would spread into digits, a number
  // would throw) and a column or dozen other than 1 to 3 are not on the layout.
  const numbers: unknown = bet.numbers ?? [];
  if (!Array.isArray(numbers)) return undefined;
  if (bet.which !== undefined && bet.which !== 1 && bet.which !== 2 && bet.which !== 3) return undefined;
  const n = [...(numbers as unknown[])].sort((a, b) => Number(a) - Number(b)) as number[];
  if (n.some((x) => !Number.isInteger(x) || x < 0 || x > 36)) return undefined;
  const low = n[0] ?? -1;
  switch (bet.type) {
    case 'straight':
      return n.length === 1 ? n : undefined;
    case 'split': {
      if (n.length !== 2) return undefined;
      const [a, b] = n as [number, number];
      const isZeroSplit = a === 0 && b >= 1 && b <= 3;
      const isSide = b - a === 1 && a % 3 !== 0 && a > 0;
      const isVertical = b - a === 3 && a > 0;
      return isZeroSplit || isSide || isVertical ? n : undefined;
    }
    case 'street':
      return n.length === 3 && low % 3 === 1 && sameSet(n, range(low, low + 2)) ? n : undefined;
    case 'trio':
      return sameSet(n, [0, 1, 2]) || sameSet(n, [0, 2, 3]) ? n : undefined;
    case 'corner':
      return n.length === 4 &&
        low > 0 &&
        low % 3 !== 0 &&
        low <= 32 &&
        sameSet(n, [low, low + 1, low + 3, low + 4])
        ? n
        : undefined;
    case 'firstFour':
      return [0, 1, 2, 3];
    case 'line':
      return n.length === 6 && low % 3 === 1 && low <= 31 && sameSet(n, range(low, low + 5)) ? n : undefined;
    case 'column':
      return bet.which ? range(1, 36).filter((x) => (x - 1) % 3 === bet.which! - 1) : undefined;
    case 'dozen':
      return bet.which ? range(12 * (bet.which - 1) + 1, 12 * bet.which) : undefined;
    case 'red':
      return range(1, 36).filter((x) => RED_NUMBERS.has(x));
    case 'black':
      return range(1, 36).filter((x) => !RED_NUMBERS.has(x));
    case 'even':
      return range(1, 36).filter((x) => x % 2 === 0);
    case 'odd':
      return range(1, 36).filter((x) => x % 2 === 1);
    case 'low':
      return range(1, 18);
    case 'high':
      return range(19, 36);
  }
};

/** What a winning bet pays to 1. */
export const payoutRatio = (covered: number) => 36 / covered - 1;

/** What the table gives back for a bet when the ball lands on `pocket`: stake and winnings, or 0. */
export const betReturn = (bet: RouletteBet, pocket: number): number => {
  const covered = coveredNumbers(bet);
  if (!covered || !covered.includes(pocket)) return 0;
  return bet.amount * (1 + payoutRatio(covered.length));
};

export const spinWheel = (rng: IntSource) => rng.int(POCKETS);

/** The exact house edge of a bet: one minus its expected return per unit, over the 37 pockets. */
export const houseEdge = (bet: Omit<RouletteBet, 'amount'>) => {
  let expected = 0;
  for (let pocket = 0; pocket < POCKETS; pocket++)
    expected += betReturn({ ...bet, amount: 1 }, pocket) / POCKETS;
  return 1 - expected;
};
