import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { dialectOf } from '../../platform/db/transaction.js';
import * as records from '../games/bet-records.js';
import * as ledger from '../wallet/ledger.js';
import type { StoreScope, WalletStore, WalletTransaction } from './wallet-store.js';

/** The wallet store as Kysely queries on the caller's transaction (PostgreSQL; see wallet-store.ts). */
export const kyselyWalletStore = (db: Db, trx: DbOrTrx, scope: StoreScope): WalletStore => ({
  handle: trx,
  findTransaction: (transactionId) => findTransaction(trx, scope, transactionId, false),
  lockTransaction: (transactionId) => findTransaction(trx, scope, transactionId, true),
  async insertTransaction(row) {
    const inserted = await trx
      .insertInto('wallet_transaction')
      .values({
        merchant_id: scope.merchantId,
        vendor_code: scope.vendorCode,
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
    return inserted.id;
  },
  async setTransactionStatus(id, status) {
    await trx.updateTable('wallet_transaction').set({ status }).where('id', '=', id).execute();
  },
  async memberStatus(memberId) {
    const row = await trx
      .selectFrom('member')
      .select('status')
      .where('merchant_id', '=', scope.merchantId)
      .where('id', '=', memberId)
      .executeTakeFirst();
    return row?.status;
  },
  lockBetRecord: (roundId) => records.findBetRecord(trx, { ...scope, roundId }, { lock: true }),
  addStake: async (input) => {
    await records.addStake(trx, { ...scope, ...input });
  },
  writeRecordState: (recordId, state) => records.writeRecordState(trx, recordId, state),
  addToDailySummary: (delta) => records.addToDailySummary(trx, delta),
  post: (input, now) => ledger.postTransfersWithin(db, trx, { merchantId: scope.merchantId, ...input }, now),
  balance: (accountId) => ledger.getAccountBalance(trx, accountId),
});

export const toWalletTransaction = (row: {
  id: number;
  transaction_id: string;
  kind: WalletTransaction['kind'];
  member_id: number;
  round_id: string;
  game_id: string;
  amount: number | string;
  reference_transaction_id: string | null;
  status: WalletTransaction['status'];
}): WalletTransaction => ({
  id: row.id,
  transactionId: row.transaction_id,
  kind: row.kind,
  memberId: row.member_id,
  roundId: row.round_id,
  gameId: row.game_id,
  amount: Number(row.amount),
  referenceTransactionId: row.reference_transaction_id,
  status: row.status,
});

/** A transaction by the vendor's id; `lock` holds its row until the write ends (PostgreSQL). */
const findTransaction = async (trx: DbOrTrx, scope: StoreScope, transactionId: string, lock: boolean) => {
  let query = trx
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
    .where('merchant_id', '=', scope.merchantId)
    .where('vendor_code', '=', scope.vendorCode)
    .where('transaction_id', '=', transactionId);
  if (lock && dialectOf(trx) === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toWalletTransaction(row);
};
