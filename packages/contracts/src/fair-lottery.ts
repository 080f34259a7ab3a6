/**
 * The lottery's provably fair procedure (decision 0019), with the Web Crypto API alone, so that a
 * member's browser (or anyone's script) can check a draw from its revealed seed:
 *   1. SHA-256 of the server seed's UTF-8 bytes, in hex, is the hash published when the draw opened.
 *   2. Digits come from HMAC-SHA256(key = server seed, message = "<draw key>:<cursor>"), cursor 0, 1,
 *      2 …, each 32-byte block read byte by byte: a byte below 250 gives byte mod 10, others are skipped.
 *   3. The prize tiers are filled top to bottom, each number's digits left to right; a 4D draw draws a
 *      number again when it has come already (its numbers are distinct).
 * The draw key is "<vendor>:<game>:<draw number>". The server draws with the same steps (fair-draw.ts).
 */
export type FairTier = { code: string; count: number; digits: number };

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

export const sha256Hex = async (text: string): Promise<string> =>
  hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));

/** Recomputes a fair draw's numbers by tier from its revealed seed. */
export const recomputeFairDraw = async (
  tiers: readonly FairTier[],
  serverSeed: string,
  drawKey: string,
  { distinct }: { distinct: boolean },
): Promise<Record<string, string[]>> => {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  let cursor = 0;
  let block: Uint8Array = new Uint8Array();
  let at = 0;
  const digit = async (): Promise<number> => {
    for (;;) {
      while (at < block.length) {
        const byte = block[at++]!;
        if (byte < 250) return byte % 10;
      }
      block = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${drawKey}:${cursor++}`)));
      at = 0;
    }
  };
  const seen = new Set<string>();
  const result: Record<string, string[]> = {};
  for (const tier of tiers) {
    const numbers: string[] = [];
    while (numbers.length < tier.count) {
      let number = '';
      for (let i = 0; i < tier.digits; i++) number += String(await digit());
      if (distinct && seen.has(number)) continue;
      seen.add(number);
      numbers.push(number);
    }
    result[tier.code] = numbers;
  }
  return result;
};
