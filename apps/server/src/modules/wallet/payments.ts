import type {
  BankAccount,
  Deposit,
  DepositRequest,
  PaymentChannel,
  PaymentPageQuery,
  Withdrawal,
  WithdrawalConfirmation,
  WithdrawRequest,
} from '@jade/contracts/payments';
import { isAgentAccountType } from '@jade/contracts/constants';
import { INBOX_TEMPLATES, type InboxTemplate } from '@jade/contracts/inbox';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { dialectOf, isUniqueViolation, writeTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publishMemberEvent } from '../../platform/member-events.js';
import { notifyMember } from '../messages/inbox.js';
import { startOfToday } from '../../platform/time-zone.js';
import { checkPaymentPassword } from '../accounts/payment-password.js';
import { assertNoOpenAgentDebt } from '../agents/debts.js';

import { storeImage } from '../../platform/uploads.js';
import { wakeJob } from '../../platform/jobs.js';
import { settledTurnover } from '../games/bet-records.js';
import { pageCount, pageOffset } from '../games/rules.js';
import type { Merchant } from '../merchants/repo.js';
import type { Operator } from '../operators/service.js';
import { assertOperatorScope } from '../operators/service.js';
import { channelAdapter } from './channels/adapters.js';
import type { CallbackOutcome, DepositStart, GatewayCallback } from './channels/channel.js';
import { manualBankAdapter } from './channels/manual-bank.js';
import * as ledger from './ledger.js';
import { getMoneySettings, seedDemoMoneySettings } from './money-settings.js';

export type Member = {
  id: number;
  merchant_id: number;
  payee_name: string | null;
  payment_password_hash: string | null;
};

/** Daily limits count from the brand's midnight, not UTC's (decision 0038). */
const startOfBrandDay = (merchant: Merchant, now: Date) => startOfToday(merchant.timeZone, now).toISOString();
const mask = (accountNumber: string) =>
  `${'*'.repeat(Math.max(0, accountNumber.length - 4))}${accountNumber.slice(-4)}`;
const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
const stateConflict = (what: string) =>
  new AppError('PAYMENT_STATE_CONFLICT', `This ${what} has already been processed`);

/** One page of a list, numbered like the game list. */
/** One page of an ordered list query, with the count of the whole list (from its own count query). */
const pageOf = async <R, T>(
  rows: { limit(n: number): { offset(n: number): { execute(): Promise<R[]> } } },
  count: { executeTakeFirstOrThrow(): Promise<{ count: number | string }> },
  page: PaymentPageQuery,
  toItem: (row: R) => T,
) => {
  const list = await rows.limit(page.pageSize).offset(pageOffset(page.pageNo, page.pageSize)).execute();
  const totalCount = Number((await count.executeTakeFirstOrThrow()).count);
  return {
    list: list.map(toItem),
    pageNum: page.pageNo,
    totalPages: pageCount(totalCount, page.pageSize),
    totalCount,
  };
};

/** Serialises a member's money requests on PostgreSQL (SQLite's write transaction already does). */
const lockMember = async (trx: DbOrTrx, memberId: number) => {
  if (dialectOf(trx) === 'postgres')
    await trx.selectFrom('member').select('id').where('id', '=', memberId).forUpdate().execute();
};

// Channels

type ChannelRow = Awaited<ReturnType<typeof findChannel>>;
const findChannel = (db: DbOrTrx, merchantId: number, code: string) =>
  db
    .selectFrom('payment_channel')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('code', '=', code)
    .where('enabled', '=', 1)
    .executeTakeFirst();

const toChannel = (row: NonNullable<ChannelRow>): PaymentChannel => ({
  code: row.code,
  kind: row.kind as PaymentChannel['kind'],
  name: row.name,
  minAmount: row.min_amount,
  maxAmount: row.max_amount,
  dailyLimit: row.daily_limit,
  // Only a manual channel has anything to show; a gateway's configuration stays on the server.
  receivingAccount:
    row.kind === 'MANUAL_BANK' ? manualBankAdapter(JSON.parse(row.config) as unknown).receivingAccount : null,
});

export const listChannels = async (db: DbOrTrx, merchantId: number) => ({
  channels: (
    await db
      .selectFrom('payment_channel')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('enabled', '=', 1)
      .orderBy('sort_order')
      .orderBy('id')
      .execute()
  ).map(toChannel),
});

// Deposits

const toDeposit = (row: {
  id: number;
  amount: number;
  status: string;
  reference: string | null;
  note: string | null;
  pay_url: string | null;
  created_at: string;
  decided_at: string | null;
  code: string;
}): Deposit => ({
  id: row.id,
  channelCode: row.code,
  amount: row.amount,
  status: row.status as Deposit['status'],
  reference: row.reference,
  note: row.note,
  // The payment page is of use only while the gateway waits for the payment.
  payUrl: row.status === 'AWAITING_PAYMENT' ? row.pay_url : null,
  createdAt: row.created_at,
  decidedAt: row.decided_at,
});

