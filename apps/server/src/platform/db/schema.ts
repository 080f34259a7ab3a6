import type { Generated } from 'kysely';
import type { AccountTables } from './accounts-schema.js';
import type { AgentJoinTables } from './agent-join-schema.js';
import type { EngagementTables } from './engagement-schema.js';
import type { RaffleTables } from './raffle-schema.js';
import type { GamesWalletTables } from './games-wallet-schema.js';
import type { InboxTables } from './inbox-schema.js';
import type { LedgerTables } from './ledger-schema.js';
import type { LotteryTables } from './lottery-schema.js';
import type { PaymentTables } from './payments-schema.js';
import type { PayrollTables } from './payroll-schema.js';
import type { PointsTables } from './points-schema.js';
import type { SocialTables } from './social-schema.js';
import type { VendorTransferTables } from './vendor-transfer-schema.js';

/**
 * Table types as the database holds them. Booleans are integers 0/1 and timestamps are
 * ISO-8601 UTC text, so one set of queries runs on SQLite and PostgreSQL alike.
 */
export type Database = AccountTables &
  AgentJoinTables &
  EngagementTables &
  RaffleTables &
  GamesWalletTables &
  InboxTables &
  LotteryTables &
  LedgerTables &
  PaymentTables &
  PayrollTables &
  PointsTables &
  SocialTables &
  VendorTransferTables & {
    merchant: MerchantTable;
    merchant_domain: MerchantDomainTable;
    merchant_flag: MerchantFlagTable;
    merchant_register_field: MerchantRegisterFieldTable;
    merchant_resource: MerchantResourceTable;
    merchant_customer_service: MerchantCustomerServiceTable;
    merchant_cdn: MerchantCdnTable;
    merchant_region_rule: MerchantRegionRuleTable;
    help_article: HelpArticleTable;
    feedback: FeedbackTable;
    vendor: VendorTable;
    merchant_vendor: MerchantVendorTable;
    game: GameTable;
    announcement: AnnouncementTable;
  };

export type MerchantTable = {
  id: Generated<number>;
  code: string;
  name: string;
  currency: string;
  currency_exponent: number;
  currency_symbol: string;
  default_language: string;
  /** JSON array of { code, locale, label }. */
  languages: string;
  chat_header_color: string;
  lottery_type: string;
  /** The lottery prize modes offered, comma separated (Lott, ZY, Elott, SEA). */
  prize_modes: Generated<string>;
  platform: string;
  /** Operator-set status: 0 normal, 1 maintenance, 2 restricted to allowed IP ranges only. */
  system_status: number;
  maintenance_message: string;
  maintenance_until: string | null;
  gtag_id: string | null;
  img_url: string | null;
  sms_expired_minutes: number;
  /** IANA time zone of the brand's business day (migration 2026-11-26T0500). */
  time_zone: Generated<string>;
  created_at: string;
  updated_at: string;
};

export type MerchantDomainTable = {
  id: Generated<number>;
  merchant_id: number;
  host: string;
  /** The origin links for this domain are built from ('https://demo.example.com'); null: https://host. */
  origin: string | null;
};

export type MerchantFlagTable = {
  merchant_id: number;
  name: string;
  enabled: number;
};

export type MerchantRegisterFieldTable = {
  merchant_id: number;
  field: string;
  visible: number;
  required: number;
  min_length: number;
  max_length: number;
  pattern_type: string;
};

export type MerchantResourceTable = {
  id: Generated<number>;
  merchant_id: number;
  resource_type: string;
  url: string;
  qr_code_url: string | null;
  label_name_en: string | null;
  label_name_cn: string | null;
  sort_order: number;
};

export type MerchantCustomerServiceTable = {
  id: Generated<number>;
  merchant_id: number;
  type: string;
  label: string;
  url: string;
  width: number;
  height: number;
  sort_order: number;
};

export type MerchantCdnTable = {
  id: Generated<number>;
  merchant_id: number;
  /** 'IMAGE' or 'LAUNCH'. */
  kind: string;
  url: string;
  sort_order: number;
};

export type MerchantRegionRuleTable = {
  id: Generated<number>;
  merchant_id: number;
  /** 'BLOCK_COUNTRY', 'BLOCK_IP' or 'ALLOW_IP'. */
  kind: string;
  /** Country code for BLOCK_COUNTRY, an address or CIDR range otherwise. */
  value: string;
};

export type HelpArticleTable = {
  id: Generated<number>;
  merchant_id: number;
  key: string;
  category: string;
  language: string;
  title: string;
  content: string;
  sort_order: number;
};

export type FeedbackTable = {
  id: Generated<number>;
  merchant_id: number;
  content: string;
  contact: string | null;
  ip: string;
  created_at: string;
};

/** A game vendor (the spec's vassalage), shared by every brand. */
export type VendorTable = {
  id: Generated<number>;
  code: string;
  category: string;
  /** 'TRANSFER' or 'SEAMLESS'. */
  wallet_mode: string;
  support_play: number;
  logo: string;
  /** JSON object of names keyed by language code. */
  names: string;
  /** JSON array of tags such as 'COCKFIGHT'. */
  tags: string;
  updated_at: string;
};

/** Which vendors a brand offers, and in what order. */
export type MerchantVendorTable = {
  merchant_id: number;
  vendor_id: number;
  enabled: number;
  sort_order: number;
};

export type GameTable = {
  id: Generated<number>;
  vendor_id: number;
  game_id: string;
  node_id: string;
  room_id: string | null;
  /** JSON object of names keyed by language code. */
  names: string;
  search_text: string;
  node_name: string;
  show_icon: string;
  is_hot: number;
  account_type_name: string;
  /** bigint minor units; PostgreSQL hands it back as text. */
  min_bet: number | string;
  /** bigint minor units, the most a round may stake; null: no maximum. */
  max_bet: number | string | null;
  min_line_num: number;
  game_type: string;
  classification: string | null;
  is_game: string;
  code: string | null;
  default_play_type: string | null;
  sort_order: number;
  updated_at: string;
};

export type AnnouncementTable = {
  id: Generated<number>;
  merchant_id: number;
  /** 'B', 'PL', 'PU', 'PR' or 'H'. */
  type: string;
  platform: string;
  execution: string;
  language: string;
  title: string;
  content: string;
  published_at: string;
  ends_at: string | null;
  sort_order: number;
};
