import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInBrand } from '../../../testing/render';
import { whitelabelFixture } from '../../../testing/fixtures';
import { RecordTable, useMoneyColumns } from './record-table';

type Row = { id: number; gross: number; winLoss: number };

function Payments({ rows }: { rows: Row[] }) {
  const { moneyColumn, signedMoneyColumn } = useMoneyColumns<Row>();
  return (
    <RecordTable
      caption="Payments"
      rows={rows}
      rowKey={(row) => row.id}
      columns={[
        { id: 'id', label: 'Number', render: (row) => row.id },
        moneyColumn('gross', 'Gross', (row) => row.gross),
        signedMoneyColumn('winLoss', 'Win/loss', (row) => row.winLoss),
      ]}
    />
  );
}

afterEach(cleanup);

describe('useMoneyColumns (the record tables’ amounts)', () => {
  it('writes amounts as the brand writes its money, on the right; signed ones with + or − and their colour', () => {
    const whitelabel = whitelabelFixture();
    whitelabel.merchant.currencyExponent = 2;
    renderInBrand(
      <Payments
        rows={[
          { id: 1, gross: 1_720_000, winLoss: -35_000 },
          { id: 2, gross: 0, winLoss: 150_000 },
        ]}
      />,
      whitelabel,
    );
    const table = screen.getByRole('table', { name: 'Payments' });
    for (const name of ['Gross', 'Win/loss'])
      expect(within(table).getByRole('columnheader', { name }).className).toBe('is-numeric');
    expect(within(table).getByRole('columnheader', { name: 'Number' }).className).toBe('');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const cell = (row: HTMLElement | undefined, column: string) =>
      row!.querySelector<HTMLElement>(`td[data-column="${column}"]`)!;
    expect(cell(first, 'gross').textContent).toBe('₫17,200');
    expect(cell(first, 'gross').className).toBe('is-numeric');
    expect(cell(second, 'gross').textContent).toBe('₫0');
    const loss = within(cell(first, 'winLoss')).getByText('−₫350');
    expect(loss.className).toBe('wallet-amount--out');
    expect(within(cell(second, 'winLoss')).getByText('+₫1,500').className).toBe('wallet-amount--in');
  });
});