const depositQuery = (db: DbOrTrx) =>
  db
    .selectFrom('deposit')
    .innerJoin('payment_channel', 'payment_channel.id', 'deposit.channel_id')
    .select([
      'deposit.id',
      'deposit.amount',
      'deposit.status',
      'deposit.reference',
      'deposit.note',
      'deposit.pay_url',
      'deposit.created_at',
      'deposit.decided_at',
      'payment_channel.code',
      'deposit.member_id',
      'deposit.merchant_id',
    ]);
const loadDeposit = async (db: DbOrTrx, id: number) =>
  toDeposit(await depositQuery(db).where('deposit.id', '=', id).executeTakeFirstOrThrow());

/** What the payment service needs besides the database: uploads, and the secret that opens channel secrets. */
export type PaymentDeps = { dataDir: string; serverSecret: string };

/**
 * A deposit through one of the brand's channels (channels/channel.ts). The row is written first, as
 * PENDING, in one transaction with the channel's daily limit; the channel is asked after, outside any
 * transaction: a manual transfer waits for an operator, a gateway answers with its order and payment
 * page. A gateway that fails leaves the deposit FAILED and nothing credited.
 * `siteOrigin` is the brand's own origin, where the gateway sends its callback.
 */
export const createDeposit = async (
  db: Db,
  deps: PaymentDeps,
  merchant: Merchant,
  member: Member,
  request: DepositRequest,
  siteOrigin: string,
  now = new Date(),
): Promise<Deposit> => {
  const channel = await findChannel(db, merchant.id, request.channelCode);
  if (!channel)
    throw new AppError('PAYMENT_CHANNEL_NOT_FOUND', `No deposit channel '${request.channelCode}'`);
  const adapter = channelAdapter(channel, deps.serverSecret);
  if (request.amount < channel.min_amount || request.amount > channel.max_amount) {
    throw new AppError('PAYMENT_AMOUNT_OUT_OF_RANGE', 'The amount is outside the channel limits', {
      details: { min: channel.min_amount, max: channel.max_amount },
    });
  }
  const holdDailyLimit = async (dbOrTrx: DbOrTrx) => {
    const today = await dbOrTrx
      .selectFrom('deposit')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
      .where('member_id', '=', member.id)
      .where('channel_id', '=', channel.id)
      .where('status', 'not in', ['REJECTED', 'FAILED'])
      .where('created_at', '>=', startOfBrandDay(merchant, now))
      .executeTakeFirstOrThrow();
    if (Number(today.total) + request.amount > channel.daily_limit) {
      throw new AppError(
        'PAYMENT_DAILY_LIMIT_REACHED',
        'The daily deposit limit of this channel has been reached',
        { details: { dailyLimit: channel.daily_limit, usedToday: Number(today.total) } },
      );
    }
  };
  // Checked before a receipt image is stored, and again, binding, with the row written.
  await holdDailyLimit(db);
  // A receipt image is the member's evidence of a bank transfer; a gateway reports the payment itself.
  const proof =
    adapter.kind === 'MANUAL_BANK' && request.proof
      ? await storeImage(deps.dataDir, `deposits/${merchant.id}`, request.proof.base64)
      : null;
  const id = await writeTransaction(db, async (trx) => {
    await lockMember(trx, member.id);
    await holdDailyLimit(trx);
    const row = await trx
      .insertInto('deposit')
      .values({
        merchant_id: merchant.id,
        member_id: member.id,
        channel_id: channel.id,
        amount: request.amount,
        status: 'PENDING',
        reference: (adapter.kind === 'MANUAL_BANK' && request.reference) || null,
        proof_file: proof,
        gateway_order_id: null,
        pay_url: null,
        note: null,
        operator_id: null,
        created_at: now.toISOString(),
        decided_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });

  const fail = async (error: AppError) => {
    await db
      .updateTable('deposit')
      .set({ status: 'FAILED', note: error.message.slice(0, 200), decided_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .execute();
    return error;
  };
  let start: DepositStart;
  try {
    start = await adapter.startDeposit(
      {
        depositId: id,
        amount: request.amount,
        currency: merchant.currency,
        notifyUrl: `${siteOrigin}/wps/payment/callback/${encodeURIComponent(channel.code)}`,
        returnUrl: `${siteOrigin}/index`,
      },
      now,
    );
  } catch (error) {
    throw await fail(
      error instanceof AppError
        ? error
        : new AppError('PAYMENT_GATEWAY_UNAVAILABLE', 'The payment gateway could not take the order'),
    );
  }
  if (start.status === 'AWAITING_PAYMENT') {
    try {
      // Still PENDING unless the gateway's callback was faster than its own answer.
      await db
        .updateTable('deposit')
        .set({ status: 'AWAITING_PAYMENT', gateway_order_id: start.gatewayOrderId, pay_url: start.payUrl })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw await fail(
        new AppError('PAYMENT_GATEWAY_UNAVAILABLE', 'The gateway answered with an order id already in use'),
      );
    }
  }
  return loadDeposit(db, id);
};

/** The member's deposits, newest first, a page at a time. */
export const listDeposits = (db: DbOrTrx, memberId: number, page: PaymentPageQuery) =>
  pageOf(
    depositQuery(db).where('deposit.member_id', '=', memberId).orderBy('deposit.id', 'desc'),
    db
      .selectFrom('deposit')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('member_id', '=', memberId),
    page,
    toDeposit,
  );

/** One of the member's deposits: the deposit panel follows a gateway payment by it. */
export const getDeposit = async (db: DbOrTrx, memberId: number, depositId: number) => {
  const row = await depositQuery(db)
    .where('deposit.id', '=', depositId)
    .where('deposit.member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `No deposit ${depositId}`);
  return toDeposit(row);
};

/** Whether any deposit of the member was approved; promotions tell new members from existing ones by it. */
export const hasApprovedDeposit = async (db: DbOrTrx, merchantId: number, memberId: number) =>
  (await db
    .selectFrom('deposit')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'APPROVED')
    .limit(1)
    .executeTakeFirst()) !== undefined;

/** The credit of an approved deposit (house cash → member main), posted once whoever approves it. */
const creditDeposit = async (
  trx: DbOrTrx,
  row: { id: number; merchant_id: number; member_id: number; amount: number },
  now: Date,
) =>
  ledger.postTransfersIn(
    trx,
    {
      merchantId: row.merchant_id,
      idempotencyKey: `deposit:${row.id}`,
      legs: [
        {
          kind: 'DEPOSIT',
          debitAccountId: await ledger.houseAccount(trx, row.merchant_id, 'CASH'),
          creditAccountId: await ledger.memberAccount(trx, row.merchant_id, row.member_id, 'MAIN'),
          amount: row.amount,
          reference: `deposit:${row.id}`,
        },
      ],
    },
    now,
  );

/**
 * Tells the member a deposit or withdrawal was decided, in the decision's transaction: their open
 * pages once it commits (decision 0036, the history reloads) and their inbox (decision 0047).
 */
const announceDecision = async (
  trx: DbOrTrx,
  row: { id: number; merchant_id: number; member_id: number; amount: number },
  decision:
    { type: 'deposit'; status: Deposit['status'] } | { type: 'withdrawal'; status: Withdrawal['status'] },
  now: Date,
) => {
  publishMemberEvent(
    { merchantId: row.merchant_id, memberId: row.member_id },
    { ...decision, id: row.id },
    trx,
  );
  const kind = `${decision.type.toUpperCase()}_${decision.status}` as InboxTemplate;
  if (!(INBOX_TEMPLATES as readonly string[]).includes(kind)) return;
  await notifyMember(
    trx,
    {
      merchantId: row.merchant_id,
      memberId: row.member_id,
      kind,
      params: { id: row.id, amount: row.amount },
    },
    now,
  );
};

/** Deposits still open: waiting for an operator, or for the member to pay on a gateway's page. */
const OPEN_DEPOSIT_STATUSES = ['PENDING', 'AWAITING_PAYMENT'];

/**
 * Approves or rejects an open deposit: the status change and the credit are one transaction. An
 * operator may settle a gateway deposit too (a callback that never came); the gateway's own callback
 * then finds it decided, and the credit's idempotency key keeps it to one credit in any case.
 */
export const decideDeposit = async (
  db: Db,
  operator: Operator,
  depositId: number,
  approve: boolean,
  note?: string,
  now = new Date(),
) => {
  const row = await db.selectFrom('deposit').selectAll().where('id', '=', depositId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `No deposit ${depositId}`);
  assertOperatorScope(operator, row.merchant_id);
  return writeTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('deposit')
      .set({
        status: approve ? 'APPROVED' : 'REJECTED',
        operator_id: operator.id || null,
        note: note ?? null,
        decided_at: now.toISOString(),
      })
      .where('id', '=', depositId)
      .where('status', 'in', OPEN_DEPOSIT_STATUSES)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw stateConflict('deposit');
    if (approve) await creditDeposit(trx, row, now);
    await announceDecision(trx, row, { type: 'deposit', status: approve ? 'APPROVED' : 'REJECTED' }, now);
    return loadDeposit(trx, depositId);
  });
};

/** Deposits by status for operators, oldest first (a queue), a page at a time. */
export const depositQueue = async (
  db: DbOrTrx,
  operator: Operator,
  status = 'PENDING',
  page: PaymentPageQuery = { pageNo: 1, pageSize: 100 },
) => {
  let count = db
    .selectFrom('deposit')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', status);
  // Operators know members by username, not by the row id (issue 20 item 9).
  let query = depositQuery(db)
    .innerJoin('member', 'member.id', 'deposit.member_id')
    .select('member.username')
    .where('deposit.status', '=', status);
  if (operator.merchantId !== null) {
    count = count.where('merchant_id', '=', operator.merchantId);
    query = query.where('deposit.merchant_id', '=', operator.merchantId);
  }
  return pageOf(query.orderBy('deposit.id'), count, page, (r) => ({
    ...toDeposit(r),
    memberId: r.member_id,
    username: r.username,
  }));
};

/**
 * A gateway's signed callback (POST /wps/payment/callback/:channelCode): PAID approves the deposit
 * and credits it in one transaction, FAILED marks it failed. The same callback again answers as
 * before and moves nothing; a callback that disagrees with the deposit is refused and changes nothing.
 */
export const settleGatewayCallback = async (
  db: Db,
  serverSecret: string,
  merchant: Merchant,
  channelCode: string,
  callback: GatewayCallback,
  now = new Date(),
): Promise<{ depositId: number; status: Deposit['status']; isReplay: boolean }> => {
  // A channel switched off since still settles the orders it took.
  const channel = await db
    .selectFrom('payment_channel')
    .selectAll()
    .where('merchant_id', '=', merchant.id)
    .where('code', '=', channelCode)
    .where('kind', '=', 'GATEWAY')
    .executeTakeFirst();
  if (!channel) throw new AppError('PAYMENT_CHANNEL_NOT_FOUND', `No gateway channel '${channelCode}'`);
  const outcome: CallbackOutcome = channelAdapter(channel, serverSecret).readCallback(callback, now);
  const row = await db
    .selectFrom('deposit')
    .selectAll()
    .where('id', '=', outcome.depositId)
    .where('channel_id', '=', channel.id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `No deposit ${outcome.depositId} on channel '${channelCode}'`);
  const mismatch = (field: string) =>
    new AppError('PAYMENT_CALLBACK_MISMATCH', `The callback's ${field} does not match the deposit`, {
      details: { field },
    });
  if (row.gateway_order_id !== null && row.gateway_order_id !== outcome.gatewayOrderId)
    throw mismatch('orderId');
  if (outcome.amount !== row.amount) throw mismatch('amount');
  if (outcome.currency !== merchant.currency) throw mismatch('currency');

  const isPaid = outcome.status === 'PAID';
  const settled = await writeTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('deposit')
      .set({
        status: isPaid ? 'APPROVED' : 'FAILED',
        gateway_order_id: outcome.gatewayOrderId,
        decided_at: now.toISOString(),
        ...(!isPaid && { note: 'The payment failed at the gateway' }),
      })
      .where('id', '=', row.id)
      .where('status', 'in', OPEN_DEPOSIT_STATUSES)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    if (isPaid) await creditDeposit(trx, row, now);
    await announceDecision(trx, row, { type: 'deposit', status: isPaid ? 'APPROVED' : 'FAILED' }, now);
    return true;
  });
  if (settled) return { depositId: row.id, status: isPaid ? 'APPROVED' : 'FAILED', isReplay: false };
  // Decided before: the same outcome again is a repeat (a failure also after an operator's rejection);
  // a payment reported for a deposit that failed or was rejected is for an operator to look into.
  const current = await db
    .selectFrom('deposit')
    .select('status')
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow();
  const status = current.status as Deposit['status'];
  if (isPaid ? status === 'APPROVED' : status === 'FAILED' || status === 'REJECTED')
    return { depositId: row.id, status, isReplay: true };
  throw stateConflict('deposit');
};

