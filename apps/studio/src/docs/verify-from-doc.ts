import { createHash, createHmac } from 'node:crypto';

/**
 * A round checker written from docs/fairness.md alone, the way an outside auditor would: it imports
 * node:crypto and nothing of the studio (a test holds it to that), takes every table from the
 * document's fenced JSON blocks, and follows the procedure the document states in words. Tests play
 * rounds through the studio and check that this gives the same outcome and payout.
 */

export type SlotTables = {
  reels: number;
  rows: number;
  lines: number;
  freeSpins: number;
  maxFreeSpinsPerRound: number;
  wild: string;
  scatter: string;
  symbols: string[];
  strips: string[][];
  paylines: number[][];
  paytable: Record<string, [number, number, number]>;
  scatterPaysInStakes: [number, number, number];
};
export type RouletteTables = {
  pockets: number;
  red: number[];
  payToOne: Record<string, number>;
  numbersCovered: Record<string, number>;
  insideBets: Record<string, number[][]>;
  fixedBets: Record<string, number[]>;
  column: Record<string, number[]>;
  dozen: Record<string, number[]>;
};
type Winner = 'PLAYER' | 'BANKER' | 'TIE';
export type BaccaratTables = {
  decks: number;
  cards: number;
  values: Record<string, number>;
  naturalAtLeast: number;
  playerDrawsAtMost: number;
  bankerDraws: { bankerTotal: number; playerStood: boolean; byPlayerThirdValue: boolean[] }[];
  returnsPer100: Record<string, Record<Winner | 'playerPair' | 'bankerPair', number>>;
  pushOnTie: string[];
};
export type FairnessDoc = { slot: SlotTables; roulette: RouletteTables; baccarat: BaccaratTables };

/** The document's machine-readable blocks: ```json <name> … ```. */
export const parseFairnessDoc = (markdown: string): FairnessDoc => {
  const blocks: Record<string, unknown> = {};
  for (const match of markdown.matchAll(/^```json (\w+)\n([\s\S]*?)\n```$/gm))
    blocks[match[1]!] = JSON.parse(match[2]!);
  for (const name of ['slot', 'roulette', 'baccarat'])
    if (!blocks[name]) throw new Error(`the document has no json ${name} block`);
  return blocks as FairnessDoc;
};

export type Seeds = { serverSeed: string; clientSeed: string; nonce: number };

/** Section 1: the commitment is SHA-256 of the server seed's text, in hex. */
export const commitment = (serverSeed: string) =>
  createHash('sha256').update(serverSeed, 'utf8').digest('hex');

