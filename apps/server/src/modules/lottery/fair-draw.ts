import { createHash, createHmac } from 'node:crypto';
import type { DrawResult, DrawStructure } from './structures.js';

/**
 * The provably fair result source of fast draws and of the demo brand's daily draws (issue 11).
 * Procedure, so that anyone can check a draw:
 *   1. When the draw opens, the platform publishes SHA-256(server seed) (hex of the seed's UTF-8 bytes).
 *   2. With the result it reveals the server seed; the hash must match.
 *   3. Digits come from HMAC-SHA256(key = server seed, message = "<draw key>:<cursor>") for cursor
 *      0, 1, 2 …, each 32-byte block read byte by byte: a byte below 250 gives the digit (byte mod 10),
 *      a byte of 250 or more is skipped (so every digit is equally likely).
 *   4. The prize numbers are filled tier by tier, top to bottom, each number's digits left to right.
 *      In a 4D draw a number already drawn is drawn again (its 23 numbers are distinct); Vietnamese
 *      draws keep repeats, as the real ones do.
 * The draw key is the game code and the draw number ("ELOTT_1M:20261124-0001").
 */
export const seedHash = (serverSeed: string) => createHash('sha256').update(serverSeed, 'utf8').digest('hex');

/** The digit stream of step 3; raffles (engagement/raffle-draw.ts) draw from it too. */
export function* fairDigits(serverSeed: string, drawKey: string): Generator<number> {
  for (let cursor = 0; ; cursor++) {
    const block = createHmac('sha256', serverSeed).update(`${drawKey}:${cursor}`).digest();
    for (const byte of block) if (byte < 250) yield byte % 10;
  }
}

export const fairDraw = (structure: DrawStructure, serverSeed: string, drawKey: string): DrawResult => {
  const stream = fairDigits(serverSeed, drawKey);
  const take = (n: number) => Array.from({ length: n }, () => String(stream.next().value)).join('');
  const distinct = structure.code === 'SEA4D';
  const seen = new Set<string>();
  const result: Record<string, string[]> = {};
  for (const tier of structure.tiers) {
    const numbers: string[] = [];
    while (numbers.length < tier.count) {
      const number = take(tier.digits);
      if (distinct && seen.has(number)) continue;
      seen.add(number);
      numbers.push(number);
    }
    result[tier.code] = numbers;
  }
  return result;
};