// Bank accounts

const toBankAccount = (row: {
  id: number;
  bank_name: string;
  account_number: string;
  account_name: string;
}): BankAccount => ({
  id: row.id,
  bankName: row.bank_name,
  accountNumber: mask(row.account_number),
  accountName: row.account_name,
});

export const listBankAccounts = async (db: DbOrTrx, memberId: number) =>
  (
    await db
      .selectFrom('member_bank_account')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute()
  ).map(toBankAccount);

/** The payee name must be the registered name; a member with none registers it with the first account. */
export const bindBankAccount = async (
  db: DbOrTrx,
  member: Member,
  input: { bankName: string; accountNumber: string; accountName: string },
) => {
  if (member.payee_name && !sameName(member.payee_name, input.accountName)) {
    throw new AppError('BANK_ACCOUNT_NAME_MISMATCH', 'The account name must be your registered name', {
      fields: { accountName: ['Must match your registered name'] },
    });
  }
  const now = new Date().toISOString();
  if (!member.payee_name)
    await db
      .updateTable('member')
      .set({ payee_name: input.accountName.trim(), updated_at: now })
      .where('id', '=', member.id)
      .execute();
  const row = await db
    .insertInto('member_bank_account')
    .values({
      merchant_id: member.merchant_id,
      member_id: member.id,
      bank_name: input.bankName,
      account_number: input.accountNumber.replace(/[\s-]/g, ''),
      account_name: input.accountName.trim(),
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['member_id', 'account_number']).doNothing())
    .returning(['id', 'bank_name', 'account_number', 'account_name'])
    .executeTakeFirst();
  if (!row) throw new AppError('CONFLICT', 'This bank account is already bound');
  return toBankAccount(row);
};

