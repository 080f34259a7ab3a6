import { describe, expect, it } from 'vitest';
import { useMemberBrowserFile } from './support/harness';
import { registerFundedMember } from './support/members';

/**
 * Issue 22 item 2: a spin earns a slots rebate the member claims in the personal centre's Cashback
 * (manualRebate, MANPLAYREB3 on in the demo), with a confirmation, and then finds in its history
 * (decision 0051), on a phone.
 */
const e2e = useMemberBrowserFile(async () => {
  // 10 % on slots at rank 0, so one spin's stake earns a rebate above the rounding.
  await e2e.server.runCli(['engagement', 'rebate-rate', 'RNG', '0', '1000', '--merchant', 'DEMO']);
});

describe('manualRebate', () => {
  it('shows the slots rebate a spin earned, claims it once after a confirmation, and lists it', async () => {
    const member = await registerFundedMember(e2e.server, 'rebate');
    // Motion on and Playwright's own timeout, as this test was written: the spin plays as most members see it.
    const page = await e2e.newPage(member.token, { reducedMotion: false, timeout: 30_000 });

    await page.goto(`${e2e.server.baseUrl}/game?vassalage=JADE_STUDIO&gameId=JADE_FORTUNE`);
    const frame = page.frameLocator('iframe.game-frame__iframe');
    const spin = frame.getByRole('button', { name: 'Spin' });
    await spin.waitFor();
    await spin.click();
    await frame.locator('table.history tbody tr[data-round]').first().waitFor();

    await page.goto(`${e2e.server.baseUrl}/index`);
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('button', { name: member.username })
      .click();
    const center = page.getByRole('dialog', { name: 'Personal centre' });
    await center
      .getByRole('navigation', { name: 'Personal centre menu' })
      .getByRole('button', { name: 'Cashback', exact: true })
      .click();
    const panel = center.getByRole('region', { name: 'Cashback', exact: true });
    const slots = panel.locator('tr[data-category="RNG"]');
    const amount = slots.getByTestId('rebate-amount-RNG');
    await expect.poll(() => amount.textContent(), { timeout: 10_000 }).toMatch(/^₫[1-9]/);
    const claimed = (await amount.textContent())!;
    expect(await slots.textContent()).toContain('10.00%');

    await slots.getByRole('button', { name: 'Claim' }).click();
    await slots.getByText(`Claim a rebate of ${claimed} now?`).waitFor();
    await slots.getByRole('button', { name: 'Confirm' }).click();
    await panel.getByRole('status').getByText(`${claimed} was credited to your wallet.`).waitFor();
    await expect.poll(() => amount.textContent()).toBe('₫0');
    const history = panel.locator('[data-rebate]').first();
    await history.waitFor();
    expect(await history.textContent()).toContain(claimed);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
    ).toBe(false);
  }, 60_000);
});
