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
import { sqliteHandleOf, type Db, type DbOrTrx } from '../../platform/db/index.js';
import { groupCommit } from '../../platform/db/group-commit.js';
import { publishMemberEvent } from '../../platform/member-events.js';
import { isUniqueViolation } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import * as records from '../games/bet-records.js';
import { gameRulesOf, outsideLimits } from '../games/service.js';
import type { Merchant } from '../merchants/repo.js';
import * as ledger from '../wallet/ledger.js';
import { getMoneySettings } from '../wallet/money-settings.js';
import { findGameSession, redeemLaunchCode, type GameSession } from './game-sessions.js';
import { newBetRefusal } from './play-guard.js';
import type { PostResult } from '../wallet/ledger-types.js';
import type { WalletStore, WalletTransaction } from './wallet-store.js';
import { kyselyWalletStore } from './wallet-store-kysely.js';
import { sqliteWalletStore } from './wallet-store-sqlite.js';

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

/** A status the call ends with, thrown out of the write so that nothing of it commits. */
class Refusal extends Error {
  constructor(readonly status: WalletStatus) {
    super(status);
  }
}

/**
 * A call that cannot be read as the protocol means it (a rollback that names a credit, or itself,
 * as its bet): answered 400 BAD_REQUEST by the route, nothing written.
 */
export class UnreadableCall extends Error {}

/**
 * A game's category and limits on this brand: the catalogue's, with the brand's own limits over them
 * where it sets some (money settings `gameLimits`, in its currency; issue 20).
 */
const brandGameRules = async (db: DbOrTrx, ctx: WalletContext, gameId: string) => {
  const rules = await gameRulesOf(db, ctx.vendorCode, gameId);
  if (!rules) return undefined;
  const own = (await getMoneySettings(db, ctx.merchant.id)).gameLimits[`${ctx.vendorCode}:${gameId}`];
  return own ? { ...rules, minBet: own.minBet, maxBet: own.maxBet } : rules;
};

const playerOf = (memberId: number) => String(memberId);

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
 * An answer from inside the write: the balance as the call's post left it when the post read it
 * (PostgreSQL, `balanceOf`), else read on the store's connection.
 */
const balanceWithin = (store: WalletStore, accounts: Accounts, posted: PostResult | undefined) =>
  posted?.balances?.find((b) => b.accountId === accounts.main)?.balance ?? store.balance(accounts.main);

const answerWithin = async (
  store: WalletStore,
  ctx: WalletContext,
  accounts: Accounts | undefined,
  extra: { platformTransactionId: number; replayed?: boolean; posted?: PostResult | undefined },
): Promise<WalletResponse> => ({
  status: 'OK',
  balance: accounts ? await balanceWithin(store, accounts, extra.posted) : 0,
  currency: ctx.merchant.currency,
  platformTransactionId: String(extra.platformTransactionId),
  ...(extra.replayed && { replayed: true }),
});

/** The store a call's write runs on: prepared statements on SQLite, Kysely on PostgreSQL. */
const storeOf = (db: Db, trx: DbOrTrx, ctx: WalletContext): WalletStore => {
  const scope = { merchantId: ctx.merchant.id, vendorCode: ctx.vendorCode };
  const raw = sqliteHandleOf(db);
  return raw ? sqliteWalletStore(raw, scope) : kyselyWalletStore(db, trx, scope);
};

/**
 * Runs one call's write. Two identical calls racing on PostgreSQL both pass their first read; the
 * second then meets the first's unique transaction id and is run again, to answer as a replay.
 */
const write = async <T>(db: Db, ctx: WalletContext, work: (store: WalletStore) => Promise<T>): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await groupCommit(db, (trx) => work(storeOf(db, trx, ctx)));
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

/**
 * The accounts of the member a player id names, whatever the token (credits and rollbacks). A main
 * account this process keeps for the brand is the member's proof enough (no statement, decision 0096).
 */
