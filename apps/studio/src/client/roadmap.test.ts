import { describe, expect, it } from 'vitest';
import { cardOf } from '../games/baccarat.js';
import { decodeCard } from './cards.js';
import { beadPlate, bigRoad, lastColumns, type RoadOutcome } from './roadmap.js';

const road = (letters: string): RoadOutcome[] =>
  [...letters].map((l) => ({ winner: l === 'P' ? 'PLAYER' : l === 'B' ? 'BANKER' : 'TIE' }));
const places = (cells: { col: number; row: number; winner: string }[]) =>
  cells.map((c) => `${c.winner[0]}${c.col},${c.row}`);

describe('the bead plate', () => {
  it('shows every coup, ties too, six to a column top to bottom', () => {
    const cells = beadPlate(road('PBTPPBBP'));
    expect(places(cells)).toEqual(['P0,0', 'B0,1', 'T0,2', 'P0,3', 'P0,4', 'B0,5', 'B1,0', 'P1,1']);
  });
});

describe('the big road', () => {
  it('starts a new column when the winner changes and goes down while it repeats', () => {
    expect(places(bigRoad(road('PPBBBP')))).toEqual(['P0,0', 'P0,1', 'B1,0', 'B1,1', 'B1,2', 'P2,0']);
  });

  it('marks a tie on the cell before it instead of a cell of its own, and ties before any win on the first', () => {
    const cells = bigRoad(road('TPTTBT'));
    expect(places(cells)).toEqual(['P0,0', 'B1,0']);
    expect(cells.map((c) => c.ties)).toEqual([3, 1]);
    // A tie does not break a streak.
    expect(places(bigRoad(road('BTB')))).toEqual(['B0,0', 'B0,1']);
  });

  it('turns a streak longer than six right along the bottom row: the dragon tail', () => {
    expect(places(bigRoad(road('BBBBBBBBP')))).toEqual([
      'B0,0',
      'B0,1',
      'B0,2',
      'B0,3',
      'B0,4',
      'B0,5',
      'B1,5',
      'B2,5',
      'P1,0',
    ]);
  });

  it('turns right early when a dragon tail already holds the cell below', () => {
    // Six bankers run into a tail at (1,5); the player's next streak in column 1 stops at row 4.
    const cells = bigRoad(road('BBBBBBB' + 'PPPPPP' + 'B'));
    expect(places(cells).slice(7)).toEqual(['P1,0', 'P1,1', 'P1,2', 'P1,3', 'P1,4', 'P2,4', 'B2,0']);
  });

  it('keeps the pairs of each coup', () => {
    const [cell] = bigRoad([{ winner: 'BANKER', playerPair: true, bankerPair: false }]);
    expect(cell).toMatchObject({ playerPair: true, bankerPair: false });
  });

  it('shows the last columns of a long road from column 0', () => {
    const cells = lastColumns(bigRoad(road('PBPBPB')), 2);
    expect(places(cells)).toEqual(['P0,0', 'B1,0']);
  });
});

describe('the server card encoding', () => {
  it('decodes rank 1-13 and suit 0-3 (spades, hearts, diamonds, clubs) into a face and a colour', () => {
    expect(decodeCard({ rank: 11, suit: 2 })).toEqual({ rank: 'J', suit: 'diamonds', red: true, value: 0 });
    expect(decodeCard({ rank: 1, suit: 0 })).toEqual({ rank: 'A', suit: 'spades', red: false, value: 1 });
    expect(decodeCard({ rank: 10, suit: 1 })).toMatchObject({ rank: '10', suit: 'hearts', red: true });
    expect(decodeCard({ rank: 13, suit: 3 })).toMatchObject({ rank: 'K', suit: 'clubs', red: false });
    expect(decodeCard({ rank: 0, suit: 0 })).toBeUndefined();
    expect(decodeCard({ rank: 5, suit: 4 })).toBeUndefined();
  });

  it('decodes every card a shoe deals: 52 different faces', () => {
    const faces = new Set(
      Array.from({ length: 416 }, (_, i) => {
        const d = decodeCard(cardOf(i))!;
        return `${d.rank}${d.suit}`;
      }),
    );
    expect(faces.size).toBe(52);
  });
});
