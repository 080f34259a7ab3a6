import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import {
  allowTestMembers,
  apiCall,
  passEveryHumanCheck,
  registerMember as register,
} from './support/members';
import { repoRoot, startServer, type TestServer } from './support/server';
import { addSession, startFreePlay } from './support/session';
import { PageWatch } from './support/harness';

const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots');
const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 375, height: 812 };
const OPERATOR = { username: 'finance1', password: 'correct horse battery staple' };
const PAYMENT_PASSWORD = '246810';
const PAYEE = 'Tran Thi Mai';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: TestServer;
let browser: Browser;
let stopVerifier: (() => Promise<void>) | undefined;
let operatorToken: string;
const contexts: BrowserContext[] = [];
/** Page errors, unexpected 4xx/5xx and request storms fail the test (support/harness.ts). */
const watch = new PageWatch(() => server.baseUrl);

type Member = { username: string; token: string };
/** The member who pays: registered under `upline`, with a payment password and a registered name. */
let member: Member;
let upline: Member;
/** A transfer-mode vendor wallet of the demo brand: its code and the name the panel shows. */
let vendor: { wallet: string; name: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  stopVerifier = await passEveryHumanCheck(server);
  // The members are registered through the API, which cannot read a captcha image.
  await allowTestMembers(server);
  // The finance operator who approves deposits and pays withdrawals out, through the operator API.
  await server.runCli(['operator', 'create', OPERATOR.username, '--role', 'FINANCE'], {
    env: { JADE_OPERATOR_PASSWORD: OPERATOR.password },
  });
  const login = await api('POST', '/api/operator/login', OPERATOR);
  expect(login.success, JSON.stringify(login)).toBe(true);
  operatorToken = login.value.token;

  upline = await registerMember('upline');
  // Only agents take downlines (§6): the upline is made an agent by the operator.
  await server.runCli(['member', 'set-type', upline.username, '1']);
  member = await registerMember('payer', { recommenderId: upline.username, payeeName: PAYEE });
  const balances = await api('GET', '/wps/v2/wallets/balance?language=EN', undefined, member.token);
  const [, first] = balances.value.wallets as { wallet: string; name: string }[];
  if (!first) throw new Error('the demo brand has no transfer-mode vendor wallet');
  vendor = first;
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

/** A JSON call to the server as any client makes it; `token` is a member's or the operator's. */
const api = (method: string, route: string, body?: unknown, token?: string) =>
  apiCall(server.baseUrl, method, route, body, { token });

const operator = (method: string, route: string, body?: unknown) => api(method, route, body, operatorToken);

/** Registers and logs in a member through the API, with a sealed payload as the web app sends it. */
async function registerMember(prefix: string, fields: Record<string, unknown> = {}): Promise<Member> {
  const { username, token } = await register({
    baseUrl: server.baseUrl,
    usernamePrefix: prefix,
    mobilePrefix: '912345',
    password: 'secret123',
    paymentPassword: PAYMENT_PASSWORD,
    login: true,
    fields,
  });
  if (!token) throw new Error(`no session for ${username}`);
  return { username, token };
}

const mainBalance = async (token: string) =>
  (await api('GET', '/wps/v2/wallets/balance', undefined, token)).value.wallets[0].balance as number;

async function newPage(viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  context.setDefaultTimeout(10_000);
  contexts.push(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  await context.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'EN');
  });
  const page = await context.newPage();
  watch.watch(page);
  return page;
}

/** Opens the site as the member (their session in the tab, as a login stores it) and the personal centre. */
async function openCenter(page: Page, who: Member = member) {
  await addSession(page.context(), { token: who.token, isAgent: 0 });
  await page.goto(`${server.baseUrl}/index`);
  await page
    .getByRole('navigation', { name: 'My account' })
    .getByRole('button', { name: who.username })
    .click();
  return page.getByRole('dialog', { name: 'Personal centre' });
}

/** Selects a personal-centre item and returns its panel. */
async function openItem(center: Locator, item: string) {
  await center
    .getByRole('navigation', { name: 'Personal centre menu' })
    .getByRole('button', { name: item, exact: true })
    .click();
  return center.getByRole('region', { name: item, exact: true });
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `wallet-${name}.png`) });

const headerBalance = (page: Page) => page.getByTestId('header-balance').textContent();