const accountsOfPlayer = async (db: Db, ctx: WalletContext, player: string) => {
  if (!/^\d{1,15}$/.test(player)) return undefined;
  if (ledger.keptMemberAccount(db, ctx.merchant.id, Number(player), 'MAIN') !== undefined)
    return accountsOf(db, ctx, Number(player));
  const member = await db
    .selectFrom('member')
    .select('id')
    .where('merchant_id', '=', ctx.merchant.id)
    .where('id', '=', Number(player))
    .executeTakeFirst();
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
  // The launched game's limits, so that the vendor refuses what the platform would (issue 19).
  const rules = await brandGameRules(db, ctx, session.gameId);
  return {
    status: 'OK',
    token,
    player: playerOf(session.memberId),
    gameId: session.gameId,
    currency: ctx.merchant.currency,
    currencyExponent: ctx.merchant.currencyExponent,
    balance: await ledger.getAccountBalance(db, accounts.main),
    ...(rules && { minBet: rules.minBet }),
    ...(rules?.maxBet != null && { maxBet: rules.maxBet }),
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
const betRefusal = (
  memberStatus: string | undefined,
  session: GameSession,
  now: Date,
  vendorOffered: boolean,
): WalletStatus | undefined => {
  if (session.expiresAt <= now.toISOString()) return 'TOKEN_EXPIRED';
  if (!vendorOffered) return 'PLAYER_BLOCKED';
  if (memberStatus !== 'ACTIVE') return 'PLAYER_BLOCKED';
  return undefined;
};

const statusOf = (error: unknown): WalletStatus | undefined => {
  if (error instanceof Refusal) return error.status;
  if (error instanceof AppError && error.code === 'WALLET_INSUFFICIENT_FUNDS') return 'INSUFFICIENT_FUNDS';
  if (error instanceof AppError && error.code === 'WALLET_BALANCE_LIMIT') return 'BALANCE_LIMIT';
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
  work: (store: WalletStore) => Promise<WalletResponse>,
): Promise<WalletResponse> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write(db, ctx, work);
    } catch (error) {
      const status = statusOf(error);
      if (!status) throw error;
      // PostgreSQL reads each statement at its own moment: an identical call that committed between
      // this one's reads (its transaction id not there yet, its round already closed) makes a refusal
      // that is really a replay. Run once more: the call is then found and answered as its replay.
      if (attempt === 0 && error instanceof Refusal && !sqliteHandleOf(db)) continue;
      return answer(db, ctx, accounts, status);
    }
  }
};

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
  const rules = await brandGameRules(db, ctx, request.gameId);
  const category = rules?.category ?? ctx.vendorCategory;
  // The login, the idle time and the site (play-guard.ts); a replay of a bet that landed still answers.
  const closed = session && (await newBetRefusal(db, ctx.merchant, session, now));
  const at = now.toISOString();
  return refusable(db, ctx, accounts, async (store) => {
    // With a session, the member's status comes with the transaction's read (one statement).
    const { own: existing, memberStatus } = session
      ? await store.findWithMemberStatus(request.transactionId, session.memberId)
      : { own: await store.findTransaction(request.transactionId), memberStatus: undefined };
    if (existing) {
      const isSame =
        existing.kind === 'DEBIT' &&
        playerOf(existing.memberId) === request.player &&
        existing.roundId === request.roundId &&
        existing.gameId === request.gameId &&
        existing.amount === request.amount;
      if (existing.kind === 'TOMBSTONE' && playerOf(existing.memberId) === request.player)
        throw new Refusal('TRANSACTION_ROLLED_BACK');
      if (!isSame) throw new Refusal('TRANSACTION_CONFLICT');
      return answerWithin(store, ctx, accounts, { platformTransactionId: existing.id, replayed: true });
    }
    if (!session || !accounts) throw new Refusal('INVALID_TOKEN');
    const refusal = betRefusal(memberStatus, session, now, ctx.vendorOffered);
    if (refusal) throw new Refusal(refusal);
    if (closed) throw new Refusal(closed);
    // The catalogue's limits of the game (issue 19); a game it does not list has none here.
    if (outsideLimits(rules, request.amount)) throw new Refusal('BET_OUT_OF_LIMITS');
    // Held before the ledger's accounts, as credits and rollbacks hold it: a round cannot close
    // between this check and the stake it adds.
    const record = await store.lockBetRecord(request.roundId);
    if (record && record.memberId !== session.memberId) throw new Refusal('TRANSACTION_CONFLICT');
    if (record && record.status !== 'OPEN') throw new Refusal('ROUND_CLOSED');
    const inserted = await store.insertTransaction({
      transactionId: request.transactionId,
      kind: 'DEBIT',
      memberId: session.memberId,
      roundId: request.roundId,
      gameId: request.gameId,
      amount: request.amount,
      at,
    });
    await store.addStake({
      roundId: request.roundId,
      memberId: session.memberId,
      gameId: request.gameId,
      category,
      amount: request.amount,
      at,
      detail: request.detail ? JSON.stringify(request.detail) : null,
    });
    // The post last, its answer the member's balance: the brand's float, which every call of every
    // member locks, is held from the post to its COMMIT only (decision 0096).
    const posted = await store.post(
      {
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
      { balanceOf: accounts.memberId },
    );
    return answerWithin(store, ctx, accounts, { platformTransactionId: inserted, posted });
  });
};

