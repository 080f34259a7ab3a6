import { GAME_CATEGORIES, type GameCategory } from '@jade/contracts/games';
import type {
  PointConfig,
  PointConversion,
  PointHistoryItem,
  PointRedemption,
  PointReward,
  RedeemStatus,
  RewardInput,
} from '@jade/contracts/points';
import { CATEGORY_POINTS_HUNDREDTHS } from '@jade/contracts/constants';
import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { isUniqueViolation, writeTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { checkPaymentPassword } from '../accounts/payment-password.js';
import { languageChain, pageCount, pageOffset, pickName } from '../games/rules.js';
import type { Merchant } from '../merchants/repo.js';
import { notifyMember } from '../messages/inbox.js';
import * as ledger from '../wallet/ledger.js';

/**
 * The points mall (§5, §7, §9; decision 0046): a member's points are a ledger account (kind POINTS,
 * hundredths of a point) that settlement credits (accrual.ts); rewards are redeemed against it and
 * wait for an operator, and points convert to money. Every movement is a ledger post under a key
 * naming what it pays, in the same transaction as the state change it goes with.
 */

type MemberRef = { id: number; payment_password_hash: string | null };

/** The §9 rates and a conversion of 100 points to one currency unit: what a brand starts with. */
export const DEFAULT_CONVERSION = (exponent: number): PointConversion => ({
  points: 10_000,
  amount: 10 ** exponent,
  minPoints: 10_000,
  maxPoints: 100_000_000,
});

const insufficient = () => new AppError('POINTS_INSUFFICIENT', 'Not enough points');

/** The ledger's refusal of a points debit, said in points. */
const asPointsError = (error: unknown): never => {
  if (error instanceof AppError && error.code === 'WALLET_INSUFFICIENT_FUNDS') throw insufficient();
  throw error;
};

export const pointBalance = async (db: DbOrTrx, merchantId: number, memberId: number): Promise<number> => {
  const row = await db
    .selectFrom('ledger_account')
    .select('balance')
    .where('merchant_id', '=', merchantId)
    .where('code', '=', `member:${memberId}:POINTS`)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
};

export const getPointConfig = async (db: DbOrTrx, merchant: Merchant): Promise<PointConfig> => {
  const rates = await db
    .selectFrom('point_rate')
    .select(['category', 'rate'])
    .where('merchant_id', '=', merchant.id)
    .execute();
  const setting = await db
    .selectFrom('point_setting')
    .selectAll()
    .where('merchant_id', '=', merchant.id)
    .executeTakeFirst();
  return {
    rates: GAME_CATEGORIES.map((category) => ({
      category,
      rate: rates.find((r) => r.category === category)?.rate ?? 0,
    })),
    conversion: setting
      ? {
          points: Number(setting.convert_points),
          amount: Number(setting.convert_amount),
          minPoints: Number(setting.min_convert),
          maxPoints: Number(setting.max_convert),
        }
      : DEFAULT_CONVERSION(merchant.currencyExponent),
    expires: false,
  };
};

/** Sets some categories' rates and/or the conversion (operators). */
export const setPointSettings = async (
  db: Db,
  merchantId: number,
  input: {
    rates?: { category: GameCategory; rate: number }[] | undefined;
    conversion?: PointConversion | undefined;
  },
  now = new Date(),
) => {
  if (input.conversion && input.conversion.minPoints > input.conversion.maxPoints)
    throw new AppError('VALIDATION_FAILED', 'minPoints is above maxPoints');
  await writeTransaction(db, async (trx) => {
    for (const { category, rate } of input.rates ?? [])
      await trx
        .insertInto('point_rate')
        .values({ merchant_id: merchantId, category, rate })
        .onConflict((oc) => oc.columns(['merchant_id', 'category']).doUpdateSet({ rate }))
        .execute();
    const c = input.conversion;
    if (c) {
      const values = {
        convert_points: c.points,
        convert_amount: c.amount,
        min_convert: c.minPoints,
        max_convert: c.maxPoints,
        updated_at: now.toISOString(),
      };
      await trx
        .insertInto('point_setting')
        .values({ merchant_id: merchantId, ...values })
        .onConflict((oc) => oc.column('merchant_id').doUpdateSet(values))
        .execute();
    }
  });
};

type RewardRow = {
  id: number;
  names: string;
  descriptions: string;
  image_url: string | null;
  cost: number | string;
  stock: number;
  enabled: number;
  sort_order: number;
};
const texts = (json: string) => JSON.parse(json) as Record<string, string>;

const toReward = (row: RewardRow, chain: string[]): PointReward => ({
  id: row.id,
  name: pickName(texts(row.names), chain),
  description: pickName(texts(row.descriptions), chain),
  imageUrl: row.image_url,
  cost: Number(row.cost),
  stock: row.stock,
});

const toOperatorReward = (row: RewardRow) => ({
  id: row.id,
  names: texts(row.names),
  descriptions: texts(row.descriptions),
  imageUrl: row.image_url,
  cost: Number(row.cost),
  stock: row.stock,
  enabled: row.enabled === 1,
  sortOrder: row.sort_order,
});

/** The rewards a member may redeem: enabled ones, in the brand's order (out of stock shown as 0). */
export const listRewards = async (db: DbOrTrx, merchant: Merchant, language?: string) => {
  const chain = languageChain(language, merchant.defaultLanguage);
  const rows = await db
    .selectFrom('point_reward')
    .selectAll()
    .where('merchant_id', '=', merchant.id)
    .where('enabled', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return { list: rows.map((row) => toReward(row, chain)) };
};

const redemptionQuery = (db: DbOrTrx, merchantId: number) =>
  db
    .selectFrom('point_redemption as d')
    .innerJoin('point_reward as r', 'r.id', 'd.reward_id')
    .innerJoin('member as m', 'm.id', 'd.member_id')
    .where('d.merchant_id', '=', merchantId);

type RedemptionRow = {
  id: number;
  reward_id: number;
  names: string;
  cost: number | string;
  status: RedeemStatus;
  remark: string | null;
  created_at: string;
  decided_at: string | null;
  member_id: number;
  username: string;
};
const redemptionColumns = [
  'd.id',
  'd.reward_id',
  'r.names',
  'd.cost',
  'd.status',
  'd.remark',
  'd.created_at',
  'd.decided_at',
  'd.member_id',
  'm.username',
] as const;

const toRedemption = (row: RedemptionRow, chain: string[]): PointRedemption => ({
  id: row.id,
  rewardId: row.reward_id,
  rewardName: pickName(texts(row.names), chain),
  points: Number(row.cost),
  status: row.status,
  remark: row.remark,
  createdAt: row.created_at,
  decidedAt: row.decided_at,
});

/**
 * The member's points history, newest first, by status if asked (MCS2_getRedeemPointList): the
 * redemptions and the conversions (issue 22: a conversion is a movement of points the member made,
 * so it shows beside the redemptions; it is Approved when made). One union, so pages are exact.
 */
export const listRedemptions = async (
  db: DbOrTrx,
  merchant: Merchant,
  memberId: number,
  request: {
    status?: RedeemStatus | undefined;
    pageNo: number;
    pageSize: number;
    language?: string | undefined;
  },
): Promise<{ list: PointHistoryItem[]; pageNum: number; totalPages: number; totalCount: number }> => {
  const chain = languageChain(request.language, merchant.defaultLanguage);
  let redeemed = db
    .selectFrom('point_redemption as d')
    .innerJoin('point_reward as r', 'r.id', 'd.reward_id')
    .where('d.merchant_id', '=', merchant.id)
    .where('d.member_id', '=', memberId);
  if (request.status) redeemed = redeemed.where('d.status', '=', request.status);
  const converted = db
    .selectFrom('ledger_transfer as t')
    .innerJoin('ledger_account as a', 'a.id', 't.debit_account_id')
    .innerJoin('ledger_transfer as paid', (join) =>
      join.onRef('paid.batch_id', '=', 't.batch_id').on('paid.kind', '=', 'POINTS_CONVERSION'),
    )
    .where('t.merchant_id', '=', merchant.id)
    .where('t.kind', '=', 'POINTS_CONVERT')
    .where('a.member_id', '=', memberId);
  const withConversions = request.status === undefined || request.status === 'APPROVED';
  const redeemedRows = redeemed.select([
    'd.id',
    sql<PointHistoryItem['kind']>`'REDEEM'`.as('kind'),
    sql<number | null>`d.reward_id`.as('reward_id'),
    sql<string | null>`r.names`.as('names'),
    sql<number | string>`d.cost`.as('points'),
    sql<number | string | null>`null`.as('amount'),
    sql<RedeemStatus>`d.status`.as('status'),
    'd.remark',
    'd.created_at',
    'd.decided_at',
  ]);
  const convertedRows = converted.select([
    't.id',
    sql<PointHistoryItem['kind']>`'CONVERT'`.as('kind'),
    sql<number | null>`null`.as('reward_id'),
    sql<string | null>`null`.as('names'),
    sql<number | string>`t.amount`.as('points'),
    sql<number | string | null>`paid.amount`.as('amount'),
    sql<RedeemStatus>`'APPROVED'`.as('status'),
    sql<string | null>`null`.as('remark'),
    't.created_at',
    sql<string | null>`t.created_at`.as('decided_at'),
  ]);
  const history = withConversions ? redeemedRows.unionAll(convertedRows) : redeemedRows;
  const rows = await db
    .selectFrom(history.as('h'))
    .selectAll()
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(request.pageSize)
    .offset(pageOffset(request.pageNo, request.pageSize))
    .execute();
  const redeemedCount = await redeemed
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const convertedCount = withConversions
    ? await converted.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()
    : { n: 0 };
  const totalCount = Number(redeemedCount.n) + Number(convertedCount.n);
  return {
    list: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      rewardId: row.reward_id,
      rewardName: row.names === null ? '' : pickName(texts(row.names), chain),
      points: Number(row.points),
      amount: row.amount === null ? null : Number(row.amount),
      status: row.status,
      remark: row.remark,
      createdAt: row.created_at,
      decidedAt: row.decided_at,
    })),
    pageNum: request.pageNo,
    totalPages: pageCount(totalCount, request.pageSize),
    totalCount,
  };
};