// Withdrawals

/** The total of one kind of ledger transfer into (credit) or out of (debit) an account, ever. */
export const sumTransfers = async (
  db: DbOrTrx,
  accountId: number,
  kind: string,
  side: 'credit' | 'debit',
): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('ledger_transfer')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
        .where('kind', '=', kind)
        .where(side === 'credit' ? 'credit_account_id' : 'debit_account_id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).total,
  );

/**
 * Turnover still to wager: deposits (ledger DEPOSIT credits to the main wallet) times the brand's
 * multiplier, plus turnover carried in with upline transfers and less what was carried out
 * (decision 0012), less the valid bet of every settled round (decision 0016); never below 0. A multiplier of 0 asks for nothing.
 */
export const turnoverRemaining = async (
  db: DbOrTrx,
  merchantId: number,
  memberId: number,
  multiplier: number,
) => Math.max(0, await turnoverBalance(db, merchantId, memberId, multiplier));

/**
 * The turnover requirement before the clamp at 0: negative when more was wagered than required.
 * Adjustments (upline transfers, promotion bonuses: decision 0050) count whatever the brand's
 * multiplier, so a bonus's wagering is owed on a brand that asks none for deposits.
 */
export const turnoverBalance = async (
  db: DbOrTrx,
  merchantId: number,
  memberId: number,
  multiplier: number,
) => {
  const main = await ledger.memberAccount(db, merchantId, memberId, 'MAIN');
  const deposited = multiplier > 0 ? await sumTransfers(db, main, 'DEPOSIT', 'credit') : 0;
  // Every settled round counts its valid bet (betting records): an open round or a rolled-back bet does not.
  const wagered = await settledTurnover(db, merchantId, memberId);
  const carried = await db
    .selectFrom('turnover_adjustment')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Math.ceil(deposited * multiplier) + Number(carried.total) - wagered;
};