/** A real png of one colour, small enough to send in a test (the server checks the bytes). */
function makePng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('deposit (manual bank transfer, approved by an operator)', () => {
  it('shows where to pay, checks the amount, sends the request with a proof image, and credits it once approved', async () => {
    const page = await newPage();
    const center = await openCenter(page);
    const panel = await openItem(center, 'Deposit');

    // The brand's receiving account, each part to copy.
    await panel.getByText('0071000123456').waitFor();
    await panel.getByText('JADE DEMO CO LTD').waitFor();
    await panel.getByRole('button', { name: 'Copy Account number' }).click();
    await panel.getByRole('status').filter({ hasText: 'Account number copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('0071000123456');
    await panel.getByText('Min ₫50,000 · Max ₫500,000,000 · Daily limit ₫2,000,000,000').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'deposit-desktop');

    // Major units as typed, refused with decimals (dong have none, issue 20), and held to the limits.
    const amount = panel.getByRole('textbox', { name: 'Amount' });
    const submit = panel.getByRole('button', { name: 'Submit deposit request' });
    await amount.fill('1,000.50');
    await submit.click();
    await panel.getByText('Enter a whole amount, without decimals').waitFor();
    await amount.fill('10');
    await panel.getByText('The minimum is ₫50,000').waitFor();
    await amount.fill('1,000,000');
    await panel.getByRole('textbox', { name: 'Transfer reference' }).fill('FT26110042');

    // §5: png or jpg only; the wrong file is refused before it is sent.
    const file = panel.locator('input[type="file"]');
    await file.setInputFiles({ name: 'receipt.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await panel.getByText('Only png or jpg images are allowed').waitFor();
    await file.setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: makePng(96, 96, [31, 138, 101]),
    });
    await panel.getByRole('button', { name: 'Remove receipt.png' }).waitFor();
    await shot(page, 'deposit-form-desktop');

    const sent = page.waitForRequest(
      (r) => r.url().endsWith('/wps/payment/deposit') && r.method() === 'POST',
    );
    await submit.click();
    const request = await sent;
    expect(request.headers()['idempotency-key']).toMatch(UUID);
    const body = request.postDataJSON() as { amount: number; proof: { name: string; base64: string } };
    expect(body.amount).toBe(100_000_000);
    expect(body.proof.name).toBe('receipt.png');
    expect(body.proof.base64.startsWith('data:')).toBe(false);
    await panel
      .getByText('Your deposit request of ₫1,000,000 has been received.', { exact: false })
      .waitFor();
    const history = panel.getByRole('table', { name: 'Deposit history' });
    await history.getByRole('row').filter({ hasText: 'FT26110042' }).getByText('Pending review').waitFor();
    expect(await amount.inputValue()).toBe('');

    // The operator finds it in the queue and approves it.
    const queue = await operator('GET', '/api/operator/deposits');
    const pending = (queue.value.list as { id: number; reference: string; amount: number }[]).find(
      (d) => d.reference === 'FT26110042',
    );
    expect(pending?.amount).toBe(100_000_000);
    expect((await operator('POST', `/api/operator/deposits/${pending?.id}/approve`, {})).value.status).toBe(
      'APPROVED',
    );

    // My wallet's refresh brings the new balance, in the header too.
    const wallet = await openItem(center, 'My wallet');
    await wallet.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => wallet.getByTestId('wallet-total').textContent()).toBe('₫1,000,000');
    await expect.poll(() => headerBalance(page)).toBe('₫1,000,000');
    const again = await openItem(center, 'Deposit');
    await again
      .getByRole('table', { name: 'Deposit history' })
      .getByRole('row')
      .filter({ hasText: 'FT26110042' })
      .getByText('Approved')
      .waitFor();
    await again.getByRole('heading', { name: 'Deposit history' }).scrollIntoViewIfNeeded();
    await shot(page, 'deposit-history-desktop');
  });
});

