import type { Generated } from 'kysely';

/** Account tables (migration 2026-11-21T1100-accounts); conventions as in schema.ts. */
export type AccountTables = {
  member: MemberTable;
  member_session: MemberSessionTable;
  member_ip: MemberIpTable;
  captcha: CaptchaTable;
  verification_code: VerificationCodeTable;
  outbox: OutboxTable;
  rate_limit: RateLimitTable;
  payload_nonce: PayloadNonceTable;
  login_challenge: LoginChallengeTable;
  social_identity: SocialIdentityTable;
  merchant_auth_setting: MerchantAuthSettingTable;
  password_reset: PasswordResetTable;
  login_throttle: LoginThrottleTable;
  security_event: SecurityEventTable;
  member_closure: MemberClosureTable;
  member_upline_change: MemberUplineChangeTable;
  agent_contract: AgentContractTable;
};

/** The member tree (migration 2026-11-26T0500-agents-foundation): every ancestor of a member, itself at depth 0. */
export type MemberClosureTable = {
  merchant_id: number;
  ancestor_id: number;
  descendant_id: number;
  depth: number;
  /** The descendant's member.created_at (migration 2026-11-26T1100): new members by day, from the index. */
  joined_at: string | null;
};

export type MemberUplineChangeTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  from_upline_id: number | null;
  to_upline_id: number | null;
  /** Who moved the member: an operator's username, or 'cli'. */
  changed_by: string;
  created_at: string;
};

/** A salary or dividend contract (packages/contracts agents.ts); offered_by null: the brand's own. */
export type AgentContractTable = {
  id: Generated<number>;
  merchant_id: number;
  holder_id: number;
  offered_by: number | null;
  kind: 'DAILY_SALARY' | 'HOURLY_SALARY' | 'REALTIME_SALARY' | 'DIVIDEND';
  category: string;
  /** Dividends: DAILY, WEEKLY, SEMIMONTHLY or MONTHLY; null for salaries. */
  period: string | null;
  /** JSON array of SalaryTier or DividendTier. */
  tiers: string;
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED' | 'TERMINATED';
  created_at: string;
  answered_at: string | null;
  ended_at: string | null;
  end_reason: string | null;
};

export type MemberTable = {
  id: Generated<number>;
  merchant_id: number;
  username: string;
  username_key: string;
  password_hash: string;
  payment_password_hash: string | null;
  type: Generated<number>;
  upline_id: number | null;
  affiliate_code: string | null;
  referral_code: string;
  mobile_dial_code: string | null;
  mobile_number: string | null;
  mobile_verified: Generated<number>;
  email: string | null;
  email_verified: Generated<number>;
  payee_name: string | null;
  nickname: string | null;
  qq_num: string | null;
  line: string | null;
  whatsapp: string | null;
  facebook: string | null;
  wechat: string | null;
  id_number: string | null;
  /** yyyy-MM-dd; with nationality, occupation, source of income and address from migration 2026-11-21T1700. */
  birthday: string | null;
  nationality: string | null;
  occupation: string | null;
  source_of_income: string | null;
  address: string | null;
  avatar_url: string | null;
  register_method: string;
  register_url: string | null;
  register_ip: string;
  age_confirmed_at: string | null;
  terms_agreed_at: string | null;
  first_login_at: string | null;
  last_login_at: string | null;
  password_changed_at: string;
  must_change_password: Generated<number>;
  status: Generated<string>;
  failed_login_count: Generated<number>;
  locked_until: string | null;
  vip_level: Generated<number>;
  vip_label: Generated<string>;
  /** When vip_level last changed (migration 2026-11-26T0650-vip); null: never since. */
  vip_changed_at: Generated<string | null>;
  /** The language the member's picker last sent (2026-11-26T0650-vip); null: the brand's default. */
  language: Generated<string | null>;
  labels: Generated<string>;
  totp_secret: string | null;
  created_at: string;
  updated_at: string;
};

export type MemberSessionTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  token_hash: string;
  site: string;
  login_method: string;
  ip: string;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  absolute_expires_at: string;
  revoked_at: string | null;
};

export type MemberIpTable = { member_id: number; ip: string; first_seen_at: string };

export type CaptchaTable = {
  id: string;
  merchant_id: number;
  answer_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

export type VerificationCodeTable = {
  id: Generated<number>;
  merchant_id: number;
  channel: string;
  destination: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
};

export type OutboxTable = {
  id: Generated<number>;
  merchant_id: number;
  channel: string;
  destination: string;
  subject: string | null;
  body: string;
  created_at: string;
};

export type RateLimitTable = { key: string; window_start: string; hits: number; expires_at: string };

export type PayloadNonceTable = { nonce: string; expires_at: string };

export type LoginChallengeTable = {
  id: string;
  member_id: number;
  method: string;
  ip: string;
  site: string;
  login_method: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

export type SocialIdentityTable = {
  merchant_id: number;
  provider: string;
  subject: string;
  member_id: number;
  created_at: string;
};

export type MerchantAuthSettingTable = { merchant_id: number; settings: string };

export type PasswordResetTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
};

export type LoginThrottleTable = {
  /** MEMBER or OPERATOR. */
  scope: string;
  /** 0 for operators. */
  merchant_id: number;
  account: string;
  ip: string;
  failures: number;
  lockouts: Generated<number>;
  locked_until: string | null;
  updated_at: string;
};

export type SecurityEventTable = {
  id: Generated<number>;
  merchant_id: number | null;
  kind: string;
  subject: string;
  ip: string | null;
  details: string;
  created_at: string;
};