/**
 * A credit's or rollback's own transaction and the row it names, by the vendor's ids, held until the
 * write ends: every call that settles one bet (whatever its own id) waits here for the one before it,
 * then reads what it left.
 */
const findSettling = (
  store: WalletStore,
  request: { transactionId: string; referenceTransactionId: string },
) => store.findWithReferenced(request.transactionId, request.referenceTransactionId);

const isBet = (
  row: WalletTransaction | undefined,
): row is WalletTransaction & { kind: 'DEBIT' | 'TOMBSTONE' } =>
  row?.kind === 'DEBIT' || row?.kind === 'TOMBSTONE';

/**
 * Ledger keys of a settlement name what is paid, not the call (decision 0022): the round's closing
 * payout, once; a part paid while the round stays open, by that part's id; a bet's refund, once.
 * Their prefixes differ from a debit's `wallet:` key, so no vendor id can make two of them meet.
 */
const closingPayoutKey = (vendorCode: string, roundId: string) => `seamless-win:${vendorCode}:${roundId}`;
const partPayoutKey = (vendorCode: string, transactionId: string) =>
  `seamless-part:${vendorCode}:${transactionId}`;
const refundKey = (vendorCode: string, betTransactionId: string) =>
  `seamless-refund:${vendorCode}:${betTransactionId}`;

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
  return refusable(db, ctx, accounts, async (store) => {
    const { own: existing, referenced: bet } = await findSettling(store, request);
    if (existing) {
      const isSame =
        existing.kind === 'CREDIT' &&
        playerOf(existing.memberId) === request.player &&
        existing.roundId === request.roundId &&
        existing.referenceTransactionId === request.referenceTransactionId &&
        existing.amount === request.amount;
      if (!isSame) throw new Refusal('TRANSACTION_CONFLICT');
      return answerWithin(store, ctx, accounts, { platformTransactionId: existing.id, replayed: true });
    }
    if (!isBet(bet) || !accounts) throw new Refusal('UNKNOWN_TRANSACTION');
    if (bet.memberId !== accounts.memberId || bet.roundId !== request.roundId)
      throw new Refusal('TRANSACTION_CONFLICT');
    if (bet.kind === 'TOMBSTONE' || bet.status === 'ROLLED_BACK')
      throw new Refusal('TRANSACTION_ROLLED_BACK');
    const record = await store.lockBetRecord(request.roundId);
    // The round was settled (by this bet's credit under another id, or another bet's): paid once.
    if (!record || record.status !== 'OPEN') throw new Refusal('TRANSACTION_SETTLED');
    const closes = request.roundClosed ?? true;
    const inserted = await store.insertTransaction({
      transactionId: request.transactionId,
      kind: 'CREDIT',
      memberId: bet.memberId,
      roundId: request.roundId,
      gameId: request.gameId,
      amount: request.amount,
      referenceTransactionId: request.referenceTransactionId,
      at,
    });
    await store.setTransactionStatus(bet.id, 'CREDITED');
    const { state, summary } = records.afterPayout(record, {
      amount: request.amount,
      close: closes,
      validBet: request.validBet,
      at,
      timeZone: ctx.merchant.timeZone,
    });
    await store.writeRecordState(record.id, state);
    // The round's points are read (and, on SQLite, posted) before the payout; on PostgreSQL they are
    // posted after it, last: the float is locked by the payout, then the points' house account, in
    // the order every other write takes them, each held to the COMMIT as briefly as it can be.
    const points = summary ? await store.addToDailySummary(summary) : undefined;
    if (summary) {
      // The member's open pages hear of the round once this write commits (decision 0036).
      publishMemberEvent(
        { merchantId: record.merchantId, memberId: record.memberId },
        {
          type: 'bet-settled',
          kind: 'GAME',
          id: record.id,
          game: record.gameId,
          bets: 1,
          result: state.payout > 0 ? 'WIN' : 'LOSE',
          payout: state.payout,
        },
        store.handle,
      );
    }
    let posted: PostResult | undefined;
    if (request.amount > 0) {
      posted = await store.post(
        {
          idempotencyKey: closes
            ? closingPayoutKey(ctx.vendorCode, request.roundId)
            : partPayoutKey(ctx.vendorCode, request.transactionId),
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
        { balanceOf: accounts.memberId },
      );
    }
    const answered = await answerWithin(store, ctx, accounts, { platformTransactionId: inserted, posted });
    await points?.();
    return answered;
  });
};