describe('my wallet (transfers between wallets)', () => {
  it('moves money into a game wallet and back, and everything back to main', async () => {
    const page = await newPage();
    const center = await openCenter(page);
    const panel = await openItem(center, 'My wallet');
    const row = panel.locator(`[data-wallet="${vendor.wallet}"]`);
    const main = panel.locator('.wallet-main [data-wallet="MAIN"]');
    await expect.poll(() => main.textContent()).toBe('₫1,000,000');

    await row.getByRole('button', { name: 'Transfer in' }).click();
    const into = row.getByRole('form', { name: `Transfer in to ${vendor.name}` });
    await into.getByRole('textbox', { name: `Transfer in to ${vendor.name}` }).fill('2,000,000');
    await into.getByRole('button', { name: 'Transfer' }).click();
    await into.getByText('You have ₫1,000,000 available').waitFor();
    await into.getByRole('textbox').fill('250,000');
    await into.getByRole('button', { name: 'Transfer' }).click();
    await panel.getByText(`₫250,000 moved from the main wallet to ${vendor.name}.`).waitFor();
    await expect.poll(() => main.textContent()).toBe('₫750,000');
    await expect.poll(() => row.locator('.wallet-list__amount').textContent()).toBe('₫250,000');
    expect(await panel.getByTestId('wallet-total').textContent()).toBe('₫1,000,000');
    await panel.getByText('₫250,000 in game wallets').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'my-wallet-desktop');

    // The answer of a transfer out is lost on the way back: the retry reuses its key, and money moves once.
    const keys: string[] = [];
    await page.route('**/wps/relay/GCS_walletTransfer', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) {
        await route.fetch();
        await route.abort('connectionreset');
      } else {
        await route.continue();
      }
    });
    await row.getByRole('button', { name: 'Transfer out' }).click();
    const out = row.getByRole('form', { name: `Transfer out of ${vendor.name}` });
    await out.getByRole('textbox').fill('50,000');
    await out.getByRole('button', { name: 'Transfer' }).click();
    await out.getByRole('alert').getByText('Network link is abnormal, please try again').waitFor();
    await out.getByRole('button', { name: 'Transfer' }).click();
    await panel.getByText(`₫50,000 moved from ${vendor.name} to the main wallet.`).waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    await page.unroute('**/wps/relay/GCS_walletTransfer');
    await expect.poll(() => row.locator('.wallet-list__amount').textContent()).toBe('₫200,000');
    expect(await mainBalance(member.token)).toBe(80_000_000);

    // The balance hides as *** here and in the header together.
    await panel.getByRole('button', { name: 'Hide balance' }).click();
    expect(await panel.getByTestId('wallet-total').textContent()).toBe('***');
    expect(await row.locator('.wallet-list__amount').textContent()).toBe('***');
    expect(await headerBalance(page)).toBe('***');
    await panel.getByRole('button', { name: 'Hide balance' }).click();
    await expect.poll(() => headerBalance(page)).toBe('₫1,000,000');

    await panel.getByRole('button', { name: 'All back to main' }).click();
    await panel.getByText('₫200,000 moved back to the main wallet.').waitFor();
    await expect.poll(() => main.textContent()).toBe('₫1,000,000');
    expect(await row.locator('.wallet-list__amount').textContent()).toBe('₫0');
    expect(await panel.getByRole('button', { name: 'All back to main' }).isDisabled()).toBe(true);
    expect(await mainBalance(member.token)).toBe(100_000_000);
  });
});

