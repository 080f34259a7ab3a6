import type { Generated } from 'kysely';

/**
 * VIP ranks and promotions (migration 2026-11-21T1500-engagement). Money is integer minor units
 * (bigint: PostgreSQL's answers are parsed to safe integers in db/index.ts); rates are basis points.
 */
export type EngagementTables = {
  vip_rank: VipRankTable;
  promotion: PromotionTable;
  promotion_claim: PromotionClaimTable;
  vip_setting: VipSettingTable;
  vip_reached: VipReachedTable;
  mission: MissionTable;
  mission_progress: MissionProgressTable;
  member_login_day: MemberLoginDayTable;
  rebate_rate: RebateRateTable;
  rebate: RebateTable;
};

/** A brand's rebate rate per category and VIP level (migration 2026-11-26T0800-rebates, decision 0051). */
export type RebateRateTable = {
  merchant_id: number;
  category: string;
  vip_level: number;
  rate_bp: number;
  updated_at: string;
};

/** A rebate paid: one per member, category and period (the period follows `previous_id`). */
export type RebateTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  category: string;
  previous_id: number;
  from_day: string;
  to_day: string;
  to_day_valid_bet: number;
  valid_bet: number;
  vip_level: number;
  rate_bp: number;
  boost_bp: number;
  amount: number;
  /** 'CLAIM' or 'JOB'. */
  source: string;
  ledger_transfer_id: number;
  created_at: string;
};

/** Missions (migration 2026-11-26T0900-missions, decision 0052). */
export type MissionTable = {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  /** 'DEPOSIT', 'VALID_BET', 'LOGIN_DAYS', 'STREAK_DAYS'. */
  kind: string;
  category: string | null;
  target: number;
  /** 'DAILY', 'WEEKLY', 'ONCE'. */
  period: string;
  reward_amount: Generated<number>;
  reward_points: Generated<number>;
  titles: string;
  starts_at: string;
  ends_at: string | null;
  enabled: Generated<number>;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
};

/** A member's mission in one period once complete: COMPLETED, then CLAIMED (paid). */
export type MissionProgressTable = {
  merchant_id: number;
  member_id: number;
  mission_id: number;
  period_key: string;
  status: string;
  progress: number;
  reward_amount: number;
  reward_points: number;
  completed_at: string;
  claimed_at: string | null;
};

/** The business days a member logged in on. */
export type MemberLoginDayTable = { merchant_id: number; member_id: number; day: string };

/** A brand's VIP rules (migration 2026-11-26T0650-vip, decision 0049). */
export type VipSettingTable = {
  merchant_id: number;
  period_days: number;
  updated_at: string;
};

/** Every rank a member ever reached, and the upgrade bonus paid for it (once: the key is member, level). */
export type VipReachedTable = {
  merchant_id: number;
  member_id: number;
  level: number;
  bonus: number;
  source: string;
  reached_at: string;
};

export type VipRankTable = {
  id: Generated<number>;
  merchant_id: number;
  level: number;
  /** JSON object of names keyed by language code. */
  names: string;
  deposit_requirement: Generated<number>;
  turnover_requirement: Generated<number>;
  daily_withdrawal_count: number;
  daily_withdrawal_limit: number;
  birthday_bonus: Generated<number>;
  upgrade_bonus: Generated<number>;
  rebate_rate_bp: Generated<number>;
  enabled: Generated<number>;
  updated_at: string;
};

export type PromotionTable = {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  category: string;
  /** JSON objects keyed by language code; contents are HTML. */
  titles: string;
  summaries: string;
  contents: string;
  image_url: string | null;
  starts_at: string;
  ends_at: string | null;
  enabled: Generated<number>;
  sort_order: Generated<number>;
  /** 'ALL', 'MEMBER' or 'NEW_MEMBER'. */
  audience: Generated<string>;
  min_vip_level: Generated<number>;
  bonus_rate_bp: number | null;
  max_bonus: number | null;
  min_deposit: number | null;
  turnover_multiplier: number | null;
  created_at: string;
  updated_at: string;
  /** Rules (migration 2026-11-26T0700, decision 0050): 'NONE', 'DEPOSIT_MATCH', 'FIXED_BONUS', 'REBATE_BOOST'. */
  kind: Generated<string>;
  bonus_amount: number | null;
  min_deposit_count: Generated<number>;
  max_deposit_count: number | null;
  /** JSON array of language codes the offer runs in; null: every language. */
  languages: string | null;
  needs_review: Generated<number>;
  proof_required: Generated<number>;
};

/** A member's application for a promotion and its bonus (§4 activity statuses, decision 0050). */
export type PromotionClaimTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  promotion_id: number;
  deposit_id: number | null;
  claim_key: string;
  status: string;
  deposit_amount: number | null;
  bonus: Generated<number>;
  turnover_required: Generated<number>;
  turnover_baseline: Generated<number>;
  comment: string | null;
  proof_files: string | null;
  operator_id: number | null;
  review_note: string | null;
  created_at: string;
  decided_at: string | null;
  paid_at: string | null;
  completed_at: string | null;
};