export const withdrawInfo = async (db: DbOrTrx, merchant: Merchant, member: Member) => {
  const settings = await getMoneySettings(db, merchant.id);
  const main = await ledger.getAccountBalance(
    db,
    await ledger.memberAccount(db, merchant.id, member.id, 'MAIN'),
  );
  const remaining = await turnoverRemaining(db, merchant.id, member.id, settings.turnoverMultiplier);
  return {
    mainBalance: main,
    withdrawable: remaining > 0 ? 0 : main,
    turnoverRemaining: remaining,
    minAmount: settings.withdrawal.minAmount,
    maxAmount: settings.withdrawal.maxAmount,
    dailyLimit: settings.withdrawal.dailyLimit,
    hasPaymentPassword: member.payment_password_hash !== null,
    bankAccounts: await listBankAccounts(db, member.id),
  };
};

const withdrawalQuery = (db: DbOrTrx) =>
  db
    .selectFrom('withdrawal as w')
    .innerJoin('member_bank_account as b', 'b.id', 'w.bank_account_id')
    .select([
      'w.id',
      'w.amount',
      'w.status',
      'w.note',
      'w.created_at',
      'w.decided_at',
      'w.confirm_deadline',
      'w.complaint',
      'w.proof_files',
      'w.member_id',
      'w.merchant_id',
    ])
    .select(['b.id as bank_id', 'b.bank_name', 'b.account_number', 'b.account_name']);

const toWithdrawal = (
  r: Awaited<ReturnType<ReturnType<typeof withdrawalQuery>['executeTakeFirstOrThrow']>>,
): Withdrawal => ({
  id: r.id,
  amount: r.amount,
  status: r.status as Withdrawal['status'],
  bankAccount: toBankAccount({
    id: r.bank_id,
    bank_name: r.bank_name,
    account_number: r.account_number,
    account_name: r.account_name,
  }),
  note: r.note,
  createdAt: r.created_at,
  decidedAt: r.decided_at,
  confirmDeadline: r.confirm_deadline,
  complaint: r.complaint,
  proofCount: r.proof_files ? (JSON.parse(r.proof_files) as string[]).length : 0,
});

/** The member's withdrawals, newest first, a page at a time. */
export const listWithdrawals = (db: DbOrTrx, memberId: number, page: PaymentPageQuery) =>
  pageOf(
    withdrawalQuery(db).where('w.member_id', '=', memberId).orderBy('w.id', 'desc'),
    db
      .selectFrom('withdrawal')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('member_id', '=', memberId),
    page,
    toWithdrawal,
  );

