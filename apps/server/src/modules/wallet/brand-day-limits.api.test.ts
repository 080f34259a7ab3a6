import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberOfBrand, teamMember } from '../../test/agent-team.js';
import { createOtherBrand } from '../../test/brands.js';
import { memberBankAccount } from '../../test/funded-member.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { moveInTree } from '../accounts/tree.js';
import * as merchants from '../merchants/service.js';
import type { Merchant } from '../merchants/repo.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { houseAccount, memberAccount, postTransfer } from './ledger.js';
import { updateMoneySettings } from './money-settings.js';
import { createDeposit, requestWithdrawal, seedDemoPayments, transferToUpline } from './payments.js';

/**
 * Issue 21 item 3 (decision 0038): the daily deposit, withdrawal and upline-transfer limits count
 * from the brand's midnight. A limit used up a second before Vietnam's midnight (17:00Z) is free a
 * second after it on the demo brand (Asia/Ho_Chi_Minh); on a brand on UTC the same instants are one
 * day, and the limit is still used at 23:59Z. The clock is each call's `now`.
 */
const CAPTCHA = 'l1m1';
const LIMIT = 1_000;
const BEFORE = new Date('2026-11-20T16:59:59.000Z');
const AFTER = new Date('2026-11-20T17:00:01.000Z');
const LATE = new Date('2026-11-20T23:59:00.000Z');
let server: TestServer;
let sequence = 0;

type Payer = {
  merchant: Merchant;
  member: {
    id: number;
    merchant_id: number;
    payee_name: string | null;
    payment_password_hash: string | null;
    upline_id: number | null;
  };
  bankAccountId: number;
};
const payers: Record<'vietnam' | 'utc', Payer> = {} as never;

/** A member under an agent, holding money, with a bank account and the brand's limits made small. */
const payerOf = async (merchant: Merchant, hash: string | null): Promise<Payer> => {
  const agent = await memberOfBrand(server, merchant.id, `lim-agent-${merchant.code}`);
  const member = await memberOfBrand(server, merchant.id, `lim-member-${merchant.code}`);
  await server.db.updateTable('member').set({ type: 1 }).where('id', '=', agent.memberId).execute();
  // The registered member's payment password (246810), so the checks run as for a real member.
  await server.db
    .updateTable('member')
    .set({ payment_password_hash: hash })
    .where('id', '=', member.memberId)
    .execute();
  await writeTransaction(server.db, (trx) =>
    moveInTree(trx, merchant.id, member.memberId, agent.memberId, 'test'),
  );
  await postTransfer(server.db, {
    merchantId: merchant.id,
    idempotencyKey: `limits-funding:${member.memberId}`,
    kind: 'DEPOSIT',
    debitAccountId: await houseAccount(server.db, merchant.id, 'CASH'),
    creditAccountId: await memberAccount(server.db, merchant.id, member.memberId, 'MAIN'),
    amount: 100_000,
  });
  const bankId = await memberBankAccount(server.db, merchant.id, member.memberId, {
    bankName: 'Vietcombank',
    accountNumber: '0071000999999',
    accountName: 'LIMIT TESTER',
    createdAt: BEFORE,
  });
  const small = { minAmount: 1, maxAmount: LIMIT, dailyLimit: LIMIT };
  await updateMoneySettings(server.db, merchant.id, {
    withdrawal: small,
    uplineTransfer: { ...small, allowWithTurnoverUnmet: false },
  });
  await server.db
    .updateTable('payment_channel')
    .set({ min_amount: 1, max_amount: LIMIT, daily_limit: LIMIT })
    .where('merchant_id', '=', merchant.id)
    .where('code', '=', 'VCB_MANUAL')
    .execute();
  const row = await server.db
    .selectFrom('member')
    .select(['id', 'merchant_id', 'payee_name', 'payment_password_hash', 'upline_id'])
    .where('id', '=', member.memberId)
    .executeTakeFirstOrThrow();
  return { merchant, member: row, bankAccountId: bankId };
};

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' }, { captchaText: () => CAPTCHA });
  const demo = await merchants.getMerchantByCode(server.db, 'DEMO');
  expect(demo.timeZone).toBe('Asia/Ho_Chi_Minh');
  await merchants.setFlag(server.db, demo.id, 'REGMOBVERF3', false);
  const registered = await teamMember(server, demo.id, { prefix: 'limpw', captcha: CAPTCHA });
  const { payment_password_hash: hash } = await server.db
    .selectFrom('member')
    .select('payment_password_hash')
    .where('id', '=', registered.memberId)
    .executeTakeFirstOrThrow();
  const utcId = await createOtherBrand(server.db, { code: 'LIMUTC', currency: 'VND', timeZone: 'UTC' });
  await seedDemoPayments(server.db, utcId);
  payers.vietnam = await payerOf(demo, hash);
  payers.utc = await payerOf(await merchants.getMerchantByCode(server.db, 'LIMUTC'), hash);
});
afterAll(async () => server?.close());

/** Each limited movement, as the member's call makes it at `now`; resolves ok or the error code. */
const LIMITED = {
  deposit: ({ merchant, member }: Payer, amount: number, now: Date) =>
    createDeposit(
      server.db,
      { dataDir: server.dataDir, serverSecret: server.serverSecret },
      merchant,
      member,
      { channelCode: 'VCB_MANUAL', amount, reference: `L${++sequence}` },
      server.url,
      now,
    ),
  withdrawal: ({ merchant, member, bankAccountId }: Payer, amount: number, now: Date) =>
    requestWithdrawal(server.db, merchant, member, { bankAccountId, amount, paymentPassword: '246810' }, now),
  uplineTransfer: ({ merchant, member }: Payer, amount: number, now: Date) =>
    transferToUpline(
      server.db,
      merchant,
      member,
      { amount, paymentPassword: '246810' },
      `limit-${++sequence}`,
      now,
    ),
} as const;
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string }) => error.code ?? String(error),
  );

describe.each(Object.keys(LIMITED) as (keyof typeof LIMITED)[])('the daily %s limit', (movement) => {
  const move = LIMITED[movement];
  it("is free again a second after the brand's midnight", async () => {
    const payer = payers.vietnam;
    expect(await outcome(move(payer, LIMIT, BEFORE))).toBe('ok');
    expect(await outcome(move(payer, 1, BEFORE))).toBe('PAYMENT_DAILY_LIMIT_REACHED');
    expect(await outcome(move(payer, 1, AFTER))).toBe('ok');
  });

  it('stays used past 17:00Z until UTC midnight on a brand on UTC', async () => {
    const payer = payers.utc;
    expect(await outcome(move(payer, LIMIT, BEFORE))).toBe('ok');
    expect(await outcome(move(payer, 1, AFTER))).toBe('PAYMENT_DAILY_LIMIT_REACHED');
    expect(await outcome(move(payer, 1, LATE))).toBe('PAYMENT_DAILY_LIMIT_REACHED');
  });
});