/** Sections 2 and 3: HMAC blocks by cursor, eight big-endian words each, rejection sampling. */
const stream = (seeds: Seeds) => {
  let cursor = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  const word = () => {
    if (offset === block.length) {
      block = createHmac('sha256', Buffer.from(seeds.serverSeed, 'utf8'))
        .update(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`, 'utf8')
        .digest();
      cursor++;
      offset = 0;
    }
    const w = block.readUInt32BE(offset);
    offset += 4;
    return w;
  };
  return {
    below: (n: number) => {
      const limit = Math.floor(2 ** 32 / n) * n;
      for (;;) {
        const w = word();
        if (w < limit) return w % n;
      }
    },
  };
};

export type VerifiedSpin = {
  stops: number[];
  window: string[][];
  lineWins: { line: number; symbol: string; count: number; pay: number }[];
  scatters: number;
  win: number;
};
export type VerifiedCard = { rank: number; suit: number };
export type Verified =
  | { game: 'slot'; spins: VerifiedSpin[]; win: number; stake: number; payout: number; validBet: number }
  | { game: 'roulette'; pocket: number; stake: number; payout: number; validBet: number }
  | {
      game: 'baccarat';
      player: VerifiedCard[];
      banker: VerifiedCard[];
      playerTotal: number;
      bankerTotal: number;
      winner: Winner;
      playerPair: boolean;
      bankerPair: boolean;
      stake: number;
      payout: number;
      validBet: number;
    };

/** Section 4.1: a line's best pay from the left, wilds standing for all but the scatter. */
const linePay = (t: SlotTables, symbols: string[]) => {
  let wilds = 0;
  while (wilds < symbols.length && symbols[wilds] === t.wild) wilds++;
  let best = { symbol: t.wild, count: wilds, pay: wilds >= 3 ? t.paytable[t.wild]![wilds - 3]! : 0 };
  if (wilds < symbols.length && symbols[wilds] !== t.scatter) {
    const base = symbols[wilds]!;
    let count = wilds;
    while (count < symbols.length && (symbols[count] === base || symbols[count] === t.wild)) count++;
    const pay = count >= 3 ? t.paytable[base]![count - 3]! : 0;
    if (pay > best.pay) best = { symbol: base, count, pay };
  }
  return best;
};

/** Section 4.1: one spin's stops, window, line wins and scatters. */
const slotSpin = (t: SlotTables, below: (n: number) => number): VerifiedSpin => {
  const stops = t.strips.map((strip) => below(strip.length));
  const window = t.strips.map((strip, reel) =>
    Array.from({ length: t.rows }, (_, row) => strip[(stops[reel]! + row) % strip.length]!),
  );
  const lineWins: VerifiedSpin['lineWins'] = [];
  let win = 0;
  t.paylines.forEach((rows, line) => {
    const best = linePay(
      t,
      rows.map((row, reel) => window[reel]![row]!),
    );
    if (best.pay > 0) {
      lineWins.push({ line, ...best });
      win += best.pay;
    }
  });
  const scatters = window.filter((column) => column.includes(t.scatter)).length;
  if (scatters >= 3) win += t.scatterPaysInStakes[scatters - 3]! * t.lines;
  return { stops, window, lineWins, scatters, win };
};

export type DocBet =
  | { lineBet: number }
  | { bets: { type: string; numbers?: number[]; which?: number; amount: number }[] }
  | { bets: Record<string, number> };

/** Which numbers a roulette bet covers, from the roulette block; undefined for a bet not on the layout. */
const covered = (t: RouletteTables, bet: { type: string; numbers?: number[]; which?: number }) => {
  if (t.fixedBets[bet.type]) return t.fixedBets[bet.type];
  if (bet.type === 'column' || bet.type === 'dozen') return t[bet.type][String(bet.which)];
  const wanted = [...(bet.numbers ?? [])].sort((a, b) => a - b).join(',');
  return t.insideBets[bet.type]?.find((numbers) => [...numbers].sort((a, b) => a - b).join(',') === wanted);
};

const total = (t: BaccaratTables, hand: VerifiedCard[]) =>
  hand.reduce((sum, card) => sum + t.values[String(card.rank)]!, 0) % 10;

/** Section 4.3: the cards in order (P, B, P, B, then third cards by the rules) and who wins. */
const coup = (t: BaccaratTables, next: () => VerifiedCard) => {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const p2 = total(t, player);
  const b2 = total(t, banker);
  if (p2 < t.naturalAtLeast && b2 < t.naturalAtLeast) {
    let third: VerifiedCard | undefined;
    if (p2 <= t.playerDrawsAtMost) {
      third = next();
      player.push(third);
    }
    const row = t.bankerDraws.find((r) => r.bankerTotal === b2)!;
    const draws = third ? row.byPlayerThirdValue[t.values[String(third.rank)]!]! : row.playerStood;
    if (draws) banker.push(next());
  }
  const playerTotal = total(t, player);
  const bankerTotal = total(t, banker);
  const winner: Winner = playerTotal > bankerTotal ? 'PLAYER' : bankerTotal > playerTotal ? 'BANKER' : 'TIE';
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner,
    playerPair: player[0]!.rank === player[1]!.rank,
    bankerPair: banker[0]!.rank === banker[1]!.rank,
  };
};

/** A round recomputed from the document: its outcome and what the bet is paid. */
export const verifyRound = (doc: FairnessDoc, game: string, seeds: Seeds, bet: DocBet): Verified => {
  const { below } = stream(seeds);
  if (game === 'slot') {
    const t = doc.slot;
    const { lineBet } = bet as { lineBet: number };
    const spins = [slotSpin(t, below)];
    let left = spins[0]!.scatters >= 3 ? t.freeSpins : 0;
    let played = 0;
    while (left > 0 && played < t.maxFreeSpinsPerRound) {
      const spin = slotSpin(t, below);
      spins.push(spin);
      left += (spin.scatters >= 3 ? t.freeSpins : 0) - 1;
      played++;
    }
    const win = spins.reduce((sum, spin) => sum + spin.win, 0);
    const stake = lineBet * t.lines;
    return { game, spins, win, stake, payout: win * lineBet, validBet: stake };
  }
  if (game === 'roulette') {
    const t = doc.roulette;
    const pocket = below(t.pockets);
    const bets = (bet as { bets: { type: string; amount: number }[] }).bets;
    let stake = 0;
    let payout = 0;
    for (const one of bets) {
      const numbers = covered(t, one);
      if (!numbers) throw new Error(`not on the layout: ${JSON.stringify(one)}`);
      stake += one.amount;
      if (numbers.includes(pocket)) payout += one.amount * (t.payToOne[one.type]! + 1);
    }
    return { game, pocket, stake, payout, validBet: stake };
  }
  // Section 4.3: a fresh shoe in order, each card by a partial Fisher-Yates step.
  const t = doc.baccarat;
  const shoe = Array.from({ length: t.cards }, (_, i) => i);
  let dealt = 0;
  const { player, banker, playerTotal, bankerTotal, winner, playerPair, bankerPair } = coup(t, () => {
    const pick = dealt + below(t.cards - dealt);
    [shoe[dealt], shoe[pick]] = [shoe[pick]!, shoe[dealt]!];
    const i = shoe[dealt++]!;
    return { rank: ((i % 52) % 13) + 1, suit: Math.floor((i % 52) / 13) };
  });
  let stake = 0;
  let hundredths = 0;
  let pushed = 0;
  for (const [name, amount] of Object.entries((bet as { bets: Record<string, number> }).bets)) {
    const r = t.returnsPer100[name];
    if (!r) throw new Error(`not on the table: ${name}`);
    stake += amount;
    hundredths += amount * (r[winner] + (playerPair ? r.playerPair : 0) + (bankerPair ? r.bankerPair : 0));
    if (winner === 'TIE' && t.pushOnTie.includes(name)) pushed += amount;
  }
  return {
    game: 'baccarat',
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner,
    playerPair,
    bankerPair,
    stake,
    payout: Math.floor(hundredths / 100),
    validBet: stake - pushed,
  };
};

// ---------------------------------------------------------------------------------------------
// The returns, recomputed from the document's tables alone, as exact fractions `n/d` in lowest terms

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
const lowest = (n: bigint, d: bigint) => {
  const g = gcd(n, d);
  return `${n / g}/${d / g}`;
};

/**
 * The slot's RTP by enumeration: line pays over every symbol combination a line can show (reels are
 * independent, stops uniform), scatters by how many stops of each reel show one, and free spins as
 * a geometric series: RTP = spin value / (lines × (1 − freeSpins × P(trigger))). Answers the unreduced
 * fraction (over all stop combinations) too.
 */
export const slotReturn = (t: SlotTables) => {
  const combinations = t.strips.reduce((p, strip) => p * BigInt(strip.length), 1n);
  const counts = t.strips.map((strip) => {
    const c = new Map<string, number>();
    for (const s of strip) c.set(s, (c.get(s) ?? 0) + 1);
    return [...c.entries()];
  });
  let lineWays = 0n;
  const symbols: string[] = [];
  const walk = (reel: number, ways: bigint) => {
    if (reel === t.strips.length) {
      lineWays += ways * BigInt(linePay(t, symbols).pay);
      return;
    }
    for (const [symbol, count] of counts[reel]!) {
      symbols[reel] = symbol;
      walk(reel + 1, ways * BigInt(count));
    }
  };
  walk(0, 1n);
  let byCount = [1n];
  for (const strip of t.strips) {
    const showing = BigInt(
      strip.filter((_, stop) =>
        Array.from({ length: t.rows }, (_, row) => strip[(stop + row) % strip.length]).includes(t.scatter),
      ).length,
    );
    const next = new Array<bigint>(byCount.length + 1).fill(0n);
    byCount.forEach((ways, k) => {
      next[k]! += ways * (BigInt(strip.length) - showing);
      next[k + 1]! += ways * showing;
    });
    byCount = next;
  }
  const lines = BigInt(t.lines);
  const scatterWays = t.scatterPaysInStakes.reduce(
    (sum, pay, i) => sum + BigInt(pay) * lines * byCount[i + 3]!,
    0n,
  );
  const triggerWays = byCount.slice(3).reduce((sum, w) => sum + w, 0n);
  const numerator = lines * lineWays + scatterWays;
  const denominator = lines * (combinations - BigInt(t.freeSpins) * triggerWays);
  return { unreduced: `${numerator}/${denominator}`, rtp: lowest(numerator, denominator) };
};

/** Every roulette bet's RTP over the equally likely pockets (they are all the same, or this throws). */
export const rouletteReturn = (t: RouletteTables) => {
  const returns = new Set<string>();
  const bets = [
    ...Object.entries(t.insideBets).flatMap(([type, sets]) => sets.map((numbers) => ({ type, numbers }))),
    ...Object.entries(t.fixedBets).map(([type, numbers]) => ({ type, numbers })),
    ...Object.values(t.column).map((numbers) => ({ type: 'column', numbers })),
    ...Object.values(t.dozen).map((numbers) => ({ type: 'dozen', numbers })),
  ];
  for (const { type, numbers } of bets)
    returns.add(lowest(BigInt(numbers.length * (t.payToOne[type]! + 1)), BigInt(t.pockets)));
  if (returns.size !== 1) throw new Error(`roulette bets return differently: ${[...returns].join(', ')}`);
  return [...returns][0]!;
};

/**
 * Each baccarat bet's RTP: every sequence of ranks a round can draw from the shoe (without
 * replacement), weighed by its orderings among the first six cards, played by the document's rules.
 */
export const baccaratReturn = (t: BaccaratTables) => {
  const perRank = t.cards / 13;
  const counts = new Array<number>(14).fill(perRank);
  const tail = (from: number) => {
    let p = 1n;
    for (let i = from; i < 6; i++) p *= BigInt(t.cards - i);
    return p;
  };
  const all = tail(0);
  const outcomes = new Map<string, bigint>();
  const drawn: number[] = [];
  const more = Symbol('more');
  const walk = (ways: number) => {
    if (drawn.length >= 4) {
      let i = 0;
      let result: ReturnType<typeof coup> | undefined;
      try {
        result = coup(t, () => {
          if (i >= drawn.length) throw more;
          return { rank: drawn[i++]!, suit: 0 };
        });
      } catch (error) {
        if (error !== more) throw error;
      }
      if (result) {
        const key = `${result.winner}|${result.playerPair}|${result.bankerPair}`;
        outcomes.set(key, (outcomes.get(key) ?? 0n) + BigInt(ways) * tail(drawn.length));
        return;
      }
    }
    for (let rank = 1; rank <= 13; rank++) {
      const available = counts[rank]!;
      if (available === 0) continue;
      counts[rank]!--;
      drawn.push(rank);
      walk(ways * available);
      drawn.pop();
      counts[rank]!++;
    }
  };
  walk(1);
  return Object.fromEntries(
    Object.entries(t.returnsPer100).map(([bet, r]) => {
      let sum = 0n;
      for (const [key, ways] of outcomes) {
        const [winner, pp, bp] = key.split('|') as [Winner, string, string];
        const back = r[winner] + (pp === 'true' ? r.playerPair : 0) + (bp === 'true' ? r.bankerPair : 0);
        sum += ways * BigInt(back);
      }
      return [bet, lowest(sum, all * 100n)];
    }),
  );
};
