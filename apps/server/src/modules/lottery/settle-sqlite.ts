import type SQLite from 'better-sqlite3';
import type { SummaryDelta } from '../games/bet-records.js';
import { addToDailySummaryPrepared } from '../games/bet-records-sqlite.js';

/**
 * The writes of a settlement batch (draws.ts, settleDraw), as prepared statements run synchronously
 * on the connection the group-commit job holds: the same SQL as the Kysely writer, without building a
 * query per bet (decision 0004's fast path, used by the wallet too). Lists of ids travel as one JSON
 * parameter.
 */
/** An open bet as settlement reads it. */
export type BetRow = {
  id: number;
  merchant_id: number;
  member_id: number;
  bet_type: string;
  numbers: string;
  stake: number;
  cost: number;
  /** The settings version the bet was placed under (its odds). */
  setting_id: number | null;
  /** Its betting record (set when the bet is placed; migration 2026-11-25T1600 for earlier bets). */
  record_id: number;
};
type SettledAt = { at: string; day: string };
/** A winning bet of a batch: its betting record and what it pays. */
export type Win = { betId: number; recordId: number; payout: number };
type Maybe<T> = T | Promise<T>;

export type Settlement = {
  /** The draw's next open bets after the bet `after` (0: from the first), in id order. */
  openBets: (drawId: number, after: number, limit: number) => Maybe<BetRow[]>;
  markLost: (s: SettledAt, ids: number[], recordIds: number[]) => Maybe<void>;
  markWon: (s: SettledAt, wins: Win[]) => Maybe<void>;
  /** The batch's daily summaries, one row a member (`bets` tickets in each). */
  addSummaries: (rows: (SummaryDelta & { bets: number })[]) => Maybe<void>;
};

const statements = (raw: SQLite.Database) => ({
  openBets: raw.prepare<[number, number, number], BetRow>(
    "select id, merchant_id, member_id, bet_type, numbers, stake, cost, setting_id, record_id from lottery_bet where draw_id = ? and id > ? and status = 'OPEN' order by id limit ?",
  ),
  lostBets: raw.prepare<[string, string]>(
    "update lottery_bet set status = 'LOST', payout = 0, settled_at = ? where id in (select value from json_each(?))",
  ),
  lostRecords: raw.prepare<[string, string, string]>(
    `update bet_record set payout = 0, win_loss = 0 - stake, valid_bet = stake, status = 'SETTLED', settled_at = ?, settled_day = ?
     where id in (select value from json_each(?)) and status = 'OPEN'`,
  ),
  wonBet: raw.prepare<[number, string, number]>(
    "update lottery_bet set status = 'WON', payout = ?, settled_at = ? where id = ?",
  ),
  wonRecord: raw.prepare<[number, number, string, string, number]>(
    `update bet_record set payout = ?, win_loss = ? - stake, valid_bet = stake, status = 'SETTLED', settled_at = ?, settled_day = ?
     where id = ? and status = 'OPEN'`,
  ),
});
const prepared = new WeakMap<SQLite.Database, ReturnType<typeof statements>>();

export const sqliteSettlement = (raw: SQLite.Database): Settlement => {
  let s = prepared.get(raw);
  if (!s) prepared.set(raw, (s = statements(raw)));
  const q = s;
  return {
    openBets: (drawId, after, limit) => q.openBets.all(drawId, after, limit),
    markLost(at, ids, recordIds) {
      q.lostBets.run(at.at, JSON.stringify(ids));
      q.lostRecords.run(at.at, at.day, JSON.stringify(recordIds));
    },
    markWon(at, wins) {
      for (const { betId, recordId, payout } of wins) {
        q.wonBet.run(payout, at.at, betId);
        q.wonRecord.run(payout, payout, at.at, at.day, recordId);
      }
    },
    addSummaries(rows) {
      // No points here: a draw's points are earned once, when it closes (draws.ts, decision 0059).
      for (const row of rows) addToDailySummaryPrepared(raw, { ...row, pointsKey: undefined }, row.bets);
    },
  };
};