describe('withdrawal (bank account, confirmation, payout not received)', () => {
  it('binds an account in the registered name, withdraws after a confirmation, and reports the payout not received with proof', async () => {
    const page = await newPage();
    const center = await openCenter(page);
    const panel = await openItem(center, 'Withdraw');

    // No bank account yet: the form says whose name it must carry, and the server holds it to that.
    const bind = panel.getByRole('form', { name: 'Bind a bank account' });
    await bind.getByText(`The account name must be your registered name: ${PAYEE}.`).waitFor();
    expect(await bind.getByRole('textbox', { name: 'Account name' }).inputValue()).toBe(PAYEE);
    await bind.getByRole('textbox', { name: 'Bank' }).fill('ACB');
    await bind.getByRole('textbox', { name: 'Account number' }).fill('12-34');
    await bind.getByRole('button', { name: 'Bind bank account' }).click();
    await bind.getByText('6-40 digits; spaces and dashes are allowed').waitFor();
    await bind.getByRole('textbox', { name: 'Account number' }).fill('1234 5678 90');
    await bind.getByRole('textbox', { name: 'Account name' }).fill('Someone Else');
    watch.expect('/wps/payment/bankAccounts', 400);
    await bind.getByRole('button', { name: 'Bind bank account' }).click();
    await bind.getByRole('alert').getByText('The account name must match your registered name').waitFor();
    await bind.getByRole('textbox', { name: 'Account name' }).fill(PAYEE);
    await bind.getByRole('button', { name: 'Bind bank account' }).click();
    const account = panel.getByRole('radio', { name: /ACB \*+7890/ });
    await account.waitFor();
    expect(await account.isChecked()).toBe(true);
    await panel.getByTestId('withdrawable').getByText('₫1,000,000').waitFor();

    // A wrong payment password is refused after the confirmation; the right one goes through.
    const form = panel.getByRole('form', { name: 'Request a withdrawal' });
    await form.getByRole('textbox', { name: 'Amount' }).fill('300,000');
    await form.getByLabel('Payment password').fill('000000');
    watch.expect('/wps/payment/withdraw', 400);
    await form.getByRole('button', { name: 'Withdraw' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm withdrawal' });
    await confirm.getByText('Withdraw ₫300,000 to ACB ******7890?').waitFor();
    await shot(page, 'withdraw-confirm-desktop');
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await form.getByRole('alert').getByText('Incorrect payment password').waitFor();
    await form.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    await form.getByRole('button', { name: 'Withdraw' }).click();
    // Cancelling the confirmation sends nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    const sent = page.waitForRequest((r) => r.url().endsWith('/wps/payment/withdraw'));
    await form.getByRole('button', { name: 'Withdraw' }).click();
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    expect((await sent).headers()['idempotency-key']).toMatch(UUID);
    await panel.getByText('Your withdrawal of ₫300,000 has been requested.', { exact: false }).waitFor();
    const card = panel.locator('.wallet-card').first();
    await card.getByText('Pending review').waitFor();
    await panel.getByTestId('withdrawable').getByText('₫700,000').waitFor();
    await expect.poll(() => headerBalance(page)).toBe('₫700,000');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'withdraw-desktop');

    // The operator pays it out; the member then has the stated minutes to answer (§4).
    const queue = await operator('GET', '/api/operator/withdrawals');
    const withdrawal = (queue.value.list as { id: number; amount: number; memberId: number }[]).find(
      (w) => w.amount === 30_000_000,
    );
    expect(
      (await operator('POST', `/api/operator/withdrawals/${withdrawal?.id}/approve`, {})).value.status,
    ).toBe('PAID');
    // Leaving the item and coming back loads the list again.
    await (await openItem(center, 'My wallet')).getByTestId('wallet-total').waitFor();
    const again = await openItem(center, 'Withdraw');
    const paid = again.locator(`[data-withdrawal="${withdrawal?.id}"]`);
    await paid.getByText('Paid out').waitFor();
    const payout = paid.getByRole('group', { name: 'Confirm the payout' });
    await payout.getByText('Did this payout reach your bank account?').waitFor();
    expect(await payout.getByTestId('confirm-countdown').textContent()).toMatch(
      /^(30:00|29:[0-5]\d) left to answer$/,
    );
    await payout
      .getByText(/^Without an answer by \d{4}-\d\d-\d\d \d\d:\d\d:\d\d, the payout counts as received/)
      .waitFor();
    const first = await payout.getByTestId('confirm-countdown').textContent();
    await expect.poll(() => payout.getByTestId('confirm-countdown').textContent()).not.toBe(first);

    // Not received: a comment and 1-3 png or jpg images are needed.
    await payout.getByRole('button', { name: 'Not received' }).click();
    const report = payout.getByRole('form', { name: 'Report a payout not received' });
    await report.getByRole('button', { name: 'Send report' }).click();
    await report.getByText('This field is required').waitFor();
    await report.getByText('Add at least one image, such as your bank statement').waitFor();
    await report
      .getByRole('textbox', { name: 'What happened?' })
      .fill('Nothing arrived at ACB after two hours.');
    await report.getByText('101 characters left').waitFor();
    await report.locator('input[type="file"]').setInputFiles({
      name: 'statement.png',
      mimeType: 'image/png',
      buffer: makePng(120, 80, [240, 199, 94]),
    });
    await report.getByRole('button', { name: 'Remove statement.png' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await report.scrollIntoViewIfNeeded();
    await shot(page, 'withdraw-not-received-desktop');
    await report.getByRole('button', { name: 'Send report' }).click();
    await again.getByText('Thank you, your report has been sent.', { exact: false }).waitFor();
    await paid.getByText('Reported not received').waitFor();
    await paid.getByText('Your report: Nothing arrived at ACB after two hours. (1 image(s) sent)').waitFor();
    expect(await payout.count()).toBe(0);

    const complaints = await operator('GET', '/api/operator/withdrawals?status=NOT_RECEIVED');
    expect(complaints.value.list.find((w: { id: number }) => w.id === withdrawal?.id)).toMatchObject({
      complaint: 'Nothing arrived at ACB after two hours.',
      proofCount: 1,
    });
  });
});

describe('transfer to upline', () => {
  it('sends money from the main wallet to the upline agent after a confirmation', async () => {
    const page = await newPage();
    const center = await openCenter(page);
    const panel = await openItem(center, 'Transfer to upline');
    await panel.getByText(upline.username).waitFor();
    const form = panel.getByRole('form', { name: 'Transfer to upline' });
    await form.getByRole('textbox', { name: 'Amount' }).fill('100,000');
    await form.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'upline-desktop');
    const sent = page.waitForRequest((r) => r.url().endsWith('/wps/wallet/transferUpline'));
    await form.getByRole('button', { name: 'Transfer to upline' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Send ₫100,000 from your main wallet to ${upline.username}?`).waitFor();
    await confirm.getByRole('button', { name: 'Transfer to upline' }).click();
    expect((await sent).headers()['idempotency-key']).toMatch(UUID);
    await panel.getByText(`₫100,000 sent to ${upline.username}.`).waitFor();
    await expect.poll(() => headerBalance(page)).toBe('₫600,000');
    expect(await mainBalance(upline.token)).toBe(10_000_000);
  });

  it('tells a member without an upline that there is none, and shows the upline what arrived', async () => {
    const page = await newPage();
    const center = await openCenter(page, upline);
    const panel = await openItem(center, 'Transfer to upline');
    await panel.getByText('You have no upline agent').waitFor();
    // The money arrived on the upline's side, and its record says where from.
    const records = await openItem(center, 'Account record');
    await records
      .getByRole('table', { name: 'Account record' })
      .getByRole('row')
      .filter({ hasText: 'Transfer from downline' })
      .getByText('+₫100,000')
      .waitFor();
  });
});

describe('account record', () => {
  it('lists every movement, filtered by type and a page at a time', async () => {
    // Ten more small transfers (two records each: main and game wallet) make a second page.
    for (let i = 0; i < 10; i++) {
      const direction = i % 2 === 0 ? 'IN' : 'OUT';
      const answer = await fetch(`${server.baseUrl}/wps/relay/GCS_walletTransfer`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${member.token}`,
          'idempotency-key': `record-${i}`,
        },
        body: JSON.stringify({ direction, vassalage: vendor.wallet, amount: 1_000_00 }),
      });
      expect(answer.status).toBe(200);
    }
    const page = await newPage();
    const center = await openCenter(page);
    const panel = await openItem(center, 'Account record');
    const table = panel.getByRole('table', { name: 'Account record' });
    await table.getByRole('row').nth(1).waitFor();
    const count = Number((await panel.getByText(/^\d+ records$/).textContent())?.split(' ')[0]);
    expect(count).toBeGreaterThan(20);
    expect(await table.getByRole('row').count()).toBe(21);
    await table.getByRole('row').filter({ hasText: 'Transfer to game wallet' }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'records-desktop');

    const pages = panel.getByRole('navigation', { name: 'Record pages' });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(count - 20 + 1);
    // Newest first: the upline transfer and the deposit (the oldest) are on the second page.
    await table.getByRole('row').filter({ hasText: 'Transfer to upline' }).getByText('−₫100,000').waitFor();
    await table.getByRole('row').filter({ hasText: 'Deposit' }).getByText('+₫1,000,000').waitFor();
    await panel.getByLabel('Type', { exact: true }).selectOption({ label: 'Deposits' });
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await panel.getByText('1 record', { exact: true }).waitFor();
    await panel.getByLabel('Period', { exact: true }).selectOption({ label: 'Choose dates' });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await panel.getByLabel('From', { exact: true }).fill(yesterday);
    await panel.getByLabel('To', { exact: true }).fill(yesterday);
    await panel.getByText('No records in this period.').waitFor();
  });
});

