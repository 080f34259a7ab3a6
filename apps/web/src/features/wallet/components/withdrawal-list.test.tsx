import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { withdrawal, withdrawalPage, type Withdrawal } from '@jade/contracts/payments';
import { renderWithDialogs, useMemberApi, valueAnswer } from '../../../testing/member-api';
import { whitelabelFixture } from '../../../testing/fixtures';
import { retryFailedLoad } from '../../../testing/panel-states';
import { WithdrawalList } from './withdrawal-list';

const paidWithdrawal = (deadlineInMs: number): Withdrawal => ({
  id: 41,
  amount: 3_000_000,
  status: 'PAID',
  bankAccount: { id: 3, bankName: 'ACB', accountNumber: '****7890', accountName: 'Tran Thi Mai' },
  note: null,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  decidedAt: new Date().toISOString(),
  confirmDeadline: new Date(Date.now() + deadlineInMs).toISOString(),
  complaint: null,
  proofCount: 0,
});

let list: Withdrawal[];
let confirmations: { body: unknown; key: string | null }[];
/** How many of the next list calls fail (the server's 404). */
let failures: number;

beforeEach(() => {
  confirmations = [];
  failures = 0;
});

useMemberApi(async (path, { url, init }) => {
  if (path === '/wps/payment/withdrawals' && failures > 0) {
    failures -= 1;
    return undefined;
  }
  if (path === '/wps/payment/withdrawals') {
    const pageNo = Number(url.searchParams.get('pageNo'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    return valueAnswer(withdrawalPage, {
      list: list.slice((pageNo - 1) * pageSize, pageNo * pageSize),
      pageNum: pageNo,
      totalPages: Math.ceil(list.length / pageSize),
      totalCount: list.length,
    });
  }
  if (path === '/wps/payment/withdrawals/41/confirm') {
    const body = JSON.parse(String(init.body)) as { received: boolean };
    confirmations.push({ body, key: new Headers(init.headers).get('idempotency-key') });
    list = list.map((w) => ({ ...w, status: body.received ? 'RECEIVED' : 'NOT_RECEIVED' }));
    return valueAnswer(withdrawal, list[0]!);
  }
  return undefined;
});

// The demo brand: VND stored with two decimals, shown in whole dong.
const whitelabel = whitelabelFixture();
whitelabel.merchant.currencyExponent = 2;

const renderList = () => renderWithDialogs(<WithdrawalList />, whitelabel);

describe('WithdrawalList (§4 withdrawal confirmation)', () => {
  it('counts down to the deadline, says what silence means, and then counts the payout as received', async () => {
    list = [paidWithdrawal(2_500)];
    renderList();
    const payout = await screen.findByRole('group', { name: 'Confirm the payout' });
    expect(within(payout).getByTestId('confirm-countdown').textContent).toMatch(/^[23]s left to answer$/);
    within(payout).getByText(/the payout counts as received and can no longer be disputed/);
    expect(screen.getByText('₫30,000')).toBeTruthy();

    await waitFor(() => expect(screen.queryByRole('group', { name: 'Confirm the payout' })).toBeNull(), {
      timeout: 4_000,
    });
    expect(screen.getByText('Counted as received')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Received' })).toBeNull();
  });

  it('confirms receipt after asking, with an idempotency key, and shows the new status', async () => {
    list = [paidWithdrawal(30 * 60_000)];
    renderList();
    expect((await screen.findByTestId('confirm-countdown')).textContent).toMatch(/^(30:00|29:5\d) left/);
    fireEvent.click(screen.getByRole('button', { name: 'Received' }));
    const question = await screen.findByRole('alertdialog');
    within(question).getByText('Confirm that ₫30,000 has reached your bank account?');
    expect(confirmations).toHaveLength(0);
    fireEvent.click(within(question).getByRole('button', { name: 'Received' }));

    await screen.findByText('Thank you, the payout is confirmed as received.');
    expect(confirmations).toEqual([
      { body: { received: true }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    expect(screen.getByText('Received')).toBeTruthy();
  });

  it('needs a comment and an image before reporting a payout not received', async () => {
    list = [paidWithdrawal(30 * 60_000)];
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Not received' }));
    const report = screen.getByRole('form', { name: 'Report a payout not received' });
    fireEvent.click(within(report).getByRole('button', { name: 'Send report' }));
    within(report).getByText('This field is required');
    within(report).getByText('Add at least one image, such as your bank statement');
    expect(confirmations).toHaveLength(0);

    const comment = within(report).getByRole('textbox', { name: 'What happened?' });
    expect(comment.getAttribute('maxlength')).toBe('140');
    fireEvent.change(comment, { target: { value: 'Nothing came' } });
    within(report).getByText('128 characters left');
    const input = report.querySelector('input[type="file"]') as HTMLInputElement;
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    within(report).getByRole('button', { name: 'Remove proof.png' });
    fireEvent.click(within(report).getByRole('button', { name: 'Send report' }));

    await screen.findByText('Reported not received');
    expect(confirmations[0]?.body).toEqual({
      received: false,
      comment: 'Nothing came',
      images: [{ name: 'proof.png', base64: 'iVBORw==' }],
    });
  });

  it('shows ten withdrawals a page and the next page on demand', async () => {
    list = Array.from({ length: 12 }, (_, i) => ({
      ...paidWithdrawal(-60_000),
      id: 100 - i,
      amount: (i + 1) * 100_000,
      status: 'REJECTED' as const,
    }));
    renderList();
    await screen.findByText('₫1,000');
    expect(document.querySelectorAll('[data-withdrawal]')).toHaveLength(10);
    const pages = screen.getByRole('navigation', { name: 'Withdrawal pages' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await screen.findByText('₫12,000');
    expect(document.querySelectorAll('[data-withdrawal]')).toHaveLength(2);
  });

  it('shows that it is loading, then why the list failed, and the list once Try again succeeds', async () => {
    list = [{ ...paidWithdrawal(-60_000), status: 'REJECTED' }];
    failures = 1;
    renderList();
    await retryFailedLoad();
    await screen.findByText('₫30,000');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('says when there are no withdrawals yet, and shows no pages', async () => {
    list = [];
    renderList();
    const none = await screen.findByText('No withdrawals yet.');
    expect(none.className).toBe('wallet-section__hint');
    expect(screen.queryByRole('navigation', { name: 'Withdrawal pages' })).toBeNull();
  });
});
