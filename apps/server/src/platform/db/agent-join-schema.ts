import type { Generated } from 'kysely';

/** How members join teams (migration 2026-11-26T0550-agent-join, decision 0042); conventions as in schema.ts. */
export type AgentJoinTables = {
  agent_invitation: AgentInvitationTable;
  agent_application: AgentApplicationTable;
};

/** An agent's invitation code: MEMBER registers a plain member under it, AGENT a sub-agent (type 1). */
export type AgentInvitationTable = {
  id: Generated<number>;
  merchant_id: number;
  agent_id: number;
  code: string;
  kind: 'MEMBER' | 'AGENT';
  registrations: Generated<number>;
  created_at: string;
};

export type AgentApplicationTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  created_at: string;
  decided_at: string | null;
  /** The operator's username, or 'cli'. */
  decided_by: string | null;
};
