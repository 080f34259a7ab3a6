import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { statusFixture, whitelabelFixture } from '../testing/fixtures';
import { Boot } from './boot';
import { AppProviders } from './providers';

type Reply = { status: number; body: unknown } | 'network-error';

const ok = (value: unknown): Reply => ({ status: 200, body: { success: true, value } });

const notFound: Reply = {
  status: 404,
  body: { success: false, error: { code: 'NOT_FOUND', message: 'Not found' } },
};

/** Answers each boot call from its own queue (the last reply repeats), and any other call with 404. */
const stubApi = (replies: { whitelabel: Reply[]; status: Reply[] }) => {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), window.location.href);
    const queue =
      url.pathname === '/wps/system/whitelabel'
        ? replies.whitelabel
        : url.pathname === '/wps/system/status'
          ? replies.status
          : [notFound];
    const reply = queue.length > 1 ? queue.shift() : queue[0];
    if (!reply || reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const renderApp = () =>
  render(
    <AppProviders>
      <Boot />
    </AppProviders>,
  );

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Boot', () => {
  it('asks for the brand of the current host and stores the merchant code in both storages', async () => {
    const fetchMock = stubApi({ whitelabel: [ok(whitelabelFixture())], status: [ok(statusFixture())] });
    renderApp();

    // The home page is a lazy chunk: the first test to open it pays for its transform, which can pass a second.
    expect(
      await screen.findByRole('heading', { name: 'Welcome to Jade Demo' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/index');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      `/wps/system/whitelabel?url=${encodeURIComponent(window.location.host)}`,
    );
    expect(sessionStorage.getItem('merchant')).toBe('DEMO');
    expect(localStorage.getItem('merchant')).toBe('DEMO');
  });

  it('replaces every route with the maintenance page under status 1', async () => {
    window.history.replaceState(null, '', '/some/deep/link');
    stubApi({
      whitelabel: [ok(whitelabelFixture())],
      status: [ok(statusFixture({ systemStatus: 1, maintenanceMessage: 'Back at 10:00' }))],
    });
    renderApp();

    expect(await screen.findByRole('heading', { name: 'System Maintenance' })).toBeTruthy();
    expect(screen.getByText('Back at 10:00')).toBeTruthy();
    expect(localStorage.getItem('merchant')).toBe('DEMO');
  });

  it('reads the brand in its default language, TY being Vietnamese', async () => {
    const whitelabel = whitelabelFixture();
    whitelabel.merchant.defaultLanguage = 'TY';
    stubApi({ whitelabel: [ok(whitelabel)], status: [ok(statusFixture({ systemStatus: 1 }))] });
    renderApp();

    expect(await screen.findByRole('heading', { name: 'Bảo trì hệ thống' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('vi-VN');
  });

  it('offers a retry after a network failure and starts once the network is back', async () => {
    // The first call and the query client's one automatic retry both fail.
    stubApi({
      whitelabel: ['network-error', 'network-error', ok(whitelabelFixture())],
      status: ['network-error', 'network-error', ok(statusFixture({ systemStatus: 2 }))],
    });
    renderApp();

    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toBe('Network link is abnormal, please try again');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Access restricted' })).toBeTruthy();
  });

  it('says the URL is invalid when no brand is configured for this host', async () => {
    const notFound: Reply = {
      status: 404,
      body: { success: false, error: { code: 'MERCHANT_NOT_FOUND', message: 'No merchant for host' } },
    };
    stubApi({ whitelabel: [notFound], status: [notFound] });
    renderApp();

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid URL, please contact customer service',
    );
    expect(screen.getByText('Error code: MERCHANT_NOT_FOUND')).toBeTruthy();
  });
});
