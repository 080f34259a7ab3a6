import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DrawResultItem, LotteryRules } from '@jade/contracts/lottery';
import { renderInBrand } from '../../../testing/render';
import { ResultHistory } from './result-history';

const rules = {
  gameCode: 'VN_HN',
  vassalage: 'TCG_LOTTO_VN',
  structure: 'XSMB',
  tiers: [{ code: 'SPECIAL', count: 1, digits: 5 }],
} as unknown as LotteryRules;
const draw = (day: number): DrawResultItem => ({
  numero: `202611${day}`,
  drawsAt: `2026-11-${day}T11:15:00.000Z`,
  status: 'SETTLED',
  result: { SPECIAL: [`1234${day % 10}`] },
  seedHash: null,
  serverSeed: null,
  source: 'OFFICIAL',
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, value: [draw(27), draw(26), draw(25)] }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the result history', () => {
  it("builds a past draw's prize rows when it is first opened, not with the lobby (decision 0091)", async () => {
    const { container } = renderInBrand(<ResultHistory rules={rules} />);
    await screen.findByText('Draw 20261126');
    // The latest result in full; the two past draws as their summary line only.
    expect(container.querySelectorAll('table.result-board')).toHaveLength(1);
    expect(screen.getByText('12346')).toBeTruthy();

    const past = screen.getByText('Draw 20261126').closest('details')!;
    past.open = true;
    fireEvent(past, new Event('toggle'));
    expect(container.querySelectorAll('table.result-board')).toHaveLength(2);
    expect(past.querySelector('.result-board__number')?.textContent).toBe('12346');
    // Closed again, it keeps what it built.
    past.open = false;
    fireEvent(past, new Event('toggle'));
    expect(container.querySelectorAll('table.result-board')).toHaveLength(2);
  });
});
