import type {
  CustomerServiceLink,
  DomainRouteResponse,
  FeedbackRequest,
  HelpArticle,
  HelpCenterQuery,
  Location,
  RegisterSettings,
  StatusResponse,
  WhitelabelResponse,
} from '@jade/contracts/system';
import type { SystemStatus } from '@jade/contracts/constants';
import type { PatternType } from '@jade/contracts/patterns';
import type { RegisterField } from '@jade/contracts/system';
import { cacheScopeOf, type DbOrTrx } from '../../platform/db/index.js';
import { createReadCache } from '../../platform/db/read-cache.js';
import { AppError } from '../../platform/errors.js';
import { lookupCountry, normalizeIp } from '../../platform/geoip.js';
import type { Merchant } from '../merchants/repo.js';
import * as merchants from '../merchants/repo.js';
import { getFlags } from '../merchants/service.js';
import { getAuthSettings } from '../accounts/settings.js';
import { resolveSystemStatus } from './region.js';
import * as repo from './repo.js';

export const locate = (ip: string): Location => {
  const normalized = normalizeIp(ip);
  return { ip: normalized, country: lookupCountry(normalized) };
};

/** The brand's region rules, read on every member call by the site-state hook, memoised on SQLite. */
const regionRules = createReadCache<merchants.RegionRule[]>();

const rulesOf = async (db: DbOrTrx, merchant: Merchant) =>
  (await regionRules(cacheScopeOf(db), String(merchant.id), () =>
    merchants.listRegionRules(db, merchant.id),
  )) ?? [];

const statusOf = (merchant: Merchant, location: Location, rules: merchants.RegionRule[]) =>
  resolveSystemStatus({
    operatorStatus: merchant.systemStatus,
    ip: location.ip,
    country: location.country,
    rules,
  });

const getSystemStatus = async (db: DbOrTrx, merchant: Merchant, location: Location) =>
  statusOf(merchant, location, await rulesOf(db, merchant));

/** The state of the site for a visitor at `ip`: 0 open, 1 maintenance, 2 restricted. */
export const siteStatusFor = async (db: DbOrTrx, merchant: Merchant, ip: string): Promise<SystemStatus> => {
  const rules = await rulesOf(db, merchant);
  // An open brand without region rules (most requests) needs no GeoIP lookup.
  return merchant.systemStatus === 0 && rules.length === 0 ? 0 : statusOf(merchant, locate(ip), rules);
};

/**
 * The state /wps/system/status reports, enforced: under maintenance (1) or region restriction (2)
 * a member call is refused with the message and, for maintenance, its announced end.
 */
export const assertSiteOpen = async (db: DbOrTrx, merchant: Merchant, ip: string) => {
  const systemStatus = await siteStatusFor(db, merchant, ip);
  if (systemStatus === 1) {
    throw new AppError('SITE_MAINTENANCE', merchant.maintenanceMessage || 'The site is under maintenance', {
      details: {
        systemStatus,
        maintenanceMessage: merchant.maintenanceMessage,
        maintenanceUntil: merchant.maintenanceUntil,
      },
    });
  }
  if (systemStatus === 2) {
    throw new AppError('SITE_RESTRICTED', 'The site is not available in your region', {
      details: { systemStatus },
    });
  }
};

/**
 * regValidata: the register fields, and the account rules the web app's forms hold values to exactly
 * as the server does (new password, minimum age). The weak default password is not published in any
 * form: the server refuses it with its own rule key (validation.weakPassword).
 */
export const getRegisterSettings = async (db: DbOrTrx, merchant: Merchant): Promise<RegisterSettings> => {
  const [fields, auth] = await Promise.all([
    merchants.listRegisterFields(db, merchant.id),
    getAuthSettings(db, merchant.id),
  ]);
  return {
    fields: fields.map((f) => ({
      ...f,
      field: f.field as RegisterField,
      patternType: f.patternType as PatternType,
    })),
    smsExpiredMinutes: merchant.smsExpiredMinutes,
    passwordRule: auth.passwordRule,
    minimumAge: auth.minimumAge,
  };
};

