import type { Card } from '../games/baccarat.js';

/**
 * The studio's cards as the server sends them: `{ rank, suit }` with rank 1 (ace) to 13 (king) and
 * suit 0-3 in the order spades, hearts, diamonds, clubs (`cardOf` in games/baccarat.ts, which a shoe
 * index 0-415 also decodes to). A page shows a card drawn, never its code.
 */
export const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
export type Suit = (typeof SUITS)[number];
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

export type DecodedCard = { rank: string; suit: Suit; red: boolean; value: number };

/** A card's face: its rank's letter, its suit, its colour and its baccarat value; undefined if not a card. */
export const decodeCard = (card: Card): DecodedCard | undefined => {
  const { rank, suit } = card;
  if (!Number.isInteger(rank) || rank < 1 || rank > 13 || !Number.isInteger(suit) || suit < 0 || suit > 3)
    return undefined;
  const name = SUITS[suit]!;
  return {
    rank: RANKS[rank - 1]!,
    suit: name,
    red: name === 'hearts' || name === 'diamonds',
    value: rank >= 10 ? 0 : rank,
  };
};

/** The suits' shapes in a 100 × 100 box, drawn rather than typed so that every font shows them. */
export const SUIT_PATHS: Record<Suit, string> = {
  hearts:
    'M50 90C22 68 4 50 4 30 4 15 15 6 28 6c10 0 18 6 22 14 4-8 12-14 22-14 13 0 24 9 24 24 0 20-18 38-46 60z',
  diamonds: 'M50 3 88 50 50 97 12 50z',
  spades:
    'M50 4C22 30 4 45 4 63c0 13 10 22 23 22 9 0 16-4 21-10-1 10-6 17-14 21h32c-8-4-13-11-14-21 5 6 12 10 21 10 13 0 23-9 23-22C96 45 78 30 50 4z',
  clubs:
    'M50 6a21 21 0 0 0-19 30 21 21 0 1 0 15 32c-1 12-6 20-14 26h36c-8-6-13-14-14-26a21 21 0 1 0 15-32A21 21 0 0 0 50 6z',
};

const SVG = 'http://www.w3.org/2000/svg';
const svgEl = (tag: string, attrs: Record<string, string | number>) => {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
};

/** A suit drawn as a small SVG. */
export const suitIcon = (suit: Suit, size = 16) => {
  const svg = svgEl('svg', { viewBox: '0 0 100 100', width: size, height: size, 'aria-hidden': 'true' });
  svg.append(svgEl('path', { d: SUIT_PATHS[suit], fill: 'currentColor' }));
  return svg;
};

/** A face-up card: rank and suit in the corners, the suit large in the middle; named for screen readers. */
export const cardFace = (card: Card, label: (decoded: DecodedCard) => string) => {
  const decoded = decodeCard(card);
  const node = document.createElement('div');
  node.className = 'card';
  node.setAttribute('role', 'img');
  if (!decoded) {
    node.classList.add('card--back');
    return node;
  }
  node.classList.add(decoded.red ? 'card--red' : 'card--black');
  node.dataset.rank = decoded.rank;
  node.dataset.suit = decoded.suit;
  node.setAttribute('aria-label', label(decoded));
  const corner = (cls: string) => {
    const c = document.createElement('span');
    c.className = `card__corner ${cls}`;
    c.append(decoded.rank, suitIcon(decoded.suit, 12));
    return c;
  };
  const pip = suitIcon(decoded.suit, 30);
  pip.classList.add('card__pip');
  node.append(corner('card__corner--top'), pip, corner('card__corner--bottom'));
  return node;
};
