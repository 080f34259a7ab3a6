import { balanceResponse } from '@jade/contracts/wallet';
import { expect } from 'vitest';
import { houseAccount, memberAccount, postTransfer } from '../modules/wallet/ledger.js';
import type { Db } from '../platform/db/index.js';
import { createClient } from './client.js';
import type { TestServer } from './server.js';

/**
 * Members registered so far, by test file: numbering starts at 1 in every file (tests name
 * `prefix001`), also when files share this module (the API project runs without isolation).
 */
const seqByFile = new Map<string, number>();
const nextSeq = () => {
  const file = expect.getState().testPath ?? '';
  const n = (seqByFile.get(file) ?? 0) + 1;
  seqByFile.set(file, n);
  return n;
};

type MemberOptions = {
  /** The username is the prefix and a number: prefix001, prefix002… */
  prefix: string;
  /** What the server answers captchas with. */
  captcha: string;
  /** Register fields to add or override (an `undefined` value leaves the field out). */
  fields?: Record<string, unknown>;
};

/**
 * A member registered (and so logged in) through the API, each from an address of its own. The
 * server must answer captchas with `captcha` and have REGMOBVERF3 off.
 */
export const registeredMember = async (server: TestServer, { prefix, captcha, fields }: MemberOptions) => {
  const n = nextSeq();
  const username = `${prefix}${String(n).padStart(3, '0')}`;
  const client = createClient(server, { headers: { 'x-forwarded-for': `203.0.113.${n}` } });
  const { body: image } = await client.call('GET', '/wps/captcha');
  const registered = await client.sealed('PUT', '/wps/member/register', {
    username,
    password: 'secret123',
    confirmPassword: 'secret123',
    mobileNum: `0912${String(100_000 + n)}`,
    countryDialingCode: '+84',
    paymentPassword: '246810',
    ageConfirmed: true,
    termsAgreed: true,
    captchaId: image.value.captchaId,
    captcha,
    ...fields,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return {
    client,
    username,
    memberId: registered.body.value.memberId as number,
    token: registered.body.value.session.token as string,
  };
};

/**
 * A registered, logged-in member of the brand whose main wallet holds `funds` (credited from the
 * house cash account). The server must answer captchas with `captcha` and have REGMOBVERF3 off.
 */
export const fundedMember = async (
  server: TestServer,
  merchantId: number,
  funds: number,
  options: MemberOptions,
) => {
  const { client, username, memberId, token } = await registeredMember(server, options);
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
  const transfer = (body: unknown, key: string) =>
    client.call('POST', '/wps/relay/GCS_walletTransfer', {
      token,
      body,
      headers: { 'idempotency-key': key },
    });
  const balances = async () =>
    balanceResponse.parse((await client.call('GET', '/wps/v2/wallets/balance', { token })).body.value);
  return { client, username, token, memberId, transfer, balances };
};

export const walletBalance = (b: { wallets: { wallet: string; balance: number }[] }, code: string) =>
  b.wallets.find((w) => w.wallet === code)?.balance;

/**
 * A bank account of a member's own, written straight into the table: for tests that need a withdrawal
 * row (its own calls are tested in payments.api.test.ts). Returns its id.
 */
export const memberBankAccount = async (
  db: Db,
  merchantId: number,
  memberId: number,
  { bankName = 'ACB', accountNumber = '1', accountName = 'x', createdAt = new Date() } = {},
) =>
  (
    await db
      .insertInto('member_bank_account')
      .values({
        merchant_id: merchantId,
        member_id: memberId,
        bank_name: bankName,
        account_number: accountNumber,
        account_name: accountName,
        created_at: createdAt.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
