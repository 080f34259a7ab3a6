import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RankListResponse } from '@jade/contracts/games';
import { ModalProvider } from '../../../components/modal/modal-provider';
import type { ModalRegistry } from '../../../components/modal/modal-types';
import { BrandContext } from '../../../config/brand';
import { whitelabelFixture } from '../../../testing/fixtures';
import { createTestI18n } from '../../../testing/i18n';
import { BigWins } from './big-wins';

const game = (gameId: string, gameName: string) => ({
  vassalage: 'JADE_STUDIO',
  gameName,
  nodeName: '',
  showIcon: '',
  supportPlay: 0 as const,
  gameId,
  nodeId: '1',
  roomId: null,
  accountTypeName: '',
  isHot: false,
  minBet: 100,
  minLineNum: 0,
  gameType: 'RNG' as const,
  classification: null,
  isGame: 'GAME' as const,
  code: null,
  defaultPlayType: null,
});

let answer: RankListResponse;
let asked: unknown[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      asked.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ success: true, value: answer }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderWins = () => {
  const whitelabel = whitelabelFixture({
    merchant: { ...whitelabelFixture().merchant, currencyExponent: 2, currencySymbol: '₫' },
  });
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n('en')}>
        <BrandContext
          value={{ whitelabel, language: whitelabel.merchant.languages[0], setLanguage: () => undefined }}
        >
          <MemoryRouter>
            <ModalProvider registry={{} as ModalRegistry}>
              <BigWins category="RNG" />
            </ModalProvider>
          </MemoryRouter>
        </BrandContext>
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

describe('BigWins (GCSGAME_getRankList)', () => {
  it("lists the category's biggest wins with the masked winner and the amount", async () => {
    answer = {
      wins: [
        {
          rank: 1,
          account: 'pl***01',
          game: game('JADE_FORTUNE', 'Jade Fortune'),
          winAmount: 1_250_000,
          payout: 1_260_000,
          stake: 10_000,
          settledAt: '2026-11-24T10:00:00.000Z',
        },
        {
          rank: 2,
          account: 'ma***ai',
          game: game('JADE_ROULETTE', 'Jade Roulette'),
          winAmount: 35_000,
          payout: 36_000,
          stake: 1_000,
          settledAt: '2026-11-24T09:00:00.000Z',
        },
      ],
    };
    renderWins();
    const list = await screen.findByRole('region', { name: 'Biggest wins this week' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Jade Fortune');
    expect(rows[0]!.textContent).toContain('pl***01 won');
    expect(rows[0]!.textContent).toContain('₫12,500');
    expect(asked[0]).toMatchObject({ gameType: 'RNG', days: 7, limit: 10, language: expect.any(String) });
  });

  it('shows nothing while there are no wins', async () => {
    answer = { wins: [] };
    const { container } = renderWins();
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});
