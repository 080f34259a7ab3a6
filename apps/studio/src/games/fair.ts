/**
 * Provably fair outcomes (decision 0017). A round's randomness is HMAC-SHA256 keyed by the server
 * seed over `clientSeed:nonce:cursor`; each 32-byte block gives eight 32-bit words, and the cursor
 * moves to the next block when they are used up. Words become integers by rejection sampling, so
 * every integer below n is exactly as likely: no modulo bias.
 */
export type Hmac = (key: string, message: string) => Uint8Array;

export type RoundSeeds = { serverSeed: string; clientSeed: string; nonce: number };

/** An integer below n from 32-bit words: a word at or above the largest multiple of n is drawn again. */
export const intBelow = (nextWord: () => number, n: number): number => {
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`no integers below ${n}`);
  const limit = Math.floor(2 ** 32 / n) * n;
  for (;;) {
    const word = nextWord();
    if (word < limit) return word % n;
  }
};

export class FairStream {
  private block: Uint8Array = new Uint8Array(0);
  private offset = 32;
  private cursor = 0;

  constructor(
    private readonly hmac: Hmac,
    private readonly seeds: RoundSeeds,
  ) {}

  /** The next 32-bit word (big-endian) of the round's stream. */
  nextWord(): number {
    if (this.offset >= 32) {
      this.block = this.hmac(
        this.seeds.serverSeed,
        `${this.seeds.clientSeed}:${this.seeds.nonce}:${this.cursor}`,
      );
      this.cursor++;
      this.offset = 0;
    }
    const b = this.block;
    const o = this.offset;
    this.offset += 4;
    return ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
  }

  /** An integer in [0, n), uniform. */
  int(n: number): number {
    return intBelow(() => this.nextWord(), n);
  }
}

/** Any source of uniform integers: the fair stream in play, a fast generator in simulations. */
export type IntSource = { int: (n: number) => number };
