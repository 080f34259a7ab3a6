import type { Generated } from 'kysely';

/** Vendor connections, game sessions, seamless wallet transactions and betting records (migration 2026-11-24T1000-games-wallet). */
export type GamesWalletTables = {
  vendor_connection: {
    merchant_id: number;
    vendor_code: string;
    endpoint: string;
    signature_algorithm: string;
    key_sealed: string;
    timeout_ms: number;
    updated_at: string;
  };
  game_session: {
    id: Generated<number>;
    merchant_id: number;
    member_id: number;
    vendor_code: string;
    game_id: string;
    token_hash: string;
    launch_code_hash: string | null;
    launch_expires_at: string;
    expires_at: string;
    created_at: string;
    /** The member session that launched the game; null once it is pruned (or for older sessions). */
    login_session_id: number | null;
    /** The address the launch came from. */
    ip: string | null;
    last_seen_at: string | null;
  };
  wallet_transaction: {
    id: Generated<number>;
    merchant_id: number;
    vendor_code: string;
    transaction_id: string;
    kind: 'DEBIT' | 'CREDIT' | 'ROLLBACK' | 'TOMBSTONE';
    member_id: number;
    round_id: string;
    game_id: string;
    /** bigint: PostgreSQL hands it back as text. */
    amount: number | string;
    reference_transaction_id: string | null;
    status: 'APPLIED' | 'CREDITED' | 'ROLLED_BACK';
    created_at: string;
  };
  bet_record: {
    id: Generated<number>;
    merchant_id: number;
    member_id: number;
    vendor_code: string;
    game_id: string;
    category: string;
    round_id: string;
    stake: number | string;
    valid_bet: number | string;
    payout: number | string;
    win_loss: number | string;
    status: 'OPEN' | 'SETTLED' | 'VOID';
    placed_at: string;
    settled_at: string | null;
    settled_day: string | null;
    /** What a vendor's round was on (JSON of a VendorBetDetail); null for lottery tickets and older rounds. */
    detail: string | null;
    /** What was refunded of the stake (cancelled tickets, rolled-back bets); stake is what is left. */
    refunded: Generated<number | string>;
  };
  /**
   * Settled records by brand and day (decision 0074), insert-only, written by a trigger on bet_record:
   * a record whose day changed keeps its earlier entry, so a reader keeps only the entries whose day
   * is the record's own.
   */
  bet_settled_day: {
    merchant_id: number;
    settled_day: string;
    record_id: number;
  };
  bet_daily_summary: {
    merchant_id: number;
    member_id: number;
    day: string;
    category: string;
    bets: number;
    stake: number | string;
    valid_bet: number | string;
    payout: number | string;
    win_loss: number | string;
  };
  /** Migration 2026-11-26T1100-team-rollup (decision 0054): summary deltas the team roll-up has not folded. */
  bet_summary_change: {
    id: Generated<number>;
    merchant_id: number;
    member_id: number;
    day: string;
    category: string;
    bets: number | string;
    stake: number | string;
    valid_bet: number | string;
    payout: number | string;
    win_loss: number | string;
    summary_rows: number;
  };
  /** An agent's downline (depth > 0) totals by day and category, as the roll-up folded them. */
  team_daily_summary: {
    merchant_id: number;
    agent_id: number;
    day: string;
    category: string;
    bets: number | string;
    stake: number | string;
    valid_bet: number | string;
    payout: number | string;
    win_loss: number | string;
  };
  /** A downline member's valid bet by day, once per upline (the active-member count). */
  team_member_daily: {
    merchant_id: number;
    agent_id: number;
    day: string;
    member_id: number;
    valid_bet: number | string;
    summary_rows: number | string;
  };
  /** Agents whose team a move changed: read live until the roll-up job rebuilds them. */
  team_rollup_stale: {
    id: Generated<number>;
    merchant_id: number;
    agent_id: number;
  };
  /** Migration 2026-11-26T2400-team-rollup-version: raised with every change to an agent's folded rows. */
  team_rollup_version: {
    agent_id: number;
    merchant_id: number;
    version: number | string;
    /** Migration 2026-11-27T0200-team-rollup-memo-and-payments: the lowest version a memo is carried from. */
    recount_from: Generated<number | string>;
  };
  /** Migration 2026-11-27T0200-team-rollup-memo-and-payments: a change of what a payment counts, not folded yet. */
  payment_change: {
    id: Generated<number>;
    merchant_id: number;
    member_id: number;
    bucket: string;
    deposits: number | string;
    withdrawals: number | string;
  };
  /** Migration 2026-11-27T0200-team-rollup-memo-and-payments: an agent's team deposits and withdrawals by 15-minute UTC bucket. */
  team_money_bucket: {
    merchant_id: number;
    agent_id: number;
    bucket: string;
    deposits: number | string;
    withdrawals: number | string;
  };
  /** Migration 2026-11-27T0200-team-rollup-memo-and-payments: a fold step's (member, day) deltas per upline. */
  team_member_fold_log: {
    merchant_id: number;
    agent_id: number;
    version: number | string;
    member_id: number;
    day: string;
    valid_bet: number | string;
    summary_rows: number | string;
  };
  /** Migration 2026-11-24T1300-game-rooms. */
  game_room: {
    vendor_id: number;
    game_id: string;
    room_id: string;
    names: string;
    base_bet: number;
    min_entry: number;
    max_players: number;
    sort_order: number;
  };
  /** Migration 2026-11-24T1200-vendor-bet-pull. */
  vendor_bet_cursor: {
    merchant_id: number;
    vendor_code: string;
    cursor: string;
    pulled: number;
    updated_at: string;
  };
  favourite_game: {
    merchant_id: number;
    member_id: number;
    vendor_code: string;
    game_id: string;
    created_at: string;
  };
  recent_game: {
    merchant_id: number;
    member_id: number;
    vendor_code: string;
    game_id: string;
    played_at: string;
  };
};
