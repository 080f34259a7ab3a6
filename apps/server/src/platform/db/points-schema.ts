import type { Generated } from 'kysely';

/** The points mall (migration 2026-11-26T0630-points-mall, decision 0046); conventions as in schema.ts. */
export type PointsTables = {
  point_rate: PointRateTable;
  point_setting: PointSettingTable;
  point_reward: PointRewardTable;
  point_redemption: PointRedemptionTable;
};

export type PointRateTable = { merchant_id: number; category: string; rate: number };

export type PointSettingTable = {
  merchant_id: number;
  convert_points: number;
  convert_amount: number;
  min_convert: number;
  max_convert: number;
  updated_at: string;
};

export type PointRewardTable = {
  id: Generated<number>;
  merchant_id: number;
  /** JSON: language → text. */
  names: string;
  descriptions: string;
  image_url: string | null;
  cost: number;
  stock: number;
  enabled: Generated<number>;
  sort_order: Generated<number>;
  created_at: string;
};

export type PointRedemptionTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  reward_id: number;
  cost: number;
  status: 'IN_PROCESS' | 'REJECTED' | 'APPROVED';
  remark: string | null;
  request_key: string;
  created_at: string;
  decided_at: string | null;
  /** The operator's username, or 'cli'. */
  decided_by: string | null;
};
