import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { PageWatch } from './support/harness';
import { allowTestMembers, apiCall, passEveryHumanCheck, registerFundedMember } from './support/members';
import { repoRoot, startServer, type TestServer } from './support/server';
import { addSession } from './support/session';

/**
 * Issue 20 item 8: what the server changes for a member reaches the page they have open, without a
 * reload, through their one live stream (decision 0036): an operator's approval turns the deposit
 * history's row and the header balance, and a lottery bet that wins shows the win notice.
 */
const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots');
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 812 };
const OPERATOR = { username: 'finance-live', password: 'correct horse battery staple' };
/** The fastest draw of the demo: every 45 s, on the server's own clock. */
const GAME = 'FAST_VN_45S';

let server: TestServer;
let browser: Browser;
let stopVerifier: (() => Promise<void>) | undefined;
let operatorToken: string;
const contexts: BrowserContext[] = [];
const watch = new PageWatch(() => server.baseUrl);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  stopVerifier = await passEveryHumanCheck(server);
  await allowTestMembers(server);
  await server.runCli(['operator', 'create', OPERATOR.username, '--role', 'FINANCE'], {
    env: { JADE_OPERATOR_PASSWORD: OPERATOR.password },
  });
  const login = await apiCall(server.baseUrl, 'POST', '/api/operator/login', OPERATOR);
  expect(login.success, JSON.stringify(login)).toBe(true);
  operatorToken = login.value.token;
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stopVerifier?.();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  expect(watch.take()).toEqual([]);
});

/**
 * A Đề slip on all hundred numbers of the open fast draw: one of them is the special prize's last two
 * digits, so it wins ₫97,500 for ₫100,000 (the demo's ₫1,000 a point) whatever the draw. A draw closing as it is sent is refused, and
 * the next one is taken; while none is open (between draws, or before the first tick) it waits.
 */
const betToWin = async (token: string) => {
  const numbers = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
  for (let attempt = 1; ; attempt++) {
    const open = await apiCall(server.baseUrl, 'GET', `/lotto/lgw/games/opened/numero?gameCode=${GAME}`);
    // Between two fast draws, or before the lottery's first tick after a start, none is open yet.
    if (!open.success) {
      if (attempt >= 30) throw new Error(`no draw opened: ${JSON.stringify(open)}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      continue;
    }
    const placed = await apiCall(
      server.baseUrl,
      'POST',
      '/lotto/bets',
      { gameCode: GAME, numero: open.value.numero, betType: 'DE', numbers, stake: 100_000 },
      { token, headers: { 'idempotency-key': `live-win-${attempt}-${open.value.numero}` } },
    );
    if (placed.success) return placed.value.bet.numero as string;
    if (attempt >= 33) throw new Error(`the bet was refused: ${JSON.stringify(placed)}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
};

describe('live updates (issue 20 item 8)', () => {
  it('shows an approved deposit, the new balance and a lottery win on the open page, over one stream', async () => {
    const member = await registerFundedMember(server, 'live', '95', 100_000_000);
    // The draw's clock runs while the deposit is approved.
    await betToWin(member.token);
    const deposit = await apiCall(
      server.baseUrl,
      'POST',
      '/wps/payment/deposit',
      { channelCode: 'VCB_MANUAL', amount: 7_500_000, reference: 'FTLIVE0001' },
      { token: member.token, headers: { 'idempotency-key': `live-deposit-${member.username}` } },
    );
    expect(deposit.success, JSON.stringify(deposit)).toBe(true);

    const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    contexts.push(context);
    context.setDefaultTimeout(10_000);
    await context.addInitScript(() => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', 'EN');
    });
    await addSession(context, { token: member.token, isAgent: 0 });
    const page = watch.watch(await context.newPage());
    const streams: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/wps/member/events') streams.push(request.url());
    });

    await page.goto(`${server.baseUrl}/index`);
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('button', { name: member.username })
      .click();
    const center = page.getByRole('dialog', { name: 'Personal centre' });
    await center
      .getByRole('navigation', { name: 'Personal centre menu' })
      .getByRole('button', { name: 'Deposit', exact: true })
      .click();
    const row = center
      .getByRole('region', { name: 'Deposit', exact: true })
      .getByRole('table', { name: 'Deposit history' })
      .getByRole('row')
      .filter({ hasText: 'FTLIVE0001' });
    await row.getByText('Pending review').waitFor();
    const balance = page.getByTestId('header-balance');
    // ₫1,000,000 funded, ₫100,000 on the slip.
    await expect.poll(() => balance.textContent()).toBe('₫900,000');

    // The operator approves; the open page shows it within seconds (the balance's own refresh is 30 s).
    const approved = await apiCall(
      server.baseUrl,
      'POST',
      `/api/operator/deposits/${deposit.value.id}/approve`,
      {},
      { token: operatorToken },
    );
    expect(approved.value.status).toBe('APPROVED');
    await row.getByText('Approved').waitFor({ timeout: 5_000 });
    await expect.poll(() => balance.textContent(), { timeout: 5_000 }).toBe('₫975,000');

    // The draw happens on the server's clock; its win comes as a notice, and the balance follows.
    const notice = page.getByTestId('win-notice');
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.textContent()).toContain('You won ₫97,500!');
    await expect.poll(() => balance.textContent(), { timeout: 5_000 }).toBe('₫1,072,500');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'live-win-notice-desktop.png') });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'live-win-notice-phone.png') });
    const box = await notice.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);

    // One stream the whole time: no reconnects, no storm (the watch fails a storm on its own).
    expect(streams).toHaveLength(1);
  }, 120_000);
});