export const rollback = async (
  db: Db,
  ctx: WalletContext,
  request: WalletRollbackRequest,
  now = new Date(),
): Promise<WalletResponse> => {
  if (request.referenceTransactionId === request.transactionId)
    throw new UnreadableCall('A rollback names the bet it cancels, not itself');
  const at = now.toISOString();
  const accounts = await accountsOfPlayer(db, ctx, request.player);
  return refusable(db, ctx, accounts, async (store) => {
    const { own: existing, referenced: bet } = await findSettling(store, request);
    if (existing) {
      const isSame =
        existing.kind === 'ROLLBACK' &&
        playerOf(existing.memberId) === request.player &&
        existing.roundId === request.roundId &&
        existing.referenceTransactionId === request.referenceTransactionId;
      if (!isSame) throw new Refusal('TRANSACTION_CONFLICT');
      return answerWithin(store, ctx, accounts, { platformTransactionId: existing.id, replayed: true });
    }
    if (!accounts) throw new Refusal('INVALID_TOKEN');
    if (bet && !isBet(bet))
      throw new UnreadableCall(`A rollback names a bet; ${request.referenceTransactionId} is a ${bet.kind}`);
    const recordRollback = (amount: number) =>
      store.insertTransaction({
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
      await store.insertTransaction({
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
      return answerWithin(store, ctx, accounts, { platformTransactionId: inserted });
    }
    if (bet.memberId !== accounts.memberId || bet.roundId !== request.roundId)
      throw new Refusal('TRANSACTION_CONFLICT');
    if (bet.status === 'CREDITED') throw new Refusal('TRANSACTION_SETTLED');
    if (bet.status === 'ROLLED_BACK') {
      // Rolled back already, under another id (or a tombstone): recorded, nothing moves again.
      const inserted = await recordRollback(0);
      return answerWithin(store, ctx, accounts, { platformTransactionId: inserted });
    }
    const record = await store.lockBetRecord(request.roundId);
    if (!record || record.status !== 'OPEN') throw new Refusal('TRANSACTION_SETTLED');
    const amount = bet.amount;
    await store.setTransactionStatus(bet.id, 'ROLLED_BACK');
    const inserted = await recordRollback(amount);
    await store.writeRecordState(
      record.id,
      records.afterStakeRemoved(record, amount, at, ctx.merchant.timeZone),
    );
    const posted = await store.post(
      {
        idempotencyKey: refundKey(ctx.vendorCode, bet.transactionId),
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
      { balanceOf: accounts.memberId },
    );
    return answerWithin(store, ctx, accounts, { platformTransactionId: inserted, posted });
  });
};
