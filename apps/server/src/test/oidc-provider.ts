import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) on a random loopback port, for social sign-in
 * tests. It stands in for Google (discovery, signed ID tokens) and for Facebook (its Graph-style
 * GET /graph/me answers `{ id, name, email }` for an access token). Its sign-in page accepts any
 * login name, which becomes the account's `sub`, and grants consent in the same step.
 */
export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims per subject; a subject not listed gets a verified `<sub>@example.test` and a name. */
  accounts: Map<string, AccountClaims>;
  close: () => Promise<void>;
};

export type AccountClaims = { email?: string; email_verified?: boolean; name?: string };

const claimsOf = (accounts: Map<string, AccountClaims>, sub: string): AccountClaims =>
  accounts.get(sub) ?? { email: `${sub}@example.test`, email_verified: true, name: `Player ${sub}` };

/** In-memory storage for the provider's models, private to one provider instance. */
const memoryAdapter = () => {
  const items = new Map<string, AdapterPayload>();
  const sessionByUid = new Map<string, string>();
  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}
    private key = (id: string) => `${this.model}:${id}`;
    async upsert(id: string, payload: AdapterPayload) {
      items.set(this.key(id), payload);
      if (this.model === 'Session' && payload.uid) sessionByUid.set(payload.uid, id);
    }
    async find(id: string) {
      return items.get(this.key(id));
    }
    async findByUid(uid: string) {
      const id = sessionByUid.get(uid);
      return id === undefined ? undefined : this.find(id);
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const item = items.get(this.key(id));
      if (item) item.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      items.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, item] of items) if (item.grantId === grantId) items.delete(key);
    }
  };
};

const readForm = async (request: http.IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

const sendJson = (response: http.ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const loginPage = (uid: string) => `<!doctype html>
<title>Sign in</title>
<form method="post" action="/interaction/${uid}/login">
  <input name="login" required> <input name="password" type="password" required>
  <button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>`;

export const startOidcProvider = async (options: { redirectUris: string[] }): Promise<TestOidcProvider> => {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'jade-test';
  const clientSecret = randomBytes(24).toString('hex');
  const accounts = new Map<string, AccountClaims>();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...claimsOf(accounts, sub) }) }),
  });
  const callback = provider.callback();

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', issuer);
    const interaction = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(url.pathname);
    if (interaction && request.method === 'GET' && !interaction[2]) {
      const details = await provider.interactionDetails(request, response);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(loginPage(details.uid));
      return;
    }
    if (interaction && request.method === 'POST' && interaction[2] === 'abort') {
      await provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (interaction && request.method === 'POST' && interaction[2] === 'login') {
      const form = await readForm(request);
      const details = await provider.interactionDetails(request, response);
      const accountId = form.get('login') ?? '';
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? ''));
      const grantId = await grant.save();
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (url.pathname === '/graph/me' && request.method === 'GET') {
      const value = request.headers.authorization?.replace(/^Bearer /i, '') ?? '';
      const token = value ? await provider.AccessToken.find(value) : undefined;
      if (!token || token.isExpired) return sendJson(response, 401, { error: { message: 'Invalid token' } });
      const proof = url.searchParams.get('appsecret_proof');
      if (proof !== createHmac('sha256', clientSecret).update(value).digest('hex')) {
        return sendJson(response, 400, { error: { message: 'Invalid appsecret_proof' } });
      }
      const claims = claimsOf(accounts, token.accountId);
      // The Graph API's shape: `id`, and an email without any verification claim.
      return sendJson(response, 200, { id: token.accountId, name: claims.name, email: claims.email });
    }
    await callback(request, response);
  };
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: String(error) });
      else response.end();
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};

/**
 * A browser for tests: a cookie jar (one host, so names are enough), manual redirects, and headers
 * sent with every request (such as the X-Forwarded-For of a test client's own address).
 */
export const createBrowser = (defaults: { headers?: Record<string, string> } = {}) => {
  const cookies = new Map<string, string>();
  const fetchWithCookies = async (url: string | URL, init: RequestInit = {}) => {
    const headers = new Headers({ ...defaults.headers, ...(init.headers as Record<string, string>) });
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (!value || expired) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  return { cookies, fetch: fetchWithCookies };
};
export type Browser = ReturnType<typeof createBrowser>;

/**
 * Plays the person at the provider: follows its redirects from the authorization URL, signs in as
 * `subject` (or cancels), and answers the URL the provider sends the browser back to, unopened.
 */
export const signInAtProvider = async (
  browser: Browser,
  authorizationUrl: string,
  options: { subject: string; cancel?: boolean },
): Promise<URL> => {
  const origin = new URL(authorizationUrl).origin;
  let response = await browser.fetch(authorizationUrl);
  let current = new URL(authorizationUrl);
  for (let step = 0; step < 10; step++) {
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, current);
      if (next.origin !== origin) return next;
      current = next;
      response = await browser.fetch(next);
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html}`);
    const action = /<form method="post" action="([^"]+\/(?:login|abort))"/g;
    const forms = [...html.matchAll(action)].map((m) => m[1] as string);
    const target = forms.find((f) => f.endsWith(options.cancel ? '/abort' : '/login'));
    if (!target) throw new Error(`no sign-in form on ${current.href}`);
    current = new URL(target, current);
    response = await browser.fetch(current, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: options.subject, password: 'any-password' }).toString(),
    });
  }
  throw new Error('too many redirects at the provider');
};
