import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { addSession, startFreePlay } from './support/session';
import { PageWatch } from './support/harness';

let server: TestServer;
let browser: Browser;
/** Page errors, unexpected 4xx/5xx and request storms fail the test (support/harness.ts). */
const watch = new PageWatch(() => server.baseUrl);
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  expect(watch.take()).toEqual([]);
});

async function open(route: string, session?: { token: string; isAgent: number }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(10_000);
  contexts.push(context);
  await context.addInitScript(() => localStorage.setItem('language', 'EN'));
  if (session) await addSession(context, session);
  const page = await context.newPage();
  watch.watch(page);
  await page.goto(`${server.baseUrl}${route}`);
  return page;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('login guard (§2 loginedToHomePage)', () => {
  describe('with the flag off', () => {
    beforeAll(async () => {
      await server.runCli(['flag', 'set', 'loginedToHomePage', 'off']);
    });

    it.each(['/index', '/live', '/vip'])('lets a visitor without a token see %s', async (route) => {
      const page = await open(route);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(pathOf(page)).toBe(route);
    });
  });

  describe('with the flag on', () => {
    beforeAll(async () => {
      await server.runCli(['flag', 'set', 'loginedToHomePage', 'on']);
    });

    afterAll(async () => {
      await server.runCli(['flag', 'set', 'loginedToHomePage', 'off']);
    });

    it.each(['/', '/index', '/live', '/rng?page=NEON_SPIN', '/noticePage', '/down', '/no/such/page'])(
      'sends a visitor without a token from %s to /login',
      async (route) => {
        const page = await open(route);
        await page.getByRole('heading', { level: 1, name: 'Log in to Jade Demo' }).waitFor();
        expect(pathOf(page)).toBe('/login');
        await page.getByRole('dialog', { name: 'Log in' }).waitFor();
      },
    );

    it.each([
      ['/register', 'Welcome to Jade Demo'],
      ['/register.html', 'Welcome to Jade Demo'],
      ['/helpmc', 'How can we help?'],
      ['/download', 'Get the Jade Demo app'],
    ])('lets a visitor without a token open %s', async (route, heading) => {
      const page = await open(route);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(pathOf(page)).toBe(route);
    });

    it('lets a visitor with a session token in, and sends /login on to the home page', async () => {
      const session = { token: await startFreePlay(server.baseUrl), isAgent: 4 };
      const page = await open('/live', session);
      await page.getByRole('heading', { level: 1, name: 'Live Casino' }).waitFor();
      expect(pathOf(page)).toBe('/live');

      await page.goto(`${server.baseUrl}/login`);
      await page.getByRole('heading', { level: 1, name: 'Welcome to Jade Demo' }).waitFor();
      expect(pathOf(page)).toBe('/index');
    });
  });
});
