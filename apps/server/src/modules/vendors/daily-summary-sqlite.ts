import type SQLite from 'better-sqlite3';
import { accruePointsPrepared } from '../points/accrual.js';
import type { SummaryDelta } from '../games/bet-records.js';

/**
 * `addToDailySummary` as a prepared statement, for the seamless wallet's SQLite store
 * (wallet-store-sqlite.ts), which runs its SQL synchronously inside a group-commit job: one bet a call.
 */
const prepared = new WeakMap<SQLite.Database, SQLite.Statement>();

export const addToDailySummaryPrepared = (raw: SQLite.Database, delta: SummaryDelta) => {
  let statement = prepared.get(raw);
  if (!statement) {
    statement = raw.prepare(
      `insert into bet_daily_summary (merchant_id, member_id, day, category, bets, stake, valid_bet, payout, win_loss)
       values (?, ?, ?, ?, 1, ?, ?, ?, ?)
       on conflict (merchant_id, member_id, day, category) do update set bets = bet_daily_summary.bets + 1,
         stake = bet_daily_summary.stake + ?, valid_bet = bet_daily_summary.valid_bet + ?,
         payout = bet_daily_summary.payout + ?, win_loss = bet_daily_summary.win_loss + ?`,
    );
    prepared.set(raw, statement);
  }
  const { stake, validBet, payout, winLoss } = delta;
  statement.run(
    delta.merchantId,
    delta.memberId,
    delta.day,
    delta.category,
    stake,
    validBet,
    payout,
    winLoss,
    stake,
    validBet,
    payout,
    winLoss,
  );
  accruePointsPrepared(raw, [delta]);
};
