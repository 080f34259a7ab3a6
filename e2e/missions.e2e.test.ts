import { describe, expect, it } from 'vitest';
import { useMemberBrowserFile } from './support/harness';
import { registerMember } from './support/members';

/**
 * Issue 22 item 4: missions (decision 0052). A new member's check-in (the demo's daily login mission)
 * is complete: the personal centre's missionLeaderboard item shows a badge of 1; the panel shows the
 * missions with their progress in the brand's money, claiming pays and the badge goes, and the weekly
 * board lists the member, masked.
 */
const e2e = useMemberBrowserFile();

describe('missions (issue 22 item 4)', () => {
  it('shows the badge, the progress and the board, and claims a completed mission once', async () => {
    const member = await registerMember({
      baseUrl: e2e.server.baseUrl,
      usernamePrefix: 'mission',
      mobilePrefix: '97',
      password: 'secret123',
      paymentPassword: '246810',
      login: true,
    });
    const page = await e2e.newPage(member.token as string);
    await page.goto(`${e2e.server.baseUrl}/index`);
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('button', { name: member.username })
      .click();
    const center = page.getByRole('dialog', { name: 'Personal centre' });
    const item = center
      .getByRole('navigation', { name: 'Personal centre menu' })
      .locator('[data-item="missionLeaderboard"]');
    await item.locator('.badge').getByText('1', { exact: true }).waitFor();
    await item.click();
    const panel = center.getByRole('region', { name: 'Mission activity', exact: true });

    const deposit = panel.locator('[data-mission="DAILY_DEPOSIT"]');
    await deposit.getByText('Deposit ₫500,000').waitFor();
    await deposit.getByTestId('mission-progress').getByText('₫0 / ₫500,000').waitFor();
    expect(await deposit.getByRole('button', { name: 'Claim' }).count()).toBe(0);

    const checkIn = panel.locator('[data-mission="DAILY_LOGIN"]');
    await checkIn.getByText('Reward: 5 points').waitFor();
    await checkIn.getByRole('button', { name: 'Claim' }).click();
    await checkIn.getByText('Claimed', { exact: true }).waitFor();
    await expect.poll(() => item.locator('.badge').count()).toBe(0);

    const masked = `${member.username.slice(0, 2)}***${member.username.slice(-2)}`;
    await panel
      .getByRole('region', { name: "This week's mission leaders" })
      .getByRole('cell', { name: masked })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }, 60_000);
});
