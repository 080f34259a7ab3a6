import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { PageWatch } from './support/harness';
import { allowTestMembers, passEveryHumanCheck, registerFundedMember } from './support/members';
import { repoRoot, startServer, type TestServer } from './support/server';
import { addSession } from './support/session';

/**
 * Issue 20, item 2: the studio's roulette and baccarat as finished tables, played by a member of the
 * Vietnamese demo brand on a 375 px phone and at 1366 px: chips placed by tapping, a drawn wheel and
 * drawn cards, the roadmap, every string in Vietnamese, and no sideways scrolling.
 */
const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots');
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1366, height: 900 };

let server: TestServer;
let browser: Browser;
let stopVerifier: (() => Promise<void>) | undefined;
const watch = new PageWatch(() => server.baseUrl);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  stopVerifier = await passEveryHumanCheck(server);
  await allowTestMembers(server);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stopVerifier?.();
});

/** A member's tab in the brand's own language (Vietnamese), on a phone. */
const memberTab = async (): Promise<Page> => {
  const member = await registerFundedMember(server);
  const context = await browser.newContext({ viewport: PHONE });
  await addSession(context, { token: member.token, isAgent: 0 });
  return watch.watch(await context.newPage());
};

/** The site's game page for a studio game, which launches it in the member's language. */
const openGame = async (page: Page, gameId: string, name: string): Promise<FrameLocator> => {
  await page.goto(`${server.baseUrl}/game?vassalage=JADE_STUDIO&gameId=${gameId}`);
  const frame = page.frameLocator('iframe.game-frame__iframe');
  await frame.getByRole('heading', { level: 1, name }).waitFor();
  return frame;
};

/** Whether the game's page (inside the frame) and the site around it scroll sideways. */
const scrollsSideways = async (page: Page, frame: FrameLocator) => {
  const inner = await frame.locator('html').evaluate((html) => html.scrollWidth > html.clientWidth + 1);
  const outer = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
  );
  return inner || outer;
};

/**
 * The same game session on a page of its own (as the site's "open in a new window" shows a game), for
 * whole-page pictures the site's frame would cut: the session id the frame keeps, and the language.
 */
const standalone = async (page: Page, frame: FrameLocator, game: string) => {
  const sid = await frame.locator('html').evaluate(() => sessionStorage.getItem('jade-studio-sid'));
  const own = watch.watch(await page.context().newPage());
  await own.setViewportSize(DESKTOP);
  await own.goto(`${server.studioUrl}/game/${game}?lang=vi#sid=${sid}`);
  return own;
};
const pageScrollsSideways = (own: Page) =>
  own.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
const shoot = async (own: Page, name: string) => {
  expect(await pageScrollsSideways(own)).toBe(false);
  await own.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: true });
};

