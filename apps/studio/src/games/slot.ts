import type { IntSource } from './fair.js';

/**
 * Jade Fortune: a 5-reel, 3-row video slot with 20 fixed lines (decision 0017). Wilds substitute
 * for every symbol but the scatter; three or more scatters anywhere pay times the total bet and give
 * ten free spins on the same reels (which can be won again). Line pays are in line bets: a line pays
 * its best combination from the leftmost reel.
 */
export const SYMBOLS = ['WILD', 'SCATTER', 'DRAGON', 'TIGER', 'KOI', 'LOTUS', 'A', 'K', 'Q', 'J'] as const;
export type SymbolName = (typeof SYMBOLS)[number];
const WILD = 0;
const SCATTER = 1;

export const LINES = 20;
export const ROWS = 3;
export const REELS = 5;
export const FREE_SPINS = 10;

/** Reel strips, symbol indexes into SYMBOLS; one scatter a reel, so a window shows one at most. */
export const STRIPS: readonly (readonly number[])[] = [
  [2, 9, 6, 1, 8, 7, 3, 9, 5, 8, 0, 6, 9, 4, 7, 8, 9, 9, 6, 5, 8, 3, 7, 9, 4, 6, 8, 2, 9, 7, 5, 8],
  [3, 8, 7, 9, 1, 6, 5, 8, 9, 0, 7, 4, 8, 6, 9, 2, 7, 8, 9, 9, 5, 6, 8, 3, 9, 7, 0, 8, 4, 9, 6, 7],
  [4, 7, 9, 1, 8, 6, 2, 9, 7, 8, 5, 0, 9, 6, 8, 3, 7, 9, 9, 8, 6, 4, 9, 7, 5, 8, 9, 6, 0, 7, 8, 2],
  [5, 9, 8, 6, 1, 7, 9, 3, 8, 6, 0, 9, 7, 4, 8, 9, 2, 6, 9, 8, 7, 9, 5, 8, 6, 0, 9, 7, 3, 8, 4, 9],
  [6, 8, 9, 2, 7, 1, 9, 8, 5, 6, 9, 7, 3, 8, 0, 9, 6, 4, 8, 9, 7, 9, 8, 5, 6, 9, 2, 8, 7, 9, 3, 8],
];

/** Pays for 3, 4 and 5 of a kind on a line, in line bets (RTP 96.01 %, exactSlotMath). */
export const PAYTABLE: Readonly<Record<number, readonly [number, number, number]>> = {
  [WILD]: [100, 500, 5000],
  2: [50, 200, 1000],
  3: [40, 150, 500],
  4: [25, 100, 400],
  5: [20, 75, 250],
  6: [10, 40, 150],
  7: [10, 25, 100],
  8: [7, 20, 75],
  9: [4, 15, 50],
};

/** Scatter pays for 3, 4 and 5 anywhere, in total bets. */
export const SCATTER_PAYS: readonly [number, number, number] = [5, 20, 100];

/** The 20 lines: the row on each reel (0 top, 1 middle, 2 bottom). */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

export type LineWin = { line: number; symbol: SymbolName; count: number; pay: number };
export type SpinResult = {
  stops: number[];
  /** window[reel][row], symbol names. */
  window: SymbolName[][];
  lineWins: LineWin[];
  scatters: number;
  /** In line bets: line pays plus scatter pays (scatter pays × LINES). */
  win: number;
  freeSpinsWon: number;
};

/** The best pay of one line's five symbols, in line bets, and what made it. */
export const linePay = (symbols: readonly number[]): { symbol: number; count: number; pay: number } => {
  let wilds = 0;
  while (wilds < REELS && symbols[wilds] === WILD) wilds++;
  const wildPay = wilds >= 3 ? PAYTABLE[WILD]![wilds - 3]! : 0;
  const base = symbols[wilds];
  let best = { symbol: WILD, count: wilds, pay: wildPay };
  if (base !== undefined && base !== SCATTER) {
    let count = wilds;
    while (count < REELS && (symbols[count] === base || symbols[count] === WILD)) count++;
    const pay = count >= 3 ? PAYTABLE[base]![count - 3]! : 0;
    if (pay > best.pay) best = { symbol: base, count, pay };
  }
  return best;
};

const symbolAt = (reel: number, stop: number, row: number) => {
  const strip = STRIPS[reel]!;
  return strip[(stop + row) % strip.length]!;
};

