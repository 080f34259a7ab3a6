import type { Generated } from 'kysely';

/** Operators and payments (migration 2026-11-21T1400-payments). Amounts are integer minor units. */
export type PaymentTables = {
  operator: OperatorTable;
  operator_session: OperatorSessionTable;
  payment_channel: PaymentChannelTable;
  deposit: DepositTable;
  member_bank_account: MemberBankAccountTable;
  withdrawal: WithdrawalTable;
  merchant_money_setting: { merchant_id: number; settings: string };
  job_lease: { name: string; holder: string; expires_at: string };
};

export type OperatorTable = {
  id: Generated<number>;
  username: string;
  password_hash: string;
  merchant_id: number | null;
  role: string;
  created_at: string;
};

export type OperatorSessionTable = {
  token_hash: string;
  operator_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
};

export type PaymentChannelTable = {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  kind: string;
  name: string;
  config: string;
  min_amount: number;
  max_amount: number;
  daily_limit: number;
  enabled: Generated<number>;
  sort_order: Generated<number>;
};

export type DepositTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  channel_id: number;
  amount: number;
  status: string;
  reference: string | null;
  proof_file: string | null;
  gateway_order_id: string | null;
  /** Gateway deposits: the gateway's payment page (migration 2026-11-21T1600-payment-gateway). */
  pay_url: string | null;
  note: string | null;
  operator_id: number | null;
  created_at: string;
  decided_at: string | null;
};

export type MemberBankAccountTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  bank_name: string;
  account_number: string;
  account_name: string;
  created_at: string;
};

export type WithdrawalTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  bank_account_id: number;
  amount: number;
  status: string;
  operator_id: number | null;
  note: string | null;
  created_at: string;
  decided_at: string | null;
  confirm_deadline: string | null;
  confirmed_at: string | null;
  complaint: string | null;
  proof_files: string | null;
};
