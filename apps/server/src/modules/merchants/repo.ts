import { PRIZE_MODES, type BrandLanguage, type PrizeMode } from '@jade/contracts/system';
import type { Selectable } from 'kysely';
import type { DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { MerchantTable } from '../../platform/db/schema.js';

export type MerchantRow = Selectable<MerchantTable>;

export type Merchant = {
  id: number;
  code: string;
  name: string;
  currency: string;
  currencyExponent: number;
  currencySymbol: string;
  defaultLanguage: string;
  languages: BrandLanguage[];
  chatHeaderColor: string;
  lotteryType: string;
  /** The lottery prize modes the brand offers, in the order of PRIZE_MODES. */
  prizeModes: PrizeMode[];
  platform: string;
  systemStatus: number;
  maintenanceMessage: string;
  /** The announced end of maintenance, or null. */
  maintenanceUntil: string | null;
  gtagId: string | null;
  imgUrl: string | null;
  smsExpiredMinutes: number;
  /** The IANA time zone of the brand's business day. */
  timeZone: string;
};

const toMerchant = (row: MerchantRow): Merchant => ({
  id: row.id,
  code: row.code,
  name: row.name,
  currency: row.currency,
  currencyExponent: row.currency_exponent,
  currencySymbol: row.currency_symbol,
  defaultLanguage: row.default_language,
  languages: JSON.parse(row.languages) as BrandLanguage[],
  chatHeaderColor: row.chat_header_color,
  lotteryType: row.lottery_type,
  prizeModes: PRIZE_MODES.filter((mode) => row.prize_modes.split(',').includes(mode)),
  platform: row.platform,
  systemStatus: row.system_status,
  maintenanceMessage: row.maintenance_message,
  maintenanceUntil: row.maintenance_until ?? null,
  gtagId: row.gtag_id,
  imgUrl: row.img_url,
  smsExpiredMinutes: row.sms_expired_minutes,
  timeZone: row.time_zone,
});

export const findMerchantByHost = async (db: DbOrTrx, host: string): Promise<Merchant | undefined> => {
  const row = await db
    .selectFrom('merchant_domain')
    .innerJoin('merchant', 'merchant.id', 'merchant_domain.merchant_id')
    .selectAll('merchant')
    .where('merchant_domain.host', '=', host)
    .executeTakeFirst();
  return row && toMerchant(row);
};

export const findMerchantByCode = async (db: DbOrTrx, code: string): Promise<Merchant | undefined> => {
  const row = await db.selectFrom('merchant').selectAll().where('code', '=', code).executeTakeFirst();
  return row && toMerchant(row);
};

export const listMerchants = async (db: DbOrTrx): Promise<Merchant[]> =>
  (await db.selectFrom('merchant').selectAll().orderBy('id').execute()).map(toMerchant);

export const countMerchants = async (db: DbOrTrx): Promise<number> => {
  const row = await db
    .selectFrom('merchant')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const listDomainRows = async (db: DbOrTrx, merchantId: number) =>
  db
    .selectFrom('merchant_domain')
    .select(['host', 'origin'])
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .execute();

export const listDomains = async (db: DbOrTrx, merchantId: number): Promise<string[]> =>
  (await listDomainRows(db, merchantId)).map((r) => r.host);

/** A host belongs to one brand (unique index); adding it again only changes its origin. */
export const upsertDomain = async (db: DbOrTrx, merchantId: number, host: string, origin: string | null) => {
  const existing = await db
    .selectFrom('merchant_domain')
    .select(['id', 'merchant_id'])
    .where('host', '=', host)
    .executeTakeFirst();
  if (existing && existing.merchant_id !== merchantId)
    throw new AppError('CONFLICT', `The host '${host}' belongs to another brand`);
  if (existing)
    await db.updateTable('merchant_domain').set({ origin }).where('id', '=', existing.id).execute();
  else await db.insertInto('merchant_domain').values({ merchant_id: merchantId, host, origin }).execute();
};

export const listFlags = async (db: DbOrTrx, merchantId: number) =>
  (
    await db
      .selectFrom('merchant_flag')
      .select(['name', 'enabled'])
      .where('merchant_id', '=', merchantId)
      .execute()
  ).map((r) => ({ name: r.name, enabled: r.enabled === 1 }));

export const upsertFlag = async (db: DbOrTrx, merchantId: number, name: string, enabled: boolean) => {
  await db
    .insertInto('merchant_flag')
    .values({ merchant_id: merchantId, name, enabled: enabled ? 1 : 0 })
    .onConflict((oc) => oc.columns(['merchant_id', 'name']).doUpdateSet({ enabled: enabled ? 1 : 0 }))
    .execute();
};

export const listRegisterFields = async (db: DbOrTrx, merchantId: number) =>
  (
    await db.selectFrom('merchant_register_field').selectAll().where('merchant_id', '=', merchantId).execute()
  ).map((r) => ({
    field: r.field,
    visible: r.visible === 1,
    required: r.required === 1,
    min: r.min_length,
    max: r.max_length,
    patternType: r.pattern_type,
  }));

export const listResources = async (db: DbOrTrx, merchantId: number) =>
  (
    await db
      .selectFrom('merchant_resource')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute()
  ).map((r) => ({
    resourceType: r.resource_type,
    url: r.url,
    qrCodeUrl: r.qr_code_url,
    labelNameEn: r.label_name_en,
    labelNameCn: r.label_name_cn,
  }));

export const listCustomerService = async (db: DbOrTrx, merchantId: number) =>
  (
    await db
      .selectFrom('merchant_customer_service')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute()
  ).map((r) => ({ type: r.type, label: r.label, url: r.url, width: r.width, height: r.height }));

export const listCdns = async (db: DbOrTrx, merchantId: number) =>
  await db
    .selectFrom('merchant_cdn')
    .select(['kind', 'url'])
    .where('merchant_id', '=', merchantId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();

export type RegionRuleKind = 'BLOCK_COUNTRY' | 'BLOCK_IP' | 'ALLOW_IP';
export type RegionRule = { kind: RegionRuleKind; value: string };

export const listRegionRules = async (db: DbOrTrx, merchantId: number): Promise<RegionRule[]> =>
  (
    await db
      .selectFrom('merchant_region_rule')
      .select(['kind', 'value'])
      .where('merchant_id', '=', merchantId)
      .orderBy('id')
      .execute()
  ).map((r) => ({ kind: r.kind as RegionRuleKind, value: r.value }));

export const addRegionRule = async (db: DbOrTrx, merchantId: number, rule: RegionRule) => {
  await db
    .insertInto('merchant_region_rule')
    .values({ merchant_id: merchantId, kind: rule.kind, value: rule.value })
    .onConflict((oc) => oc.columns(['merchant_id', 'kind', 'value']).doNothing())
    .execute();
};

export const removeRegionRule = async (db: DbOrTrx, merchantId: number, rule: RegionRule) => {
  const result = await db
    .deleteFrom('merchant_region_rule')
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', rule.kind)
    .where('value', '=', rule.value)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};

export const clearRegionRules = async (db: DbOrTrx, merchantId: number) => {
  await db.deleteFrom('merchant_region_rule').where('merchant_id', '=', merchantId).execute();
};

export const updateSystemStatus = async (
  db: DbOrTrx,
  merchantId: number,
  status: number,
  maintenanceMessage: string | undefined,
  now: string,
  maintenanceUntil?: string | null,
) => {
  await db
    .updateTable('merchant')
    .set({
      system_status: status,
      updated_at: now,
      ...(maintenanceMessage === undefined ? {} : { maintenance_message: maintenanceMessage }),
      ...(maintenanceUntil === undefined ? {} : { maintenance_until: maintenanceUntil }),
    })
    .where('id', '=', merchantId)
    .execute();
};

export const updateLanguages = async (
  db: DbOrTrx,
  merchantId: number,
  languages: BrandLanguage[],
  defaultLanguage: string,
  now: string,
) => {
  await db
    .updateTable('merchant')
    .set({ languages: JSON.stringify(languages), default_language: defaultLanguage, updated_at: now })
    .where('id', '=', merchantId)
    .execute();
};
