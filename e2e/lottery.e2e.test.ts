import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isZodChunk, watchScripts } from './support/browser';
import { useMemberBrowserFile } from './support/harness';
import { registerFundedMember } from './support/members';
import { repoRoot } from './support/server';

/**
 * The lottery lobby on the real server, its lottery job and Chromium: a member bets on a fast draw,
 * the draw arrives by Server-Sent Events, and the result, the bet's win or loss and the balance show
 * without a reload; the draw's fairness proof checks out in the browser.
 */
const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots');
const DESKTOP = { width: 1366, height: 900 };

const file = useMemberBrowserFile(async () => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
});

/** A member's page (a visitor's without a token), on a desktop; motion on and Playwright's own timeout, as these tests were written. */
/** The latest result and the history are built when scrolled near (decision 0091): scroll down to them. */
const scrollToResults = async (page: Page) => {
  await page.getByRole('button', { name: 'Place bet' }).waitFor();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
};

const open = (token?: string): Promise<Page> =>
  file.newPage(token ?? null, { viewport: DESKTOP, reducedMotion: false, timeout: 30_000 });

/** "₫1,234" (whole dong, issue 20) as minor units of the demo's exponent 2. */
const minorOf = (text: string | null) => Number((text ?? '').replace(/\D/g, '')) * 100;

/** Seconds left on the countdown to the close ("00:42"). */
const secondsToClose = async (page: Page) => {
  const [m = 0, s = 0] = ((await page.getByTestId('closes-in').textContent()) ?? '').split(':').map(Number);
  return m * 60 + s;
};

describe('lottery lobby', () => {
  it('places a bet on a fast draw, then shows its result, the win or loss and the balance as the draw happens', async () => {
    const member = await registerFundedMember(file.server, 'lotto', '94');
    const page = await open(member.token);
    await page.goto(`${file.server.baseUrl}/elott?gameCode=FAST_VN_45S`);
    await page.getByRole('heading', { level: 2, name: 'VN Fast 45 Seconds' }).waitFor();
    await page.getByText('Prize mode: E-lottery', { exact: true }).waitFor();
    await page.getByTestId('closes-in').waitFor();
    const balance = page.getByTestId('header-balance');
    await expect.poll(async () => minorOf(await balance.textContent())).toBe(10_000_000);
    // Too close to the close to confirm in time: the stream brings the next draw.
    if ((await secondsToClose(page)) < 12) {
      await expect.poll(() => secondsToClose(page), { timeout: 30_000 }).toBeGreaterThan(12);
    }
    const numero = ((await page.locator('.draw-clock__numero').textContent()) ?? '').replace('Draw ', '');

    await page.getByRole('radio', { name: 'Đề (special)' }).click();
    await page.getByRole('button', { name: 'Even', exact: true }).click();
    await page.getByRole('button', { name: '01', exact: true }).click();
    await page.getByRole('button', { name: '00', exact: true }).click(); // unpicks 00
    await page.getByLabel('Stake per point').fill('1,000');
    // 50 numbers (49 even without 00, and 01) at the demo's minimum ₫1,000 each, one position each.
    expect(await page.getByTestId('slip-total').textContent()).toBe('₫50,000');
    const chosen = ((await page.getByTestId('slip-numbers').textContent()) ?? '').split(' ');
    expect(chosen).toHaveLength(50);
    await page.getByRole('button', { name: 'Place bet' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm your bet' });
    await dialog.locator('[data-modal-confirm]').waitFor();
    expect(await dialog.textContent()).toContain(`for draw ${numero}: ₫50,000`);
    await dialog.locator('[data-modal-confirm]').click();
    await page.getByText(`Bet placed on draw ${numero}.`).waitFor();
    await expect.poll(async () => minorOf(await balance.textContent())).toBe(5_000_000);
    const row = page.locator('table.lotto-bets tbody tr').first();
    await expect.poll(() => row.textContent()).toContain('Open');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'lottery-bet-placed.png'), fullPage: true });

    // The draw happens on the server's clock; the lobby hears of it and shows it.
    await scrollToResults(page);
    await page
      .getByRole('heading', { level: 3, name: `Latest result · Draw ${numero}` })
      .waitFor({ timeout: 90_000 });
    const special = (await page
      .locator('.result-board__row--special .result-board__number')
      .first()
      .textContent())!;
    const isWin = chosen.includes(special.slice(-2));
    // Đề pays 97.50 per point: ₫1,000 × 97.50 = ₫97,500.
    const payout = isWin ? 97_500_00 : 0;
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain(isWin ? 'Won' : 'Lost');
    expect(await row.textContent()).toContain(isWin ? '₫97,500' : '₫0');
    // The note of the bet leaves with its draw.
    expect(await page.getByText(`Bet placed on draw ${numero}.`).count()).toBe(0);
    await expect
      .poll(async () => minorOf(await balance.textContent()), { timeout: 20_000 })
      .toBe(5_000_000 + payout);

    // The fairness proof checks the seed and the whole result in this browser.
    await page.getByText('Fairness proof').first().click();
    await page.getByRole('button', { name: 'Verify in this browser' }).first().click();
    await page.getByText('Verified: the seed matches its hash and gives exactly this result.').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'lottery-result.png'), fullPage: true });
  }, 180_000);

  it('takes 4D numbers typed in on /seaLottery, asks a visitor to log in, and shows a game not drawn here as such', async () => {
    const page = await open();
    await page.goto(`${file.server.baseUrl}/seaLottery?gameCode=SEA_MAGNUM`);
    await page.getByRole('radio', { name: '4D Big' }).waitFor();
    await page.getByText('Big returns 96% and Small 97%', { exact: false }).waitFor();
    await page.getByText('Prize mode: Southeast Asian lottery', { exact: true }).waitFor();
    await page.getByLabel('Type a 4-digit number').fill('1234');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('radio', { name: 'Big box' }).click();
    await page.getByLabel('Type a 4-digit number').fill('1123');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    // Box stakes each ordering: 24 for 1234, 12 for 1123, at the demo's minimum ₫1,000.
    expect(await page.getByTestId('slip-total').textContent()).toBe('₫36,000');
    await page.getByRole('button', { name: 'Place bet' }).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();

    await page.goto(`${file.server.baseUrl}/elott?gameCode=KENO_1M`);
    await page.getByText('This game does not take bets on this site yet.').waitFor();
  }, 60_000);

  it("shows the North's last draw as its latest result, on the home page and in the lobby, labelled as the fair draw", async () => {
    // The bundled history ends on 2026-08-22; the lottery job completes every draw since with the
    // fair draw (issue 20 item 5), so the latest result is today's 18:15 draw or yesterday's, in Hà Nội.
    const hanoiDate = (ms: number) =>
      new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
    const days = `(${hanoiDate(Date.now())}|${hanoiDate(Date.now() - 86_400_000)})`;
    const lastDraw = new RegExp(`^Draw ${days}$`);
    // The job's first run comes a few seconds after the start: the page is loaded once it has run.
    const latestNumero = async () => {
      const response = await fetch(
        `${file.server.baseUrl}/lotto/lgw/games/results/recent?gameCode=VN_HN&count=1`,
      );
      return ((await response.json()) as { value: { numero: string }[] }).value[0]?.numero;
    };
    await expect.poll(latestNumero, { timeout: 20_000 }).toMatch(new RegExp(`^${days}$`));
    const page = await open();
    await page.goto(`${file.server.baseUrl}/index`);
    await page.getByRole('heading', { level: 2, name: 'Hot games' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const hanoi = page.getByRole('article', { name: 'Hanoi Lottery' });
    await hanoi.getByText(lastDraw).waitFor();
    expect(await hanoi.locator('.latest-results__top').textContent()).toMatch(/^\d{5}$/);
    expect(await hanoi.getByTestId('latest-source').textContent()).toBe(
      'Fair draw result (demo), not the official result',
    );
    await hanoi.getByRole('link', { name: 'Bet now' }).click();
    await page.waitForURL(/\/vnlottery\?gameCode=VN_HN/);
    await scrollToResults(page);
    const latest = page.getByRole('region', { name: /Latest result/ });
    await latest
      .getByRole('heading', { level: 3, name: new RegExp(`^Latest result · Draw ${days}$`) })
      .waitFor();
    expect(await latest.getByTestId('result-source').textContent()).toBe(
      'Fair draw result (demo), not the official result',
    );
    await latest.screenshot({ path: path.join(SCREENSHOT_DIR, 'lottery-north-latest.png') });
  }, 60_000);
});

