import type { ReactNode } from 'react';

export type Column<T> = {
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Amounts line up on the right. */
  isNumeric?: boolean;
};

type RecordTableProps<T> = {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
};

/** A list of records: a table on a wide screen, one card a record on a phone (wallet.css). */
export function RecordTable<T>({ caption, columns, rows, rowKey }: RecordTableProps<T>) {
  return (
    <div className="wallet-table-wrap">
      <table className="wallet-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={column.isNumeric ? 'is-numeric' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.id}
                  data-label={column.label}
                  data-column={column.id}
                  className={column.isNumeric ? 'is-numeric' : undefined}
                >
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
