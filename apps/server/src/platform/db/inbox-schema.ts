import type { Generated } from 'kysely';

/** Members' inboxes (migration 2026-11-26T0640-inbox, decision 0047); conventions as in schema.ts. */
export type InboxTables = {
  inbox_message: InboxMessageTable;
  inbox_broadcast: InboxBroadcastTable;
  inbox_broadcast_read: InboxBroadcastReadTable;
};

export type InboxMessageTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  type: 'PLATFORM' | 'BROADCAST' | 'PERSONAL';
  /** PLATFORM: the template key; null for an operator's text. */
  template: string | null;
  /** JSON object of the template's parameters ('{}' for an operator's text). */
  params: string;
  title: string;
  content: string;
  /** JSON of the operator's text in other languages, `{CODE: {title, content}}` (decision 0067); null: none. */
  translations: string | null;
  /** A message sent to a list of members: the broadcast row it belongs to. */
  broadcast_id: number | null;
  /** The operator's username, or 'cli'; null for platform messages. */
  sent_by: string | null;
  created_at: string;
  read_at: string | null;
};

export type InboxBroadcastTable = {
  id: Generated<number>;
  merchant_id: number;
  audience: 'ALL' | 'VIP' | 'LIST';
  /** VIP: the lowest rank it reaches. */
  vip_level: number | null;
  /** LIST: how many members it went to. */
  recipients: number | null;
  title: string;
  content: string;
  /** As inbox_message.translations. */
  translations: string | null;
  sent_by: string | null;
  created_at: string;
};

export type InboxBroadcastReadTable = {
  broadcast_id: number;
  member_id: number;
  read_at: string;
};
