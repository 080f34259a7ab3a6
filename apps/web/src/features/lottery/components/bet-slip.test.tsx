import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { popularNumbers, vnNumbers, type LotteryRules } from '@jade/contracts/lottery';
import { renderWithDialogs, useMemberApi, valueAnswer } from '../../../testing/member-api';
import { BetSlip } from './bet-slip';
import type { NumberCell as Cell } from './number-cell';

/** The number each grid cell rendered, in order: the real cell, counted (the grid memoizes it). */
const cellRenders = vi.hoisted((): string[] => []);
vi.mock('./number-cell', async (importOriginal) => {
  const { NumberCell } = await importOriginal<{ NumberCell: typeof Cell }>();
  return {
    NumberCell: (props: Parameters<typeof Cell>[0]) => {
      cellRenders.push(props.number);
      return NumberCell(props);
    },
  };
});

const rules: LotteryRules = {
  gameCode: 'VN_HN',
  vassalage: 'TCG_LOTTO_VN',
  prizeMode: 'Lott',
  structure: 'XSMB',
  tiers: [{ code: 'SPECIAL', count: 1, digits: 5 }],
  betTypes: [{ code: 'LO2', digits: 2, groupSize: null, costMultiplier: 27, payout: 9_750 }],
  fourD: null,
  limits: { minStake: 1_000, perBet: 0, perNumber: 0, perDraw: 0 },
  closeBeforeSeconds: 900,
};

/** An answer the test lets arrive when it chooses. */
const later = () => {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive };
};
let popular = later();
let statistics = later();

useMemberApi(async (path) => {
  if (path === '/lotto/lgw/numbers/popular') {
    await popular.arrived;
    return valueAnswer(popularNumbers, [{ number: '42', weight: 1_200 }]);
  }
  if (path === '/lgw/vn/numeros/statistics') {
    await statistics.arrived;
    const numbers = Array.from({ length: 100 }, (_, n) => ({
      number: String(n).padStart(2, '0'),
      hits: n % 7,
      lastSeen: null,
    }));
    return valueAnswer(vnNumbers, { draws: 100, numbers });
  }
  return undefined;
});

/** The lobby around the slip: the draw taking bets arrives by the stream after the rules. */
let openDraw: (numero: string) => void = () => undefined;
function Stage() {
  const [numero, setNumero] = useState<string>();
  openDraw = setNumero;
  return <BetSlip rules={rules} numero={numero} playType={null} />;
}

describe("the bet slip's number grid (decision 0092)", () => {
  it('renders a cell again only when its own number, choice or hits change, not as each answer arrives', async () => {
    popular = later();
    statistics = later();
    cellRenders.length = 0;
    renderWithDialogs(<Stage />);
    expect(cellRenders).toHaveLength(100);
    // By the DOM, not by role: role queries over 130 buttons, polled, take seconds on a busy machine.
    const cell = (number: string) =>
      [...document.querySelectorAll<HTMLButtonElement>('.number-grid .number-cell')].find(
        (button) => button.firstChild?.textContent === number,
      )!;
    const popularChip = () => document.querySelector<HTMLButtonElement>('.popular-numbers .number-chip');

    // Choosing a number renders its cell alone.
    fireEvent.click(cell('13'));
    expect(cell('13').getAttribute('aria-pressed')).toBe('true');
    expect(cellRenders.slice(100)).toEqual(['13']);

    // The draw state, the popular numbers, a stake typed: the slip renders, no cell does.
    act(() => openDraw('20261128'));
    await act(async () => popular.arrive());
    await waitFor(() => expect(popularChip()?.textContent).toBe('42'));
    fireEvent.change(screen.getByLabelText(/Stake per point/), { target: { value: '2,000' } });
    expect(screen.getByTestId('slip-total').textContent).toContain('54,000');
    expect(cellRenders).toHaveLength(101);

    // Each lô's hits: every cell has a count to show, and renders once for it.
    await act(async () => statistics.arrive());
    await waitFor(() => expect(cell('42').title).toBe('42: 0 times in the last 100 results'));
    expect(cellRenders).toHaveLength(201);

    // The popular row's 42 chooses the grid's 42: that cell renders, no other.
    cellRenders.length = 0;
    fireEvent.click(popularChip()!);
    expect(cell('42').getAttribute('aria-pressed')).toBe('true');
    expect(cellRenders).toEqual(['42']);
  }, 20_000);
});
