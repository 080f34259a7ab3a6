import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMemberBrowserFile } from './support/harness';
import { apiCall, registerFundedMember } from './support/members';
import { repoRoot } from './support/server';

const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots');
const DESKTOP = { width: 1366, height: 900 };

const file = useMemberBrowserFile(async () => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
});

/** Browsing a vendor's tables needs the vendor connected, as an operator would (decision 0029). */
const connectForBrowsing = (code: string) =>
  file.server.runCli(['vendor-wallet', 'api', code, 'http://127.0.0.1:9', '3000']);

const fundedMember = () => registerFundedMember(file.server);

/** A browser tab in English (the demo brand's own language is Vietnamese), logged in when given a token. */
// Motion on and Playwright's own timeout, as these tests were written.
const open = (token?: string): Promise<Page> =>
  file.newPage(token ?? null, { viewport: DESKTOP, reducedMotion: false, timeout: 30_000 });

const headerBalance = (page: Page) => page.getByTestId('header-balance').textContent();

/** Opens a studio game from the /rng grid's Jade Studio tab, as a member would. */
const openFromGrid = async (page: Page, gameName: string): Promise<FrameLocator> => {
  await page.goto(`${file.server.baseUrl}/rng?page=JADE_STUDIO`);
  await page
    .getByRole('article', { name: gameName })
    .getByRole('button', { name: `Play ${gameName}` })
    .click();
  await page.waitForURL(/\/game\?vassalage=JADE_STUDIO/);
  const frame = page.frameLocator('iframe.game-frame__iframe');
  await frame.getByRole('heading', { level: 1, name: gameName }).waitFor();
  return frame;
};

/** Opens the member centre's betting record and answers its rows' text. */
const bettingRecord = async (page: Page, username: string) => {
  await page.getByRole('button', { name: username }).click();
  const center = page.getByRole('dialog', { name: 'Personal centre' });
  await center
    .getByRole('navigation', { name: 'Personal centre menu' })
    .getByRole('button', { name: 'Betting record' })
    .click();
  const table = center.getByRole('table', { name: 'Betting record' });
  await table.waitFor();
  return { center, table };
};

