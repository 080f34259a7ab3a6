import { balanceResponse } from '@jade/contracts/wallet';
import { expect } from 'vitest';
import { houseAccount, memberAccount, postTransfer } from '../modules/wallet/ledger.js';
import { createClient } from './client.js';
import type { TestServer } from './server.js';

let seq = 0;

/**
 * A registered, logged-in member of the brand whose main wallet holds `funds` (credited from the
 * house cash account). The server must answer captchas with `captcha` and have REGMOBVERF3 off.
 */
export const fundedMember = async (
  server: TestServer,
  merchantId: number,
  funds: number,
  { prefix, captcha }: { prefix: string; captcha: string },
) => {
  const n = ++seq;
  const client = createClient(server, { headers: { 'x-forwarded-for': `203.0.113.${n}` } });
  const { body: image } = await client.call('GET', '/wps/captcha');
  const registered = await client.sealed('PUT', '/wps/member/register', {
    username: `${prefix}${String(n).padStart(3, '0')}`,
    password: 'secret123',
    confirmPassword: 'secret123',
    mobileNum: `0912${String(100_000 + n)}`,
    countryDialingCode: '+84',
    paymentPassword: '246810',
    ageConfirmed: true,
    termsAgreed: true,
    captchaId: image.value.captchaId,
    captcha,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const memberId = registered.body.value.memberId as number;
  if (funds > 0) {
    await postTransfer(server.db, {
      merchantId,
      idempotencyKey: `test-funding:${memberId}`,
      kind: 'DEPOSIT',
      debitAccountId: await houseAccount(server.db, merchantId, 'CASH'),
      creditAccountId: await memberAccount(server.db, merchantId, memberId, 'MAIN'),
      amount: funds,
    });
  }
  const token = registered.body.value.session.token as string;
  const transfer = (body: unknown, key: string) =>
    client.call('POST', '/wps/relay/GCS_walletTransfer', {
      token,
      body,
      headers: { 'idempotency-key': key },
    });
  const balances = async () =>
    balanceResponse.parse((await client.call('GET', '/wps/v2/wallets/balance', { token })).body.value);
  return { client, token, memberId, transfer, balances };
};

export const walletBalance = (b: { wallets: { wallet: string; balance: number }[] }, code: string) =>
  b.wallets.find((w) => w.wallet === code)?.balance;
