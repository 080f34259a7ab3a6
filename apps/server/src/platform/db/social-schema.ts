/** Social sign-in tables (migration 2026-11-21T1200-social); conventions as in schema.ts. */
export type SocialTables = {
  social_login_state: SocialLoginStateTable;
};

export type SocialLoginStateTable = {
  state_hash: string;
  merchant_id: number;
  provider: string;
  browser_hash: string;
  code_verifier: string;
  nonce: string | null;
  redirect_uri: string;
  return_to: string;
  link_member_id: number | null;
  signup: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};
