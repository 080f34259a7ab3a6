/**
 * Baccarat roadmaps from a list of outcomes, oldest first: the bead plate (every coup in order, six
 * to a column) and the big road (one column per streak of player or banker wins). Pure, so the
 * rules below are unit-tested without a page.
 */
export type Winner = 'PLAYER' | 'BANKER' | 'TIE';
export type RoadOutcome = { winner: Winner; playerPair?: boolean; bankerPair?: boolean };

export type BeadCell = { col: number; row: number; winner: Winner; playerPair: boolean; bankerPair: boolean };
export type BigRoadCell = {
  col: number;
  row: number;
  winner: 'PLAYER' | 'BANKER';
  /** Ties that came after this win (and, on the first cell, ties before any win). */
  ties: number;
  playerPair: boolean;
  bankerPair: boolean;
};

export const ROAD_ROWS = 6;

/** Every coup in order, filling each column top to bottom. */
export const beadPlate = (outcomes: readonly RoadOutcome[], rows = ROAD_ROWS): BeadCell[] =>
  outcomes.map((o, i) => ({
    col: Math.floor(i / rows),
    row: i % rows,
    winner: o.winner,
    playerPair: o.playerPair ?? false,
    bankerPair: o.bankerPair ?? false,
  }));

/**
 * The big road, by the usual rules: a new column whenever the winner changes; a tie is no cell of its
 * own but a mark on the cell before it; a streak that reaches the bottom row, or a cell already taken,
 * turns right along its row (the "dragon tail"), and the next streak starts in the column after the
 * one where the last streak started.
 */
export const bigRoad = (outcomes: readonly RoadOutcome[], rows = ROAD_ROWS): BigRoadCell[] => {
  const cells: BigRoadCell[] = [];
  const taken = new Set<string>();
  const key = (col: number, row: number) => `${col}:${row}`;
  let leadingTies = 0;
  let streakStart = -1;
  let last: BigRoadCell | undefined;
  for (const o of outcomes) {
    if (o.winner === 'TIE') {
      if (last) last.ties++;
      else leadingTies++;
      continue;
    }
    let col: number;
    let row: number;
    if (!last || last.winner !== o.winner) {
      streakStart++;
      // A dragon tail along the top row may already hold this column's first cell.
      while (taken.has(key(streakStart, 0))) streakStart++;
      col = streakStart;
      row = 0;
    } else if (last.col === streakStart && last.row + 1 < rows && !taken.has(key(last.col, last.row + 1))) {
      // Down while the streak is still in its own column; once it has turned, it stays on its row.
      col = last.col;
      row = last.row + 1;
    } else {
      col = last.col + 1;
      row = last.row;
    }
    const cell: BigRoadCell = {
      col,
      row,
      winner: o.winner,
      ties: cells.length === 0 ? leadingTies : 0,
      playerPair: o.playerPair ?? false,
      bankerPair: o.bankerPair ?? false,
    };
    cells.push(cell);
    taken.add(key(col, row));
    last = cell;
  }
  return cells;
};

/** The columns a road spans. */
export const columnsOf = (cells: readonly { col: number }[]) =>
  cells.reduce((max, c) => Math.max(max, c.col + 1), 0);

/** The cells of the last `columns` columns, moved to start at column 0 (what a narrow board shows). */
export const lastColumns = <T extends { col: number }>(cells: readonly T[], columns: number): T[] => {
  const from = Math.max(0, columnsOf(cells) - columns);
  return cells.filter((c) => c.col >= from).map((c) => ({ ...c, col: c.col - from }));
};