describe("the lobby's scripts", () => {
  it('loads no schema library on /vnlottery: the lobby reads its rules, draw and statistics without zod', async () => {
    const page = await open();
    const scripts = watchScripts(page);
    await page.goto(`${file.server.baseUrl}/vnlottery`);
    await page.getByRole('button', { name: 'Place bet' }).waitFor();
    // The bet slip's reads have answered: each lô's hits show in the grid.
    await page.locator('.number-cell small').first().waitFor();
    expect(scripts.length).toBeGreaterThan(5);
    // zod's chunk (apps/web/vite.config.ts) is about 25 KB gzipped and 150 ms of a throttled phone's
    // script time; a static import of a contracts schema module from the lobby brings it back
    // (decision 0092: the lobby's reads are trusted, the money actions load their schemas on demand).
    expect(scripts.filter(isZodChunk)).toEqual([]);
  }, 60_000);

  it("takes the brand and status calls the HTML announced over, once each, a visitor's and a member's", async () => {
    const member = await registerFundedMember(file.server, 'bootcalls', '96');
    for (const token of [undefined, member.token]) {
      const page = await open(token);
      await page.goto(`${file.server.baseUrl}/vnlottery`);
      await page.getByRole('button', { name: 'Place bet' }).waitFor();
      // Decision 0093: started by the HTML's Link header (a preload), not once the scripts have run; a
      // fetch that did not match the preload would show as a second entry.
      const calls = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => /\/wps\/system\/(whitelabel|status)\b/.test(entry.name))
          .map(
            (entry) =>
              `${(entry as PerformanceResourceTiming).initiatorType} ${new URL(entry.name).pathname}`,
          )
          .sort(),
      );
      expect(calls, token ? 'member' : 'visitor').toEqual([
        'link /wps/system/status',
        'link /wps/system/whitelabel',
      ]);
      await page.close();
    }
  }, 60_000);
});
