import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { repoRoot, startServer, type TestServer } from './support/server';
import { PageWatch } from './support/harness';

const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** Page errors, unexpected 4xx/5xx and request storms fail the test (support/harness.ts). */
const watch = new PageWatch(() => server.baseUrl);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  expect(watch.take()).toEqual([]);
});

async function newContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  // Shorter than the test timeout, so a missing element fails with Playwright's description of it.
  context.setDefaultTimeout(10_000);
  contexts.push(context);
  return context;
}

type OpenOptions = { viewport?: { width: number; height: number }; language?: string | null };

/** A fresh visitor. The demo brand defaults to TY (Vietnamese); most checks read the English texts. */
async function open(route: string, { viewport = DESKTOP, language = 'EN' }: OpenOptions = {}): Promise<Page> {
  const context = await newContext(viewport);
  if (language) {
    await context.addInitScript((code) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', code);
    }, language);
  }
  const page = await context.newPage();
  watch.watch(page);
  await page.goto(`${server.baseUrl}${route}`);
  return page;
}

const visibleText = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

const storedMerchant = (page: Page) =>
  page.evaluate(() => ({
    session: sessionStorage.getItem('merchant'),
    local: localStorage.getItem('merchant'),
  }));

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `system-${name}.png`), fullPage: true });

/** Clicks Contact Us and returns the customer-service popup once it has loaded. */
async function openContactUs(page: Page): Promise<Page> {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Contact Us' }).click(),
  ]);
  await popup.waitForLoadState();
  return popup;
}

describe('system status 0: normal', () => {
  beforeAll(async () => {
    await server.runCli(['status', 'set', '0']);
  });

  it('redirects / to /index and shows the home of the demo brand', async () => {
    const page = await open('/');

    await page.getByRole('heading', { level: 1, name: 'Welcome to Jade Demo' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/index');
    expect(await storedMerchant(page)).toEqual({ session: 'DEMO', local: 'DEMO' });
    expect(await page.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('EN');

    const popup = await openContactUs(page);
    expect(new URL(popup.url()).pathname).toBe('/helpmc');
    await screenshot(page, 'normal');
  });

  it('switches the interface to Vietnamese from the language picker and remembers it', async () => {
    const page = await open('/index');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('TY');

    await page.getByRole('heading', { level: 1, name: 'Chào mừng đến với Jade Demo' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('vi-VN');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Chào mừng đến với Jade Demo' }).waitFor();
  });

  it('shows a retryable error when a boot call fails, and starts once it answers', async () => {
    const context = await newContext(DESKTOP);
    const page = watch.watch(await context.newPage());
    await page.route('**/wps/system/status', (route) => route.abort('connectionfailed'));
    await page.goto(`${server.baseUrl}/index`);

    // The browser's language (en-US here) speaks until the brand is known.
    await visibleText(page, 'Network link is abnormal, please try again');
    await screenshot(page, 'error');
    await page.unroute('**/wps/system/status');
    await page.getByRole('button', { name: 'Try again' }).click();

    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Jade Demo' }).waitFor();
  });
});

describe('system status 1: maintenance', () => {
  beforeAll(async () => {
    await server.runCli(['status', 'set', '1', '--message', 'Back at 10:00']);
  });

  afterAll(async () => {
    await server.runCli(['status', 'set', '0']);
  });

  it("shows the maintenance page with the operator's message", async () => {
    const page = await open('/index');

    await page.getByRole('heading', { level: 1, name: 'System Maintenance' }).waitFor();
    await visibleText(page, 'RESTRICTION OF VISIT');
    await visibleText(page, 'Back at 10:00');
    expect(await storedMerchant(page)).toEqual({ session: 'DEMO', local: 'DEMO' });
    await screenshot(page, 'maintenance');
  });

  it('opens live chat in a 440x750 window', async () => {
    const page = await open('/index');
    await page.getByRole('heading', { level: 1, name: 'System Maintenance' }).waitFor();

    const popup = await openContactUs(page);

    expect(new URL(popup.url()).pathname).toBe('/helpmc');
    expect(await popup.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }))).toEqual({
      width: 440,
      height: 750,
    });
  });

  it.each(['/', '/some/unknown/path', '/lottery?gameCode=VN&playType=1'])(
    'shows the maintenance page on the deep link %s',
    async (route) => {
      const page = await open(route);
      await page.getByRole('heading', { level: 1, name: 'System Maintenance' }).waitFor();
      await visibleText(page, 'Back at 10:00');
    },
  );

  it("speaks the brand's default language, Vietnamese, to a first-time visitor", async () => {
    const page = await open('/index', { language: null });

    await page.getByRole('heading', { level: 1, name: 'Bảo trì hệ thống' }).waitFor();
    await visibleText(page, 'HẠN CHẾ TRUY CẬP');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('vi-VN');
  });

  it('fits a 375 px wide phone without horizontal scrolling', async () => {
    const page = await open('/index', { viewport: PHONE });
    await page.getByRole('heading', { level: 1, name: 'System Maintenance' }).waitFor();

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Contact Us' }).waitFor();
    await screenshot(page, 'maintenance-375');
  });
});

describe('system status 2: region restricted', () => {
  beforeAll(async () => {
    await server.runCli(['status', 'set', '0']);
    await server.runCli(['region', 'block-ip', '127.0.0.0/8']);
  });

  afterAll(async () => {
    await server.runCli(['region', 'clear']);
  });

  it("shows the visitor's IP address and country, and Contact Us", async () => {
    const page = await open('/index');

    await page.getByRole('heading', { level: 1, name: 'Access restricted' }).waitFor();
    await visibleText(page, 'Your location or IP address is not allowed to visit this site.');
    await visibleText(page, '127.0.0.1');
    // Loopback addresses have no country in the GeoIP database.
    await visibleText(page, 'Unknown');
    expect(await storedMerchant(page)).toEqual({ session: 'DEMO', local: 'DEMO' });

    const popup = await openContactUs(page);
    expect(new URL(popup.url()).pathname).toBe('/helpmc');
    await screenshot(page, 'restricted');
  });

  it('lets the visitor in again once the rule is cleared', async () => {
    await server.runCli(['region', 'clear']);
    const page = await open('/some/unknown/path');

    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Jade Demo' }).waitFor();
  });
});