describe('the studio tables, finished', () => {
  it('roulette in Vietnamese: a drawn wheel that spins to the result, chips tapped onto the table, fitting 375 and 1366 px', async () => {
    const page = await memberTab();

    // Roulette on the phone: Vietnamese, a drawn wheel of 37 pockets, chips placed by tapping the table.
    const roulette = await openGame(page, 'JADE_ROULETTE', 'Jade Roulette');
    await roulette.getByRole('img', { name: 'Vòng quay roulette' }).waitFor();
    expect(await roulette.locator('svg.wheel [data-pocket]').count()).toBe(37);
    expect(await roulette.locator('input').count()).toBe(1); // only the client seed: no typed bets
    await roulette.getByRole('button', { name: 'Cược thẳng số 17', exact: true }).click();
    await roulette.getByRole('button', { name: 'Cược thẳng số 17', exact: true }).click();
    await roulette.getByRole('button', { name: 'Cược chia 17-20', exact: true }).click();
    await roulette.getByRole('button', { name: 'Cược góc 13-14-16-17', exact: true }).click();
    await roulette.getByRole('button', { name: 'Đỏ', exact: true }).click();
    await roulette.getByRole('button', { name: 'Hoàn tác' }).click(); // takes the red chip back
    const chipOn17 = roulette.locator('[data-bet="straight-17"] .rt-chip');
    expect(await chipOn17.isVisible()).toBe(true);
    expect(await roulette.locator('[data-bet="red"] .rt-chip').isVisible()).toBe(false);
    const stake = await roulette.locator('output.rt-total').textContent();
    expect(stake).toMatch(/₫/);
    expect(await scrollsSideways(page, roulette)).toBe(false);

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/round'));
    await roulette.getByRole('button', { name: 'Quay', exact: true }).click();
    const body = (await sent).postDataJSON() as { bet: { bets: { type: string; numbers?: number[] }[] } };
    expect(body.bet.bets.map((b) => [b.type, b.numbers])).toEqual([
      ['straight', [17]],
      ['split', [17, 20]],
      ['corner', [13, 14, 16, 17]],
    ]);
    await roulette.locator('output.pocket[data-colour]').waitFor();
    await roulette.locator('table.history tbody tr').first().waitFor();
    expect(await roulette.locator('output.pocket').textContent()).toMatch(/^\d{1,2}$/);
    expect(await roulette.locator('p.status').textContent()).toMatch(/Bạn thắng|Lần này chưa trúng/);

    // The same table on a page of its own at 1366 px, then 375 px: the last numbers come from the
    // game's history (the round above), outside bets by tapping, and a second spin.
    const ownRoulette = await standalone(page, roulette, 'roulette');
    await ownRoulette.getByRole('button', { name: 'Cược thẳng số 32', exact: true }).click();
    await ownRoulette.getByRole('button', { name: 'Đen', exact: true }).click();
    await ownRoulette.getByRole('button', { name: '12 số giữa', exact: true }).click();
    await ownRoulette.getByRole('button', { name: 'Cột 2', exact: true }).click();
    expect(await ownRoulette.locator('.rt-recent li').count()).toBe(1);
    await ownRoulette.getByRole('button', { name: 'Quay', exact: true }).click();
    await ownRoulette.locator('output.pocket[data-colour]').waitFor();
    await ownRoulette.locator('.rt-recent li:nth-child(2)').waitFor();
    await shoot(ownRoulette, 'studio-roulette.png');
    await ownRoulette.setViewportSize(PHONE);
    await shoot(ownRoulette, 'studio-roulette-phone.png');
    await ownRoulette.close();

    expect(watch.take()).toEqual([]);
  });

  it('baccarat in Vietnamese: drawn cards, bets tapped, the bead plate and the big road, fitting 1366 and 375 px', async () => {
    const page = await memberTab();
    await page.setViewportSize(DESKTOP);
    // Baccarat at 1366 px, then on the phone: drawn cards, the bead plate and the big road.
    const baccarat = await openGame(page, 'JADE_BACCARAT', 'Jade Baccarat');
    await baccarat.getByRole('button', { name: /^Nhà cái 0.95:1/ }).click();
    await baccarat.getByRole('button', { name: /^Con đôi 11:1/ }).click();
    await baccarat.getByRole('button', { name: 'Chia bài', exact: true }).click();
    await baccarat.locator('.bead').first().waitFor();
    const cards = baccarat.locator('.hand .card');
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    // A card is drawn with its rank and suit, and named in Vietnamese (never a code like "11/2").
    expect(await cards.first().getAttribute('aria-label')).toMatch(/^(Át|\d+|J|Q|K) (bích|cơ|rô|chuồn)$/);
    expect(await cards.first().locator('svg path').count()).toBeGreaterThan(0);
    expect(await baccarat.locator('.hand').first().textContent()).not.toMatch(/\d+\/\d/);
    await baccarat.locator('table.history tbody tr').first().waitFor();
    expect(await baccarat.getByRole('heading', { name: 'Bảng cầu' }).isVisible()).toBe(true);
    expect(await baccarat.locator('.road--bead .bead').count()).toBe(1);
    expect(await baccarat.locator('.road--bead .bead').textContent()).toMatch(/^[CNH]$/);
    expect(await baccarat.locator('p.status').textContent()).toMatch(/Con thắng|Nhà cái thắng|Hòa/);
    expect(await scrollsSideways(page, baccarat)).toBe(false);
    await page.setViewportSize(PHONE);
    expect(await scrollsSideways(page, baccarat)).toBe(false);

    // On a page of its own: the roads start from the game's history (the coup above), then a second coup.
    const ownBaccarat = await standalone(page, baccarat, 'baccarat');
    await ownBaccarat.locator('.road--bead .bead').waitFor();
    await ownBaccarat.getByRole('button', { name: /^Con 1:1/ }).click();
    await ownBaccarat.getByRole('button', { name: /^Hòa 8:1/ }).click();
    await ownBaccarat.getByRole('button', { name: 'Chia bài', exact: true }).click();
    await ownBaccarat.locator('.road--bead .bead:nth-child(2)').waitFor();
    await ownBaccarat.locator('table.history tbody tr:nth-child(2)').waitFor();
    await shoot(ownBaccarat, 'studio-baccarat.png');
    await ownBaccarat.setViewportSize(PHONE);
    await shoot(ownBaccarat, 'studio-baccarat-phone.png');
    expect(watch.take()).toEqual([]);
  });
});