describe('phone width', () => {
  it('fits the wallet panels on a 375 px phone', async () => {
    const page = await newPage(PHONE);
    const center = await openCenter(page);
    for (const [item, name, ready] of [
      ['My wallet', 'my-wallet', 'Total balance'],
      ['Deposit', 'deposit', '0071000123456'],
      ['Withdraw', 'withdraw', 'Withdrawable'],
      ['Account record', 'records', 'Period'],
    ] as const) {
      const panel = await openItem(center, item);
      await panel.getByText(ready).first().waitFor();
      // Nothing sticks out sideways.
      const overflow = await center.evaluate((dialog) => {
        const body = dialog.querySelector('.modal__body') as HTMLElement;
        return body.scrollWidth - body.clientWidth;
      });
      expect(overflow, item).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), item).toEqual([]);
      await shot(page, `${name}-phone`);
    }
    const withdraw = await openItem(center, 'Withdraw');
    await withdraw.getByRole('heading', { name: 'Withdrawals' }).scrollIntoViewIfNeeded();
    await shot(page, 'withdrawals-phone');
  });
});

describe('trial account', () => {
  it('is told to register first instead of opening the wallet', async () => {
    const page = await newPage();
    await addSession(page.context(), { token: await startFreePlay(server.baseUrl), isAgent: 4 });
    await page.goto(`${server.baseUrl}/index`);
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('button', { name: 'Wallet' })
      .click();
    const warning = page.getByRole('alertdialog');
    await warning.getByText('Please register an account first').waitFor();
    expect(await warning.getByRole('button').count()).toBe(1);
    expect(await page.getByRole('dialog', { name: 'Personal centre' }).count()).toBe(0);
  });
});