/** Holds the amount (main wallet → withdrawal hold) at request time, in the transaction that records it. */
export const requestWithdrawal = async (
  db: Db,
  merchant: Merchant,
  member: Member,
  request: WithdrawRequest,
  now = new Date(),
): Promise<Withdrawal> => {
  await checkPaymentPassword(db, member, request.paymentPassword, now);
  const bank = await db
    .selectFrom('member_bank_account')
    .select('id')
    .where('id', '=', request.bankAccountId)
    .where('member_id', '=', member.id)
    .executeTakeFirst();
  if (!bank) throw new AppError('BANK_ACCOUNT_NOT_FOUND', 'Bind this bank account first');
  const settings = await getMoneySettings(db, merchant.id);
  if (request.amount < settings.withdrawal.minAmount || request.amount > settings.withdrawal.maxAmount) {
    throw new AppError('PAYMENT_AMOUNT_OUT_OF_RANGE', 'The amount is outside the withdrawal limits', {
      details: { min: settings.withdrawal.minAmount, max: settings.withdrawal.maxAmount },
    });
  }
  const remaining = await turnoverRemaining(db, merchant.id, member.id, settings.turnoverMultiplier);
  if (remaining > 0) {
    throw new AppError(
      'WITHDRAWAL_TURNOVER_NOT_MET',
      'Deposits must be wagered before they can be withdrawn',
      { details: { turnoverRemaining: remaining } },
    );
  }
  const main = await ledger.memberAccount(db, merchant.id, member.id, 'MAIN');
  const hold = await ledger.memberAccount(db, merchant.id, member.id, 'WITHDRAWAL_HOLD');
  const id = await writeTransaction(db, async (trx) => {
    // An agent owing its downline salaries or dividends withdraws nothing until it has paid them.
    await assertNoOpenAgentDebt(trx, merchant.id, member.id);
    const today = await trx
      .selectFrom('withdrawal')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
      .where('member_id', '=', member.id)
      .where('status', '!=', 'REJECTED')
      .where('created_at', '>=', startOfBrandDay(merchant, now))
      .executeTakeFirstOrThrow();
    if (Number(today.total) + request.amount > settings.withdrawal.dailyLimit) {
      throw new AppError('PAYMENT_DAILY_LIMIT_REACHED', 'The daily withdrawal limit has been reached', {
        details: { dailyLimit: settings.withdrawal.dailyLimit },
      });
    }
    const row = await trx
      .insertInto('withdrawal')
      .values({
        merchant_id: merchant.id,
        member_id: member.id,
        bank_account_id: request.bankAccountId,
        amount: request.amount,
        status: 'PENDING',
        operator_id: null,
        note: null,
        created_at: now.toISOString(),
        decided_at: null,
        confirm_deadline: null,
        confirmed_at: null,
        complaint: null,
        proof_files: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ledger.postTransfersIn(
      trx,
      {
        merchantId: merchant.id,
        idempotencyKey: `withdrawal-hold:${row.id}`,
        legs: [
          {
            kind: 'WITHDRAWAL_HOLD',
            debitAccountId: main,
            creditAccountId: hold,
            amount: request.amount,
            reference: `withdrawal:${row.id}`,
          },
        ],
      },
      now,
    );
    return row.id;
  });
  return toWithdrawal(await withdrawalQuery(db).where('w.id', '=', id).executeTakeFirstOrThrow());
};

/** The auto-receive job's name: decideWithdrawal wakes it. */
export const WITHDRAWAL_AUTO_RECEIVE_JOB = 'withdrawal-auto-receive';

/** Approve pays the held amount out (hold → cash); reject releases it (hold → main). */
export const decideWithdrawal = async (
  db: Db,
  operator: Operator,
  withdrawalId: number,
  approve: boolean,
  note?: string,
  now = new Date(),
) => {
  const row = await db.selectFrom('withdrawal').selectAll().where('id', '=', withdrawalId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `No withdrawal ${withdrawalId}`);
  assertOperatorScope(operator, row.merchant_id);
  const settings = await getMoneySettings(db, row.merchant_id);
  await writeTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('withdrawal')
      .set({
        status: approve ? 'PAID' : 'REJECTED',
        operator_id: operator.id || null,
        note: note ?? null,
        decided_at: now.toISOString(),
        confirm_deadline: approve
          ? new Date(now.getTime() + settings.autoReceiveMinutes * 60_000).toISOString()
          : null,
      })
      .where('id', '=', withdrawalId)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw stateConflict('withdrawal');
    await announceDecision(trx, row, { type: 'withdrawal', status: approve ? 'PAID' : 'REJECTED' }, now);
    const hold = await ledger.memberAccount(trx, row.merchant_id, row.member_id, 'WITHDRAWAL_HOLD');
    await ledger.postTransfersIn(
      trx,
      {
        merchantId: row.merchant_id,
        idempotencyKey: `withdrawal-${approve ? 'pay' : 'release'}:${withdrawalId}`,
        legs: [
          approve
            ? {
                kind: 'WITHDRAWAL',
                debitAccountId: hold,
                creditAccountId: await ledger.houseAccount(trx, row.merchant_id, 'CASH'),
                amount: row.amount,
                reference: `withdrawal:${withdrawalId}`,
              }
            : {
                kind: 'WITHDRAWAL_RELEASE',
                debitAccountId: hold,
                creditAccountId: await ledger.memberAccount(trx, row.merchant_id, row.member_id, 'MAIN'),
                amount: row.amount,
                reference: `withdrawal:${withdrawalId}`,
              },
        ],
      },
      now,
    );
  });
  // A payout has a confirmation deadline now: the sleeping auto-receive job learns when to wake.
  if (approve) wakeJob(WITHDRAWAL_AUTO_RECEIVE_JOB);
  return toWithdrawal(await withdrawalQuery(db).where('w.id', '=', withdrawalId).executeTakeFirstOrThrow());
};

