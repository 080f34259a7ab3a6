import type { GameCategory } from '@jade/contracts/games';
import type {
  WalletAuthenticateResponse,
  WalletBalanceRequest,
  WalletCreditRequest,
  WalletDebitRequest,
  WalletResponse,
  WalletRollbackRequest,
  WalletStatus,
} from '@jade/contracts/vendor-wallet';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { groupCommit } from '../../platform/db/group-commit.js';
import { isUniqueViolation } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { findMember } from '../accounts/service.js';
import * as records from '../games/bet-records.js';
import { gameCategoryOf } from '../games/service.js';
import type { Merchant } from '../merchants/repo.js';
import * as ledger from '../wallet/ledger.js';
import { findGameSession, redeemLaunchCode, type GameSession } from './game-sessions.js';

/**
 * The platform's side of the seamless-wallet protocol (decision 0016). Each call is idempotent by the
 * vendor's transaction id and scoped to a round:
 *   debit     member MAIN → VENDOR_FLOAT (BET), the round's record opened or its stake grown
 *   credit    VENDOR_FLOAT → member MAIN (WIN; nothing moves for zero), the round settled when closed
 *   rollback  VENDOR_FLOAT → member MAIN (BET_ROLLBACK) of the bet it names
 * Everything one call writes (its transaction row, the ledger legs, the betting record and the daily
 * summary) commits together or not at all. Refusals answer a status with the unchanged balance.
 */
export type WalletContext = { merchant: Merchant; vendorCode: string };

type TransactionRow = {
  id: number;
  transaction_id: string;
  kind: 'DEBIT' | 'CREDIT' | 'ROLLBACK' | 'TOMBSTONE';
  member_id: number;
  round_id: string;
  game_id: string;
  amount: number | string;
  reference_transaction_id: string | null;
  status: 'APPLIED' | 'CREDITED' | 'ROLLED_BACK';
};

/** A status the call ends with, thrown out of the write so that nothing of it commits. */
class Refusal extends Error {
  constructor(readonly status: WalletStatus) {
    super(status);
  }
}

const playerOf = (memberId: number) => String(memberId);

const findTransaction = (trx: DbOrTrx, ctx: WalletContext, transactionId: string) =>
  trx
    .selectFrom('wallet_transaction')
    .select([
      'id',
      'transaction_id',
      'kind',
      'member_id',
      'round_id',
      'game_id',
      'amount',
      'reference_transaction_id',
      'status',
    ])
    .where('merchant_id', '=', ctx.merchant.id)
    .where('vendor_code', '=', ctx.vendorCode)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst() as Promise<TransactionRow | undefined>;

