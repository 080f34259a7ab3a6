import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrandContext } from '../../../config/brand';
import { clearSession, setSession } from '../../../lib/session';
import { whitelabelFixture } from '../../../testing/fixtures';
import { choosePage, retryFailedLoad } from '../../../testing/panel-states';
import { createTestI18n } from '../../../testing/i18n';
import { DailyWagesPanel, HourSalaryPanel, RealtimeSalaryPanel, RevenuePanel } from './payroll-panels';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const page = (list: unknown[]) => ({
  success: true,
  value: {
    fromDay: '2026-11-20',
    toDay: '2026-11-26',
    list,
    total: list.length,
    page: 1,
    pages: 1,
    totals: { gross: 20_000, paid: 12_000, owed: 8_000 },
  },
});
const requests: string[] = [];
/** How many of the next hourly salary and income calls fail (the server's 404). */
let hourlyFailures: number;
let revenueFailures: number;

const notFound = (path: string) => json(404, { success: false, error: { code: 'NOT_FOUND', message: path } });

beforeEach(() => {
  requests.length = 0;
  hourlyFailures = 0;
  revenueFailures = 0;
  setSession({ token: 'token-1', isAgent: 1 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const parsed = new URL(url, 'http://localhost');
      requests.push(`${parsed.pathname}${parsed.search}`);
      if (
        parsed.pathname === '/api/agent/payroll/payments' &&
        parsed.searchParams.get('kind') === 'DAILY_SALARY'
      )
        return json(
          200,
          page([
            {
              id: 4,
              kind: 'DAILY_SALARY',
              category: 'RNG',
              periodKey: 'D:2026-11-25',
              day: '2026-11-25',
              windowStart: '2026-11-24T17:00:00.000Z',
              windowEnd: '2026-11-25T17:00:00.000Z',
              holder: 'agent02',
              payer: null,
              teamValidBet: 1_234_500,
              netLoss: 0,
              carriedIn: 0,
              activeMembers: 3,
              tier: 2,
              gross: 20_000,
              paid: 12_000,
              owed: 8_000,
              status: 'OWED',
            },
          ]),
        );
      if (
        parsed.pathname === '/api/agent/payroll/payments' &&
        parsed.searchParams.get('kind') === 'HOURLY_SALARY'
      ) {
        if (hourlyFailures > 0) {
          hourlyFailures -= 1;
          return notFound(parsed.pathname);
        }
        // Two pages of one hour each.
        const n = Number(parsed.searchParams.get('page'));
        const { value } = page([
          {
            id: 10 + n,
            kind: 'HOURLY_SALARY',
            category: 'RNG',
            periodKey: `H:2026-11-25T0${n}`,
            day: '2026-11-25',
            windowStart: '2026-11-24T17:00:00.000Z',
            windowEnd: '2026-11-24T18:00:00.000Z',
            holder: 'agent02',
            payer: null,
            teamValidBet: 100_000,
            netLoss: 0,
            carriedIn: 0,
            activeMembers: 1,
            tier: 1,
            gross: 1_000,
            paid: 1_000,
            owed: 0,
            status: 'PAID',
          },
        ]);
        return json(200, { success: true, value: { ...value, total: 2, page: n, pages: 2 } });
      }
      if (parsed.pathname === '/api/agent/payroll/payments') return json(200, page([]));
      if (parsed.pathname === '/api/agent/payroll/revenue' && revenueFailures > 0) {
        revenueFailures -= 1;
        return notFound(parsed.pathname);
      }
      if (parsed.pathname === '/api/agent/payroll/revenue')
        return json(200, {
          success: true,
          value: {
            fromDay: '2026-11-20',
            toDay: '2026-11-26',
            rows: [
              {
                day: '2026-11-25',
                kind: 'DAILY_SALARY',
                received: 30_000,
                paidToChildren: 12_000,
                kept: 18_000,
              },
            ],
            totals: { received: 30_000, paidToChildren: 12_000, kept: 18_000 },
          },
        });
      return notFound(parsed.pathname);
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const whitelabel = whitelabelFixture();
whitelabel.merchant.currencyExponent = 2;

const renderPanel = (panel: ReactNode, language = 'en') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <BrandContext
          value={{ whitelabel, language: whitelabel.merchant.languages[0], setLanguage: () => undefined }}
        >
          {panel}
        </BrandContext>
      </I18nextProvider>
    </QueryClientProvider>,
  );

describe('agent payroll panels (issue 21, decision 0041)', () => {
  it("lists the agent's daily salary with the brand's day, money formatted and what is still owed", async () => {
    renderPanel(<DailyWagesPanel />);
    await screen.findByText('2026-11-25');
    screen.getByText('Brand');
    screen.getByText('Partly owed');
    screen.getByText('₫12,345');
    screen.getByText('Gross ₫200 · paid ₫120 · owed ₫80');
    expect(requests[0]).toContain('kind=DAILY_SALARY');
    expect(requests[0]).toContain('range=PAST_7');
  });

  it('says so when there is nothing, in the member language', async () => {
    renderPanel(<RealtimeSalaryPanel />, 'vi');
    await screen.findByText('Không có khoản thanh toán nào trong khoảng thời gian này.');
  });

  it('shows income received, paid to the downline and kept, by type and day', async () => {
    renderPanel(<RevenuePanel />);
    await screen.findByText('Received ₫300 · paid to downline ₫120 · kept +₫180');
    screen.getByText('Daily salary');
  });

  it('shows that it is loading, why it failed with a way to try again, and then a page at a time', async () => {
    hourlyFailures = 1;
    renderPanel(<HourSalaryPanel />);
    await retryFailedLoad();
    await screen.findByText('2026-11-25 01:00');
    choosePage('Payment pages', 2);
    await screen.findByText('2026-11-25 02:00');
    expect(requests.at(-1)).toContain('page=2');
    expect(screen.queryByText('2026-11-25 01:00')).toBeNull();
  });

  it('says why the income failed to load, with a way to try again', async () => {
    revenueFailures = 1;
    renderPanel(<RevenuePanel />);
    await retryFailedLoad();
    await screen.findByText('Received ₫300 · paid to downline ₫120 · kept +₫180');
  });
});