/** Withdrawals by status for operators, oldest first (a queue), a page at a time. */
export const withdrawalQueue = async (
  db: DbOrTrx,
  operator: Operator,
  status = 'PENDING',
  page: PaymentPageQuery = { pageNo: 1, pageSize: 100 },
) => {
  let count = db
    .selectFrom('withdrawal')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', status);
  let query = withdrawalQuery(db)
    .innerJoin('member', 'member.id', 'w.member_id')
    .select('member.username')
    .where('w.status', '=', status);
  if (operator.merchantId !== null) {
    count = count.where('merchant_id', '=', operator.merchantId);
    query = query.where('w.merchant_id', '=', operator.merchantId);
  }
  return pageOf(query.orderBy('w.id'), count, page, (r) => ({
    ...toWithdrawal(r),
    memberId: r.member_id,
    username: r.username,
  }));
};

/** §4: received, or not received with proof; only while the payout waits for its confirmation. */
export const confirmWithdrawal = async (
  db: Db,
  dataDir: string,
  member: Member,
  withdrawalId: number,
  input: WithdrawalConfirmation,
  now = new Date(),
) => {
  const row = await db
    .selectFrom('withdrawal')
    .selectAll()
    .where('id', '=', withdrawalId)
    .where('member_id', '=', member.id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `No withdrawal ${withdrawalId}`);
  if (row.status !== 'PAID' || (row.confirm_deadline !== null && row.confirm_deadline <= now.toISOString()))
    throw stateConflict('withdrawal');
  const proofs = input.received
    ? []
    : await Promise.all(
        input.images.map((image) => storeImage(dataDir, `withdrawals/${row.merchant_id}`, image.base64)),
      );
  const updated = await db
    .updateTable('withdrawal')
    .set({
      status: input.received ? 'RECEIVED' : 'NOT_RECEIVED',
      confirmed_at: now.toISOString(),
      complaint: input.received ? null : input.comment,
      proof_files: input.received ? null : JSON.stringify(proofs),
    })
    .where('id', '=', withdrawalId)
    .where('status', '=', 'PAID')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw stateConflict('withdrawal');
  return toWithdrawal(await withdrawalQuery(db).where('w.id', '=', withdrawalId).executeTakeFirstOrThrow());
};

