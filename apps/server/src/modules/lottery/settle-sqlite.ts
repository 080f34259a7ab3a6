import type SQLite from 'better-sqlite3';
import type { SummaryDelta } from '../games/bet-records.js';

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
/** A BetRow's columns in its select's order. */
type BetColumns = [number, number, number, string, string, number, number, number | null, number];
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
  // Rows as arrays (`raw`), made into objects below: one object literal of one shape costs less than
  // the driver's object built a column at a time (10,000 rows a batch: 10 ms against 16).
  openBets: raw
    .prepare<[number, number, number], BetColumns>(
      "select id, merchant_id, member_id, bet_type, numbers, stake, cost, setting_id, record_id from lottery_bet where draw_id = ? and id > ? and status = 'OPEN' order by id limit ?",
    )
    .raw(true),
  lostBets: raw.prepare<[string, string]>(
    "update lottery_bet set status = 'LOST', payout = 0, settled_at = ? where id in (select value from json_each(?))",
  ),
  lostRecords: raw.prepare<[string, string, string]>(
    `update bet_record set payout = 0, win_loss = 0 - stake, valid_bet = stake, status = 'SETTLED', settled_at = ?, settled_day = ?
     where id in (select value from json_each(?)) and status = 'OPEN'`,
  ),
  // The winners a batch as one JSON list of [bet, record, payout]: one statement a table, not one a
  // winner (each a statement of its own, with its statement journal and the record's trigger).
  wonBets: raw.prepare<[string, string]>(
    `update lottery_bet set status = 'WON', payout = w.payout, settled_at = ?
     from (select value ->> 0 as id, value ->> 2 as payout from json_each(?)) as w
     where lottery_bet.id = w.id`,
  ),
  wonRecords: raw.prepare<[string, string, string]>(
    `update bet_record set payout = w.payout, win_loss = w.payout - stake, valid_bet = stake, status = 'SETTLED',
       settled_at = ?, settled_day = ?
     from (select value ->> 1 as id, value ->> 2 as payout from json_each(?)) as w
     where bet_record.id = w.id and bet_record.status = 'OPEN'`,
  ),
  // The batch's summaries (one row a member) in one upsert from one JSON list; each row still passes
  // its row trigger (the team roll-up's change log) as the one-row upserts did.
  summaries: raw.prepare<[string]>(
    `insert into bet_daily_summary (merchant_id, member_id, day, category, bets, stake, valid_bet, payout, win_loss)
     select value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7,
       value ->> 8
     from json_each(?) where true
     on conflict (merchant_id, member_id, day, category) do update set bets = bet_daily_summary.bets + excluded.bets,
       stake = bet_daily_summary.stake + excluded.stake, valid_bet = bet_daily_summary.valid_bet + excluded.valid_bet,
       payout = bet_daily_summary.payout + excluded.payout, win_loss = bet_daily_summary.win_loss + excluded.win_loss`,
  ),
});
const prepared = new WeakMap<SQLite.Database, ReturnType<typeof statements>>();

export const sqliteSettlement = (raw: SQLite.Database): Settlement => {
  let s = prepared.get(raw);
  if (!s) prepared.set(raw, (s = statements(raw)));
  const q = s;
  return {
    openBets: (drawId, after, limit) =>
      q.openBets
        .all(drawId, after, limit)
        .map(([id, merchant_id, member_id, bet_type, numbers, stake, cost, setting_id, record_id]) => ({
          id,
          merchant_id,
          member_id,
          bet_type,
          numbers,
          stake,
          cost,
          setting_id,
          record_id,
        })),
    markLost(at, ids, recordIds) {
      q.lostBets.run(at.at, JSON.stringify(ids));
      q.lostRecords.run(at.at, at.day, JSON.stringify(recordIds));
    },
    markWon(at, wins) {
      const list = JSON.stringify(wins.map((w) => [w.betId, w.recordId, w.payout]));
      q.wonBets.run(at.at, list);
      q.wonRecords.run(at.at, at.day, list);
    },
    addSummaries(rows) {
      // No points here: a draw's points are earned once, when it closes (draws.ts, decision 0059).
      q.summaries.run(
        JSON.stringify(
          rows.map((r) => [
            r.merchantId,
            r.memberId,
            r.day,
            r.category,
            r.bets,
            r.stake,
            r.validBet,
            r.payout,
            r.winLoss,
          ]),
        ),
      );
    },
  };
};
