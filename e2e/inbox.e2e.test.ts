import { describe, expect, it } from 'vitest';
import { useMemberBrowserFile } from './support/harness';
import { apiCall, registerMember } from './support/members';

/**
 * Issue 22 item 6: the member's inbox (messageV2, decision 0047). An operator's message raises the
 * header's unread badge on the open page without a reload (the member's live stream); reading it in
 * the inbox brings the badge down.
 */
const OPERATOR = { username: 'inbox-admin', password: 'correct horse battery staple' };

let operatorToken: string;
const e2e = useMemberBrowserFile(async () => {
  await e2e.server.runCli(['operator', 'create', OPERATOR.username, '--role', 'ADMIN'], {
    env: { JADE_OPERATOR_PASSWORD: OPERATOR.password },
  });
  const login = await apiCall(e2e.server.baseUrl, 'POST', '/api/operator/login', OPERATOR);
  expect(login.success, JSON.stringify(login)).toBe(true);
  operatorToken = login.value.token;
});

describe('the inbox (issue 22 item 6)', () => {
  it('receive a message and watch the unread count drop on reading', async () => {
    const member = await registerMember({
      baseUrl: e2e.server.baseUrl,
      usernamePrefix: 'inbox',
      mobilePrefix: '96',
      password: 'secret123',
      paymentPassword: '246810',
      login: true,
    });
    const page = await e2e.newPage(member.token as string);
    let loads = 0;
    page.on('load', () => loads++);
    const stream = page.waitForRequest((request) => new URL(request.url()).pathname === '/wps/member/events');
    await page.goto(`${e2e.server.baseUrl}/index`);
    const entry = page.getByTestId('header-messages');
    await entry.waitFor();
    await stream;
    expect(await page.getByTestId('unread-count').count()).toBe(0);

    // The operator writes; the open page's badge shows it, without a reload.
    const sent = await apiCall(
      e2e.server.baseUrl,
      'POST',
      '/api/operator/messages/personal',
      { account: member.username, title: 'A note from the team', content: 'Your VIP manager will call you.' },
      { token: operatorToken },
    );
    expect(sent.success, JSON.stringify(sent)).toBe(true);
    const badge = page.getByTestId('unread-count');
    await expect.poll(() => badge.textContent(), { timeout: 5_000 }).toContain('1');
    expect(loads).toBe(1);

    // The header entry opens the inbox; opening the message reads it and the badge goes.
    await entry.click();
    const center = page.getByRole('dialog', { name: 'Personal centre' });
    const inbox = center.getByRole('region', { name: 'Platform information' });
    await inbox.getByTestId('inbox-unread').getByText('Unread: 1').waitFor();
    await inbox.getByRole('button', { name: /A note from the team/ }).click();
    await inbox.getByText('Your VIP manager will call you.').waitFor();
    await badge.waitFor({ state: 'detached', timeout: 5_000 });
    await inbox.getByTestId('inbox-unread').getByText('Unread: 0').waitFor();
    // The inbox fits a 375 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }, 60_000);

  it('shows the announcements by type once after a login, not again on a reload', async () => {
    const member = await registerMember({
      baseUrl: e2e.server.baseUrl,
      usernamePrefix: 'popup',
      mobilePrefix: '97',
      password: 'secret123',
      paymentPassword: '246810',
      login: true,
    });
    // The first login is behind the member (it is welcomed instead of the popup).
    const first = await apiCall(e2e.server.baseUrl, 'POST', '/wps/member/firstLogin', undefined, {
      token: member.token as string,
    });
    expect(first.success, JSON.stringify(first)).toBe(true);
    // A visitor's page: the member logs in through the form.
    const page = await e2e.newPage(null, { viewport: { width: 1366, height: 900 } });
    await page.goto(`${e2e.server.baseUrl}/index`);
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByRole('textbox', { name: 'Username' }).fill(member.username);
    await form.getByPlaceholder('Password').fill(member.password);
    await form.getByRole('button', { name: 'Log in' }).click();
    const popup = page.getByRole('dialog', { name: 'Announcements' });
    // The demo brand's notices, a tab per type in the order B, PL, PU, PR, H.
    const tabs = popup.getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toEqual([
      'General',
      'Account',
      'Service',
      'Promotions',
      "What's new",
    ]);
    await popup.getByRole('tab', { name: 'Promotions' }).click();
    await popup.getByRole('tabpanel').getByRole('heading', { name: 'First deposit bonus 100%' }).waitFor();
    await popup.getByRole('button', { name: 'Close', exact: true }).last().click();
    await popup.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('header-messages').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  }, 60_000);
});
