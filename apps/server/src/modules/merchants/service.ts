import { SYSTEM_STATUS } from '@jade/contracts/constants';
import { brandLanguage, type BrandLanguage } from '@jade/contracts/system';
import { isWhitelabelFlag, WHITELABEL_FLAGS } from '@jade/contracts/whitelabel';
import { AppError } from '../../platform/errors.js';
import { cacheScopeOf, type Db, type DbOrTrx } from '../../platform/db/index.js';
import { rederiveBusinessDays } from '../../platform/db/migrations/2026-11-26T0510-business-day.js';
import { createReadCache } from '../../platform/db/read-cache.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { isValidTimeZone } from '../../platform/time-zone.js';
import { isValidRange } from '../system/region.js';
import * as repo from './repo.js';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** A Host header: a DNS name or a bracketed IPv6 address, and an optional port. Nothing else. */
const HOST_HEADER = new RegExp(`^(?:\\[([0-9a-f:.]{2,45})\\]|(${LABEL}(?:\\.${LABEL})*)\\.?)(?::\\d{1,5})?$`);

/**
 * The bare host a Host header names: lower case, without port or trailing dot. Anything that is not
 * exactly a host and an optional port ('evil.example\\@localhost', 'a@b', paths, spaces) names no host,
 * so it can resolve to no brand and can never reach a link the server builds.
 */
export const hostOfHeader = (input: string): string | undefined => {
  const match = HOST_HEADER.exec(input.trim().toLowerCase());
  if (!match) return undefined;
  return match[1] ?? match[2];
};

/** Every request resolves its brand by host; the answer is memoised (platform/db/read-cache.ts). */
const merchantsByHost = createReadCache<repo.Merchant>();

const noBrand = (host: string) =>
  new AppError('MERCHANT_NOT_FOUND', `No brand is served at host '${host.slice(0, 100)}'`, {
    details: { host: host.slice(0, 100) },
  });

/** The brand whose domain table holds exactly this Host (after lower-casing and dropping the port). */
export const resolveMerchantByHost = async (db: DbOrTrx, hostHeader: string): Promise<repo.Merchant> => {
  const host = hostOfHeader(hostHeader);
  const merchant = host
    ? await merchantsByHost(cacheScopeOf(db), host, () => repo.findMerchantByHost(db, host))
    : undefined;
  if (!merchant) throw noBrand(host ?? hostHeader);
  return merchant;
};

/** The brand a site URL belongs to (§7 whitelabel/permission?url=): its host, the same exact match. */
export const resolveMerchantByUrl = async (db: DbOrTrx, url: string): Promise<repo.Merchant> => {
  let host: string | undefined;
  try {
    const parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`);
    if (!parsed.username && !parsed.password) host = parsed.host;
  } catch {
    host = undefined;
  }
  return resolveMerchantByHost(db, host ?? url);
};

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1']);

/**
 * The origin every link the server sends for this brand starts with (reset links, gateway return and
 * notify URLs, social sign-in redirects): the domain row the request resolved by, as the operator
 * configured it. Never the request's own headers: a Host that is not a configured domain has no brand.
 */
export const brandOrigin = async (
  db: DbOrTrx,
  merchant: repo.Merchant,
  hostHeader: string,
): Promise<string> => {
  const host = hostOfHeader(hostHeader);
  const domains = await repo.listDomainRows(db, merchant.id);
  const domain = domains.find((d) => d.host === host) ?? domains[0];
  if (!domain) throw noBrand(hostHeader);
  return originOfDomain(domain);
};

/** A configured domain's origin: as the operator set it, else https (http on loopback) and its host. */
export const originOfDomain = (domain: { host: string; origin: string | null }) =>
  domain.origin ??
  `${LOOPBACK.has(domain.host) ? 'http' : 'https'}://${domain.host.includes(':') ? `[${domain.host}]` : domain.host}`;

/** The origins of every domain the brand is served at, in the operator's order, each once. */
export const brandOrigins = async (db: DbOrTrx, merchantId: number): Promise<string[]> => [
  ...new Set((await repo.listDomainRows(db, merchantId)).map(originOfDomain)),
];

/** The origin of a URL the operator gives for a domain: scheme, host and port only. */
export const originOf = (url: string): string => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('BAD_REQUEST', `'${url}' is not an absolute URL such as https://demo.example.com`);
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || parsed.username || parsed.password) {
    throw new AppError('BAD_REQUEST', `'${url}' must be an http or https URL without a user name`);
  }
  return parsed.origin;
};

/** Adds a domain to the brand (or sets its origin); links for that domain are built from `origin`. */
export const setDomain = async (db: DbOrTrx, merchantId: number, host: string, origin: string | null) => {
  const bare = hostOfHeader(host);
  if (!bare) throw new AppError('BAD_REQUEST', `'${host}' is not a host name`);
  await repo.upsertDomain(db, merchantId, bare, origin === null ? null : originOf(origin));
  return bare;
};

/** Every brand. */
export const listMerchants = (db: DbOrTrx) => repo.listMerchants(db);

/** The brand with this code, or undefined (a vendor's callback names its brand by code). */
/** Brands by code, memoised like brands by host (vendor wallet calls name their brand on every call). */
const merchantsByCode = createReadCache<repo.Merchant>();

export const findMerchant = (db: DbOrTrx, code: string) =>
  merchantsByCode(cacheScopeOf(db), code, () => repo.findMerchantByCode(db, code));