const insertTransaction = (
  trx: DbOrTrx,
  ctx: WalletContext,
  row: {
    transactionId: string;
    kind: TransactionRow['kind'];
    memberId: number;
    roundId: string;
    gameId: string;
    amount: number;
    referenceTransactionId?: string;
    status?: TransactionRow['status'];
    at: string;
  },
) =>
  trx
    .insertInto('wallet_transaction')
    .values({
      merchant_id: ctx.merchant.id,
      vendor_code: ctx.vendorCode,
      transaction_id: row.transactionId,
      kind: row.kind,
      member_id: row.memberId,
      round_id: row.roundId,
      game_id: row.gameId,
      amount: row.amount,
      reference_transaction_id: row.referenceTransactionId ?? null,
      status: row.status ?? 'APPLIED',
      created_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/**
 * A member's ledger accounts, found (or made) before the write: an account made inside a write that
 * rolls back must not be remembered (ledger.ts keeps ids read outside transactions only).
 */
type Accounts = { memberId: number; main: number; float: number };
const accountsOf = async (db: Db, ctx: WalletContext, memberId: number): Promise<Accounts> => ({
  memberId,
  main: await ledger.memberAccount(db, ctx.merchant.id, memberId, 'MAIN'),
  float: await ledger.houseAccount(db, ctx.merchant.id, 'VENDOR_FLOAT'),
});

const answer = async (
  db: DbOrTrx,
  ctx: WalletContext,
  accounts: Accounts | undefined,
  status: WalletStatus,
  extra: { platformTransactionId?: number; replayed?: boolean } = {},
): Promise<WalletResponse> => ({
  status,
  balance: accounts ? await ledger.getAccountBalance(db, accounts.main) : 0,
  currency: ctx.merchant.currency,
  ...(extra.platformTransactionId !== undefined && {
    platformTransactionId: String(extra.platformTransactionId),
  }),
  ...(extra.replayed && { replayed: true }),
});

/**
 * Runs one call's write. Two identical calls racing on PostgreSQL both pass their first read; the
 * second then meets the first's unique transaction id and is run again, to answer as a replay.
 */
const write = async <T>(db: Db, work: (trx: DbOrTrx) => Promise<T>): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await groupCommit(db, work);
    } catch (error) {
      if (attempt < 2 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
};

/** The session a token names, checked against the call's brand, vendor and player. */
const sessionFor = async (
  db: DbOrTrx,
  secret: string,
  ctx: WalletContext,
  request: { token: string; player: string },
): Promise<GameSession | undefined> => {
  const session = await findGameSession(db, secret, request.token);
  if (
    !session ||
    session.merchantId !== ctx.merchant.id ||
    session.vendorCode !== ctx.vendorCode ||
    playerOf(session.memberId) !== request.player
  )
    return undefined;
  return session;
};

/** The accounts of the member a player id names, whatever the token (credits and rollbacks). */
const accountsOfPlayer = async (db: Db, ctx: WalletContext, player: string) => {
  if (!/^\d{1,15}$/.test(player)) return undefined;
  const member = await findMember(db, ctx.merchant.id, Number(player));
  return member && accountsOf(db, ctx, member.id);
};

export const authenticate = async (
  db: Db,
  secret: string,
  ctx: WalletContext,
  launchCode: string,
  now = new Date(),
): Promise<WalletAuthenticateResponse> => {
  const redeemed = await redeemLaunchCode(
    db,
    secret,
    { merchantId: ctx.merchant.id, vendorCode: ctx.vendorCode, launchCode },
    now,
  );
  if (!redeemed) return { status: 'INVALID_TOKEN' };
  const { session, token } = redeemed;
  const accounts = await accountsOf(db, ctx, session.memberId);
  return {
    status: 'OK',
    token,
    player: playerOf(session.memberId),
    gameId: session.gameId,
    currency: ctx.merchant.currency,
    balance: await ledger.getAccountBalance(db, accounts.main),
  };
};

export const balance = async (
  db: Db,
  secret: string,
  ctx: WalletContext,
  request: WalletBalanceRequest,
): Promise<WalletResponse> => {
  const session = await sessionFor(db, secret, ctx, request);
  if (!session) return answer(db, ctx, undefined, 'INVALID_TOKEN');
  return answer(db, ctx, await accountsOf(db, ctx, session.memberId), 'OK');
};

/** Why a member may not place a new bet now, if they may not. */
const betRefusal = async (
  db: DbOrTrx,
  ctx: WalletContext,
  session: GameSession,
  now: Date,
  vendorOffered: boolean,
): Promise<WalletStatus | undefined> => {
  if (session.expiresAt <= now.toISOString()) return 'TOKEN_EXPIRED';
  if (!vendorOffered) return 'PLAYER_BLOCKED';
  const member = await findMember(db, ctx.merchant.id, session.memberId);
  if (!member || member.status !== 'ACTIVE') return 'PLAYER_BLOCKED';
  return undefined;
};

const statusOf = (error: unknown): WalletStatus | undefined => {
  if (error instanceof Refusal) return error.status;
  if (error instanceof AppError && error.code === 'WALLET_INSUFFICIENT_FUNDS') return 'INSUFFICIENT_FUNDS';
  return undefined;
};

/**
 * Runs a call's write; a refusal (thrown so that nothing of the write commits) becomes its status,
 * answered with the balance as it is after the rollback.
 */
const refusable = async (
  db: Db,
  ctx: WalletContext,
  accounts: Accounts | undefined,
  work: (trx: DbOrTrx) => Promise<WalletResponse>,
): Promise<WalletResponse> => {
  try {
    return await write(db, work);
  } catch (error) {
    const status = statusOf(error);
    if (!status) throw error;
    return answer(db, ctx, accounts, status);
  }
};

const roundOf = (ctx: WalletContext, roundId: string) => ({
  merchantId: ctx.merchant.id,
  vendorCode: ctx.vendorCode,
  roundId,
});

export const debit = async (
  db: Db,
  secret: string,
  ctx: WalletContext & { vendorOffered: boolean; vendorCategory: GameCategory },
  request: WalletDebitRequest,
  now = new Date(),
): Promise<WalletResponse> => {
  const session = await sessionFor(db, secret, ctx, request);
  const accounts = session && (await accountsOf(db, ctx, session.memberId));
  if (request.currency !== ctx.merchant.currency) return answer(db, ctx, accounts, 'WRONG_CURRENCY');
  const category = (await gameCategoryOf(db, ctx.vendorCode, request.gameId)) ?? ctx.vendorCategory;
  const at = now.toISOString();
  return refusable(db, ctx, accounts, async (trx) => {
    const existing = await findTransaction(trx, ctx, request.transactionId);
    if (existing) {
      const isSame =
        existing.kind === 'DEBIT' &&
        playerOf(existing.member_id) === request.player &&
        existing.round_id === request.roundId &&
        existing.game_id === request.gameId &&
        Number(existing.amount) === request.amount;
      if (existing.kind === 'TOMBSTONE' && playerOf(existing.member_id) === request.player)
        throw new Refusal('TRANSACTION_ROLLED_BACK');
      if (!isSame) throw new Refusal('TRANSACTION_CONFLICT');
      return answer(trx, ctx, accounts, 'OK', { platformTransactionId: existing.id, replayed: true });
    }
    if (!session || !accounts) throw new Refusal('INVALID_TOKEN');
    const refusal = await betRefusal(trx, ctx, session, now, ctx.vendorOffered);
    if (refusal) throw new Refusal(refusal);
    const record = await records.findBetRecord(trx, roundOf(ctx, request.roundId));
    if (record && record.memberId !== session.memberId) throw new Refusal('TRANSACTION_CONFLICT');
    if (record && record.status !== 'OPEN') throw new Refusal('ROUND_CLOSED');
    const inserted = await insertTransaction(trx, ctx, {
      transactionId: request.transactionId,
      kind: 'DEBIT',
      memberId: session.memberId,
      roundId: request.roundId,
      gameId: request.gameId,
      amount: request.amount,
      at,
    });
    await ledger.postTransfersWithin(
      db,
      trx,
      {
        merchantId: ctx.merchant.id,
        idempotencyKey: `wallet:${ctx.vendorCode}:${request.transactionId}`,
        legs: [
          {
            kind: 'BET',
            debitAccountId: accounts.main,
            creditAccountId: accounts.float,
            amount: request.amount,
            reference: records.roundReference(ctx.vendorCode, request.roundId),
          },
        ],
      },
      now,
    );
    await records.addStake(trx, {
      ...roundOf(ctx, request.roundId),
      memberId: session.memberId,
      gameId: request.gameId,
      category,
      amount: request.amount,
      at,
    });
    return answer(trx, ctx, accounts, 'OK', { platformTransactionId: inserted.id });
  });
};

/** The bet a credit or rollback names, by the vendor's id. */
const referencedBet = (trx: DbOrTrx, ctx: WalletContext, transactionId: string) =>
  findTransaction(trx, ctx, transactionId).then((row) =>
    row && (row.kind === 'DEBIT' || row.kind === 'TOMBSTONE') ? row : undefined,
  );

export const credit = async (
  db: Db,
  ctx: WalletContext,
  request: WalletCreditRequest,
  now = new Date(),
): Promise<WalletResponse> => {
  const at = now.toISOString();
  // Credits and rollbacks name the player, not a live session: a bet placed before the token expired,
  // or before the member was blocked, is still paid or refunded.
  const accounts = await accountsOfPlayer(db, ctx, request.player);
  return refusable(db, ctx, accounts, async (trx) => {
    const existing = await findTransaction(trx, ctx, request.transactionId);
    if (existing) {
      const isSame =
        existing.kind === 'CREDIT' &&
        playerOf(existing.member_id) === request.player &&
        existing.round_id === request.roundId &&
        existing.reference_transaction_id === request.referenceTransactionId &&
        Number(existing.amount) === request.amount;
      if (!isSame) throw new Refusal('TRANSACTION_CONFLICT');
      return answer(trx, ctx, accounts, 'OK', { platformTransactionId: existing.id, replayed: true });
    }
    const bet = await referencedBet(trx, ctx, request.referenceTransactionId);
    if (!bet || !accounts) throw new Refusal('UNKNOWN_TRANSACTION');
    if (bet.member_id !== accounts.memberId || bet.round_id !== request.roundId)
      throw new Refusal('TRANSACTION_CONFLICT');
    if (bet.kind === 'TOMBSTONE' || bet.status === 'ROLLED_BACK')
      throw new Refusal('TRANSACTION_ROLLED_BACK');
    const record = await records.findBetRecord(trx, roundOf(ctx, request.roundId));
    if (!record || record.status !== 'OPEN') throw new Refusal('ROUND_CLOSED');
    const inserted = await insertTransaction(trx, ctx, {
      transactionId: request.transactionId,
      kind: 'CREDIT',
      memberId: bet.member_id,
      roundId: request.roundId,
      gameId: request.gameId,
      amount: request.amount,
      referenceTransactionId: request.referenceTransactionId,
      at,
    });
    await trx
      .updateTable('wallet_transaction')
      .set({ status: 'CREDITED' })
      .where('id', '=', bet.id)
      .execute();
    if (request.amount > 0) {
      await ledger.postTransfersWithin(
        db,
        trx,
        {
          merchantId: ctx.merchant.id,
          idempotencyKey: `wallet:${ctx.vendorCode}:${request.transactionId}`,
          legs: [
            {
              kind: 'WIN',
              debitAccountId: accounts.float,
              creditAccountId: accounts.main,
              amount: request.amount,
              reference: records.roundReference(ctx.vendorCode, request.roundId),
            },
          ],
        },
        now,
      );
    }
    await records.addPayout(trx, record, {
      amount: request.amount,
      close: request.roundClosed ?? true,
      validBet: request.validBet,
      at,
    });
    return answer(trx, ctx, accounts, 'OK', { platformTransactionId: inserted.id });
  });
};

export const rollback = async (
  db: Db,
  ctx: WalletContext,
  request: WalletRollbackRequest,
  now = new Date(),
): Promise<WalletResponse> => {
  const at = now.toISOString();
  const accounts = await accountsOfPlayer(db, ctx, request.player);
  return refusable(db, ctx, accounts, async (trx) => {
    const existing = await findTransaction(trx, ctx, request.transactionId);
    if (existing) {
      const isSame =
        existing.kind === 'ROLLBACK' &&
        playerOf(existing.member_id) === request.player &&
        existing.round_id === request.roundId &&
        existing.reference_transaction_id === request.referenceTransactionId;
      if (!isSame) throw new Refusal('TRANSACTION_CONFLICT');
      return answer(trx, ctx, accounts, 'OK', { platformTransactionId: existing.id, replayed: true });
    }
    if (!accounts) throw new Refusal('INVALID_TOKEN');
    const bet = await referencedBet(trx, ctx, request.referenceTransactionId);
    const recordRollback = (amount: number) =>
      insertTransaction(trx, ctx, {
        transactionId: request.transactionId,
        kind: 'ROLLBACK',
        memberId: accounts.memberId,
        roundId: request.roundId,
        gameId: request.gameId,
        amount,
        referenceTransactionId: request.referenceTransactionId,
        at,
      });
    if (!bet) {
      // A rollback of a bet never seen: a tombstone under the bet's id, so the late bet takes nothing.
      await insertTransaction(trx, ctx, {
        transactionId: request.referenceTransactionId,
        kind: 'TOMBSTONE',
        memberId: accounts.memberId,
        roundId: request.roundId,
        gameId: request.gameId,
        amount: 0,
        status: 'ROLLED_BACK',
        at,
      });
      const inserted = await recordRollback(0);
      return answer(trx, ctx, accounts, 'OK', { platformTransactionId: inserted.id });
    }
    if (bet.member_id !== accounts.memberId || bet.round_id !== request.roundId)
      throw new Refusal('TRANSACTION_CONFLICT');
    if (bet.status === 'CREDITED') throw new Refusal('TRANSACTION_SETTLED');
    if (bet.status === 'ROLLED_BACK') {
      // Rolled back already, under another id (or a tombstone): recorded, nothing moves again.
      const inserted = await recordRollback(0);
      return answer(trx, ctx, accounts, 'OK', { platformTransactionId: inserted.id });
    }
    const record = await records.findBetRecord(trx, roundOf(ctx, request.roundId));
    if (!record || record.status !== 'OPEN') throw new Refusal('TRANSACTION_SETTLED');
    const amount = Number(bet.amount);
    await trx
      .updateTable('wallet_transaction')
      .set({ status: 'ROLLED_BACK' })
      .where('id', '=', bet.id)
      .execute();
    const inserted = await recordRollback(amount);
    await ledger.postTransfersWithin(
      db,
      trx,
      {
        merchantId: ctx.merchant.id,
        idempotencyKey: `wallet:${ctx.vendorCode}:${request.transactionId}`,
        legs: [
          {
            kind: 'BET_ROLLBACK',
            debitAccountId: accounts.float,
            creditAccountId: accounts.main,
            amount,
            reference: records.roundReference(ctx.vendorCode, request.roundId),
          },
        ],
      },
      now,
    );
    await records.removeStake(trx, record, amount, at);
    return answer(trx, ctx, accounts, 'OK', { platformTransactionId: inserted.id });
  });
};