/**
 * MCS2_redeemPointReward: one of the reward's stock is taken (a conditional update, so two members
 * never both take the last one), the member's points move to POINTS_SPENT and the redemption waits
 * IN_PROCESS for an operator, all in one transaction. `requestKey` is the member's Idempotency-Key.
 */
export const redeemReward = async (
  db: Db,
  merchant: Merchant,
  member: MemberRef,
  request: { rewardId: number; paymentPassword: string; language?: string | undefined },
  requestKey: string,
  now = new Date(),
) => {
  await checkPaymentPassword(db, member, request.paymentPassword, now);
  return takeReward(db, merchant, member.id, request, requestKey, now);
};

/**
 * `redeemReward` once the payment password is checked. The member's request key names the
 * redemption: the same key again answers the redemption it made and takes nothing more.
 */
export const takeReward = async (
  db: Db,
  merchant: Merchant,
  memberId: number,
  request: { rewardId: number; language?: string | undefined },
  requestKey: string,
  now = new Date(),
) => {
  const member = { id: memberId };
  const pointsAccount = await ledger.memberAccount(db, merchant.id, member.id, 'POINTS');
  const spent = await ledger.houseAccount(db, merchant.id, 'POINTS_SPENT');
  const made = () =>
    db
      .selectFrom('point_redemption')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('member_id', '=', member.id)
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
  const answer = async (id: number) => {
    const chain = languageChain(request.language, merchant.defaultLanguage);
    const row = await redemptionQuery(db, merchant.id)
      .select(redemptionColumns)
      .where('d.id', '=', id)
      .executeTakeFirstOrThrow();
    return { redemption: toRedemption(row, chain), points: await pointBalance(db, merchant.id, member.id) };
  };
  const before = await made();
  if (before) return answer(before.id);
  const id = await writeTransaction(db, async (trx) => {
    const reward = await trx
      .selectFrom('point_reward')
      .select(['id', 'cost', 'enabled'])
      .where('id', '=', request.rewardId)
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirst();
    if (!reward || reward.enabled !== 1)
      throw new AppError('POINTS_REWARD_NOT_FOUND', 'There is no such reward');
    const cost = Number(reward.cost);
    // The request's key is claimed first: the same request made at the same moment waits here for
    // this one and then answers its redemption, rather than finding the stock this one took gone.
    const { id } = await trx
      .insertInto('point_redemption')
      .values({
        merchant_id: merchant.id,
        member_id: member.id,
        reward_id: reward.id,
        cost,
        status: 'IN_PROCESS',
        remark: null,
        request_key: requestKey,
        created_at: now.toISOString(),
        decided_at: null,
        decided_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const taken = await trx
      .updateTable('point_reward')
      .set((eb) => ({ stock: eb('stock', '-', 1) }))
      .where('id', '=', reward.id)
      .where('stock', '>', 0)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1)
      throw new AppError('POINTS_OUT_OF_STOCK', 'This reward is out of stock');
    await ledger
      .postTransfersIn(
        trx,
        {
          merchantId: merchant.id,
          idempotencyKey: `points:redeem:${id}`,
          legs: [
            {
              kind: 'POINTS_REDEEM',
              debitAccountId: pointsAccount,
              creditAccountId: spent,
              amount: cost,
              reference: `point-redemption:${id}`,
            },
          ],
        },
        now,
      )
      .catch(asPointsError);
    return id;
  }).catch(async (error: unknown) => {
    // The same request, made at the same moment, committed first: answer its redemption.
    const concurrent = isUniqueViolation(error) ? await made() : undefined;
    if (concurrent) return concurrent.id;
    throw error;
  });
  return answer(id);
};

/**
 * An operator's decision on a redemption IN_PROCESS: approved, it stays paid; rejected, the points go
 * back to the member and the item back into stock. The status change is conditional, so a second
 * decision (or a concurrent one) finds it decided and refunds nothing.
 */
export const decideRedemption = async (
  db: Db,
  merchantId: number,
  redemptionId: number,
  approve: boolean,
  decidedBy: string,
  remark?: string,
  now = new Date(),
) => {
  const found = await db
    .selectFrom('point_redemption')
    .select(['id', 'member_id', 'reward_id', 'cost'])
    .where('id', '=', redemptionId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!found) throw new AppError('NOT_FOUND', 'There is no such redemption');
  const pointsAccount = await ledger.memberAccount(db, merchantId, found.member_id, 'POINTS');
  const spent = await ledger.houseAccount(db, merchantId, 'POINTS_SPENT');
  await writeTransaction(db, async (trx) => {
    const decided = await trx
      .updateTable('point_redemption')
      .set({
        status: approve ? 'APPROVED' : 'REJECTED',
        remark: remark ?? null,
        decided_at: now.toISOString(),
        decided_by: decidedBy,
      })
      .where('id', '=', found.id)
      .where('status', '=', 'IN_PROCESS')
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) !== 1)
      throw new AppError('POINTS_REDEMPTION_DECIDED', 'This redemption has already been decided');
    await notifyMember(trx, {
      merchantId,
      memberId: found.member_id,
      kind: approve ? 'REDEEM_APPROVED' : 'REDEEM_REJECTED',
      params: { id: found.id },
    });
    if (approve) return;
    await trx
      .updateTable('point_reward')
      .set((eb) => ({ stock: eb('stock', '+', 1) }))
      .where('id', '=', found.reward_id)
      .execute();
    await ledger.postTransfersIn(
      trx,
      {
        merchantId,
        idempotencyKey: `points:refund:${found.id}`,
        legs: [
          {
            kind: 'POINTS_REFUND',
            debitAccountId: spent,
            creditAccountId: pointsAccount,
            amount: Number(found.cost),
            reference: `point-redemption:${found.id}`,
          },
        ],
      },
      now,
    );
  });
  const row = await redemptionQuery(db, merchantId)
    .select(redemptionColumns)
    .where('d.id', '=', found.id)
    .executeTakeFirstOrThrow();
  return { ...toRedemption(row, ['EN']), memberId: row.member_id, username: row.username };
};

