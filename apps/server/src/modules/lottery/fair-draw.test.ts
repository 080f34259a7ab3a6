import { createHash, createHmac } from 'node:crypto';
import { recomputeFairDraw, sha256Hex } from '@jade/contracts/fair-lottery';
import { describe, expect, it } from 'vitest';
import { fairDraw, seedHash } from './fair-draw.js';
import { resultProblem, SEA4D, XSMB, XSMN } from './structures.js';

describe('provably fair draws', () => {
  it('draws a result that fits each structure, the same for the same seed and key, another for another key', () => {
    for (const structure of [XSMB, XSMN, SEA4D]) {
      const a = fairDraw(structure, 'server-seed-1', 'ELOTT_1M:20261124-0001');
      expect(resultProblem(structure, a)).toBeUndefined();
      expect(fairDraw(structure, 'server-seed-1', 'ELOTT_1M:20261124-0001')).toEqual(a);
      expect(fairDraw(structure, 'server-seed-1', 'ELOTT_1M:20261124-0002')).not.toEqual(a);
      expect(fairDraw(structure, 'server-seed-2', 'ELOTT_1M:20261124-0001')).not.toEqual(a);
    }
    const fourD = Object.values(fairDraw(SEA4D, 'seed', 'SEA:1')).flat();
    expect(new Set(fourD).size).toBe(23);
  });

  it('follows the published procedure, recomputed here from node:crypto alone', () => {
    const seed = 'a public seed';
    expect(seedHash(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
    const bytes = createHmac('sha256', seed).update('K:0').digest();
    const digits = [...bytes].filter((b) => b < 250).map((b) => b % 10);
    const special = fairDraw(XSMB, seed, 'K').SPECIAL![0]!;
    expect(special).toBe(digits.slice(0, 5).join(''));
  });

  it('makes every digit equally likely (chi-square over 3,000 draws, 0.1 % level)', () => {
    const counts = Array<number>(10).fill(0);
    for (let i = 0; i < 3_000; i++) {
      for (const number of Object.values(fairDraw(XSMB, 'uniformity', `U:${i}`)).flat()) {
        for (const digit of number) counts[Number(digit)]!++;
      }
    }
    const total = counts.reduce((a, b) => a + b, 0);
    const expected = total / 10;
    const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: 27.88 is the 99.9th percentile.
    expect(chi).toBeLessThan(27.88);
  });

  it('agrees with the Web Crypto procedure a browser runs to check a draw (contracts/fair-lottery)', async () => {
    for (const [structure, i] of [XSMB, XSMN, SEA4D].flatMap((s) => [0, 1, 2].map((i) => [s, i] as const))) {
      const seed = `browser-check-${i}`;
      const key = `JADE_ELOTT:FAST:${structure.code}-${i}`;
      const recomputed = await recomputeFairDraw(structure.tiers, seed, key, {
        distinct: structure.code === 'SEA4D',
      });
      expect(recomputed).toEqual(fairDraw(structure, seed, key));
      expect(await sha256Hex(seed)).toBe(seedHash(seed));
    }
  });
});
