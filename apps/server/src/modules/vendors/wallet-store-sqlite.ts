import type { GameCategory } from '@jade/contracts/games';
import type SQLite from 'better-sqlite3';
import { toBetRecord, type BetRecord } from '../games/bet-records.js';
import { postTransfersPrepared } from '../wallet/ledger.js';
import type { StoreScope, WalletStore, WalletTransaction } from './wallet-store.js';
import { addToDailySummaryPrepared } from './daily-summary-sqlite.js';
import { toWalletTransaction } from './wallet-store-kysely.js';

/**
 * The wallet store on SQLite: the same reads and writes as wallet-store-kysely.ts, as prepared
 * statements run synchronously on the connection the group-commit job holds (no query building, no
 * awaiting per statement). Use it only inside a `groupCommit` job.
 */
const statements = (raw: SQLite.Database) => ({
  findTransaction: raw.prepare<[number, string, string], Parameters<typeof toWalletTransaction>[0]>(
    'select id, transaction_id, kind, member_id, round_id, game_id, amount, reference_transaction_id, status from wallet_transaction where merchant_id = ? and vendor_code = ? and transaction_id = ?',
  ),
  insertTransaction: raw.prepare<
    [number, string, string, string, number, string, string, number, string | null, string, string]
  >(
    'insert into wallet_transaction (merchant_id, vendor_code, transaction_id, kind, member_id, round_id, game_id, amount, reference_transaction_id, status, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ),
  setTransactionStatus: raw.prepare<[string, number]>(
    'update wallet_transaction set status = ? where id = ?',
  ),
  memberStatus: raw.prepare<[number, number], { status: string }>(
    'select status from member where merchant_id = ? and id = ?',
  ),
  findBetRecord: raw.prepare<[number, string, string], Parameters<typeof toBetRecord>[0]>(
    'select * from bet_record where merchant_id = ? and vendor_code = ? and round_id = ?',
  ),
  addStake: raw.prepare<
    [
      number,
      number,
      string,
      string,
      GameCategory,
      string,
      number,
      number,
      string,
      string | null,
      number,
      number,
    ]
  >(
    `insert into bet_record (merchant_id, member_id, vendor_code, game_id, category, round_id, stake, valid_bet, payout, win_loss, status, placed_at, settled_at, settled_day, detail)
     values (?, ?, ?, ?, ?, ?, ?, 0, 0, ?, 'OPEN', ?, null, null, ?)
     on conflict (merchant_id, vendor_code, round_id) do update set stake = bet_record.stake + ?, win_loss = bet_record.win_loss - ?,
       detail = coalesce(bet_record.detail, excluded.detail)`,
  ),
  writeRecordState: raw.prepare<
    [number, number, number, number, string, string | null, string | null, number, number]
  >(
    'update bet_record set stake = ?, payout = ?, win_loss = ?, valid_bet = ?, status = ?, settled_at = ?, settled_day = ?, refunded = ? where id = ?',
  ),
  balance: raw.prepare<[number], { balance: number }>('select balance from ledger_account where id = ?'),
});
type Statements = ReturnType<typeof statements>;
const prepared = new WeakMap<SQLite.Database, Statements>();

export const sqliteWalletStore = (raw: SQLite.Database, scope: StoreScope): WalletStore => {
  let s = prepared.get(raw);
  if (!s) prepared.set(raw, (s = statements(raw)));
  const q = s;
  const { merchantId, vendorCode } = scope;
  return {
    handle: raw,
    findTransaction(transactionId): WalletTransaction | undefined {
      const row = q.findTransaction.get(merchantId, vendorCode, transactionId);
      return row && toWalletTransaction(row);
    },
    findWithMemberStatus(transactionId, memberId) {
      const row = q.findTransaction.get(merchantId, vendorCode, transactionId);
      return {
        own: row && toWalletTransaction(row),
        memberStatus: q.memberStatus.get(merchantId, memberId)?.status,
      };
    },
    // One writer at a time (the group commit's transaction): a read inside the job is already held.
    findWithReferenced(transactionId, referenceTransactionId) {
      const own = q.findTransaction.get(merchantId, vendorCode, transactionId);
      const referenced = q.findTransaction.get(merchantId, vendorCode, referenceTransactionId);
      return {
        own: own && toWalletTransaction(own),
        referenced: referenced && toWalletTransaction(referenced),
      };
    },
    insertTransaction: (row) =>
      Number(
        q.insertTransaction.run(
          merchantId,
          vendorCode,
          row.transactionId,
          row.kind,
          row.memberId,
          row.roundId,
          row.gameId,
          row.amount,
          row.referenceTransactionId ?? null,
          row.status ?? 'APPLIED',
          row.at,
        ).lastInsertRowid,
      ),
    setTransactionStatus(id, status) {
      q.setTransactionStatus.run(status, id);
    },
    lockBetRecord(roundId): BetRecord | undefined {
      const row = q.findBetRecord.get(merchantId, vendorCode, roundId);
      return row && toBetRecord(row);
    },
    addStake(input) {
      q.addStake.run(
        merchantId,
        input.memberId,
        vendorCode,
        input.gameId,
        input.category,
        input.roundId,
        input.amount,
        -input.amount,
        input.at,
        input.detail ?? null,
        input.amount,
        input.amount,
      );
    },
    writeRecordState(recordId, state) {
      q.writeRecordState.run(
        state.stake,
        state.payout,
        state.winLoss,
        state.validBet,
        state.status,
        state.settledAt,
        state.settledDay,
        state.refunded,
        recordId,
      );
    },
    addToDailySummary: (delta) => {
      addToDailySummaryPrepared(raw, delta);
      return undefined;
    },
    post: (input, now) => postTransfersPrepared(raw, { merchantId, ...input }, now),
    balance: (accountId) => q.balance.get(accountId)!.balance,
  };
};
