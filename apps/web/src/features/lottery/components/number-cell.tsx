type NumberCellProps = {
  number: string;
  isChosen: boolean;
  /** The lô's hits over the last results; undefined before they are known. */
  hits: number | undefined;
  title: string | undefined;
  /** Stable across the slip's renders: the grid memoizes its cells (bet-slip.tsx). */
  onToggle: (number: string) => void;
};

/** One number of the bet slip's grid (00–99, or 0–9 for one digit). */
export function NumberCell({ number, isChosen, hits, title, onToggle }: NumberCellProps) {
  return (
    <button
      type="button"
      className="number-cell"
      aria-pressed={isChosen}
      onClick={() => onToggle(number)}
      title={title}
    >
      {number}
      {hits !== undefined && <small aria-hidden="true">{hits}</small>}
    </button>
  );
}
