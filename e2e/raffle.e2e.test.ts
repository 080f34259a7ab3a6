import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useMemberBrowserFile } from './support/harness';
import { apiCall, registerMember } from './support/members';

const OPERATOR = { username: 'raffle-finance', password: 'correct horse battery staple' };
const HOUR = 60 * 60 * 1000;

let operatorToken: string;
const e2e = useMemberBrowserFile(async () => {
  await e2e.server.runCli(['operator', 'create', OPERATOR.username, '--role', 'FINANCE'], {
    env: { JADE_OPERATOR_PASSWORD: OPERATOR.password },
  });
  operatorToken = (await api('POST', '/api/operator/login', OPERATOR)).value.token;
  await makeRaffle('E2E_DEPOSIT', 48 * HOUR);
});

let key = 0;
const api = (method: string, route: string, body?: unknown, token?: string) =>
  apiCall(e2e.server.baseUrl, method, route, body, {
    token,
    headers: { 'idempotency-key': `raffle-${Date.now()}-${++key}` },
  });

/** A deposit raffle, made as an operator makes one: the CLI with a JSON file. Answers its id. */
const makeRaffle = async (code: string, closesInMs: number) => {
  const file = path.join(e2e.server.dataDir, `${code}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({
      code,
      titles: { EN: `Raffle ${code}` },
      basis: 'DEPOSIT',
      unitAmount: 5_000_000,
      maxTickets: 10,
      opensAt: new Date(Date.now() - HOUR).toISOString(),
      closesAt: new Date(Date.now() + closesInMs).toISOString(),
      prizes: [100_000_000],
    }),
  );
  const made = await e2e.server.runCli(['raffle', 'create', file]);
  expect(made).toMatch(/is OPEN; seed hash [0-9a-f]{64}/);
  return Number(/raffle (\d+)/.exec(made)![1]);
};

describe('raffles on the promotions page', () => {
  it('a member joins with the tickets its deposit earned, sees the countdown, the winner board and the verify view', async () => {
    const { username, token } = await registerMember({
      baseUrl: e2e.server.baseUrl,
      usernamePrefix: 'raffle',
      mobilePrefix: '912888',
      password: 'secret123',
      paymentPassword: '246810',
      login: true,
    });
    if (!token) throw new Error(`no session for ${username}`);
    const deposit = await api(
      'POST',
      '/wps/payment/deposit',
      { channelCode: 'VCB_MANUAL', amount: 12_000_000, reference: 'FT-RAFFLE' },
      token,
    );
    expect(deposit.success, JSON.stringify(deposit)).toBe(true);
    await api('POST', `/api/operator/deposits/${deposit.value.id}/approve`, {}, operatorToken);

    // A raffle that closes in seconds (the CLI is slow to start on a busy machine), joined through the API and drawn by the CLI once closed.
    const quick = await makeRaffle('E2E_QUICK', 10_000);
    const joined = await api('POST', '/wps/relay/MCS2_claimRafflePromotion', { raffleId: quick }, token);
    expect(joined.value, JSON.stringify(joined)).toMatchObject({ tickets: 2 });
    // Drawn by the CLI, or by the server's own leased job if it comes first.
    const status = async () => {
      await e2e.server.runCli(['raffle', 'draw']);
      return (await api('GET', `/wps/relay/MCSFE_getRaffleDetail?raffleId=${quick}`)).value.status;
    };
    await expect.poll(status, { timeout: 30_000, interval: 1_000 }).toBe('DRAWN');

    const page = await e2e.newPage(token);
    await page.goto(`${e2e.server.baseUrl}/promotions`);
    const card = page.getByTestId('raffle-E2E_DEPOSIT');
    await card.getByText('Your tickets: 0 · earned so far: 2').waitFor();
    await expect
      .poll(() => card.getByRole('timer').textContent())
      .toMatch(/Entries close in 1d \d\d:\d\d:\d\d/);
    await card.getByRole('button', { name: 'Join the raffle' }).click();
    await card.getByText('Join with 2 tickets?').waitFor();
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByText('You are in the draw with 2 tickets.').waitFor();
    await card.getByText('Your tickets: 2 · earned so far: 2').waitFor();

    // The drawn raffle: its only entry won (masked on the board), the seed revealed in the verify view.
    const board = page.getByTestId('raffle-winners');
    await board.getByRole('cell', { name: '₫1,000,000' }).waitFor();
    const masked = `${username.slice(0, 2)}***${username.slice(-2)}`;
    expect(await board.getByRole('cell', { name: masked }).count()).toBe(1);
    const drawn = page.getByTestId('raffle-E2E_QUICK');
    await drawn.getByRole('button', { name: 'Verify the draw' }).click();
    const verify = drawn.getByTestId('raffle-verify');
    await verify.getByText('Revealed seed', { exact: true }).waitFor();
    expect(await verify.locator('code').count()).toBe(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
