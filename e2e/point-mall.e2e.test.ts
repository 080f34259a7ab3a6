import { describe, expect, it } from 'vitest';
import { useMemberBrowserFile } from './support/harness';
import { registerFundedMember } from './support/members';

/**
 * Issue 22 item 5: points earned by betting, redeemed in the points mall, approved by an operator,
 * and converted to balance (decision 0046), on a phone.
 */
const e2e = useMemberBrowserFile(async () => {
  // The demo's rewards cost what their points convert to (a voucher is 5,000,000 points): one spin
  // earns a few hundred, so the test adds a reward of its own within reach.
  await e2e.server.runCli(['points', 'reward-add', '500', '50', 'Lucky', 'ticket']);
});

describe('the points mall', () => {
  it('earns points from a spin, redeems a reward In Process until approved, converts points to balance', async () => {
    const member = await registerFundedMember(e2e.server, 'points');
    // Motion on and Playwright's own timeout, as this test was written: the spin plays as most members see it.
    const page = await e2e.newPage(member.token, { reducedMotion: false, timeout: 30_000 });

    // A spin on the studio's slot settles through the seamless wallet: slots earn 1.20 a unit.
    await page.goto(`${e2e.server.baseUrl}/game?vassalage=JADE_STUDIO&gameId=JADE_FORTUNE`);
    const frame = page.frameLocator('iframe.game-frame__iframe');
    const spin = frame.getByRole('button', { name: 'Spin' });
    await spin.waitFor();
    await spin.click();
    await frame.locator('table.history tbody tr[data-round]').first().waitFor();

    await page.goto(`${e2e.server.baseUrl}/pointMall`);
    const points = page.getByTestId('point-balance');
    await expect.poll(() => points.textContent(), { timeout: 10_000 }).toMatch(/^[1-9][\d,]*\.\d\d$/);
    const earned = Number((await points.textContent())!.replace(/,/g, ''));

    // Redeem the reward of 500 points: confirmation, then the payment password.
    const reward = page.locator('.point-mall__reward', { hasText: 'Lucky ticket' });
    await reward.getByRole('button', { name: 'Redeem' }).click();
    const redeemForm = page.getByRole('form', { name: 'Redeem' });
    await redeemForm.getByLabel('Payment password').fill('246810');
    await redeemForm.getByRole('button', { name: 'Redeem' }).click();
    await page.locator('[data-modal-confirm]').click();
    await redeemForm.getByRole('status').waitFor();
    await expect
      .poll(() => points.textContent())
      .toBe((earned - 500).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ','));
    const history = page.locator('.point-mall__history li').first();
    await expect.poll(() => history.getAttribute('data-status')).toBe('IN_PROCESS');
    expect(await history.textContent()).toContain('In Process');

    // The operator approves it from the queue (the CLI), and the member sees it Approved.
    const queue = await e2e.server.runCli(['points', 'queue']);
    const id = /^(\d+)\t/m.exec(queue)?.[1];
    expect(id, queue).toBeDefined();
    expect(await e2e.server.runCli(['points', 'approve', id!])).toContain('APPROVED');
    await page.reload();
    await expect
      .poll(() => page.locator('.point-mall__history li').first().getAttribute('data-status'))
      .toBe('APPROVED');
    expect(await page.locator('.point-mall__history li').first().textContent()).toContain('Approved');

    // Convert 100 points (₫1 at the demo's rate): the header balance follows.
    const header = page.getByTestId('header-balance');
    await header.waitFor();
    const before = await header.textContent();
    const convertForm = page.getByRole('form', { name: 'Convert' });
    await convertForm.getByLabel('Points to convert').fill('100');
    await convertForm.getByLabel('Payment password').fill('246810');
    await convertForm.getByRole('button', { name: 'Convert' }).click();
    await page.locator('[data-modal-confirm]').click();
    await convertForm.getByRole('status').waitFor();
    await expect.poll(() => header.textContent(), { timeout: 10_000 }).not.toBe(before);
    // Nothing on the page scrolls sideways on a phone.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
    ).toBe(false);
  });
});
