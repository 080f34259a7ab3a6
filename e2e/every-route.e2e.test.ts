import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { launchBrowser } from './support/browser';
import { PageWatch } from './support/harness';
import { allowTestMembers, apiCall, passEveryHumanCheck, registerFundedMember } from './support/members';
import { repoRoot, startServer, type TestServer } from './support/server';
import { addSession } from './support/session';

/**
 * Issue 20 items 6, 7 and 9: every route of the web app (apps/web/src/config/paths.ts, the router's
 * table) on a 375 px phone, in Vietnamese, for a member with lottery bets, account history (deposit,
 * bet, win, rollback) and announcements: no page is wider than the phone, and no page shows a raw
 * language key, a raw server enum or one of the English strings the issue found. An agent's top bar
 * fits 1366 px.
 */
// Written beside the other runs' pictures; docs/screenshots holds the chosen ones, copied by hand.
const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots');
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1366, height: 800 };

/** Every route of the router, with the query strings the pages take (lobbies of each kind). */
const ROUTE_QUERIES: Partial<Record<keyof typeof paths, string[]>> = {
  root: [],
  vnLottery: ['?gameCode=VN_HN'],
  seaLottery: ['?gameCode=SEA_MAGNUM'],
  eLottery: ['?gameCode=FAST_VN_45S'],
  promoDetail: ['?id=1'],
  game: ['?vassalage=JADE_STUDIO&gameId=JADE_FORTUNE'],
  slots: ['', '?page=JADE_STUDIO'],
};
const ROUTES = (Object.keys(paths) as (keyof typeof paths)[]).flatMap((name) =>
  (ROUTE_QUERIES[name] ?? ['']).map((query) => `${paths[name]}${query}`),
);