/** Reveals the seeds in the game, then checks the first round on the fairness page. */
const verifyOnFair = async (page: Page, frame: FrameLocator) => {
  // Under a loaded CI machine one click has been seen to come to nothing (session 5): a member would
  // press again, and so does the test, up to three times; a rotation that never answers still fails.
  for (let attempt = 1; ; attempt++) {
    await frame.getByRole('button', { name: 'Change seeds' }).click();
    try {
      await frame.locator('.revealed').waitFor({ timeout: 10_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  // The round's Verify link now carries the revealed server seed.
  const verify = frame.locator('table.history a[href*="serverSeed="]').first();
  await verify.waitFor();
  const href = await verify.getAttribute('href');
  const fair = await page.context().newPage();
  file.watch.watch(fair);
  await fair.goto(new URL(href!, file.server.studioUrl).toString());
  await fair.getByTestId('hash-check').waitFor();
  expect(await fair.getByTestId('hash-check').textContent()).toBe('Matches the hash shown before play');
  expect(await fair.getByTestId('outcome').locator('li').count()).toBeGreaterThan(0);
  // The published procedure (docs/fairness.md) is one link away from the fairness page.
  const procedureHref = await fair.getByTestId('procedure-link').getAttribute('href');
  const procedure = await page.context().newPage();
  file.watch.watch(procedure);
  await procedure.goto(new URL(procedureHref!, file.server.studioUrl).toString());
  expect(await procedure.getByRole('heading', { level: 1 }).textContent()).toBe(
    'Provably fair: the exact procedure',
  );
  await procedure.close();
  return fair;
};

describe('playing the studio games for real', () => {
  it('spins the slot from the /rng grid, sees the wallet’s balance after it, finds the round in the betting record and verifies it on /fair', async () => {
    const member = await fundedMember();
    const page = await open(member.token);
    await page.goto(`${file.server.baseUrl}/index`);
    await page.getByTestId('header-balance').waitFor();
    const frame = await openFromGrid(page, 'Jade Fortune');
    const balance = frame.getByRole('status').first();
    // The brand's VND (kept in hundredths) in whole dong, as the English page writes it (issue 20).
    expect(await frame.locator('output.balance').textContent()).toBe('₫100,000');
    await frame.getByRole('button', { name: 'Spin' }).click();
    await frame.locator('table.history tbody tr').first().waitFor();
    // The game shows the wallet's balance after the round. A spin whose lines pay back exactly its
    // stake (twenty line bets) leaves it where it was, so the check is against the wallet, not a change.
    const mainBalance = async () =>
      (
        (
          await apiCall(file.server.baseUrl, 'GET', '/wps/v2/wallets/balance', undefined, {
            token: member.token,
          })
        ).value.wallets as { wallet: string; balance: number }[]
      ).find((w) => w.wallet === 'MAIN')!.balance;
    const shown = (hundredths: number) => `₫${(hundredths / 100).toLocaleString('en-US')}`;
    expect(shown(10_000_000)).toBe('₫100,000');
    await expect
      .poll(async () => (await frame.locator('output.balance').textContent()) === shown(await mainBalance()))
      .toBe(true);
    await balance.waitFor();
    expect(await headerBalance(page)).not.toBeNull();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'game-slot-desktop.png'), fullPage: true });

    // The site's own balance follows on its next refresh; the betting record shows the round.
    const { table } = await bettingRecord(page, member.username);
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr').first().textContent()).toContain('Jade Fortune');
    // Profit and loss: the day's slot round as a chart and a table row.
    const center = page.getByRole('dialog', { name: 'Personal centre' });
    await center
      .getByRole('navigation', { name: 'Personal centre menu' })
      .getByRole('button', { name: 'Profit and loss' })
      .click();
    await center.getByRole('img', { name: 'Win or loss by day and category' }).waitFor();
    expect(
      await center.getByRole('table', { name: 'Profit and loss' }).locator('tbody tr').first().textContent(),
    ).toContain('Slots');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'member-profit-desktop.png') });
    await page.keyboard.press('Escape');
    const fair = await verifyOnFair(page, frame);
    await fair.screenshot({ path: path.join(SCREENSHOT_DIR, 'game-fair-desktop.png'), fullPage: true });
  });

  it('plays a roulette round with an inside and an outside bet, and verifies it', async () => {
    const member = await fundedMember();
    const page = await open(member.token);
    const frame = await openFromGrid(page, 'Jade Roulette');
    await frame.getByRole('button', { name: 'Straight up on 17' }).click();
    await frame.getByRole('button', { name: 'Red', exact: true }).click();
    await frame.getByRole('button', { name: 'Spin' }).click();
    await frame.locator('table.history tbody tr').first().waitFor();
    expect(await frame.locator('output.pocket').textContent()).toMatch(/^\d{1,2}$/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'game-roulette-desktop.png'), fullPage: true });
    await verifyOnFair(page, frame);
  });

  it('deals a baccarat coup with a banker bet, and verifies it', async () => {
    const member = await fundedMember();
    const page = await open(member.token);
    const frame = await openFromGrid(page, 'Jade Baccarat');
    await frame.getByRole('button', { name: /Banker 0.95:1/ }).click();
    await frame.getByRole('button', { name: 'Deal' }).click();
    await frame.locator('table.history tbody tr').first().waitFor();
    expect(await frame.locator('.hand .card').count()).toBeGreaterThanOrEqual(4);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'game-baccarat-desktop.png'), fullPage: true });
    await verifyOnFair(page, frame);
  });

  it('stars a favourite from a grid, and the home page shows it with the games played last', async () => {
    const member = await fundedMember();
    const page = await open(member.token);
    await page.goto(`${file.server.baseUrl}/rng?page=JADE_STUDIO`);
    const star = page.getByRole('button', { name: 'Add Jade Roulette to favourites' });
    await star.click();
    await page.getByRole('button', { name: 'Remove Jade Roulette from favourites' }).waitFor();
    expect(
      await page
        .getByRole('button', { name: 'Remove Jade Roulette from favourites' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await page
      .getByRole('article', { name: 'Jade Baccarat' })
      .getByRole('button', { name: 'Play Jade Baccarat' })
      .click();
    await page
      .frameLocator('iframe.game-frame__iframe')
      .getByRole('heading', { level: 1, name: 'Jade Baccarat' })
      .waitFor();
    await page.goto(`${file.server.baseUrl}/index`);
    const recent = page.getByRole('region', { name: 'Recently played' });
    await recent.getByRole('article', { name: 'Jade Baccarat' }).waitFor();
    const favourites = page.getByRole('region', { name: 'Your favourites' });
    await favourites.getByRole('article', { name: 'Jade Roulette' }).waitFor();
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'home-member-games-desktop.png'),
      fullPage: true,
    });
  });

  it('filters live tables by their §9 classification', async () => {
    await connectForBrowsing('AURORA_LIVE');
    const page = await open();
    await page.goto(`${file.server.baseUrl}/live?vendor=AURORA_LIVE`);
    const filter = page.getByRole('group', { name: 'Table type' });
    await filter.getByRole('button', { name: 'ROU' }).click();
    await page.getByRole('article', { name: 'Auto Roulette' }).waitFor();
    await expect.poll(() => page.locator('.category-page .game-card').count()).toBe(2);
    expect(await page.getByRole('article', { name: 'European Roulette' }).count()).toBe(1);
    await filter.getByRole('button', { name: 'All tables' }).click();
    await expect.poll(() => page.locator('.category-page .game-card').count()).toBeGreaterThan(2);
  });

  it("opens a vendor hall entry as a popup of the vendor's games", async () => {
    await connectForBrowsing('LUCKY_PANDA');
    const page = await open();
    await page.goto(`${file.server.baseUrl}/rng?page=LUCKY_PANDA`);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page
      .getByRole('article', { name: 'Lucky Panda Game Hall' })
      .getByRole('button', { name: 'Play Lucky Panda Game Hall' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Lucky Panda Game Hall' });
    await dialog.locator('.game-grid li').first().waitFor();
    // The list renders in steps: the count is read once it has settled.
    await expect.poll(() => dialog.locator('.game-grid li').count()).toBe(32);
    expect(await dialog.getByRole('article', { name: 'Lucky Panda Game Hall' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('asks a visitor to log in before playing for real', async () => {
    const page = await open();
    file.watch.expect('/wps/game/launchGame', 401);
    await page.goto(`${file.server.baseUrl}/game?vassalage=JADE_STUDIO&gameId=JADE_FORTUNE`);
    const alert = page.getByRole('alert');
    await alert.getByText('You are not logged in, please login').waitFor();
    expect(await alert.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });
});

describe('playing a transfer-wallet game', () => {
  let vendor: ChildProcess | undefined;
  let vendorUrl = '';
  beforeAll(async () => {
    vendor = spawn(process.execPath, [path.join(repoRoot, 'scripts/dev-vendor.mjs')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = (await once(vendor.stdout!, 'data')) as [Buffer];
    vendorUrl = `http://127.0.0.1:${/listening (\d+)/.exec(line.toString())![1]}`;
    await file.server.runCli(['vendor-wallet', 'api', 'GOLDEN_REELS', vendorUrl, '3000']);
    await file.server.runCli(['vendor-wallet', 'api', 'KINGDOM_CARDS', vendorUrl, '3000']);
    // The frame's Content-Security-Policy takes in new vendor origins within 10 seconds.
    for (let i = 0; ; i++) {
      const policy =
        (await fetch(`${file.server.baseUrl}/game`)).headers.get('content-security-policy') ?? '';
      if (policy.includes(vendorUrl)) break;
      if (i > 30) throw new Error(`the game frame's policy never allowed ${vendorUrl}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 30_000);
  afterAll(() => {
    vendor?.kill('SIGTERM');
  });

  it("asks what to move into the provider's wallet, moves it, plays, and opens in a window of its own", async () => {
    const member = await fundedMember();
    const page = await open(member.token);
    await page.goto(`${file.server.baseUrl}/rng?page=GOLDEN_REELS`);
    await page
      .getByRole('article', { name: 'Fortune Dragon' })
      .getByRole('button', { name: 'Play Fortune Dragon' })
      .click();
    const form = page.getByRole('form', { name: 'Move money to Golden Reels' });
    await form.waitFor();
    expect(await form.getByRole('textbox', { name: /Amount to move/ }).inputValue()).toBe('100,000');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'game-transfer-desktop.png'), fullPage: true });
    await form.getByRole('textbox', { name: /Amount to move/ }).fill('250');
    await form.getByRole('button', { name: 'Transfer and play' }).click();

    const frame = page.frameLocator('iframe.game-frame__iframe');
    await frame.getByRole('heading', { level: 1, name: 'GOLDEN-fortune-dragon' }).waitFor();
    await expect.poll(() => frame.locator('output#balance').textContent()).toBe('250.00');
    await frame.getByRole('button', { name: 'Spin 1.00' }).click();
    await expect.poll(() => frame.locator('output#balance').textContent()).not.toBe('250.00');
    const wallets = await apiCall(file.server.baseUrl, 'GET', '/wps/v2/wallets/balance', undefined, {
      token: member.token,
    });
    const main = (wallets.value.wallets as { wallet: string; balance: number }[]).find(
      (w) => w.wallet === 'MAIN',
    );
    expect(main?.balance).toBe(10_000_000 - 25_000);

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Open in new window' }).click(),
    ]);
    await popup.waitForURL(/\/play\/GOLDEN-fortune-dragon\?session=/);
    await popup.getByRole('heading', { level: 1, name: 'GOLDEN-fortune-dragon' }).waitFor();
    await popup.close();
  });

  it('picks a room of a PVP card game on /pvp, then plays in it', async () => {
    const member = await fundedMember();
    const page = await open(member.token);
    await page.goto(`${file.server.baseUrl}/pvp?vendor=KINGDOM_CARDS`);
    await page
      .getByRole('article', { name: 'Southern Tien Len' })
      .getByRole('button', { name: 'Play Southern Tien Len' })
      .click();
    const rooms = page.getByRole('region', { name: 'Choose a room' });
    await rooms.waitFor();
    expect(await rooms.getByRole('listitem').count()).toBe(3);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'game-rooms-desktop.png'), fullPage: true });
    await rooms.getByRole('button', { name: 'Join Novice room' }).click();
    await page.waitForURL(/roomId=novice/);
    const form = page.getByRole('form', { name: 'Move money to Kingdom Cards' });
    await form.getByRole('button', { name: 'Transfer and play' }).click();
    const frame = page.frameLocator('iframe.game-frame__iframe');
    await frame.getByRole('heading', { level: 1, name: 'TIENLEN' }).waitFor();
    expect(await page.locator('iframe.game-frame__iframe').getAttribute('src')).toMatch(/room=novice/);
  });

  it('says so when the browser blocks the new window', async () => {
    const member = await fundedMember();
    const page = await open(member.token);
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto(`${file.server.baseUrl}/game?vassalage=JADE_STUDIO&gameId=JADE_FORTUNE`);
    await page.frameLocator('iframe.game-frame__iframe').getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Open in new window' }).click();
    await page.getByRole('alert').getByText('Popup blocked. Please allow popups and try again.').waitFor();
  });
});
