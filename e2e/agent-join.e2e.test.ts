import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { PageWatch } from './support/harness';
import { allowTestMembers, apiCall, passEveryHumanCheck, registerMember } from './support/members';
import { startServer, type TestServer } from './support/server';
import { addSession } from './support/session';

/**
 * Issue 21 (decision 0042): a logged-in member applies on /join without a second sign-up form; an
 * operator approves it (CLI); the member, now an agent, opens registerCenter, sees its link and QR
 * code, and registers a downline that lands under it.
 */
let server: TestServer;
let browser: Browser;
let stopVerifier: (() => Promise<void>) | undefined;
const contexts: BrowserContext[] = [];
const watch = new PageWatch(() => server.baseUrl);

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  stopVerifier = await passEveryHumanCheck(server);
  await allowTestMembers(server);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stopVerifier?.();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  expect(watch.take()).toEqual([]);
});

const open = async (token: string): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  await context.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'EN');
  });
  await addSession(context, { token, isAgent: 0 });
  return watch.watch(await context.newPage());
};

describe('joining as an agent', () => {
  it('a member applies on /join, is approved, and registers a downline from registerCenter', async () => {
    const member = await registerMember({
      baseUrl: server.baseUrl,
      usernamePrefix: 'joiner',
      mobilePrefix: '94',
      password: 'secret123',
      paymentPassword: '246810',
      login: true,
    });
    const page = await open(member.token!);
    await page.goto(`${server.baseUrl}/join`);
    const application = page.getByTestId('join-application');
    await application.getByRole('button', { name: 'Apply to become an agent' }).click();
    await expect.poll(() => application.getAttribute('data-state')).toBe('PENDING');
    // No sign-up form for a member already logged in.
    expect(await page.getByRole('button', { name: 'Register now' }).count()).toBe(0);

    const listed = await server.runCli(['agents', 'applications']);
    const id = listed
      .split('\n')
      .find((line) => line.includes(member.username))!
      .split('\t')[0]!;
    expect(await server.runCli(['agents', 'approve', id])).toContain('APPROVED');

    await page.reload();
    await expect.poll(() => application.getAttribute('data-state')).toBe('AGENT');
    await page.getByRole('button', { name: 'Agent centre' }).click();
    const center = page.getByRole('dialog', { name: 'Agent centre' });
    await center
      .getByRole('navigation', { name: 'Agent centre menu' })
      .getByRole('button', { name: 'Register a member' })
      .click();
    const link = center.getByTestId('invite-link').first();
    const code = (await center.getByTestId('invite-code').first().textContent())!;
    expect(await link.textContent()).toBe(`${server.baseUrl}/register?affiliateCode=${code}`);
    await expect.poll(() => center.getByRole('img', { name: 'QR code of the sign-up link' }).count()).toBe(1);

    const form = center.locator('form');
    await form.getByLabel('Username').fill('downline21');
    await form.getByLabel('Password', { exact: true }).fill('secret123');
    await form.getByLabel('Confirm password').fill('secret123');
    await form.getByLabel('Mobile number').fill('0955000021');
    await form.getByLabel('Payment password').fill('246810');
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await center.getByText('downline21 is registered in your team').waitFor();
    await center.getByRole('cell', { name: 'downline21' }).waitFor();

    // The downline is under the new agent: it logs in and sees its upline.
    const login = await apiCall(
      server.baseUrl,
      'POST',
      '/wps/session/login',
      { username: 'downline21', password: 'secret123' },
      { sealed: true },
    );
    expect(login.success, JSON.stringify(login)).toBe(true);
    const info = await apiCall(server.baseUrl, 'GET', '/wps/member/info', undefined, {
      token: login.value.token as string,
    });
    expect(info.value.toUpline).toBe(member.username);
  });
});
