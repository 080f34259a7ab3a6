import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { PageWatch } from './support/harness';
import { allowTestMembers, apiCall, passEveryHumanCheck, registerMember } from './support/members';
import { startServer, type TestServer } from './support/server';
import { addSession } from './support/session';

const OPERATOR = { username: 'raffle-finance', password: 'correct horse battery staple' };
const PHONE = { width: 375, height: 812 };
const HOUR = 60 * 60 * 1000;

let server: TestServer;
let browser: Browser;
let stopVerifier: (() => Promise<void>) | undefined;
let operatorToken: string;
const contexts: BrowserContext[] = [];
const watch = new PageWatch(() => server.baseUrl);

let key = 0;
const api = (method: string, route: string, body?: unknown, token?: string) =>
  apiCall(server.baseUrl, method, route, body, {
    token,
    headers: { 'idempotency-key': `raffle-${Date.now()}-${++key}` },
  });

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  stopVerifier = await passEveryHumanCheck(server);
  await allowTestMembers(server);
  await server.runCli(['operator', 'create', OPERATOR.username, '--role', 'FINANCE'], {
    env: { JADE_OPERATOR_PASSWORD: OPERATOR.password },
  });
  operatorToken = (await api('POST', '/api/operator/login', OPERATOR)).value.token;
  // A deposit raffle, made as an operator makes one: the CLI with a JSON file.
  const file = path.join(server.dataDir, 'raffle-e2e.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      code: 'E2E_DEPOSIT',
      titles: { EN: 'Deposit raffle' },
      basis: 'DEPOSIT',
      unitAmount: 5_000_000,
      maxTickets: 10,
      opensAt: new Date(Date.now() - HOUR).toISOString(),
      closesAt: new Date(Date.now() + 48 * HOUR).toISOString(),
      prizes: [100_000_000],
    }),
  );
  expect(await server.runCli(['raffle', 'create', file])).toMatch(
    /E2E_DEPOSIT\) is OPEN; seed hash [0-9a-f]{64}/,
  );
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

async function newPage(token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  context.setDefaultTimeout(10_000);
  contexts.push(context);
  await context.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'EN');
  });
  await addSession(context, { token, isAgent: 0 });
  const page = await context.newPage();
  watch.watch(page);
  return page;
}

describe('raffles on the promotions page', () => {
  it('a member joins with the tickets its deposit earned, sees the countdown, the winner board and the verify view', async () => {
    const { username, token } = await registerMember({
      baseUrl: server.baseUrl,
      usernamePrefix: 'raffle',
      mobilePrefix: '912888',
      password: 'secret123',
      paymentPassword: '246810',
      login: true,
    });
    if (!token) throw new Error(`no session for ${username}`);
    const deposit = await api(
      'POST',
      '/wps/payment/deposit',
      { channelCode: 'VCB_MANUAL', amount: 12_000_000, reference: 'FT-RAFFLE' },
      token,
    );
    expect(deposit.success, JSON.stringify(deposit)).toBe(true);
    await api('POST', `/api/operator/deposits/${deposit.value.id}/approve`, {}, operatorToken);

    const page = await newPage(token);
    await page.goto(`${server.baseUrl}/promotions`);
    const card = page.getByTestId('raffle-E2E_DEPOSIT');
    await card.getByText('Your tickets: 0 · earned so far: 2').waitFor();
    await expect
      .poll(() => card.getByRole('timer').textContent())
      .toMatch(/Entries close in 1d \d\d:\d\d:\d\d/);
    await card.getByRole('button', { name: 'Join the raffle' }).click();
    await card.getByText('Join with 2 tickets?').waitFor();
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByText('You are in the draw with 2 tickets.').waitFor();
    await card.getByText('Your tickets: 2 · earned so far: 2').waitFor();

    // The demo's drawn raffle: its winners on the board, and the seed revealed in the verify view.
    const board = page.getByTestId('raffle-winners');
    await expect.poll(() => board.getByRole('row').count()).toBeGreaterThan(1);
    const drawn = page.getByTestId('raffle-DEMO_WEEKLY_1');
    await drawn.getByRole('button', { name: 'Verify the draw' }).click();
    const verify = drawn.getByTestId('raffle-verify');
    await verify.getByText('Revealed seed').waitFor();
    expect(await verify.locator('code').count()).toBe(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