/** scripts/dev-gateway.mjs on a free loopback port: the payment gateway of the demo and the tests. */
async function startDevGateway(secret: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['scripts/dev-gateway.mjs', '--port', '0'], {
    cwd: repoRoot,
    env: { ...process.env, DEV_GATEWAY_SECRET: secret },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`dev gateway exited (${code}): ${output}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, stop };
}

describe('deposit (payment gateway)', () => {
  it('opens the gateway page with Pay now, and the balance rises once the gateway reports the payment', async () => {
    const secret = 'e2e-gateway-secret-0123456789';
    const gateway = await startDevGateway(secret);
    try {
      // The seeded, switched-off gateway channel, pointed at the gateway by the operator CLI.
      expect(
        await server.runCli(['payment', 'channel-gateway', 'DEV_GATEWAY', '--url', gateway.url], {
          env: { JADE_GATEWAY_SECRET: secret },
        }),
      ).toContain(`DEV_GATEWAY -> ${gateway.url} (merchant DEMO), on`);
      const payer = await registerMember('gw');
      const page = await newPage();
      const center = await openCenter(page, payer);
      const panel = await openItem(center, 'Deposit');
      await panel.getByRole('radio', { name: /^Online payment/ }).check();
      const form = panel.getByRole('form', { name: 'Online payment' });
      await form.getByText('Min ₫10,000 · Max ₫100,000,000 · Daily limit ₫500,000,000').waitFor();
      const amount = form.getByRole('textbox', { name: 'Amount' });
      await amount.fill('5,000');
      await form.getByRole('button', { name: 'Pay now' }).click();
      await form.getByText('The minimum is ₫10,000').waitFor();
      await amount.fill('250,000');
      expect(await seriousViolations(page)).toEqual([]);

      // Pay now opens the gateway's page in a new window; the panel follows the payment meanwhile.
      const opened = page.context().waitForEvent('page');
      const sent = page.waitForRequest((r) => r.url().endsWith('/wps/payment/deposit'));
      await form.getByRole('button', { name: 'Pay now' }).click();
      expect((await sent).headers()['idempotency-key']).toMatch(UUID);
      const payPage = await opened;
      await payPage.waitForURL(`${gateway.url}/pay/**`);
      const status = panel.getByTestId('gateway-status');
      await status.getByText('Waiting for your payment on the payment page…').waitFor();
      await panel.getByRole('link', { name: 'Open the payment page again' }).waitFor();
      await panel
        .getByRole('table', { name: 'Deposit history' })
        .getByRole('row')
        .filter({ hasText: 'Online payment' })
        .getByText('Awaiting payment')
        .waitFor();
      await shot(page, 'deposit-gateway-waiting-desktop');
      expect(await mainBalance(payer.token)).toBe(0);

      await payPage.getByText('25000000 VND').waitFor();
      await payPage.getByRole('button', { name: 'Pay', exact: true }).click();
      await payPage.getByRole('heading', { name: 'Payment complete' }).waitFor();
      await payPage.close();

      await status.getByText('Payment received: ₫250,000 has been added to your main wallet.').waitFor();
      await expect.poll(() => headerBalance(page)).toBe('₫250,000');
      await panel
        .getByRole('table', { name: 'Deposit history' })
        .getByRole('row')
        .filter({ hasText: 'Online payment' })
        .getByText('Approved')
        .waitFor();
      expect(await mainBalance(payer.token)).toBe(25_000_000);
      await shot(page, 'deposit-gateway-paid-desktop');
    } finally {
      await gateway.stop();
    }
  });
});
