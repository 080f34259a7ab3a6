import type { IntSource } from './fair.js';

/**
 * Punto banco from an eight-deck shoe, shuffled for every round (decision 0017): the player's and
 * the banker's two cards, then the third-card rules. Player pays 1:1, banker 0.95:1 (5 % commission),
 * tie 8:1, player pair and banker pair 11:1; on a tie, player and banker bets are returned.
 */
export const DECKS = 8;
export const SHOE = DECKS * 52;
export const BACCARAT_BETS = ['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR'] as const;
export type BaccaratBet = (typeof BACCARAT_BETS)[number];

/** A card: rank 1 (ace) to 13 (king) and suit 0-3. */
export type Card = { rank: number; suit: number };
export const cardOf = (index: number): Card => ({
  rank: ((index % 52) % 13) + 1,
  suit: Math.floor((index % 52) / 13),
});
export const cardValue = (rank: number) => (rank >= 10 ? 0 : rank);
const total = (ranks: readonly number[]) => ranks.reduce((sum, r) => sum + cardValue(r), 0) % 10;

/** Whether the banker draws, by the banker's total and the player's third card (undefined: none drawn). */
export const bankerDraws = (bankerTotal: number, playerThird: number | undefined): boolean => {
  if (playerThird === undefined) return bankerTotal <= 5;
  const v = cardValue(playerThird);
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return v !== 8;
    case 4:
      return v >= 2 && v <= 7;
    case 5:
      return v >= 4 && v <= 7;
    case 6:
      return v === 6 || v === 7;
    default:
      return false;
  }
};

export type Coup = {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'PLAYER' | 'BANKER' | 'TIE';
  playerPair: boolean;
  bankerPair: boolean;
};

/** Plays a coup from cards in order (P, B, P, B, then the third cards as the rules ask). */
export const playCoup = (next: () => Card): Coup => {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const p2 = total(player.map((c) => c.rank));
  const b2 = total(banker.map((c) => c.rank));
  if (p2 < 8 && b2 < 8) {
    let playerThird: number | undefined;
    if (p2 <= 5) {
      const card = next();
      player.push(card);
      playerThird = card.rank;
    }
    if (bankerDraws(b2, playerThird)) banker.push(next());
  }
  const playerTotal = total(player.map((c) => c.rank));
  const bankerTotal = total(banker.map((c) => c.rank));
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? 'PLAYER' : bankerTotal > playerTotal ? 'BANKER' : 'TIE',
    playerPair: player[0]!.rank === player[1]!.rank,
    bankerPair: banker[0]!.rank === banker[1]!.rank,
  };
};

/** A coup dealt from a freshly shuffled shoe: each card drawn uniformly from those left (Fisher-Yates). */
export const dealCoup = (rng: IntSource): Coup => {
  const shoe = Array.from({ length: SHOE }, (_, i) => i);
  let dealt = 0;
  return playCoup(() => {
    const pick = dealt + rng.int(SHOE - dealt);
    [shoe[dealt], shoe[pick]] = [shoe[pick]!, shoe[dealt]!];
    return cardOf(shoe[dealt++]!);
  });
};

/** What a bet gives back: stake and winnings, the stake alone (a push), or 0. */
export const baccaratReturn = (bet: BaccaratBet, amount: number, coup: Coup): number => {
  switch (bet) {
    case 'PLAYER':
      return coup.winner === 'PLAYER' ? amount * 2 : coup.winner === 'TIE' ? amount : 0;
    case 'BANKER':
      return coup.winner === 'BANKER' ? amount * 1.95 : coup.winner === 'TIE' ? amount : 0;
    case 'TIE':
      return coup.winner === 'TIE' ? amount * 9 : 0;
    case 'PLAYER_PAIR':
      return coup.playerPair ? amount * 12 : 0;
    case 'BANKER_PAIR':
      return coup.bankerPair ? amount * 12 : 0;
  }
};

/**
 * The exact house edge of each bet for an eight-deck shoe, by enumeration: every sequence of ranks the
 * coup can draw, weighed by its probability without replacement (32 cards of each rank to start).
 */
export const exactBaccaratEdges = (): Record<BaccaratBet, number> => {
  const counts = new Array<number>(14).fill(DECKS * 4);
  let left = SHOE;
  const expected: Record<BaccaratBet, number> = {
    PLAYER: 0,
    BANKER: 0,
    TIE: 0,
    PLAYER_PAIR: 0,
    BANKER_PAIR: 0,
  };
  // Draws ranks in the coup's order; `walk` follows the rules with the ranks drawn so far.
  const drawn: number[] = [];
  const walk = (probability: number) => {
    const need = cardsNeeded(drawn);
    if (need === 0) {
      const cards = drawn.map((rank) => ({ rank, suit: 0 }));
      let i = 0;
      const coup = playCoup(() => cards[i++]!);
      for (const bet of BACCARAT_BETS) expected[bet] += probability * baccaratReturn(bet, 1, coup);
      return;
    }
    for (let rank = 1; rank <= 13; rank++) {
      const available = counts[rank]!;
      if (available === 0) continue;
      const p = probability * (available / left);
      counts[rank]!--;
      left--;
      drawn.push(rank);
      walk(p);
      drawn.pop();
      left++;
      counts[rank]!++;
    }
  };
  walk(1);
  return Object.fromEntries(BACCARAT_BETS.map((bet) => [bet, 1 - expected[bet]])) as Record<
    BaccaratBet,
    number
  >;
};

/** How many more cards the coup draws after these: 0 when it is complete. */
const cardsNeeded = (ranks: readonly number[]): number => {
  if (ranks.length < 4) return 1;
  const player = [ranks[0]!, ranks[2]!];
  const banker = [ranks[1]!, ranks[3]!];
  const p2 = total(player);
  const b2 = total(banker);
  if (p2 >= 8 || b2 >= 8) return 0;
  const playerDraws = p2 <= 5;
  if (ranks.length === 4) return playerDraws || bankerDraws(b2, undefined) ? 1 : 0;
  if (!playerDraws) return 0; // the fifth card was the banker's
  if (ranks.length === 5) return bankerDraws(b2, ranks[4]) ? 1 : 0;
  return 0;
};