/** The auto-receive job: a payout nobody confirmed in time counts as received, and is never refunded. */
export const autoReceiveWithdrawals = async (db: DbOrTrx, now = new Date()) => {
  const result = await db
    .updateTable('withdrawal')
    .set({ status: 'AUTO_RECEIVED', confirmed_at: now.toISOString() })
    .where('status', '=', 'PAID')
    .where('confirm_deadline', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

/** The earliest confirmation deadline of a payout still waiting: when the auto-receive job has work. */
export const nextAutoReceive = async (db: DbOrTrx): Promise<Date | undefined> => {
  const row = await db
    .selectFrom('withdrawal')
    .select((eb) => eb.fn.min('confirm_deadline').as('next'))
    .where('status', '=', 'PAID')
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : undefined;
};

/** The demo brand's gateway channel. */
export const DEMO_GATEWAY_CHANNEL = 'DEV_GATEWAY';

/**
 * The demo brand's deposit channels: a manual transfer to a (fictitious) Vietcombank account, and a
 * payment gateway channel, off until `jade payment channel-gateway DEV_GATEWAY --url ...` points it at
 * a gateway (scripts/dev-gateway.mjs for a local one).
 */
export const seedDemoPayments = async (db: DbOrTrx, merchantId: number) => {
  await db
    .insertInto('payment_channel')
    .values([
      {
        merchant_id: merchantId,
        code: 'VCB_MANUAL',
        kind: 'MANUAL_BANK',
        name: 'Vietcombank transfer',
        config: JSON.stringify({
          bankName: 'Vietcombank',
          accountNumber: '0071000123456',
          accountName: 'JADE DEMO CO LTD',
        }),
        min_amount: 50_000_00,
        max_amount: 500_000_000_00,
        daily_limit: 2_000_000_000_00,
        enabled: 1,
        sort_order: 0,
      },
      {
        merchant_id: merchantId,
        code: DEMO_GATEWAY_CHANNEL,
        kind: 'GATEWAY',
        name: 'Online payment (test gateway)',
        config: '{}',
        min_amount: 10_000_00,
        max_amount: 100_000_000_00,
        daily_limit: 500_000_000_00,
        enabled: 0,
        sort_order: 1,
      },
    ])
    .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
    .execute();
  await seedDemoMoneySettings(db, merchantId);
};

/**
 * transferUpline: a member sends funds from the main wallet to its direct upline, which must be an
 * agent (§6), within the brand's upline limits. While the sender's deposits are not yet wagered the
 * transfer is refused, unless the brand allows it; then the money carries its share of the
 * requirement to the upline (decision 0012).
 */
export const transferToUpline = async (
  db: Db,
  merchant: Merchant,
  member: Member & { upline_id: number | null },
  request: { amount: number; paymentPassword: string },
  idempotencyKey: string,
  now = new Date(),
) => {
  if (member.upline_id === null) throw new AppError('OPERATION_NOT_ALLOWED', 'This account has no upline');
  const upline = await db
    .selectFrom('member')
    .select(['id', 'username', 'status', 'type'])
    .where('id', '=', member.upline_id)
    .where('merchant_id', '=', merchant.id)
    .executeTakeFirst();
  if (!upline || upline.status !== 'ACTIVE' || !isAgentAccountType(upline.type))
    throw new AppError('OPERATION_NOT_ALLOWED', 'Funds can only be sent to your agent upline');
  await checkPaymentPassword(db, member, request.paymentPassword, now);
  const settings = await getMoneySettings(db, merchant.id);
  const limits = settings.uplineTransfer;
  if (request.amount < limits.minAmount || request.amount > limits.maxAmount) {
    throw new AppError('PAYMENT_AMOUNT_OUT_OF_RANGE', 'The amount is outside the upline transfer limits', {
      details: { min: limits.minAmount, max: limits.maxAmount },
    });
  }
  const main = await ledger.memberAccount(db, merchant.id, member.id, 'MAIN');
  const uplineMain = await ledger.memberAccount(db, merchant.id, upline.id, 'MAIN');
  const key = `upline:${member.id}:${idempotencyKey}`;
  const posted = await writeTransaction(db, async (trx) => {
    // PostgreSQL: the sender's wallet is locked first, so two transfers cannot both pass the checks.
    if (dialectOf(trx) === 'postgres')
      await trx.selectFrom('ledger_account').select('id').where('id', '=', main).forUpdate().execute();
    const replayed = await trx
      .selectFrom('ledger_batch')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    let carried = 0;
    if (!replayed) {
      const today = await trx
        .selectFrom('ledger_transfer')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
        .where('kind', '=', 'UPLINE_TRANSFER')
        .where('debit_account_id', '=', main)
        .where('created_at', '>=', startOfBrandDay(merchant, now))
        .executeTakeFirstOrThrow();
      if (Number(today.total) + request.amount > limits.dailyLimit) {
        throw new AppError(
          'PAYMENT_DAILY_LIMIT_REACHED',
          'The daily upline transfer limit has been reached',
          {
            details: { dailyLimit: limits.dailyLimit },
          },
        );
      }
      const remaining = Math.max(
        0,
        await turnoverBalance(trx, merchant.id, member.id, settings.turnoverMultiplier),
      );
      if (remaining > 0 && !limits.allowWithTurnoverUnmet) {
        throw new AppError(
          'UPLINE_TRANSFER_TURNOVER_NOT_MET',
          'Deposits must be wagered before funds can be sent to the upline',
          { details: { turnoverRemaining: remaining } },
        );
      }
      carried = Math.min(remaining, Math.ceil(request.amount * settings.turnoverMultiplier));
    }
    const result = await ledger.postTransfersIn(
      trx,
      {
        merchantId: merchant.id,
        idempotencyKey: key,
        legs: [
          {
            kind: 'UPLINE_TRANSFER',
            debitAccountId: main,
            creditAccountId: uplineMain,
            amount: request.amount,
            reference: `member:${member.id}`,
          },
        ],
      },
      now,
    );
    if (carried > 0 && !result.replayed) {
      // The upline owes exactly what was carried: wagering it did before does not absorb it.
      const uplineBalance = await turnoverBalance(trx, merchant.id, upline.id, settings.turnoverMultiplier);
      const transferId = result.transfers[0]!.id;
      await trx
        .insertInto('turnover_adjustment')
        .values([
          {
            merchant_id: merchant.id,
            member_id: member.id,
            amount: -carried,
            ledger_transfer_id: transferId,
            created_at: now.toISOString(),
          },
          {
            merchant_id: merchant.id,
            member_id: upline.id,
            amount: carried + Math.max(0, -uplineBalance),
            ledger_transfer_id: transferId,
            created_at: now.toISOString(),
          },
        ])
        .execute();
    }
    return result;
  });
  return {
    transferId: posted.transfers[0]!.id,
    upline: upline.username,
    amount: request.amount,
    mainBalance: await ledger.getAccountBalance(db, main),
  };
};