/** The brand's redemptions in one status, oldest first: the operators' queue. */
export const redemptionQueue = async (db: DbOrTrx, merchantId: number, status: RedeemStatus, limit: number) =>
  (
    await redemptionQuery(db, merchantId)
      .select(redemptionColumns)
      .where('d.status', '=', status)
      .orderBy('d.id')
      .limit(limit)
      .execute()
  ).map((row) => ({ ...toRedemption(row, ['EN']), memberId: row.member_id, username: row.username }));

/**
 * MCS2_convertPoint: points to the main wallet at the brand's rate, rounded down, in one ledger post
 * of two legs (points to POINTS_SPENT, money from PROMOTION_EXPENSE), keyed by the member's request.
 */
export const convertPoints = async (
  db: Db,
  merchant: Merchant,
  member: MemberRef,
  request: { points: number; paymentPassword: string },
  requestKey: string,
  now = new Date(),
) => {
  await conversionOf(db, merchant, request.points);
  await checkPaymentPassword(db, member, request.paymentPassword, now);
  return payConversion(db, merchant, member.id, request.points, requestKey, now);
};

/** What `points` convert to at the brand's rate, or POINTS_CONVERT_OUT_OF_RANGE. */
const conversionOf = async (db: DbOrTrx, merchant: Merchant, points: number) => {
  const { conversion } = await getPointConfig(db, merchant);
  const amount = Math.floor((points * conversion.amount) / conversion.points);
  if (points < conversion.minPoints || points > conversion.maxPoints || amount < 1)
    throw new AppError('POINTS_CONVERT_OUT_OF_RANGE', 'These points are outside the conversion limits', {
      details: { min: conversion.minPoints, max: conversion.maxPoints },
    });
  return amount;
};

