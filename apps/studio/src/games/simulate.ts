import { intBelow, type IntSource } from './fair.js';
import { roundWin } from './slot.js';

/**
 * A fast seeded generator for simulations (xoshiro128**), not for play: it only has to be uniform, so
 * that a few million rounds confirm the exact return computed from the strips.
 */
export const fastSource = (seed: number): IntSource => {
  let a = seed >>> 0 || 1;
  let b = 0x9e3779b9;
  let c = 0x243f6a88;
  let d = 0xb7e15162;
  const next = () => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
  for (let i = 0; i < 16; i++) next();
  return { int: (n) => intBelow(next, n) };
};
const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;

/**
 * Plays `rounds` paid spins (with their free spins) and answers the return per line bet staked, and
 * the 99.9 % confidence half-width of that mean (3.29 standard errors).
 */
export const simulateSlot = (rounds: number, seed: number) => {
  const rng = fastSource(seed);
  let sum = 0;
  let sumSquares = 0;
  for (let i = 0; i < rounds; i++) {
    const win = roundWin(rng) / 20;
    sum += win;
    sumSquares += win * win;
  }
  const mean = sum / rounds;
  const variance = sumSquares / rounds - mean * mean;
  return { rounds, rtp: mean, halfWidth999: 3.2905 * Math.sqrt(variance / rounds), sum, sumSquares };
};
