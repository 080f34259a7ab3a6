import type { Generated } from 'kysely';

/** Agent payroll tables (migration 2026-11-26T0530-agent-payroll, decision 0041). */
export type PayrollTables = {
  agent_payment: AgentPaymentTable;
  agent_debt: AgentDebtTable;
};

export type AgentPaymentStatus = 'PAID' | 'OWED' | 'NOTHING' | 'AWAITING_APPROVAL';

export type AgentPaymentTable = {
  id: Generated<number>;
  merchant_id: number;
  contract_id: number;
  holder_id: number;
  payer_id: number | null;
  kind: 'DAILY_SALARY' | 'HOURLY_SALARY' | 'REALTIME_SALARY' | 'DIVIDEND';
  category: string;
  period_key: string;
  day: string;
  window_start: string;
  window_end: string;
  /** bigint: PostgreSQL hands it back as text. */
  team_valid_bet: number | string;
  net_loss: number | string;
  carried_in: number | string;
  active_members: number;
  tier: number | null;
  gross: number | string;
  paid: number | string;
  owed: number | string;
  status: AgentPaymentStatus;
  created_at: string;
  approved_by: string | null;
  approved_at: string | null;
};

export type AgentDebtTable = {
  id: Generated<number>;
  merchant_id: number;
  payment_id: number;
  debtor_id: number;
  creditor_id: number;
  amount: number | string;
  settled: number | string;
  status: 'OPEN' | 'SETTLED';
  created_at: string;
  settled_at: string | null;
};
