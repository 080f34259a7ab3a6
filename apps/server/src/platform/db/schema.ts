import type { Generated } from 'kysely';

/**
 * Table types as the database holds them. Booleans are integers 0/1 and timestamps are
 * ISO-8601 UTC text, so one set of queries runs on SQLite and PostgreSQL alike.
 */
export type Database = {
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
  platform: string;
  /** Operator-set status: 0 normal, 1 maintenance, 2 restricted to allowed IP ranges only. */
  system_status: number;
  maintenance_message: string;
  gtag_id: string | null;
  img_url: string | null;
  sms_expired_minutes: number;
  created_at: string;
  updated_at: string;
};

export type MerchantDomainTable = {
  id: Generated<number>;
  merchant_id: number;
  host: string;
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
