import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PromotionDetail, PromotionSummary } from '@jade/contracts/engagement';
import { ModalProvider } from '../../../components/modal/modal-provider';
import type { ModalRegistry } from '../../../components/modal/modal-types';
import { BrandContext } from '../../../config/brand';
import { createTestI18n } from '../../../testing/i18n';
import { clearSession, setSession } from '../../../lib/session';
import { whitelabelFixture } from '../../../testing/fixtures';
import { PromoDetailPage } from './promo-detail-page';
import { PromotionsPage } from './promotions-page';

const registry = {
  login: { kind: 'default', title: () => 'Log in', Body: () => <p>login form</p> },
} as unknown as ModalRegistry;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const summary = (id: number, extra: Partial<PromotionSummary> = {}): PromotionSummary => ({
  id,
  code: `P${id}`,
  category: 'DEPOSIT',
  language: 'EN',
  title: `Promotion ${id}`,
  summary: `Summary ${id}`,
  imageUrl: `/media/promotions/p${id}.svg`,
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  audience: 'ALL',
  minVipLevel: 0,
  terms: { bonusRateBp: null, maxBonus: null, minDeposit: null, turnoverMultiplier: null },
  rules: {
    kind: 'NONE' as const,
    bonusAmount: null,
    minDepositCount: 0,
    maxDepositCount: null,
    languages: null,
    needsReview: false,
    proofRequired: false,
  },
  ...extra,
});

const welcome = summary(1, { title: '100% First Deposit Bonus', audience: 'NEW_MEMBER' });
const cashback = summary(2, {
  category: 'REBATE',
  title: 'Daily Slots Cashback',
  endsAt: '2026-12-31T00:00:00.000Z',
});
const detail: PromotionDetail = {
  ...welcome,
  minVipLevel: 2,
  terms: { bonusRateBp: 10_000, maxBonus: 500_000_000, minDeposit: 10_000_000, turnoverMultiplier: 15 },
  rules: {
    kind: 'NONE' as const,
    bonusAmount: null,
    minDepositCount: 0,
    maxDepositCount: null,
    languages: null,
    needsReview: false,
    proofRequired: false,
  },
  content: '<h3>How to take part</h3><p onclick="steal()">Deposit first.</p><script>steal()</script>',
};

let requests: string[];

beforeEach(() => {
  clearSession();
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      requests.push(
        `${pathname}${searchParams.get('category') ? `?category=${searchParams.get('category')}` : ''}`,
      );
      const categories = [
        { category: 'DEPOSIT', count: 1 },
        { category: 'REBATE', count: 1 },
      ];
      if (pathname === '/wps/promotions') {
        const category = searchParams.get('category');
        const promotions = [welcome, cashback].filter((p) => !category || p.category === category);
        return json(200, {
          success: true,
          value: { promotions, categories, pageNum: 1, totalPages: 1, totalCount: promotions.length },
        });
      }
      if (pathname === '/wps/promotions/1') return json(200, { success: true, value: detail });
      if (pathname.startsWith('/wps/promotions/')) {
        return json(404, { success: false, error: { code: 'PROMOTION_NOT_FOUND', message: 'none' } });
      }
      // The page's raffle section: no raffle running (it then shows nothing).
      if (pathname === '/wps/relay/MCSFE_getRaffles')
        return json(200, { success: true, value: { raffles: [] } });
      if (pathname === '/wps/relay/MCSFE_getAvailablePromotions') {
        return json(200, { success: true, value: { promotions: [cashback], count: 1 } });
      }
      return json(404, { success: false, error: { code: 'NOT_FOUND', message: pathname } });
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const renderAt = (url: string) => {
  const whitelabel = whitelabelFixture({
    merchant: { ...whitelabelFixture().merchant, currencyExponent: 2 },
  });
  const page = (element: ReactNode) => <ModalProvider registry={registry}>{element}</ModalProvider>;
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n('en')}>
        <BrandContext
          value={{ whitelabel, language: whitelabel.merchant.languages[0], setLanguage: () => undefined }}
        >
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path="/promotions" element={page(<PromotionsPage />)} />
              <Route path="/promoDetail" element={page(<PromoDetailPage />)} />
            </Routes>
          </MemoryRouter>
        </BrandContext>
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

describe('PromotionsPage', () => {
  it('shows the cards from the server, linking to their detail, with a tab per category that has offers', async () => {
    renderAt('/promotions');
    const card = (await screen.findByRole('heading', { name: '100% First Deposit Bonus' })).closest('a');
    expect(card?.getAttribute('href')).toBe('/promoDetail?id=1');
    expect(within(card as HTMLElement).getByText('From 2026-11-01, no end date')).toBeTruthy();
    expect(screen.getByText('2026-11-01 – 2026-12-31')).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Promotion categories' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All', 'Deposit 1', 'Cashback 1', 'Available to me']);
    expect(within(tabs).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(tabs).getByRole('link', { name: /Cashback/ }));
    await waitFor(() => expect(screen.queryByText('100% First Deposit Bonus')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Daily Slots Cashback' })).toBeTruthy();
    expect(requests).toContain('/wps/promotions?category=REBATE');
  });

  it('asks a visitor on the bonus tab to log in, and asks the server nothing about them', async () => {
    renderAt('/promotions?tab=bonus');
    await screen.findByText('Log in to see the promotions you can take.');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('login form');
    expect(requests).not.toContain('/wps/relay/MCSFE_getAvailablePromotions');
  });

  it("shows a member's available promotions on the bonus tab, with their count", async () => {
    setSession({ token: 'token-1', isAgent: 0 });
    renderAt('/promotions?tab=bonus');
    await screen.findByRole('heading', { name: 'Daily Slots Cashback' });
    expect(screen.queryByText('100% First Deposit Bonus')).toBeNull();
    const tabs = screen.getByRole('navigation', { name: 'Promotion categories' });
    await waitFor(() =>
      expect(within(tabs).getByRole('link', { name: 'Available to me 1' }).getAttribute('aria-current')).toBe(
        'page',
      ),
    );
  });
});

describe('PromoDetailPage', () => {
  it('shows the promotion, its terms and its sanitised content, with a way back', async () => {
    renderAt('/promoDetail?id=1');
    await screen.findByRole('heading', { level: 1, name: '100% First Deposit Bonus' });
    expect(screen.getByRole('heading', { level: 3, name: 'How to take part' })).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onclick]')).toBeNull();
    const facts = screen.getByRole('complementary', { name: 'Promotion details' });
    for (const text of ['New members', 'VIP2 and above', '100%', '₫5,000,000', '₫100,000', '15×']) {
      expect(within(facts).getByText(text)).toBeTruthy();
    }
    expect(screen.getAllByRole('link', { name: 'All promotions' })[0]?.getAttribute('href')).toBe(
      '/promotions',
    );
  });

  it('says a promotion the server does not have, or a missing id, is not available', async () => {
    renderAt('/promoDetail?id=99');
    await screen.findByText('This promotion is not available.');
    cleanup();
    renderAt('/promoDetail?id=abc');
    await screen.findByText('This promotion is not available.');
    expect(requests.filter((r) => r.startsWith('/wps/promotions/'))).toEqual(['/wps/promotions/99']);
  });
});