/** The language files' top-level sections: a visible 'wallet.title' is a key nobody translated. */
const en = JSON.parse(readFileSync(path.join(repoRoot, 'apps/web/src/i18n/en.json'), 'utf8')) as object;
const RAW_KEY = new RegExp(
  `(?<![\\w@/.-])(?:${Object.keys(en).join('|')})\\.[A-Za-z][\\w.]*[A-Za-z0-9]`,
  'u',
);
/** Server enum values and codes a member must never read as they are (whole words, case as sent). */
const RAW_ENUMS = [
  'WIN',
  'WIN_ROLLBACK',
  'BET',
  'BET_ROLLBACK',
  'DEPOSIT',
  'WITHDRAWAL',
  'WITHDRAWAL_HOLD',
  'PENDING',
  'APPROVED',
  'REJECTED',
  'SETTLED',
  'OPEN',
  'WON',
  'LOST',
  'REFUNDED',
  'VOID',
  'CLOSED',
  'DRAWN',
  'SCHEDULED',
  'MANUAL_BANK',
  'GATEWAY',
  'BAC',
  'SIC',
  'ROU',
];
const RAW_ENUM = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${RAW_ENUMS.join('|')})(?![\\p{L}\\p{N}_])`, 'u');
/** English the issue found inside the Vietnamese site. */
const ENGLISH = ['Fast Lotto', 'Vietcombank transfer', 'NEW MEMBERS', 'WELCOME BONUS', 'Live Baccarat'];

let server: TestServer;
let browser: Browser;
let stopVerifier: (() => Promise<void>) | undefined;
let member: { username: string; token: string };
let agent: { username: string; token: string };
/** Resolves once the member's lottery win is paid (a fast draw, under a minute away). */
let winPaid: Promise<void>;
const contexts: BrowserContext[] = [];
const watch = new PageWatch(() => server.baseUrl);

const api = (method: string, route: string, body?: unknown, token?: string, key?: string) =>
  apiCall(server.baseUrl, method, route, body, {
    ...(token && { token }),
    ...(key && { headers: { 'idempotency-key': key } }),
  });

/** A slip on the game's open draw; every two-digit number on Đề is a sure win. */
const bet = async (gameCode: string, betType: string, numbers: string[], key: string) => {
  // A fast draw takes no bets in the seconds between its close and the next draw's opening: the
  // slip then goes on the next one.
  for (let attempt = 1; ; attempt++) {
    const open = await api('GET', `/lgw/vn/numeros/opened/game?gameCode=${gameCode}`);
    const placed = open.success
      ? await api(
          'POST',
          '/lotto/bets',
          { gameCode, numero: open.value.numero, betType, numbers, stake: 100_000 },
          member.token,
          `${key}-${open.value.numero as string}`,
        )
      : open;
    if (placed.success || attempt >= 5) {
      expect(placed.success, JSON.stringify(placed)).toBe(true);
      return placed.value.bet as { betId: number };
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  stopVerifier = await passEveryHumanCheck(server);
  await allowTestMembers(server);
  // Deposit (approved), bets, a sure win on the next fast draw, a cancelled bet (its rollback), and
  // an open bet on the day's Hanoi draw that the lobby lists.
  member = await registerFundedMember(server, 'walker', '961', 100_000_000);
  const allNumbers = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
  const sure = await bet('FAST_VN_45S', 'DE', allNumbers, 'every-route-sure');
  const cancelled = await bet('VN_HN', 'LO2', ['27'], 'every-route-cancelled');
  const cancel = await api('POST', `/lotto/bets/${cancelled.betId}/cancel`, {}, member.token);
  expect(cancel.success, JSON.stringify(cancel)).toBe(true);
  await bet('VN_HN', 'LO2', ['08', '63', '15'], 'every-route-open');
  await bet('VN_HN', 'DE', ['99'], 'every-route-open-de');
  winPaid = (async () => {
    const deadline = Date.now() + 100_000;
    while (Date.now() < deadline) {
      const bets = await api('GET', '/lotto/bets?gameCode=FAST_VN_45S', undefined, member.token);
      const mine = (bets.value?.bets ?? []) as { betId: number; status: string }[];
      if (mine.find((b) => b.betId === sure.betId)?.status === 'WON') return;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    throw new Error('the sure lottery win was not paid within 100 s');
  })();
  winPaid.catch(() => undefined);

  // An agent with money and a long name: the longest summary the top bar carries.
  const registered = await registerFundedMember(server, 'agentcentre', '962');
  await server.runCli(['member', 'set-type', registered.username, '1']);
  agent = { username: registered.username, token: registered.token };
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stopVerifier?.();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  expect(watch.take()).toEqual([]);
});

const open = async (
  viewport: { width: number; height: number },
  session: { token: string; isAgent: number },
) => {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  // The demo brand's Vietnamese (TY), chosen as a member would.
  await context.addInitScript(() => localStorage.setItem('language', 'TY'));
  await addSession(context, session);
  return watch.watch(await context.newPage());
};

/** The page has drawn and nothing is loading (no spinner); then one more frame. */
const settled = async (page: Page) => {
  await page.locator('#root > *').first().waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector('.spinner, .page-spinner, [aria-busy="true"]') &&
      document.fonts.status === 'loaded',
  );
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
};

/**
 * What is wrong with the page as a Vietnamese member sees it: wider than the viewport (and the
 * elements that stick out), a raw language key, a raw enum or English the issue named.
 */
const problemsOf = async (page: Page, where: string): Promise<string[]> => {
  const layout = await page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return { scrollWidth, width, culprits: [] as string[] };
    const clipped = (element: Element) => {
      for (let e = element.parentElement; e; e = e.parentElement) {
        const overflow = getComputedStyle(e).overflowX;
        if (overflow !== 'visible' && e.getBoundingClientRect().right <= width + 0.5) return true;
      }
      return false;
    };
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${[...e.classList].map((c) => `.${c}`).join('')}`;
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().right > width + 0.5 && !clipped(e))
      // The outermost: its parent fits.
      .filter((e) => !e.parentElement || e.parentElement.getBoundingClientRect().right <= width + 0.5)
      .slice(0, 6)
      .map((e) => `${name(e)} (right ${Math.round(e.getBoundingClientRect().right)})`);
    return { scrollWidth, width, culprits };
  });
  const problems: string[] = [];
  if (layout.scrollWidth > layout.width)
    problems.push(
      `${where}: ${layout.scrollWidth} px wide at ${layout.width} px; too wide: ${layout.culprits.join(', ')}`,
    );
  const text = await page.evaluate(() => document.body.innerText);
  const lines = text.split('\n');
  const key = lines.find((line) => RAW_KEY.test(line));
  if (key) problems.push(`${where}: untranslated key in "${key.trim().slice(0, 120)}"`);
  const raw = lines.find((line) => RAW_ENUM.test(line));
  if (raw) problems.push(`${where}: raw enum in "${raw.trim().slice(0, 120)}"`);
  for (const english of ENGLISH)
    if (text.includes(english)) problems.push(`${where}: English "${english}" in the Vietnamese site`);
  return problems;
};

