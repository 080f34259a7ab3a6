import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { exactBaccaratEdges, bankerDraws, playCoup, baccaratReturn, type Card } from './baccarat.js';
import { FairStream, intBelow } from './fair.js';
import { BET_TYPES, coveredNumbers, houseEdge, betReturn, type RouletteBetType } from './roulette.js';
import { hmacSha256, seedHash, sha256, toHex } from './sha256.js';
import { checkBet } from './play.js';
import { simulateSlot } from './simulate.js';
import { evaluateStops, exactSlotMath, linePay } from './slot.js';

const nodeHmac = (key: string, message: string) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

describe('fairness primitives', () => {
  it('computes SHA-256 and HMAC-SHA256 exactly as node:crypto does', () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 200]) {
      const bytes = new Uint8Array(randomBytes(length));
      expect(toHex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
      const key = randomBytes(length % 100).toString('hex');
      expect(toHex(hmacSha256(key, `seed:${length}:0`))).toBe(toHex(nodeHmac(key, `seed:${length}:0`)));
    }
    expect(seedHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('draws again for a word at or above the largest multiple of n: no modulo bias', () => {
    // n = 3: 2^32 is 1 more than a multiple of 3, so the single largest word is refused.
    const words = [2 ** 32 - 1, 2 ** 32 - 2];
    expect(intBelow(() => words.shift()!, 3)).toBe((2 ** 32 - 2) % 3);
    expect(words).toEqual([]);
    const limit = Math.floor(2 ** 32 / 37) * 37;
    const more = [limit, limit + 5, 74];
    expect(intBelow(() => more.shift()!, 37)).toBe(0);
    expect(() => intBelow(() => 0, 0)).toThrow(RangeError);
  });

  it('gives uniform pockets from the HMAC stream (chi-square, 36 degrees of freedom, p = 0.001)', () => {
    const counts = new Array<number>(37).fill(0);
    const draws = 37 * 2_000;
    let nonce = 0;
    while (nonce * 10 < draws) {
      const stream = new FairStream(nodeHmac, {
        serverSeed: 'chi-square-server-seed',
        clientSeed: 'client',
        nonce,
      });
      for (let i = 0; i < 10; i++) counts[stream.int(37)]!++;
      nonce++;
    }
    const expected = draws / 37;
    const chiSquare = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(67.985);
    // And the stream is a function of the seeds only: the same seeds give the same draws.
    const a = new FairStream(nodeHmac, { serverSeed: 's', clientSeed: 'c', nonce: 7 });
    const b = new FairStream(hmacSha256, { serverSeed: 's', clientSeed: 'c', nonce: 7 });
    expect(Array.from({ length: 20 }, () => a.int(1000))).toEqual(
      Array.from({ length: 20 }, () => b.int(1000)),
    );
  });
});

describe('Jade Fortune slot', () => {
  it('pays a line its best combination from the left, wilds substituting but never for the scatter', () => {
    expect(linePay([2, 2, 2, 9, 9])).toEqual({ symbol: 2, count: 3, pay: 50 });
    expect(linePay([0, 0, 2, 2, 3])).toEqual({ symbol: 2, count: 4, pay: 200 });
    expect(linePay([0, 0, 0, 0, 9])).toEqual({ symbol: 0, count: 4, pay: 500 });
    expect(linePay([0, 0, 0, 9, 9])).toEqual({ symbol: 0, count: 3, pay: 100 });
    expect(linePay([0, 1, 1, 1, 1])).toEqual({ symbol: 0, count: 1, pay: 0 });
    expect(linePay([9, 9, 8, 9, 9])).toEqual({ symbol: 0, count: 0, pay: 0 });
  });

  it('has an exact return of 96.01 % by enumeration of its strips and paytable', () => {
    const math = exactSlotMath();
    expect(math.rtp).toBeCloseTo(0.960113, 6);
    expect(math.trigger).toBeGreaterThan(0);
  });

  it('agrees with a simulation within its 99.9 % confidence interval', () => {
    const { rtp } = exactSlotMath();
    const run = simulateSlot(200_000, 20261124);
    expect(Math.abs(run.rtp - rtp)).toBeLessThan(run.halfWidth999);
  });

  it('evaluates a window: three scatters pay 5 total bets and give ten free spins', () => {
    // Stops that put each reel's scatter in the middle row of the first three reels.
    const result = evaluateStops([2, 3, 2, 0, 0]);
    expect(result.scatters).toBeGreaterThanOrEqual(3);
    expect(result.freeSpinsWon).toBe(10);
    expect(result.win).toBeGreaterThanOrEqual(5 * 20);
  });
});

describe('European roulette', () => {
  const examples: Record<RouletteBetType, { numbers?: number[]; which?: 1 | 2 | 3 }> = {
    straight: { numbers: [17] },
    split: { numbers: [17, 20] },
    street: { numbers: [16, 17, 18] },
    trio: { numbers: [0, 2, 3] },
    corner: { numbers: [17, 18, 20, 21] },
    firstFour: {},
    line: { numbers: [16, 17, 18, 19, 20, 21] },
    column: { which: 2 },
    dozen: { which: 3 },
    red: {},
    black: {},
    even: {},
    odd: {},
    low: {},
    high: {},
  };

  it('has a house edge of exactly 1/37 on every bet the table takes', () => {
    for (const type of BET_TYPES) {
      expect(houseEdge({ type, ...examples[type] }), type).toBeCloseTo(1 / 37, 12);
    }
  });

  it('refuses bets that are not on the layout', () => {
    expect(coveredNumbers({ type: 'split', numbers: [3, 4] })).toBeUndefined();
    expect(coveredNumbers({ type: 'split', numbers: [0, 4] })).toBeUndefined();
    expect(coveredNumbers({ type: 'corner', numbers: [3, 4, 6, 7] })).toBeUndefined();
    expect(coveredNumbers({ type: 'street', numbers: [2, 3, 4] })).toBeUndefined();
    expect(coveredNumbers({ type: 'straight', numbers: [37] })).toBeUndefined();
    expect(coveredNumbers({ type: 'line', numbers: [34, 35, 36, 37, 38, 39] })).toBeUndefined();
  });

  it('pays 35 to 1 on a number, 1 to 1 on red, and nothing on zero for outside bets', () => {
    expect(betReturn({ type: 'straight', numbers: [17], amount: 10 }, 17)).toBe(360);
    expect(betReturn({ type: 'red', amount: 10 }, 1)).toBe(20);
    expect(betReturn({ type: 'red', amount: 10 }, 0)).toBe(0);
    expect(betReturn({ type: 'firstFour', amount: 10 }, 0)).toBe(90);
  });
});

describe('baccarat', () => {
  it('has the exact house edges of an eight-deck shoe', () => {
    const edges = exactBaccaratEdges();
    expect(edges.BANKER).toBeCloseTo(0.010579, 6);
    expect(edges.PLAYER).toBeCloseTo(0.012351, 6);
    expect(edges.TIE).toBeCloseTo(0.143596, 6);
    expect(edges.PLAYER_PAIR).toBeCloseTo(0.103614, 6);
    expect(edges.BANKER_PAIR).toBeCloseTo(0.103614, 6);
  });

  it('follows the third-card rules', () => {
    expect(bankerDraws(5, undefined)).toBe(true);
    expect(bankerDraws(6, undefined)).toBe(false);
    expect(bankerDraws(3, 8)).toBe(false);
    expect(bankerDraws(4, 1)).toBe(false);
    expect(bankerDraws(6, 7)).toBe(true);
    const deal = (ranks: number[]) => {
      const cards: Card[] = ranks.map((rank) => ({ rank, suit: 0 }));
      return playCoup(() => cards.shift()!);
    };
    // A natural 9 for the player stops the coup at four cards.
    const natural = deal([4, 3, 5, 3, 1, 1]);
    expect(natural.player).toHaveLength(2);
    expect(natural.winner).toBe('PLAYER');
    // Player 0 draws a 6; banker 6 draws on a player's 6.
    const coup = deal([10, 3, 10, 3, 6, 2]);
    expect(coup.player).toHaveLength(3);
    expect(coup.banker).toHaveLength(3);
    expect(coup.bankerTotal).toBe(8);
    expect(baccaratReturn('BANKER', 100, coup)).toBe(195);
    expect(baccaratReturn('PLAYER', 100, coup)).toBe(0);
  });
});

describe('table limits and bad bets (issue 19)', () => {
  const limits = { minBet: 10, maxBet: 5_000 };

  it("refuses a wager below the game's minimum and a round above its maximum", () => {
    expect(checkBet('roulette', { bets: [{ type: 'red', amount: 9 }] }, limits)).toHaveProperty('error');
    expect(checkBet('roulette', { bets: [{ type: 'red', amount: 10 }] }, limits)).toEqual({ stake: 10 });
    expect(
      checkBet(
        'roulette',
        {
          bets: [
            { type: 'red', amount: 2_500 },
            { type: 'black', amount: 2_501 },
          ],
        },
        limits,
      ),
    ).toHaveProperty('error');
    expect(checkBet('baccarat', { bets: { PLAYER: 9 } }, limits)).toHaveProperty('error');
    expect(checkBet('baccarat', { bets: { PLAYER: 10, TIE: 10 } }, limits)).toEqual({ stake: 20 });
    // A slot's minimum is the whole spin: 20 lines at 1.
    expect(checkBet('slot', { lineBet: 1 }, { minBet: 20, maxBet: 100 })).toEqual({ stake: 20 });
    expect(checkBet('slot', { lineBet: 1 }, { minBet: 21, maxBet: 100 })).toHaveProperty('error');
    expect(checkBet('slot', { lineBet: 6 }, { minBet: 20, maxBet: 100 })).toHaveProperty('error');
    // No maximum in the catalogue: the table's own ceiling still holds.
    expect(checkBet('slot', { lineBet: 5_000 }, { minBet: 20 })).toEqual({ stake: 100_000 });
  });

  it('refuses numbers that are not a list of whole numbers, and a column or dozen that is not 1 to 3', () => {
    for (const numbers of ['17', 17, null, { 0: 17, length: 1 }, ['17'], [1.5]]) {
      const bet = { type: 'straight', numbers, amount: 10 } as unknown as Parameters<
        typeof coveredNumbers
      >[0];
      expect(() => coveredNumbers(bet)).not.toThrow();
      expect(coveredNumbers(bet), JSON.stringify(numbers)).toBeUndefined();
      expect(checkBet('roulette', { bets: [bet] }, limits)).toHaveProperty('error');
    }
    expect(coveredNumbers({ type: 'column', which: 4 as 1 })).toBeUndefined();
    expect(coveredNumbers({ type: 'dozen', which: '1' as unknown as 1 })).toBeUndefined();
    expect(checkBet('roulette', { bets: [null] }, limits)).toHaveProperty('error');
  });
});
