import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { PageWatch } from './support/harness';
import { allowTestMembers, apiCall, passEveryHumanCheck, registerMember } from './support/members';
import { repoRoot, startServer, type TestServer } from './support/server';
import { addSession } from './support/session';

/**
 * Issue 20 item 3 in the real app: a Vietnamese member of the demo brand (VND) reads every amount
 * the Vietnamese way, without decimals and the same everywhere (the header, the withdrawal page, the
 * lottery slip), and the withdrawal form holds the demo's ₫100,000 minimum with a clear message.
 */
const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots');
const DESKTOP = { width: 1366, height: 900 };
const PAYEE = 'Tran Thi Mai';
/** Intl writes a no-break space between the number and ₫ in Vietnamese. */
const dong = (text: string) => `${text}\u00a0₫`;

let server: TestServer;
let browser: Browser;
let stopVerifier: (() => Promise<void>) | undefined;
const contexts: BrowserContext[] = [];
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

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  expect(watch.take()).toEqual([]);
});

/** A member holding ₫2,000,000 (deposited and approved) with a bank account bound. */
async function memberWithMoney() {
  const member = await registerMember({
    baseUrl: server.baseUrl,
    usernamePrefix: 'dong',
    mobilePrefix: '95',
    password: 'secret123',
    paymentPassword: '246810',
    login: true,
    fields: { payeeName: PAYEE },
  });
  const token = member.token as string;
  const call = (method: string, route: string, body?: unknown, key?: string) =>
    apiCall(server.baseUrl, method, route, body, {
      token,
      ...(key && { headers: { 'idempotency-key': key } }),
    });
  const deposit = await call(
    'POST',
    '/wps/payment/deposit',
    { channelCode: 'VCB_MANUAL', amount: 2_000_000_00 },
    `fund-${member.username}`,
  );
  expect(deposit.success, JSON.stringify(deposit)).toBe(true);
  await server.runCli(['deposit', 'approve', String(deposit.value.id)]);
  const bank = await call('POST', '/wps/payment/bankAccounts', {
    bankName: 'ACB',
    accountNumber: '1234 5678 90',
    accountName: PAYEE,
  });
  expect(bank.success, JSON.stringify(bank)).toBe(true);
  return { ...member, token };
}

async function vietnamesePage(token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'vi-VN' });
  context.setDefaultTimeout(10_000);
  contexts.push(context);
  await context.addInitScript(() => localStorage.setItem('language', 'TY'));
  await addSession(context, { token, isAgent: 0 });
  return watch.watch(await context.newPage());
}

describe('money the local way', () => {
  it('shows VND the Vietnamese way in the header, the withdrawal page and the lottery slip, and holds the minimum', async () => {
    const member = await memberWithMoney();
    const page = await vietnamesePage(member.token);
    await page.goto(`${server.baseUrl}/index`);
    const header = page.getByTestId('header-balance');
    await expect.poll(() => header.textContent(), { timeout: 10_000 }).toBe(dong('2.000.000'));

    // The withdrawal page: the same amount the same way, and the demo's limits in dong.
    await page
      .getByRole('navigation', { name: 'Tài khoản của tôi' })
      .getByRole('button', { name: member.username })
      .click();
    const center = page.getByRole('dialog', { name: 'Trung tâm cá nhân' });
    await center
      .getByRole('navigation', { name: 'Menu trung tâm cá nhân' })
      .getByRole('button', { name: 'Rút tiền', exact: true })
      .click();
    const panel = center.getByRole('region', { name: 'Rút tiền', exact: true });
    await panel.getByTestId('withdrawable').getByText(dong('2.000.000')).waitFor();
    const form = panel.getByRole('form', { name: 'Yêu cầu rút tiền' });
    await form
      .getByText(
        `Tối thiểu ${dong('100.000')} · Tối đa ${dong('500.000.000')} · Hạn mức ngày ${dong('2.000.000.000')}`,
      )
      .waitFor();
    // Below the minimum, typed the Vietnamese way: refused before anything is sent, saying the minimum.
    const amount = form.getByRole('textbox', { name: 'Số tiền' });
    await amount.fill('50.000');
    await form.getByLabel('Mật khẩu thanh toán').fill('246810');
    await form.getByRole('button', { name: 'Rút tiền' }).click();
    await form.getByText(`Tối thiểu ${dong('100.000')}`, { exact: true }).waitFor();
    await amount.fill('10,5');
    await form.getByText('Nhập số tiền nguyên, không có phần thập phân').waitFor();
    // "All" fills the field the way the member types it.
    await form.getByRole('button', { name: 'Tất cả' }).click();
    expect(await amount.inputValue()).toBe('2.000.000');
    expect(await panel.textContent()).not.toMatch(/,00\b|\.00\b/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'money-withdraw-vi.png') });
    await page.keyboard.press('Escape');

    // The lottery slip: the stake starts at the demo's minimum ₫1,000 and the total reads as above.
    await page.goto(`${server.baseUrl}/elott?gameCode=FAST_VN_45S`);
    const stake = page.getByLabel('Tiền cược mỗi điểm');
    await expect.poll(() => stake.inputValue()).toBe('1.000');
    const total = page.getByTestId('slip-total');
    expect(await total.textContent()).toBe(dong('0'));
    await page.getByRole('button', { name: '07', exact: true }).click();
    await expect.poll(async () => (await total.textContent()) ?? '').toMatch(/^\d{1,3}(\.\d{3})+\u00a0₫$/);
    await stake.fill('500');
    await page.getByText(`Tiền cược tối thiểu là ${dong('1.000')} mỗi điểm.`).waitFor();
    expect(await header.textContent()).toBe(dong('2.000.000'));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'money-lottery-vi.png') });
  }, 60_000);
});
