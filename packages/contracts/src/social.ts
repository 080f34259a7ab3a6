import { z } from 'zod';
import { isSafeReturnPath } from './return-path.js';

/** Social sign-in (§4): the providers a brand can offer. */
export const SOCIAL_PROVIDERS = ['GOOGLE', 'FACEBOOK'] as const;
export const socialProvider = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof socialProvider>;

/** GET /wps/session/social/providers: the providers this brand has configured, for the login buttons. */
export const socialProvidersResponse = z.array(socialProvider);

const returnTo = z
  .string()
  .max(512)
  .refine(isSafeReturnPath, { message: 'Must be a path on this site, such as /index' })
  .default('/');

/** GET /wps/session/social/:provider/start, a browser navigation answered with a redirect. */
export const socialStartQuery = z.object({
  returnTo,
  /** A first sign-in creates a member only with age and terms confirmed (§5), as registration does. */
  ageConfirmed: z.enum(['true', 'false']).optional(),
  termsAgreed: z.enum(['true', 'false']).optional(),
  /** The agent's invitation code for a member created by this sign-in. */
  affiliateCode: z.string().trim().max(32).optional(),
});
export type SocialStartQuery = z.infer<typeof socialStartQuery>;

/** POST /wps/member/social/:provider/link: a logged-in member adds a provider to their account. */
export const socialLinkRequest = z.object({ returnTo });
export const socialLinkResponse = z.object({
  /** Where to navigate the browser: the provider's sign-in page. */
  authorizationUrl: z.string(),
});

/** The provider's redirect back: a code and our state, or an error; providers add other parameters. */
export const socialCallbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});

/**
 * What the callback puts in the fragment of its redirect to `returnTo` (never in the query, so the
 * token never reaches a server log): a session, or an error code the web app translates.
 */
export const socialSignInResult = z.union([
  z.object({ token: z.string().min(1), firstTimeLogin: z.enum(['true', 'false']) }),
  z.object({ error: z.string().min(1) }),
]);
export type SocialSignInResult = z.infer<typeof socialSignInResult>;

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/** HTTPS, or plain HTTP to a loopback address (a local provider in development and tests). */
const providerUrl = z.url().refine(
  (value) => {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url));
  },
  { message: 'Must be an https URL (http only for a loopback address)' },
);

const credentials = {
  clientId: z.string().trim().min(1).max(256),
  clientSecret: z.string().min(1).max(512),
  /** The callback address registered with the provider; by default this site's own callback URL. */
  redirectUri: providerUrl.optional(),
};

/**
 * A brand's social sign-in configuration (part of its account settings). A provider appears, and
 * its buttons show, only once its client credentials are set.
 */
export const socialSettings = z.object({
  /** Google, or any OpenID Connect provider: discovery from the issuer, ID token checked. */
  google: z
    .object({
      ...credentials,
      issuer: providerUrl.default('https://accounts.google.com'),
      scope: z.string().default('openid email profile'),
    })
    .optional(),
  /** Facebook Login: OAuth 2 authorization code (with PKCE), then the profile from the Graph API. */
  facebook: z
    .object({
      ...credentials,
      authorizationEndpoint: providerUrl.default('https://www.facebook.com/v21.0/dialog/oauth'),
      tokenEndpoint: providerUrl.default('https://graph.facebook.com/v21.0/oauth/access_token'),
      /** Answers `{ id, name, email }` for the access token. */
      userinfoEndpoint: providerUrl.default('https://graph.facebook.com/v21.0/me?fields=id,name,email'),
      scope: z.string().default('email public_profile'),
    })
    .optional(),
});
export type SocialSettings = z.infer<typeof socialSettings>;
