import { SYSTEM_STATUS } from '@jade/contracts/constants';
import { brandLanguage, type BrandLanguage } from '@jade/contracts/system';
import { isWhitelabelFlag, WHITELABEL_FLAGS } from '@jade/contracts/whitelabel';
import { AppError } from '../../platform/errors.js';
import { sqliteHandleOf, type DbOrTrx } from '../../platform/db/index.js';
import { createReadCache } from '../../platform/db/read-cache.js';
import { isValidRange } from '../system/region.js';
import * as repo from './repo.js';

/**
 * The bare host of a Host header or a URL: lower case, no scheme, port, path or trailing dot.
 * 'https://Demo.example.com:8443/index' → 'demo.example.com'; '[::1]:8080' → '::1'.
 */
export const normalizeHost = (input: string): string => {
  let host = input.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.split(/[/?#]/, 1)[0] ?? '';
  host = host.replace(/^[^@]*@/, '');
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']') > 0 ? host.indexOf(']') : undefined);
  if ((host.match(/:/g) ?? []).length === 1) host = host.slice(0, host.indexOf(':'));
  return host.replace(/\.$/, '');
};

/** Every request resolves its brand by host; the answer is memoised (platform/db/read-cache.ts). */
const merchantsByHost = createReadCache<repo.Merchant>();

export const resolveMerchantByHost = async (db: DbOrTrx, hostOrUrl: string): Promise<repo.Merchant> => {
  const host = normalizeHost(hostOrUrl);
  const merchant = host
    ? await merchantsByHost(sqliteHandleOf(db), host, () => repo.findMerchantByHost(db, host))
    : undefined;
  if (!merchant) {
    throw new AppError('MERCHANT_NOT_FOUND', `No brand is served at host '${host || hostOrUrl}'`, {
      details: { host: host || hostOrUrl },
    });
  }
  return merchant;
};

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
) => {
  if (!(Object.values(SYSTEM_STATUS) as number[]).includes(status)) {
    throw new AppError('BAD_REQUEST', `System status must be 0 (normal), 1 (maintenance) or 2 (restricted)`);
  }
  await repo.updateSystemStatus(db, merchantId, status, maintenanceMessage, new Date().toISOString());
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