export const getMerchantByCode = async (db: DbOrTrx, code: string): Promise<repo.Merchant> => {
  const merchant = await repo.findMerchantByCode(db, code);
  if (!merchant)
    throw new AppError('MERCHANT_NOT_FOUND', `No brand has the code '${code}'`, { details: { code } });
  return merchant;
};

/** Every flag of §6 with its value for the brand; a flag never set is off. */
export const getFlags = async (db: DbOrTrx, merchantId: number) => {
  const stored = new Map((await repo.listFlags(db, merchantId)).map((f) => [f.name, f.enabled]));
  return Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, stored.get(flag) ?? false])) as Record<
    (typeof WHITELABEL_FLAGS)[number],
    boolean
  >;
};

export const setFlag = async (db: DbOrTrx, merchantId: number, name: string, enabled: boolean) => {
  if (!isWhitelabelFlag(name)) {
    throw new AppError('BAD_REQUEST', `Unknown flag '${name}'; known flags: ${WHITELABEL_FLAGS.join(', ')}`);
  }
  await repo.upsertFlag(db, merchantId, name, enabled);
};

/**
 * The brand's language list (§1: the list comes from configuration). A language is its wire code
 * (EN, TY, zh ...), the locale that formats it and picks its resource file, and the picker's label.
 */
export const addLanguage = async (db: DbOrTrx, merchant: repo.Merchant, language: BrandLanguage) => {
  const parsed = brandLanguage.safeParse(language);
  if (!parsed.success || !isLocale(language.locale)) {
    throw new AppError(
      'BAD_REQUEST',
      `A language needs a code (2-8 characters), a locale such as zh-CN and a label`,
    );
  }
  const others = merchant.languages.filter((l) => l.code !== language.code);
  await repo.updateLanguages(db, merchant.id, [...others, parsed.data], merchant.defaultLanguage, now());
};

export const removeLanguage = async (db: DbOrTrx, merchant: repo.Merchant, code: string) => {
  if (!merchant.languages.some((l) => l.code === code)) {
    throw new AppError('BAD_REQUEST', `${merchant.code} does not offer the language '${code}'`);
  }
  if (code === merchant.defaultLanguage) {
    throw new AppError('BAD_REQUEST', `'${code}' is the default language; choose another default first`);
  }
  const rest = merchant.languages.filter((l) => l.code !== code);
  await repo.updateLanguages(db, merchant.id, rest, merchant.defaultLanguage, now());
};

export const setDefaultLanguage = async (db: DbOrTrx, merchant: repo.Merchant, code: string) => {
  if (!merchant.languages.some((l) => l.code === code)) {
    throw new AppError('BAD_REQUEST', `${merchant.code} does not offer the language '${code}'; add it first`);
  }
  await repo.updateLanguages(db, merchant.id, merchant.languages, code, now());
};

const now = () => new Date().toISOString();
const isLocale = (locale: string) => {
  try {
    return Intl.getCanonicalLocales(locale).length === 1;
  } catch {
    return false;
  }
};

export const setSystemStatus = async (
  db: DbOrTrx,
  merchantId: number,
  status: number,
  maintenanceMessage?: string,
  maintenanceUntil?: string,
) => {
  if (!(Object.values(SYSTEM_STATUS) as number[]).includes(status)) {
    throw new AppError('BAD_REQUEST', `System status must be 0 (normal), 1 (maintenance) or 2 (restricted)`);
  }
  let until: string | null | undefined;
  if (maintenanceUntil !== undefined) {
    const at = Date.parse(maintenanceUntil);
    if (Number.isNaN(at)) throw new AppError('BAD_REQUEST', `'${maintenanceUntil}' is not a date and time`);
    until = new Date(at).toISOString();
  } else if (status !== 1) {
    until = null;
  }
  await repo.updateSystemStatus(db, merchantId, status, maintenanceMessage, new Date().toISOString(), until);
};

/**
 * Moves a brand to another time zone (decision 0038): its records' settled days and its daily
 * summaries are derived again in the new zone, in the same write as the change, so no reader sees
 * the new zone with the old days. Salaries and dividends already paid stay as paid.
 */
export const setTimeZone = async (db: Db, merchantId: number, timeZone: string) => {
  if (!isValidTimeZone(timeZone))
    throw new AppError(
      'BAD_REQUEST',
      `'${timeZone.slice(0, 64)}' is not a time zone (an IANA name: Asia/Ho_Chi_Minh)`,
    );
  const canonical = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  await writeTransaction(db, async (trx) => {
    await trx.updateTable('merchant').set({ time_zone: canonical }).where('id', '=', merchantId).execute();
    await rederiveBusinessDays(trx, merchantId, canonical);
  });
  return canonical;
};

export const addRegionRule = async (db: DbOrTrx, merchantId: number, rule: repo.RegionRule) => {
  const value = rule.kind === 'BLOCK_COUNTRY' ? rule.value.trim().toUpperCase() : rule.value.trim();
  if (rule.kind === 'BLOCK_COUNTRY' ? !/^[A-Z]{2}$/.test(value) : !isValidRange(value)) {
    throw new AppError(
      'BAD_REQUEST',
      rule.kind === 'BLOCK_COUNTRY'
        ? `'${rule.value}' is not a two-letter country code`
        : `'${rule.value}' is not an IP address or CIDR range`,
    );
  }
  await repo.addRegionRule(db, merchantId, { kind: rule.kind, value });
};