/** `convertPoints` once the payment password is checked. */
export const payConversion = async (
  db: Db,
  merchant: Merchant,
  memberId: number,
  points: number,
  requestKey: string,
  now = new Date(),
) => {
  const amount = await conversionOf(db, merchant, points);
  const pointsAccount = await ledger.memberAccount(db, merchant.id, memberId, 'POINTS');
  const spent = await ledger.houseAccount(db, merchant.id, 'POINTS_SPENT');
  const main = await ledger.memberAccount(db, merchant.id, memberId, 'MAIN');
  const expense = await ledger.houseAccount(db, merchant.id, 'PROMOTION_EXPENSE');
  const reference = `point-conversion:${memberId}`;
  await ledger
    .postTransfers(
      db,
      {
        merchantId: merchant.id,
        idempotencyKey: `points:convert:${memberId}:${requestKey}`,
        legs: [
          {
            kind: 'POINTS_CONVERT',
            debitAccountId: pointsAccount,
            creditAccountId: spent,
            amount: points,
            reference,
          },
          { kind: 'POINTS_CONVERSION', debitAccountId: expense, creditAccountId: main, amount, reference },
        ],
      },
      now,
    )
    .catch(asPointsError);
  return {
    points,
    amount,
    pointBalance: await ledger.getAccountBalance(db, pointsAccount),
    mainBalance: await ledger.getAccountBalance(db, main),
  };
};

