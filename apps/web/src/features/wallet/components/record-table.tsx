import type { ReactNode } from 'react';
import { useMoneyFormat } from '../hooks/use-money-format';

export type Column<T> = {
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Amounts line up on the right. */
  isNumeric?: boolean;
};

/**
 * Columns of amounts in minor units, as the brand writes its money and lined up on the right:
 * `moneyColumn`, and `signedMoneyColumn` for a movement from the member's side (+ in, − out, coloured).
 * T is the table's row.
 */
export const useMoneyColumns = <T,>() => {
  const { format, formatSigned } = useMoneyFormat();
  const moneyColumn = (id: string, label: string, amount: (row: T) => number): Column<T> => ({
    id,
    label,
    isNumeric: true,
    render: (row) => format(amount(row)),
  });
  const signedMoneyColumn = (id: string, label: string, amount: (row: T) => number): Column<T> => ({
    id,
    label,
    isNumeric: true,
    render: (row) => {
      const value = amount(row);
      return (
        <span className={value < 0 ? 'wallet-amount--out' : 'wallet-amount--in'}>{formatSigned(value)}</span>
      );
    },
  });
  return { moneyColumn, signedMoneyColumn };
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
