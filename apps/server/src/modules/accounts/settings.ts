import { DEFAULT_MINIMUM_AGE, DEFAULT_PASSWORD_RULE, MINIMUM_AGES } from '@jade/contracts/account-rules';
import { patternType } from '@jade/contracts/patterns';
import { socialSettings } from '@jade/contracts/social';
import { z } from 'zod';
import type { DbOrTrx } from '../../platform/db/index.js';

const limit = (count: number, windowSeconds: number) =>
  z.object({ count: z.number().int().positive(), windowSeconds: z.number().int().positive() }).default({
    count,
    windowSeconds,
  });

/** A brand's account rules; every limit is configurable, and a missing key takes its default. */
export const authSettings = z.object({
  /** Wrong passwords before the login form demands a captcha (the captcha flag of §4). */
  captchaAfterFailures: z.number().int().min(0).default(3),
  /** Wrong passwords in a row before the account locks, and for how long. */
  lockoutAfterFailures: z.number().int().min(1).default(10),
  lockoutMinutes: z.number().int().min(1).default(15),
  /** With PWDEXPFORCECHANGE3 a password older than this must be changed at login. */
  passwordMaxAgeDays: z.number().int().min(1).default(90),
  /** §4 weak default password: an account still using it must change it at login. */
  weakDefaultPassword: z.string().min(1).default('Aa123456'),
  /** The new password rule of §5 (change password, forgot password), published with the register settings. */
  passwordRule: z
    .object({
      patternType: patternType.default(DEFAULT_PASSWORD_RULE.patternType),
      min: z.number().int().min(1).max(128).default(DEFAULT_PASSWORD_RULE.min),
      max: z.number().int().min(1).max(128).default(DEFAULT_PASSWORD_RULE.max),
    })
    .default(DEFAULT_PASSWORD_RULE),
  sessionIdleMinutes: z.number().int().min(1).default(120),
  sessionMaxHours: z
    .number()
    .int()
    .min(1)
    .default(24 * 7),
  /**
   * A game launched from a login takes no more bets after this long without one (issue 19, item 5,
   * decision 0024); the member opens it again from the site.
   */
  gameSessionIdleMinutes: z
    .number()
    .int()
    .min(1)
    .max(12 * 60)
    .default(30),
  /** §4: challenge a login from an IP the member never used; null turns it off. */
  newIpChallenge: z.enum(['SMS', 'EMAIL', 'BANK_NAME', 'TOTP']).nullable().default(null),
  minimumAge: z.union([z.literal(MINIMUM_AGES[0]), z.literal(MINIMUM_AGES[1])]).default(DEFAULT_MINIMUM_AGE),
  /** Human check before login (always, or only once the captcha flag is up) and register. */
  humanCheck: z
    .object({
      provider: z.enum(['captcha', 'http']).default('captcha'),
      login: z.enum(['always', 'after-failures']).default('after-failures'),
      /** For the http provider: a verifier that answers {"success": true} for a good token. */
      verifyUrl: z.string().url().optional(),
    })
    .default({ provider: 'captcha', login: 'after-failures' }),
  rateLimits: z
    .object({
      loginPerIp: limit(30, 60),
      loginPerAccount: limit(10, 60),
      registerPerIp: limit(10, 3600),
      smsPerIp: limit(10, 3600),
      smsPerNumber: limit(5, 3600),
      captchaPerIp: limit(60, 60),
      forgotPerIp: limit(10, 3600),
      /** Encrypted calls per address, counted before the payload is opened or its nonce stored. */
      sealedPerIp: limit(60, 60),
      /** Invitation-code lookups (GET /wps/agent/affiliate), per address and per member. */
      affiliatePerIp: limit(30, 60),
      affiliatePerMember: limit(30, 60),
      /** Feedback (POST /wps/feedback), per address and per member. */
      feedbackPerIp: limit(10, 3600),
      feedbackPerMember: limit(5, 3600),
    })
    .default({
      loginPerIp: { count: 30, windowSeconds: 60 },
      loginPerAccount: { count: 10, windowSeconds: 60 },
      registerPerIp: { count: 10, windowSeconds: 3600 },
      smsPerIp: { count: 10, windowSeconds: 3600 },
      smsPerNumber: { count: 5, windowSeconds: 3600 },
      captchaPerIp: { count: 60, windowSeconds: 60 },
      forgotPerIp: { count: 10, windowSeconds: 3600 },
      sealedPerIp: { count: 60, windowSeconds: 60 },
      affiliatePerIp: { count: 30, windowSeconds: 60 },
      affiliatePerMember: { count: 30, windowSeconds: 60 },
      feedbackPerIp: { count: 10, windowSeconds: 3600 },
      feedbackPerMember: { count: 5, windowSeconds: 3600 },
    }),
  /** Play money a free-play (trial) account starts with, in minor units. */
  trialBalance: z.number().int().min(0).default(1_000_000),
  /** Social sign-in (§4): a provider is offered once its client credentials are set. */
  social: socialSettings.default({}),
});
export type AuthSettings = z.infer<typeof authSettings>;

export const getAuthSettings = async (db: DbOrTrx, merchantId: number): Promise<AuthSettings> => {
  const row = await db
    .selectFrom('merchant_auth_setting')
    .select('settings')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return authSettings.parse(row ? JSON.parse(row.settings) : {});
};

/** Merges `patch` into the stored settings after validating the result. */
export const updateAuthSettings = async (db: DbOrTrx, merchantId: number, patch: Record<string, unknown>) => {
  const current = await getAuthSettings(db, merchantId);
  const next = authSettings.parse({ ...current, ...patch });
  await db
    .insertInto('merchant_auth_setting')
    .values({ merchant_id: merchantId, settings: JSON.stringify(next) })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ settings: JSON.stringify(next) }))
    .execute();
  return next;
};
