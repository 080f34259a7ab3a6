import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deposit, PaymentChannel } from '@jade/contracts/payments';
import { BrandContext } from '../../../config/brand';
import { createTestI18n } from '../../../testing/i18n';
import { clearSession, setSession } from '../../../lib/session';
import { whitelabelFixture } from '../../../testing/fixtures';
import { choosePage, retryFailedLoad } from '../../../testing/panel-states';
import { DepositPanel } from './deposit-panel';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (value: unknown) => json(200, { success: true, value });

const PAY_URL = 'http://127.0.0.1:4567/pay/GW1';
const gatewayChannel: PaymentChannel = {
  code: 'DEV_GATEWAY',
  kind: 'GATEWAY',
  name: 'Online payment',
  minAmount: 1_000_000,
  maxAmount: 10_000_000_000,
  dailyLimit: 50_000_000_000,
  receivingAccount: null,
};
const deposit = (status: Deposit['status']): Deposit => ({
  id: 7,
  channelCode: 'DEV_GATEWAY',
  amount: 25_000_000,
  status,
  reference: null,
  note: null,
  payUrl: status === 'AWAITING_PAYMENT' ? PAY_URL : null,
  createdAt: new Date().toISOString(),
  decidedAt: null,
});

/** What GET /wps/payment/deposits/7 answers, one after the other (the last one repeats). */
let statuses: Deposit['status'][];
let created: { body: unknown; key: string | null }[];
/** The member's deposit history, and how many of its next calls fail (the server's 404). */
let history: Deposit[];
let historyFailures: number;

beforeEach(() => {
  setSession({ token: 'token-1', isAgent: 0 });
  created = [];
  history = [];
  historyFailures = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const address = new URL(url, 'http://localhost');
      const path = address.pathname;
      if (path === '/wps/payment/channels') return ok({ channels: [gatewayChannel] });
      if (path === '/wps/payment/deposits' && historyFailures > 0) {
        historyFailures -= 1;
        return json(404, { success: false, error: { code: 'NOT_FOUND', message: path } });
      }
      if (path === '/wps/payment/deposits') {
        const pageNo = Number(address.searchParams.get('pageNo'));
        const pageSize = Number(address.searchParams.get('pageSize'));
        return ok({
          list: history.slice((pageNo - 1) * pageSize, pageNo * pageSize),
          pageNum: pageNo,
          totalPages: Math.ceil(history.length / pageSize),
          totalCount: history.length,
        });
      }
      if (path === '/wps/payment/deposit') {
        created.push({
          body: JSON.parse(String(init.body)),
          key: new Headers(init.headers).get('idempotency-key'),
        });
        return ok(deposit('AWAITING_PAYMENT'));
      }
      if (path === '/wps/payment/deposits/7')
        return ok(
          deposit(statuses.length > 1 ? (statuses.shift() ?? 'APPROVED') : (statuses[0] ?? 'APPROVED')),
        );
      return json(404, { success: false, error: { code: 'NOT_FOUND', message: path } });
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const whitelabel = whitelabelFixture();
whitelabel.merchant.currencyExponent = 2;

const renderPanel = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createTestI18n('en')}>
        <BrandContext
          value={{ whitelabel, language: whitelabel.merchant.languages[0], setLanguage: () => undefined }}
        >
          <DepositPanel />
        </BrandContext>
      </I18nextProvider>
    </QueryClientProvider>,
  );

const payNow = async (amount: string) => {
  const form = await screen.findByRole('form', { name: 'Online payment' });
  fireEvent.change(within(form).getByRole('textbox', { name: 'Amount' }), { target: { value: amount } });
  fireEvent.click(within(form).getByRole('button', { name: 'Pay now' }));
  return form;
};

describe('DepositPanel, payment gateway', () => {
  it('opens the payment page from the click, then follows the payment until it is credited', async () => {
    statuses = ['AWAITING_PAYMENT', 'APPROVED'];
    const popup = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    renderPanel();
    await payNow('250,000');

    const status = await screen.findByTestId('gateway-status');
    expect(open).toHaveBeenCalledTimes(1);
    expect(popup.opener).toBeNull();
    await vi.waitFor(() => expect(popup.location.href).toBe(PAY_URL));
    expect(created).toEqual([
      {
        body: { channelCode: 'DEV_GATEWAY', amount: 25_000_000 },
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    within(status).getByText('Waiting for your payment on the payment page…');
    expect(screen.getByRole('link', { name: 'Open the payment page again' }).getAttribute('href')).toBe(
      PAY_URL,
    );
    await within(status).findByText(
      'Payment received: ₫250,000 has been added to your main wallet.',
      {},
      { timeout: 5_000 },
    );
    expect(screen.queryByRole('link', { name: 'Open the payment page again' })).toBeNull();
  });

  it('says when the browser blocked the popup, and offers the payment page as a link', async () => {
    statuses = ['AWAITING_PAYMENT'];
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderPanel();
    await payNow('250,000');
    await screen.findByText('Popup blocked. Please allow popups and try again.');
    expect(screen.getByRole('link', { name: 'Go to the payment page' }).getAttribute('href')).toBe(PAY_URL);
  });

  it('holds the amount to the channel limits before anything is opened or sent', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPanel();
    const form = await payNow('5,000');
    await within(form).findByText('The minimum is ₫10,000');
    expect(open).not.toHaveBeenCalled();
    expect(created).toEqual([]);
  });

  it('says it failed when the gateway reports a failed payment', async () => {
    statuses = ['FAILED'];
    vi.spyOn(window, 'open').mockReturnValue({
      opener: null,
      location: { href: '' },
      close: vi.fn(),
    } as never);
    renderPanel();
    await payNow('250,000');
    await screen.findByText('The payment did not go through. You can try again.');
  });
});

describe('DepositPanel, history', () => {
  const historyRegion = () => screen.getByRole('region', { name: 'Deposit history' });

  it('says when there are no deposits yet, and shows no pages', async () => {
    renderPanel();
    const none = await within(historyRegion()).findByText('No deposits yet.');
    expect(none.className).toBe('wallet-section__hint');
    expect(within(historyRegion()).queryByRole('navigation')).toBeNull();
  });

  it('shows that it is loading, why it failed with a way to try again, and then ten deposits a page', async () => {
    history = Array.from({ length: 12 }, (_, i) => ({
      ...deposit('APPROVED'),
      id: 100 - i,
      amount: (i + 1) * 100_000,
    }));
    historyFailures = 1;
    renderPanel();
    await retryFailedLoad(historyRegion());
    await within(historyRegion()).findByText('₫1,000');
    expect(within(historyRegion()).getAllByRole('row')).toHaveLength(11);
    choosePage('Deposit history pages', 2);
    await within(historyRegion()).findByText('₫12,000');
    expect(within(historyRegion()).getAllByRole('row')).toHaveLength(3);
  });
});
