import { CompiledQuery } from 'kysely';
import { PREPARED, type Db, type DbOrTrx } from '../../platform/db/index.js';
import * as records from '../games/bet-records.js';
import { pointsPostings, postPoints } from '../points/accrual.js';
import * as ledger from '../wallet/ledger.js';
import type { StoreScope, WalletStore, WalletTransaction } from './wallet-store.js';

/** The wallet store as Kysely queries on the caller's transaction (PostgreSQL; see wallet-store.ts). */
export const kyselyWalletStore = (db: Db, trx: DbOrTrx, scope: StoreScope): WalletStore => ({
  handle: trx,
  findTransaction: (transactionId) => findTransaction(trx, scope, transactionId),
  async findWithMemberStatus(transactionId, memberId) {
    const {
      rows: [row],
    } = await trx.executeQuery(
      CompiledQuery.raw(FIND_WITH_MEMBER_STATUS, [
        scope.merchantId,
        scope.vendorCode,
        transactionId,
        memberId,
      ]),
    );
    const found = row as (TransactionRow & { member_status: string | null }) | undefined;
    return {
      own: found?.id == null ? undefined : toWalletTransaction(found),
      memberStatus: found?.member_status ?? undefined,
    };
  },
  async findWithReferenced(transactionId, referenceTransactionId) {
    const { rows } = await trx.executeQuery(
      CompiledQuery.raw(FIND_TWO_FOR_UPDATE, [
        scope.merchantId,
        scope.vendorCode,
        transactionId,
        referenceTransactionId,
      ]),
    );
    const found = (rows as TransactionRow[]).map(toWalletTransaction);
    return {
      own: found.find((t) => t.transactionId === transactionId),
      referenced: found.find((t) => t.transactionId === referenceTransactionId),
    };
  },
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
  lockBetRecord: (roundId) => records.findBetRecord(trx, { ...scope, roundId }, { lock: true }),
  addStake: async (input) => {
    await records.addStake(trx, { ...scope, ...input });
  },
  writeRecordState: (recordId, state) => records.writeRecordState(trx, recordId, state),
  async addToDailySummary(delta) {
    await records.upsertDailySummary(trx, delta);
    const now = new Date();
    const postings = await pointsPostings(trx, [delta], now);
    return postings.length === 0 ? undefined : () => postPoints(trx, postings, now);
  },
  post: (input, now, options = {}) =>
    ledger.postTransfersWithin(db, trx, { merchantId: scope.merchantId, ...input }, now, {
      ...(options.balanceOf !== undefined && { balancesOf: options.balanceOf }),
    }),
  balance: (accountId) => ledger.getAccountBalance(trx, accountId),
});

type TransactionRow = {
  id: number;
  transaction_id: string;
  kind: WalletTransaction['kind'];
  member_id: number;
  round_id: string;
  game_id: string;
  amount: number | string;
  reference_transaction_id: string | null;
  status: WalletTransaction['status'];
};

const COLUMNS = `t.id, t.transaction_id, t.kind, t.member_id, t.round_id, t.game_id, t.amount,
  t.reference_transaction_id, t.status`;

/**
 * A bet's own transaction and its member's status in one round trip (decision 0096): a row whose
 * transaction columns are null when the id is new. Fixed text, prepared once per connection.
 */
const FIND_WITH_MEMBER_STATUS = `${PREPARED}select ${COLUMNS},
  (select m.status from member m where m.merchant_id = $1 and m.id = $4) as member_status
  from (select 1) as one
  left join wallet_transaction t on t.merchant_id = $1 and t.vendor_code = $2 and t.transaction_id = $3`;

/**
 * A settlement's own transaction and the one it names in one round trip, both held to the end of the
 * write (decision 0096). Two rows at most, locked in one statement in the index's order, so two calls
 * that lock the same two never wait on each other in a circle.
 */
const FIND_TWO_FOR_UPDATE = `${PREPARED}select ${COLUMNS} from wallet_transaction t
  where t.merchant_id = $1 and t.vendor_code = $2 and t.transaction_id in ($3, $4)
  for update`;

export const toWalletTransaction = (row: TransactionRow): WalletTransaction => ({
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

/** A transaction by the vendor's id. */
const findTransaction = async (trx: DbOrTrx, scope: StoreScope, transactionId: string) => {
  const row = await trx
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
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
  return row && toWalletTransaction(row);
};
