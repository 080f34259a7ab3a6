import { fairDigits } from '../lottery/fair-draw.js';

/**
 * A raffle's winners from its seed and closed entry list (decision 0053), on the lottery's fair
 * digit stream (lottery/fair-draw.ts: HMAC-SHA256(key = seed, "<draw key>:<cursor>"), bytes below
 * 250 give digit byte mod 10). Procedure, so anyone can redo it:
 *   1. The entry list is the entries by entry id; its text is one "<entry id>:<tickets>" line per
 *      entry joined by "\n", and its SHA-256 is published as the entries hash.
 *   2. Tickets are numbered from 0 along the list (entry 1's tickets first).
 *   3. For rank 1, 2 …: with T tickets left, read k digits (the fewest with 10^k ≥ T) as a number v;
 *      v ≥ floor(10^k / T) × T is skipped (so every ticket is equally likely), else ticket v mod T
 *      wins and its entry leaves the list (a member wins once). Ranks left when no entry is left go
 *      unawarded.
 */
export type RaffleEntry = { entryId: number; memberId: number; tickets: number };

export const raffleDrawKey = (brandCode: string, raffleCode: string) => `RAFFLE:${brandCode}:${raffleCode}`;

export const entriesText = (entries: readonly { entryId: number; tickets: number }[]) =>
  entries.map((e) => `${e.entryId}:${e.tickets}`).join('\n');

export const drawWinners = <T extends RaffleEntry>(
  seed: string,
  drawKey: string,
  entries: readonly T[],
  prizes: number,
): T[] => {
  const stream = fairDigits(seed, drawKey);
  const left = entries.filter((e) => e.tickets > 0);
  const winners: T[] = [];
  while (winners.length < prizes && left.length > 0) {
    const total = left.reduce((sum, e) => sum + e.tickets, 0);
    let k = 1;
    while (10 ** k < total) k += 1;
    const limit = Math.floor(10 ** k / total) * total;
    let v: number;
    do {
      v = 0;
      for (let i = 0; i < k; i++) v = v * 10 + stream.next().value!;
    } while (v >= limit);
    let ticket = v % total;
    const index = left.findIndex((e) => {
      if (ticket < e.tickets) return true;
      ticket -= e.tickets;
      return false;
    });
    winners.push(left[index]!);
    left.splice(index, 1);
  }
  return winners;
};
