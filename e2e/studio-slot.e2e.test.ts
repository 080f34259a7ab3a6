import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useMemberBrowserFile } from './support/harness';
import { registerFundedMember } from './support/members';
import { repoRoot } from './support/server';

/**
 * Issue 20 item 2: Jade Fortune is a finished game on a phone. Launched from the Vietnamese site, it
 * speaks Vietnamese, shows VND without decimals, keeps all five reels on a 375 px screen, and a spin
 * moves the site's own header balance without a reload.
 */
const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots');
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1366, height: 900 };

const file = useMemberBrowserFile(async () => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
});

describe('Jade Fortune on a phone, in Vietnamese', () => {
  it('speaks Vietnamese, shows VND without decimals, fits 375 px, and the header balance follows a spin', async () => {
    const member = await registerFundedMember(file.server);
    // Motion on and Playwright's own timeout, as this test was written; the site in Vietnamese.
    const page = await file.newPage(member.token, {
      viewport: PHONE,
      reducedMotion: false,
      timeout: 30_000,
      language: 'TY',
    });
    await page.goto(`${file.server.baseUrl}/game?vassalage=JADE_STUDIO&gameId=JADE_FORTUNE`);
    const frame = page.frameLocator('iframe.game-frame__iframe');
    await frame.getByRole('heading', { level: 1, name: 'Jade Fortune' }).waitFor();

    // Vietnamese, the language the site launched the game in; the brand's VND in whole dong.
    expect(await frame.locator('html').getAttribute('lang')).toBe('vi');
    const spin = frame.getByRole('button', { name: 'Quay' });
    await spin.waitFor();
    await frame.getByRole('heading', { name: 'Lượt chơi của bạn: Jade Fortune' }).waitFor();
    expect(await frame.locator('output.balance').textContent()).toMatch(/^100\.000\s₫$/);
    expect(await frame.locator('output.total-bet').textContent()).toMatch(/^\d{1,3}(\.\d{3})*\s₫$/);

    // All five reels inside the phone's screen, and nothing scrolls sideways (the site or the game).
    const reels = frame.locator('.reel');
    expect(await reels.count()).toBe(5);
    for (let i = 0; i < 5; i++) {
      const box = (await reels.nth(i).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    const scrollsSideways = () => document.documentElement.scrollWidth > document.documentElement.clientWidth;
    expect(await page.evaluate(scrollsSideways)).toBe(false);
    const game = page.frames().find((f) => f.url().includes('/game/slot'))!;
    expect(await game.evaluate(scrollsSideways)).toBe(false);

    const header = page.getByTestId('header-balance');
    await header.waitFor();
    const before = await header.textContent();
    await spin.click();
    await frame.locator('table.history tbody tr[data-round]').first().waitFor();
    expect(await frame.locator('table.history tbody tr[data-round]').count()).toBe(1);
    // The site's header follows the game's balance, without a reload, to what the game shows. A round
    // that paid back exactly its stake leaves both as they were.
    const round = frame.locator('table.history tbody tr[data-round]').first().locator('td');
    const [stake, payout] = [await round.nth(3).textContent(), await round.nth(4).textContent()];
    const gameBalance = frame.locator('output.balance');
    const spaced = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');
    await expect
      .poll(
        async () => {
          const shown = await header.textContent();
          return (
            (stake === payout || shown !== before) &&
            spaced(shown) === spaced(await gameBalance.textContent())
          );
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await gameBalance.textContent()).toMatch(/^[\d.]+\s₫$/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'studio-slot-phone.png') });

    // The round's Verify link opens the fairness page in the same language (its own tab keeps none).
    const href = await frame.locator('table.history tbody tr[data-round] a').first().getAttribute('href');
    expect(href).toContain('lang=vi');
    const fair = file.watch.watch(await page.context().newPage());
    await fair.goto(new URL(href!, game.url()).toString());
    await fair.getByRole('heading', { level: 1, name: 'Công bằng có thể chứng minh' }).waitFor();
    expect(await fair.getByRole('button', { name: 'Kiểm tra' }).count()).toBe(1);
    expect(await fair.locator('html').getAttribute('lang')).toBe('vi');
    await fair.close();

    await page.setViewportSize(DESKTOP);
    // The game lays itself out again at the new width, and paints it, before the picture is taken.
    await expect
      .poll(async () => (await frame.locator('.cabinet').boundingBox())?.width ?? 0)
      .toBeGreaterThan(500);
    const painted = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await game.evaluate(painted);
    await page.evaluate(painted);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'studio-slot-desktop.png') });
  });
});
