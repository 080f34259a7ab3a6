import type { Db } from '../platform/db/index.js';

export type BrandLanguage = { code: string; locale: string; label: string };

export const ENGLISH: BrandLanguage = { code: 'EN', locale: 'en-US', label: 'English' };

/**
 * A brand besides the seeded demo one, for checking that what belongs to a brand stays with it.
 * It answers on `host` when one is given (a request with that Host header is the brand's). Resolves
 * with the new merchant's id.
 */
export const createOtherBrand = async (
  db: Db,
  {
    code = 'OTHER',
    name = 'Other Brand',
    host,
    currency = 'USD',
    currencySymbol = '$',
    languages = [ENGLISH],
    defaultLanguage = languages[0]?.code ?? 'EN',
    timeZone,
  }: {
    code?: string;
    name?: string;
    host?: string;
    currency?: string;
    currencySymbol?: string;
    /** The brand's languages, in order; the first is the default unless `defaultLanguage` says otherwise. */
    languages?: BrandLanguage[];
    defaultLanguage?: string;
    /** The brand's business day (an IANA zone); the column's default, UTC, when not given. */
    timeZone?: string;
  } = {},
): Promise<number> => {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('merchant')
    .values({
      code,
      name,
      currency,
      currency_exponent: 2,
      currency_symbol: currencySymbol,
      default_language: defaultLanguage,
      languages: JSON.stringify(languages),
      chat_header_color: '#000000',
      lottery_type: 'SEA',
      platform: 'WEB',
      system_status: 0,
      maintenance_message: '',
      gtag_id: null,
      img_url: null,
      sms_expired_minutes: 5,
      ...(timeZone && { time_zone: timeZone }),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (host) await db.insertInto('merchant_domain').values({ merchant_id: id, host }).execute();
  return id;
};

/** A bare member of brand `merchantId` (no session, no wallet), for ledger tests; resolves with its id. */
export const insertBareMember = async (db: Db, merchantId: number, name: string, referralCode: string) => {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('member')
    .values({
      merchant_id: merchantId,
      username: name,
      username_key: name,
      password_hash: 'x',
      referral_code: referralCode,
      register_method: 'TEST',
      register_ip: '127.0.0.1',
      password_changed_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
};
