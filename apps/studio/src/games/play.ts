import { BACCARAT_BETS, baccaratReturn, dealCoup, type BaccaratBet, type Coup } from './baccarat.js';
import { FairStream, type Hmac, type RoundSeeds } from './fair.js';
import { betReturn, coveredNumbers, spinWheel, type RouletteBet } from './roulette.js';
import { LINES, playRound, type SlotRound } from './slot.js';

/**
 * One round of any studio game from its seeds and bet: the same function runs on the studio's server
 * to play and in the browser on the fairness page to check (decision 0017). Amounts are minor units.
 */
export const STUDIO_GAMES = ['slot', 'roulette', 'baccarat'] as const;
export type StudioGame = (typeof STUDIO_GAMES)[number];
export const GAME_IDS: Record<StudioGame, string> = {
  slot: 'JADE_FORTUNE',
  roulette: 'JADE_ROULETTE',
  baccarat: 'JADE_BACCARAT',
};

export type SlotBet = { lineBet: number };
export type RouletteBets = { bets: RouletteBet[] };
export type BaccaratBets = { bets: Partial<Record<BaccaratBet, number>> };
export type StudioBet = SlotBet | RouletteBets | BaccaratBets;

export type Outcome =
  | { game: 'slot'; round: SlotRound }
  | { game: 'roulette'; pocket: number }
  | { game: 'baccarat'; coup: Coup };

export type Settlement = { stake: number; payout: number; validBet: number };

const MAX_STAKE = 1_000_000_000;
const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MAX_STAKE;

/**
 * A game's limits from the platform's catalogue (minor units): the minimum of each wager (a slot's
 * whole spin; each chip placed on a table) and the maximum of a round's stake. No maximum: the
 * table's own ceiling.
 */
export type BetLimits = { minBet: number; maxBet?: number };

/** The limits the demo catalogue gives each game: for free trials, and a platform that sends none. */
export const DEFAULT_LIMITS: Record<StudioGame, BetLimits> = {
  slot: { minBet: 20, maxBet: 1_000_000 },
  roulette: { minBet: 10, maxBet: 5_000_000 },
  baccarat: { minBet: 10, maxBet: 5_000_000 },
};

/** The stake of a bet, or why the table refuses it. */
export const checkBet = (
  game: StudioGame,
  bet: unknown,
  limits: BetLimits,
): { stake: number } | { error: string } => {
  const b = bet as Record<string, unknown> | null;
  if (!b || typeof b !== 'object') return { error: 'No bet' };
  const max = Math.min(limits.maxBet ?? MAX_STAKE, MAX_STAKE);
  const tooSmall = { error: `Each bet is at least ${limits.minBet}` };
  const withinMax = (stake: number) =>
    stake <= max ? { stake } : { error: `The stake of a round is at most ${max}` };
  if (game === 'slot') {
    if (!isAmount(b.lineBet) || b.lineBet * LINES > MAX_STAKE)
      return { error: 'The line bet is a whole positive amount' };
    const stake = b.lineBet * LINES;
    return stake < limits.minBet ? tooSmall : withinMax(stake);
  }
  if (game === 'roulette') {
    const bets = b.bets as unknown[] | undefined;
    if (!Array.isArray(bets) || bets.length === 0 || bets.length > 50)
      return { error: 'Place from 1 to 50 bets' };
    let stake = 0;
    for (const one of bets as (RouletteBet | null)[]) {
      if (!one || typeof one !== 'object' || !isAmount(one.amount) || !coveredNumbers(one))
        return { error: 'A bet is not on the layout' };
      if (one.amount < limits.minBet) return tooSmall;
      stake += one.amount;
    }
    return withinMax(stake);
  }
  const bets = b.bets as Record<string, unknown> | undefined;
  if (!bets || typeof bets !== 'object') return { error: 'No bet' };
  let stake = 0;
  for (const [name, amount] of Object.entries(bets)) {
    if (!(BACCARAT_BETS as readonly string[]).includes(name) || !isAmount(amount))
      return { error: 'A bet is not on the table' };
    if (amount < limits.minBet) return tooSmall;
    stake += amount;
  }
  if (stake === 0) return { error: 'No bet' };
  return withinMax(stake);
};

/** The round's outcome from its seeds alone (the bet does not change what is drawn). */
export const outcomeOf = (game: StudioGame, hmac: Hmac, seeds: RoundSeeds): Outcome => {
  const stream = new FairStream(hmac, seeds);
  if (game === 'slot') return { game, round: playRound(stream) };
  if (game === 'roulette') return { game, pocket: spinWheel(stream) };
  return { game, coup: dealCoup(stream) };
};

/** What a (checked) bet pays on an outcome; payouts round down to the minor unit. */
export const settle = (outcome: Outcome, bet: StudioBet, stake: number): Settlement => {
  if (outcome.game === 'slot') {
    return { stake, payout: outcome.round.win * (bet as SlotBet).lineBet, validBet: stake };
  }
  if (outcome.game === 'roulette') {
    const payout = (bet as RouletteBets).bets.reduce((sum, one) => sum + betReturn(one, outcome.pocket), 0);
    return { stake, payout: Math.floor(payout), validBet: stake };
  }
  let payout = 0;
  let pushed = 0;
  for (const [name, amount] of Object.entries((bet as BaccaratBets).bets)) {
    const back = baccaratReturn(name as BaccaratBet, amount!, outcome.coup);
    payout += back;
    // A player or banker bet returned on a tie was not wagered: it is no turnover.
    if (outcome.coup.winner === 'TIE' && (name === 'PLAYER' || name === 'BANKER')) pushed += amount!;
  }
  return { stake, payout: Math.floor(payout), validBet: stake - pushed };
};

/** Roulette bets that name their numbers (the others are a colour, a half, a parity, a column or dozen). */
const INSIDE_BETS: ReadonlySet<string> = new Set(['straight', 'split', 'street', 'trio', 'corner', 'line']);

/**
 * What a (checked) bet is on, for the member's betting record on the platform (the wallet debit's
 * `detail`): each table spot with its stake, or the slot's lines and line bet.
 */
export const betDetailOf = (
  game: StudioGame,
  bet: StudioBet,
):
  | { kind: 'LINES'; lines: number; lineBet: number }
  | { kind: 'SPOTS'; spots: { spot: string; numbers?: number[]; which?: number; amount: number }[] } => {
  if (game === 'slot') return { kind: 'LINES', lines: LINES, lineBet: (bet as SlotBet).lineBet };
  if (game === 'roulette')
    return {
      kind: 'SPOTS',
      spots: (bet as RouletteBets).bets.map((one) => ({
        spot: one.type,
        ...(INSIDE_BETS.has(one.type) && one.numbers && { numbers: one.numbers.slice(0, 6) }),
        ...((one.type === 'column' || one.type === 'dozen') && one.which && { which: one.which }),
        amount: one.amount,
      })),
    };
  return {
    kind: 'SPOTS',
    spots: Object.entries((bet as BaccaratBets).bets).map(([spot, amount]) => ({ spot, amount: amount! })),
  };
};
