import type { Generated } from 'kysely';

/** Lottery draws, bets and exposure (migration 2026-11-24T1400-lottery); settings (2026-11-25T1000). */
export type LotteryTables = {
  lottery_draw: {
    id: Generated<number>;
    vendor_code: string;
    game_id: string;
    draw_no: string;
    structure: string;
    status: 'SCHEDULED' | 'OPEN' | 'CLOSED' | 'DRAWN' | 'SETTLED' | 'VOID';
    opens_at: string;
    closes_at: string;
    draws_at: string;
    source: 'FAIR' | 'OPERATOR';
    seed_hash: string | null;
    seed_sealed: string | null;
    server_seed: string | null;
    result: string | null;
    drawn_at: string | null;
    settled_at: string | null;
  };
  lottery_bet: {
    id: Generated<number>;
    merchant_id: number;
    member_id: number;
    draw_id: number;
    bet_type: string;
    numbers: string;
    /** bigint: PostgreSQL hands it back as a number (see platform/db). */
    stake: number;
    cost: number;
    payout: number;
    status: 'OPEN' | 'WON' | 'LOST' | 'REFUNDED';
    request_key: string;
    placed_at: string;
    settled_at: string | null;
    /** The lottery_setting version the bet was placed under; null for the built-in defaults. */
    setting_id: number | null;
    /** Its betting record (set in the write that places it). */
    record_id: Generated<number | null>;
  };
  lottery_exposure: {
    merchant_id: number;
    draw_id: number;
    bet_type: string;
    number: string;
    stake: number;
  };
  lottery_setting: {
    id: Generated<number>;
    merchant_id: number;
    vendor_code: string;
    game_id: string;
    /** JSON: Odds (bet-types.ts). */
    odds: string;
    /** JSON: StakeLimits (contracts). */
    limits: string;
    /** JSON: LotteryCosts (contracts), cost multipliers where not the standard. */
    costs: Generated<string>;
    /** A whole prize mode's version (vendor and game '*'); null on a vendor's or a game's. */
    prize_mode: Generated<string | null>;
    created_by: string;
    created_at: string;
  };
  lottery_vendor_mode: {
    merchant_id: number;
    vendor_code: string;
    prize_mode: string;
    updated_at: string;
  };
  lottery_game_source: {
    vendor_code: string;
    game_id: string;
    source: 'FAIR' | 'OPERATOR';
    updated_at: string;
  };
  lottery_result_entry: {
    id: Generated<number>;
    draw_id: number;
    /**
     * CORRECTION: a new result for a settled draw, confirmed like an ENTRY. WITHDRAW (by the author)
     * and REJECT (by a second operator) take a waiting entry off; their result is '{}'.
     */
    kind: 'ENTRY' | 'CORRECTION' | 'CONFIRM' | 'FEED' | 'WITHDRAW' | 'REJECT';
    /**
     * SETTLING: a confirmed correction whose bets are being resettled (a rerun finishes it);
     * WITHDRAWN, REJECTED: a waiting entry taken off.
     */
    status: 'PENDING' | 'SETTLING' | 'APPLIED' | 'REFUSED' | 'WITHDRAWN' | 'REJECTED';
    /** JSON: DrawResult. */
    result: string;
    /** The operator's id; null for the console and for a feed. */
    operator_id: number | null;
    operator_name: string;
    created_at: string;
  };
  lottery_bet_adjustment: {
    id: Generated<number>;
    bet_id: number;
    entry_id: number;
    old_payout: number;
    new_payout: number;
    /** Signed: paid to the member (+) or taken back (−). */
    moved: number;
    /** What could not be taken back. */
    owed: number;
    created_at: string;
  };
};
