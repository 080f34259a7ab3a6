import { z } from 'zod';
import { DEFAULT_MINIMUM_AGE, DEFAULT_PASSWORD_RULE } from './account-rules.js';
import { FEEDBACK_MAX_LENGTH } from './constants.js';
import { patternType } from './patterns.js';
import { whitelabelFlags } from './whitelabel.js';

/** A language a brand offers: its code on the wire (EN, TY, zh ...) and the locale that formats it. */
export const brandLanguage = z.object({
  code: z.string().min(2).max(8),
  locale: z.string().min(2).max(35),
  label: z.string().min(1).max(60),
});
export type BrandLanguage = z.infer<typeof brandLanguage>;

/**
 * §3 brand configuration: the lottery's prize modes, each an odds-and-limits family its vendors play
 * under (decision 0021): Lott the daily Vietnamese draws, SEA the 4D draws, Elott the fast draws, ZY
 * the brand's own house table, which no vendor plays under until an operator moves one to it.
 */
export const PRIZE_MODES = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
export const prizeMode = z.enum(PRIZE_MODES);
export type PrizeMode = z.infer<typeof prizeMode>;

export const merchantSummary = z.object({
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  /** Minor-unit exponent: 2 means amounts are stored in hundredths. */
  currencyExponent: z.number().int().min(0).max(4),
  currencySymbol: z.string(),
  defaultLanguage: z.string(),
  languages: z.array(brandLanguage),
  chatHeaderColor: z.string(),
  lotteryType: z.string(),
  /** The prize modes the brand offers; a lottery vendor of any other takes no bets and is not listed. */
  prizeModes: z.array(prizeMode),
  platform: z.string(),
  /**
   * The brand's time zone (IANA, 'Asia/Ho_Chi_Minh'): its business day (decision 0038). The site
   * shows times and "today" in it, so a member reads the days the server counts in.
   */
  timeZone: z.string().default('UTC'),
});
export type MerchantSummary = z.infer<typeof merchantSummary>;

/** §3 register user fields whose visibility and rules a brand configures (§5). */
export const REGISTER_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'referralCode',
] as const;
export const registerField = z.enum(REGISTER_FIELDS);
export type RegisterField = z.infer<typeof registerField>;

export const registerFieldSetting = z.object({
  field: registerField,
  visible: z.boolean(),
  required: z.boolean(),
  min: z.number().int().min(0).max(255),
  max: z.number().int().min(0).max(255),
  patternType,
});
export type RegisterFieldSetting = z.infer<typeof registerFieldSetting>;

export const fieldRule = z.object({
  patternType,
  min: z.number().int().min(0).max(255),
  max: z.number().int().min(0).max(255),
});

export const registerSettings = z.object({
  fields: z.array(registerFieldSetting),
  /** Minutes an SMS code stays valid; the resend countdown is 60 s times this (§9). */
  smsExpiredMinutes: z.number().int().min(1).max(60),
  /** §5 the rule of a new password (change, forgot, reset): the brand's, which the register field may not share. */
  passwordRule: fieldRule.default(DEFAULT_PASSWORD_RULE),
  /** §5 age confirmation (18, or 21) and the youngest birthday a profile takes. */
  minimumAge: z.number().int().min(0).max(99).default(DEFAULT_MINIMUM_AGE),
});
export type RegisterSettings = z.infer<typeof registerSettings>;

export const resource = z.object({
  resourceType: z.string(),
  url: z.string(),
  qrCodeUrl: z.string().nullable(),
  labelNameEn: z.string().nullable(),
  labelNameCn: z.string().nullable(),
});
export type Resource = z.infer<typeof resource>;

export const CUSTOMER_SERVICE_TYPES = ['LIVE_CHAT', 'VIP', 'EMAIL', 'TELEGRAM', 'PHONE'] as const;
export const customerServiceLink = z.object({
  type: z.enum(CUSTOMER_SERVICE_TYPES),
  label: z.string(),
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type CustomerServiceLink = z.infer<typeof customerServiceLink>;

export const location = z.object({
  ip: z.string(),
  /** ISO 3166-1 alpha-2, or null when the address is not in the GeoIP database (private, loopback). */
  country: z.string().nullable(),
});
export type Location = z.infer<typeof location>;

export const systemStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const whitelabelQuery = z.object({
  url: z.string().min(1).max(2048).describe('The host (or full URL) the site is being served from'),
});
export type WhitelabelQuery = z.infer<typeof whitelabelQuery>;

export const whitelabelResponse = z.object({
  merchant: merchantSummary,
  whitelabel: whitelabelFlags,
  register: registerSettings,
  resources: z.array(resource),
  customerService: z.array(customerServiceLink),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  location,
  maintenance: z.object({ active: z.boolean(), message: z.string() }),
  regionRestriction: z.object({ restricted: z.boolean() }),
});
export type WhitelabelResponse = z.infer<typeof whitelabelResponse>;

export const statusResponse = z.object({
  systemStatus,
  merchantCode: z.string(),
  location,
  gtagId: z.string().nullable(),
  imgUrl: z.string().nullable(),
  maintenanceMessage: z.string().nullable(),
});
export type StatusResponse = z.infer<typeof statusResponse>;

export const domainRouteResponse = z.object({
  domainList: z.array(z.string()),
  resources: z.array(resource),
});
export type DomainRouteResponse = z.infer<typeof domainRouteResponse>;

export const HELP_CATEGORIES = ['ABOUT', 'HELP'] as const;
export const helpArticle = z.object({
  key: z.string(),
  category: z.enum(HELP_CATEGORIES),
  title: z.string(),
  /** HTML; the web app sanitises it before rendering. */
  content: z.string(),
  language: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticle>;

export const helpCenterQuery = z.object({
  language: z.string().min(2).max(8).optional(),
  key: z.string().min(1).max(64).optional(),
});
export type HelpCenterQuery = z.infer<typeof helpCenterQuery>;
export const helpCenterResponse = z.object({ articles: z.array(helpArticle) });
export type HelpCenterResponse = z.infer<typeof helpCenterResponse>;

export const feedbackRequest = z.object({
  content: z.string().trim().min(1).max(FEEDBACK_MAX_LENGTH),
  contact: z.string().trim().max(100).optional(),
});
export type FeedbackRequest = z.infer<typeof feedbackRequest>;
export const feedbackResponse = z.object({ id: z.number().int() });
export type FeedbackResponse = z.infer<typeof feedbackResponse>;

export const healthResponse = z.object({ status: z.literal('ok') });
