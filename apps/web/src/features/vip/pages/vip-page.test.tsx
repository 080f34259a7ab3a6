import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrandContext } from '../../../config/brand';
import { createTestI18n } from '../../../testing/i18n';
import { clearSession, setSession } from '../../../lib/session';
import { whitelabelFixture } from '../../../testing/fixtures';
import { VipPage } from './vip-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const rank = (level: number, name: string, depositRequirement: number) => ({
  level,
  name,
  depositRequirement,
  turnoverRequirement: depositRequirement * 10,
  dailyWithdrawalCount: 3 + level,
  dailyWithdrawalLimit: 5_000_000_000,
  birthdayBonus: level === 0 ? 0 : 18_800_000,
  upgradeBonus: 0,
  rebateRateBp: 30 + level * 10,
});

let ranks: unknown[];

beforeEach(() => {
  clearSession();
  ranks = [rank(0, 'Member', 0), rank(1, 'Bronze', 500_000_000), rank(2, 'Silver', 2_000_000_000)];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/wps/vip/ranks') return json(200, { success: true, value: { ranks } });
      if (path === '/wps/member/info') {
        return json(200, {
          success: true,
          value: {
            id: 7,
            account: 'player01',
            nickname: null,
            type: 0,
            toUpline: null,
            clubLabel: { labelName: 'VIP1', rankLevel: 1 },
            memberLabel: [],
            mustChangePassword: false,
            mobile: null,
            mobileVerified: false,
            email: null,
            emailVerified: false,
            payeeName: null,
            hasPaymentPassword: false,
            avatarUrl: null,
            referralCode: 'ABCD1234',
            createdAt: '2026-11-21T00:00:00.000Z',
          },
        });
      }
      return json(404, { success: false, error: { code: 'NOT_FOUND', message: path } });
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const renderPage = () => {
  const whitelabel = whitelabelFixture({
    merchant: { ...whitelabelFixture().merchant, currencyExponent: 2 },
  });
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n('en')}>
        <BrandContext
          value={{ whitelabel, language: whitelabel.merchant.languages[0], setLanguage: () => undefined }}
        >
          <VipPage />
        </BrandContext>
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

describe('VipPage', () => {
  it("shows the brand's rank table with money in the brand currency, marking no row for a visitor", async () => {
    renderPage();
    const bronze = (await screen.findByText('Bronze')).closest('tr') as HTMLElement;
    expect(
      within(bronze)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['₫5,000,000', '₫50,000,000', '4', '₫50,000,000', '₫188,000', '—', '0.4%']);
    expect(document.querySelector('tr[aria-current]')).toBeNull();
  });

  it("marks the logged-in member's own rank", async () => {
    setSession({ token: 'token-1', isAgent: 0 });
    renderPage();
    await screen.findByText('VIP1', { selector: 'strong' });
    const current = document.querySelector('tr[aria-current="true"]') as HTMLElement;
    expect(within(current).getByText('Bronze')).toBeTruthy();
    expect(within(current).getByText('Your rank')).toBeTruthy();
  });

  it('says so honestly when the brand has published no ranks', async () => {
    ranks = [];
    renderPage();
    await screen.findByText('No VIP ranks have been published.');
  });
});
