import { describe, expect, it } from 'vitest';
import { useMemberBrowserFile } from './support/harness';
import { apiCall, registerMember } from './support/members';

const OPERATOR = { username: 'promo-finance', password: 'correct horse battery staple' };
const PAYMENT_PASSWORD = '246810';

let operatorToken: string;
const e2e = useMemberBrowserFile(async () => {
  await e2e.server.runCli(['operator', 'create', OPERATOR.username, '--role', 'FINANCE'], {
    env: { JADE_OPERATOR_PASSWORD: OPERATOR.password },
  });
  operatorToken = (await api('POST', '/api/operator/login', OPERATOR)).value.token;
});

let key = 0;
/** A JSON call as the web app makes it, each with an idempotency key of its own. */
const api = (method: string, route: string, body?: unknown, token?: string) =>
  apiCall(e2e.server.baseUrl, method, route, body, {
    token,
    headers: { 'idempotency-key': `promotions-claim-${Date.now()}-${++key}` },
  });

describe('a deposit promotion', () => {
  it('claim a deposit promotion end to end and see the turnover progress', async () => {
    const { username, token } = await registerMember({
      baseUrl: e2e.server.baseUrl,
      usernamePrefix: 'bonus',
      mobilePrefix: '912777',
      password: 'secret123',
      paymentPassword: PAYMENT_PASSWORD,
      login: true,
      fields: { payeeName: 'Tran Thi Mai' },
    });
    if (!token) throw new Error(`no session for ${username}`);

    // The demo's real deposit path: the member's request, approved by the finance operator.
    const deposit = await api(
      'POST',
      '/wps/payment/deposit',
      { channelCode: 'VCB_MANUAL', amount: 20_000_000, reference: 'FT-WELCOME' },
      token,
    );
    expect(deposit.success, JSON.stringify(deposit)).toBe(true);
    await api('POST', `/api/operator/deposits/${deposit.value.id}/approve`, {}, operatorToken);

    const list = await api('GET', '/wps/promotions?language=EN');
    const welcome = (list.value.promotions as { id: number; code: string }[]).find(
      (p) => p.code === 'WELCOME_100',
    );
    const page = await e2e.newPage(token);
    await page.goto(`${e2e.server.baseUrl}/promoDetail?id=${welcome?.id}`);
    const action = page.getByTestId('promo-claim');
    await action.getByRole('button', { name: 'Claim bonus' }).click();
    await action.getByText('Claim ₫200,000 now?', { exact: false }).waitFor();
    await action.getByRole('button', { name: 'Confirm' }).click();
    await action.getByText('₫200,000 has been paid into your main wallet.').waitFor();
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('₫400,000');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The withdrawal is refused with the turnover still owed: (deposit + bonus) × 15.
    const bank = await api(
      'POST',
      '/wps/payment/bankAccounts',
      { bankName: 'ACB', accountNumber: '1234 5678 9012', accountName: 'Tran Thi Mai' },
      token,
    );
    const refused = await api(
      'POST',
      '/wps/payment/withdraw',
      { bankAccountId: bank.value.id, amount: 10_000_000, paymentPassword: PAYMENT_PASSWORD },
      token,
    );
    expect(refused.error).toMatchObject({
      code: 'WITHDRAWAL_TURNOVER_NOT_MET',
      details: { turnoverRemaining: 600_000_000 },
    });

    // bonusDetails lists the bonus with its progress; the withdraw panel says what is owed.
    await page
      .getByRole('navigation', { name: 'My account' })
      .getByRole('button', { name: username })
      .click();
    const center = page.getByRole('dialog', { name: 'Personal centre' });
    const open = async (item: string) => {
      await center
        .getByRole('navigation', { name: 'Personal centre menu' })
        .getByRole('button', { name: item, exact: true })
        .click();
      return center.getByRole('region', { name: item, exact: true });
    };
    const bonuses = await open('Bonus details');
    const row = bonuses.locator('[data-claim="WELCOME_100"]');
    await row.getByText('Process').waitFor();
    await row.getByTestId('turnover-progress').getByText('Turnover ₫0 of ₫6,000,000').waitFor();
    await bonuses.getByText('Still to wager before you can withdraw: ₫6,000,000').waitFor();
    const rewards = await open('Reward centre');
    await rewards.locator('[data-claim="WELCOME_100"]').getByText('Process').waitFor();
    const withdraw = await open('Withdraw');
    await withdraw.getByTestId('withdrawable').getByText('₫0').waitFor();
  }, 60_000);
});