export const getStatus = async (db: DbOrTrx, merchant: Merchant, ip: string): Promise<StatusResponse> => {
  const location = locate(ip);
  const systemStatus = await getSystemStatus(db, merchant, location);
  return {
    systemStatus,
    merchantCode: merchant.code,
    location,
    gtagId: merchant.gtagId,
    imgUrl: merchant.imgUrl,
    maintenanceMessage: systemStatus === 1 ? merchant.maintenanceMessage : null,
  };
};

/** The permission call of §7: everything the web app needs to start for this brand. */
export const getWhitelabel = async (
  db: DbOrTrx,
  merchant: Merchant,
  ip: string,
): Promise<WhitelabelResponse> => {
  const location = locate(ip);
  const [systemStatus, whitelabel, register, resources, customerService, cdns] = await Promise.all([
    getSystemStatus(db, merchant, location),
    getFlags(db, merchant.id),
    getRegisterSettings(db, merchant),
    merchants.listResources(db, merchant.id),
    merchants.listCustomerService(db, merchant.id),
    merchants.listCdns(db, merchant.id),
  ]);
  return {
    merchant: {
      code: merchant.code,
      name: merchant.name,
      currency: merchant.currency,
      currencyExponent: merchant.currencyExponent,
      currencySymbol: merchant.currencySymbol,
      defaultLanguage: merchant.defaultLanguage,
      languages: merchant.languages,
      chatHeaderColor: merchant.chatHeaderColor,
      timeZone: merchant.timeZone,
      lotteryType: merchant.lotteryType,
      prizeModes: merchant.prizeModes,
      platform: merchant.platform,
    },
    whitelabel,
    register,
    resources,
    customerService: customerService as CustomerServiceLink[],
    analytics: { gtagId: merchant.gtagId },
    imageCDNs: cdns.filter((c) => c.kind === 'IMAGE').map((c) => c.url),
    launchGameCDNs: cdns.filter((c) => c.kind === 'LAUNCH').map((c) => c.url),
    location,
    maintenance: { active: systemStatus === 1, message: merchant.maintenanceMessage },
    regionRestriction: { restricted: systemStatus === 2 },
  };
};

export const getDomainRoute = async (db: DbOrTrx, merchant: Merchant): Promise<DomainRouteResponse> => ({
  domainList: await merchants.listDomains(db, merchant.id),
  resources: await merchants.listResources(db, merchant.id),
});

/**
 * Help-centre articles in the asked language; a key missing in that language falls back to
 * the brand's default language, then to any language the article exists in.
 */
export const getHelpCenter = async (
  db: DbOrTrx,
  merchant: Merchant,
  query: HelpCenterQuery,
): Promise<{ articles: HelpArticle[] }> => {
  const all = await repo.listHelpArticles(db, merchant.id, query.key ? { key: query.key } : {});
  const wanted = [query.language, merchant.defaultLanguage].filter(Boolean) as string[];
  const byKey = new Map<string, (typeof all)[number]>();
  for (const article of all) {
    const current = byKey.get(article.key);
    const rank = (lang: string) => {
      const i = wanted.indexOf(lang);
      return i === -1 ? wanted.length : i;
    };
    if (!current || rank(article.language) < rank(current.language)) byKey.set(article.key, article);
  }
  return {
    articles: [...byKey.values()].map((a) => ({ ...a, category: a.category as HelpArticle['category'] })),
  };
};

export const submitFeedback = async (
  db: DbOrTrx,
  merchant: Merchant,
  input: FeedbackRequest,
  ip: string,
): Promise<{ id: number }> => ({
  id: await repo.insertFeedback(db, {
    merchantId: merchant.id,
    content: input.content,
    contact: input.contact || null,
    ip: normalizeIp(ip),
    createdAt: new Date().toISOString(),
  }),
});
