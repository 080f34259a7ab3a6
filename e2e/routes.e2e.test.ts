import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { PageWatch } from './support/harness';
import { allowTestMembers, registerMember } from './support/members';
import { startServer, type TestServer } from './support/server';
import { addSession } from './support/session';

// Issue 9, item 18: every §2 route, at a desktop and a phone width, logged out and logged in, under
// the harness that fails on page errors, unexpected 4xx/5xx answers and request storms.

let server: TestServer;
let browser: Browser;
let memberToken: string;
const watch = new PageWatch(() => server.baseUrl);
const contexts: BrowserContext[] = [];

/** Every route of §2 (apps/web/src/config/paths.ts), with the query strings the pages take. */
const ROUTES = [
  '/',
  '/index',
  '/register',
  '/register.html',
  '/login',
  '/noticePage',
  '/vip',
  '/pointMall',
  '/lottery',
  '/vnlottery',
  '/seaLottery',
  '/elott',
  '/rng',
  '/live',
  '/fish',
  '/pvp',
  '/sports',
  '/promotions',
  '/promoDetail?id=1',
  '/seamless',
  '/help',
  '/helpmc',
  '/down',
  '/download',
  '/join',
  // A vendor's game list in the frame: the studio, which the demo brand connects (decision 0029).
  '/game?vassalage=JADE_STUDIO',
  '/resetPassword',
];
const WIDTHS = [1366, 375];
/**
 * Long enough for a render loop to show itself (a storm is more than 5 requests in 2 s; a loop sends
 * one a render, dozens in this time), short enough that 108 page loads cost under a minute of waiting.
 */
const SETTLE_MS = 500;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await allowTestMembers(server);
  const member = await registerMember({
    baseUrl: server.baseUrl,
    usernamePrefix: 'walker',
    mobilePrefix: '977',
    password: 'secret123',
    paymentPassword: '135790',
    login: true,
  });
  memberToken = member.token as string;
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  expect(watch.take()).toEqual([]);
});

/** Walks running at once: two overlap their settle time; four at once overload a busy 2-core machine. */
const WALKS_AT_ONCE = 2;
let walking = 0;
const turns: (() => void)[] = [];
const takeTurn = async () => {
  if (walking >= WALKS_AT_ONCE) await new Promise<void>((resolve) => turns.push(resolve));
  walking += 1;
};
const endTurn = () => {
  walking -= 1;
  turns.shift()?.();
};

/**
 * Walks every route in one tab of its own context, under its own watch: the walks run side by side
 * (most of a walk is the settle time, which costs no CPU), so each keeps its own problems and closes
 * its own context.
 */
const walk = async (width: number, isLoggedIn: boolean) => {
  await takeTurn();
  try {
    return await walkAlone(width, isLoggedIn);
  } finally {
    endTurn();
  }
};

const walkAlone = async (width: number, isLoggedIn: boolean) => {
  const own = new PageWatch(() => server.baseUrl);
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  try {
    context.setDefaultTimeout(15_000);
    await context.addInitScript(() => localStorage.setItem('language', 'EN'));
    if (isLoggedIn) await addSession(context, { token: memberToken, isAgent: 0 });
    const page = own.watch(await context.newPage());
    const visited: string[] = [];
    for (const route of ROUTES) {
      const answer = await page.goto(`${server.baseUrl}${route}`, { waitUntil: 'load' });
      expect(answer?.status(), route).toBe(200);
      await page.locator('#root > *').first().waitFor();
      await page.waitForTimeout(SETTLE_MS);
      visited.push(route);
    }
    return { visited, problems: own.take() };
  } finally {
    await context.close();
  }
};

describe.concurrent('every route under the harness', () => {
  for (const width of WIDTHS) {
    for (const isLoggedIn of [false, true]) {
      it(`walks every §2 route at ${width} px ${isLoggedIn ? 'logged in' : 'logged out'}`, async () => {
        expect(await walk(width, isLoggedIn)).toEqual({ visited: ROUTES, problems: [] });
      }, 360_000); // a walk may wait for another to end first
    }
  }
});

describe('the harness itself', () => {
  it('catches a page error, an unexpected same-origin 404 and a request storm', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = watch.watch(await context.newPage());
    await page.goto(`${server.baseUrl}/help`);
    await page.evaluate(async () => {
      setTimeout(() => {
        throw new Error('boom');
      });
      await fetch('/wps/no/such/call');
      for (let i = 0; i < 7; i++) await fetch('/wps/system/status');
    });
    await page.waitForTimeout(200);
    const problems = watch.take();
    expect(problems.some((p) => p.includes('page error') && p.includes('boom'))).toBe(true);
    expect(problems.some((p) => p.includes('unexpected 404') && p.includes('/wps/no/such/call'))).toBe(true);
    expect(problems.some((p) => p.includes('request storm') && p.includes('/wps/system/status'))).toBe(true);
  });

  it('lets a test expect a refusal it provokes', async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = watch.watch(await context.newPage());
    await page.goto(`${server.baseUrl}/help`);
    watch.expect('/wps/no/such/call', 404);
    await page.evaluate(() => fetch('/wps/no/such/call'));
    await page.waitForTimeout(200);
    expect(watch.take()).toEqual([]);
  });
});