/** The result of one spin at these stops (the top row of each reel). */
export const evaluateStops = (stops: readonly number[]): SpinResult => {
  const window = stops.map((stop, reel) => [0, 1, 2].map((row) => symbolAt(reel, stop, row)));
  const lineWins: LineWin[] = [];
  let win = 0;
  PAYLINES.forEach((rows, line) => {
    const result = linePay(rows.map((row, reel) => window[reel]![row]!));
    if (result.pay > 0) {
      lineWins.push({ line, symbol: SYMBOLS[result.symbol]!, count: result.count, pay: result.pay });
      win += result.pay;
    }
  });
  const scatters = window.filter((column) => column.includes(SCATTER)).length;
  if (scatters >= 3) win += SCATTER_PAYS[scatters - 3]! * LINES;
  return {
    stops: [...stops],
    window: window.map((column) => column.map((s) => SYMBOLS[s]!)),
    lineWins,
    scatters,
    win,
    freeSpinsWon: scatters >= 3 ? FREE_SPINS : 0,
  };
};

export const spin = (rng: IntSource): SpinResult =>
  evaluateStops(STRIPS.map((strip) => rng.int(strip.length)));

export type SlotRound = { spins: SpinResult[]; freeSpins: number; win: number };

/** A paid spin and every free spin it leads to; `win` in line bets. */
export const playRound = (rng: IntSource, maxFreeSpins = 10_000): SlotRound => {
  const first = spin(rng);
  const spins = [first];
  let left = first.freeSpinsWon;
  let freeSpins = 0;
  let win = first.win;
  while (left > 0 && freeSpins < maxFreeSpins) {
    const next = spin(rng);
    spins.push(next);
    left += next.freeSpinsWon - 1;
    freeSpins++;
    win += next.win;
  }
  return { spins, freeSpins, win };
};

/** Only the total, for simulations: no arrays kept. */
export const roundWin = (rng: IntSource): number => {
  let left = 1;
  let win = 0;
  while (left > 0) {
    const stops = STRIPS.map((strip) => rng.int(strip.length));
    const result = evaluateStops(stops);
    win += result.win;
    left += result.freeSpinsWon - 1;
  }
  return win;
};

/**
 * The exact return to player, by enumeration. For one line, each reel's symbol is its strip's symbol
 * at a uniform stop, independent of the other reels: every one of the 10^5 symbol combinations is
 * weighed by its probability. Scatter counts come from each reel's chance to show one in its window.
 * Free spins play the same reels, so a paid spin is worth E[spin] × (1 + P(trigger) × T), with T the
 * expected free spins of a trigger, retriggers included: T = 10 / (1 − 10 × P(trigger)).
 */
export const exactSlotMath = () => {
  const frequencies = STRIPS.map((strip) => {
    const counts = new Array<number>(SYMBOLS.length).fill(0);
    for (const s of strip) counts[s]!++;
    return counts.map((c) => c / strip.length);
  });
  let lineExpectation = 0;
  const symbols = [0, 0, 0, 0, 0];
  const walk = (reel: number, probability: number) => {
    if (probability === 0) return;
    if (reel === REELS) {
      lineExpectation += probability * linePay(symbols).pay;
      return;
    }
    for (let s = 0; s < SYMBOLS.length; s++) {
      symbols[reel] = s;
      walk(reel + 1, probability * frequencies[reel]![s]!);
    }
  };
  walk(0, 1);
  // P(a reel's window shows a scatter), then the distribution of the number of reels that do.
  const showsScatter = STRIPS.map(
    (strip) =>
      strip.filter((_, stop) => [0, 1, 2].some((row) => strip[(stop + row) % strip.length] === SCATTER))
        .length / strip.length,
  );
  let distribution = [1];
  for (const p of showsScatter) {
    const next = new Array<number>(distribution.length + 1).fill(0);
    distribution.forEach((q, k) => {
      next[k]! += q * (1 - p);
      next[k + 1]! += q * p;
    });
    distribution = next;
  }
  const trigger = distribution.slice(3).reduce((sum, q) => sum + q, 0);
  const scatterExpectation = SCATTER_PAYS.reduce(
    (sum, pay, i) => sum + pay * LINES * distribution[i + 3]!,
    0,
  );
  const spinExpectation = LINES * lineExpectation + scatterExpectation;
  const freeSpinsPerTrigger = FREE_SPINS / (1 - FREE_SPINS * trigger);
  const rtp = (spinExpectation * (1 + trigger * freeSpinsPerTrigger)) / LINES;
  return { rtp, lineExpectation, scatterExpectation, trigger, freeSpinsPerTrigger, spinExpectation };
};