/** The home banners' images draw words too: those must be the page's language. */
const bannerProblems = async (page: Page) => {
  const sources = await page
    .locator('.banners__slide img')
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
  const problems: string[] = sources.length === 0 ? ['no banners on the home page'] : [];
  for (const source of sources) {
    const svg = await (await fetch(source)).text();
    for (const english of [...ENGLISH, 'daily draws'])
      if (svg.includes(english)) problems.push(`banner ${source}: English "${english}"`);
  }
  return problems;
};

describe('every route for a member with data', () => {
  it('fits a 375 px phone and reads in Vietnamese on every route, the member centre and the messages', async () => {
    const started = Date.now();
    const page = await open(PHONE, { token: member.token, isAgent: 0 });
    const problems: string[] = [];
    for (const route of ROUTES) {
      const answer = await page.goto(`${server.baseUrl}${route}`, { waitUntil: 'load' });
      expect(answer?.status(), route).toBe(200);
      await settled(page);
      if (route === `${paths.vnLottery}?gameCode=VN_HN`) {
        // The member's open bets are listed under the board.
        await page.locator('table.lotto-bets tbody tr').first().waitFor();
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'lottery-phone.png'), fullPage: true });
      }
      problems.push(...(await problemsOf(page, route)));
      if (route === paths.home) problems.push(...(await bannerProblems(page)));
    }

    // The messages (announcements) and every panel of the personal centre, the account history
    // once the win is paid.
    await page.goto(`${server.baseUrl}${paths.home}`);
    await settled(page);
    await page
      .locator('.member-summary button', { hasText: /Tin nhắn|Thông báo/ })
      .first()
      .click();
    await page.getByRole('dialog').first().waitFor();
    await settled(page);
    problems.push(...(await problemsOf(page, 'messages')));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await winPaid;
    await page.locator('.member-summary__user').click();
    const menu = page.locator('.center__menu');
    await menu.locator('button').first().waitFor();
    const items = await menu.locator('button').all();
    for (const item of items) {
      await item.click();
      await settled(page);
      problems.push(...(await problemsOf(page, `personal centre: ${await item.getAttribute('data-item')}`)));
    }
    // The account history lists the deposit, the bets, the win and the rollback.
    await menu.locator('[data-item="transactionHistory"]').click();
    await page.locator('.center__content table tbody tr').nth(3).waitFor();
    await settled(page);
    problems.push(...(await problemsOf(page, 'account history')));
    expect(problems).toEqual([]);
    console.log(`walked ${ROUTES.length} routes, ${items.length} panels in ${Date.now() - started} ms`);
  }, 180_000);
});

describe('the agent at 1366 px', () => {
  it("keeps the agent's top bar inside the viewport on every route", async () => {
    const page = await open(DESKTOP, { token: agent.token, isAgent: 1 });
    const problems: string[] = [];
    for (const route of [paths.home, `${paths.vnLottery}?gameCode=VN_HN`, paths.promotions]) {
      await page.goto(`${server.baseUrl}${route}`);
      await settled(page);
      // Wholly visible: inside the viewport and inside the summary, which scrolls when it is too long.
      const logout = page.locator('.member-summary button', { hasText: 'Đăng xuất' });
      const visible = await logout.evaluate((button) => {
        const { left, right } = button.getBoundingClientRect();
        let edge = window.innerWidth;
        for (let e = button.parentElement; e; e = e.parentElement)
          if (getComputedStyle(e).overflowX !== 'visible')
            edge = Math.min(edge, e.getBoundingClientRect().right);
        const summary = document.querySelector('.member-summary')!;
        return { left, right, edge, isScrolling: summary.scrollWidth > summary.clientWidth };
      });
      if (visible.isScrolling) problems.push(`${route}: the member summary scrolls at 1366 px`);
      if (visible.right > visible.edge + 0.5)
        problems.push(
          `${route}: the logout button ends at ${Math.round(visible.right)} px, cut at ${visible.edge} px`,
        );
      problems.push(...(await problemsOf(page, `${route} (agent, 1366 px)`)));
    }
    await page.getByRole('button', { name: 'Trung tâm đại lý' }).click();
    await page.getByRole('dialog').first().waitFor();
    await settled(page);
    problems.push(...(await problemsOf(page, 'agent centre')));
    expect(problems).toEqual([]);
  }, 60_000);
});