// Operators: rewards and stock.

export const operatorRewards = async (db: DbOrTrx, merchantId: number) =>
  (
    await db
      .selectFrom('point_reward')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute()
  ).map(toOperatorReward);

const rewardValues = (input: RewardInput) => ({
  names: JSON.stringify(input.names),
  descriptions: JSON.stringify(input.descriptions),
  image_url: input.imageUrl,
  cost: input.cost,
  stock: input.stock,
  enabled: input.enabled ? 1 : 0,
  sort_order: input.sortOrder,
});

const rewardById = async (db: DbOrTrx, merchantId: number, id: number) => {
  const row = await db
    .selectFrom('point_reward')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) throw new AppError('POINTS_REWARD_NOT_FOUND', 'There is no such reward');
  return toOperatorReward(row);
};

export const createReward = async (db: DbOrTrx, merchantId: number, input: RewardInput, now = new Date()) => {
  const { id } = await db
    .insertInto('point_reward')
    .values({ merchant_id: merchantId, ...rewardValues(input), created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return rewardById(db, merchantId, id);
};

export const updateReward = async (db: DbOrTrx, merchantId: number, id: number, input: RewardInput) => {
  await rewardById(db, merchantId, id);
  await db
    .updateTable('point_reward')
    .set(rewardValues(input))
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .execute();
  return rewardById(db, merchantId, id);
};

/**
 * Adds to (or takes from) a reward's stock relative to what it holds now, so a change never undoes a
 * redemption made meanwhile; stock never goes below zero.
 */
export const changeStock = async (db: DbOrTrx, merchantId: number, id: number, add: number) => {
  await rewardById(db, merchantId, id);
  const changed = await db
    .updateTable('point_reward')
    .set((eb) => ({ stock: eb('stock', '+', add) }))
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('stock', '>=', -add)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1)
    throw new AppError('POINTS_OUT_OF_STOCK', 'The stock cannot go below zero');
  return rewardById(db, merchantId, id);
};

/** The §9 rates for a brand that has none: what `seedDemoPoints` and `jade points rates --defaults` write. */
export const defaultRates = () =>
  Object.entries(CATEGORY_POINTS_HUNDREDTHS).map(([category, rate]) => ({
    category: category as GameCategory,
    rate,
  }));
