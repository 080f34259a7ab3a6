import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), fullscreen=(self)';

/** What helmet did to a response: the headers it set and removed, or the error it answered. */
type Recorded = {
  headers: (readonly [string, string | number | readonly string[]])[];
  removed: string[];
  error?: Error;
};

/**
 * Runs helmet once against a response that only records: its headers depend on its options and the
 * CSP directives' functions, which take no request (ours read the vendors' origins).
 */
const recordHelmet = (
  applyHelmet: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Recorded => {
  const recorded: Recorded = { headers: [], removed: [] };
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      recorded.headers.push([name, value]);
      return res;
    },
    removeHeader: (name: string) => {
      recorded.removed.push(name);
    },
  };
  let finished = false;
  applyHelmet({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    finished = true;
    if (error) recorded.error = error instanceof Error ? error : new Error(String(error));
  });
  // helmet's middlewares are synchronous; one that was not would leave headers unrecorded.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return recorded;
};

const NO_ORIGINS: readonly string[] = [];

/**
 * The headers of an API answer (OWASP REST Security Cheat Sheet, "Security headers"): never cached, a
 * policy that lets the answer load nothing and be framed by nobody should a browser ever render it,
 * HSTS and the Referrer-Policy as on pages, no type sniffing, no framing. The document set (helmet's,
 * below) governs what a page may load and frame; on a JSON answer it bought nothing (decision 0083).
 */
const apiHeaderSet = (hsts: string, referrerPolicy: string): readonly (readonly [string, string])[] => [
  ['cache-control', 'no-store'],
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['strict-transport-security', hsts],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', referrerPolicy],
];

/** The value of a header helmet sets, as recorded. */
const recordedValue = (recorded: Recorded, name: string): string => {
  const found = recorded.headers.find(([header]) => header.toLowerCase() === name);
  if (found === undefined) throw new Error(`helmet sets no ${name}`);
  return String(found[1]);
};

/**
 * Security headers on every answer, in two sets chosen by the route the router chose (its pattern, not
 * the raw URL; decision 0083):
 * - the API's routes' answers, refused and failed ones included, get the short, stricter API set above;
 * - every other route (the web app's pages and files, the OpenAPI browser) gets helmet's document set
 *   (issue 9, item 14). Its policy allows no inline or foreign script; styles may be inline (React
 *   style attributes); images may come from the brand's CDNs; game frames load vendors' https pages
 *   (and the pages of vendors configured at a plain-http endpoint, such as the in-house studio on
 *   loopback); and no other site may frame ours.
 * A request no route matched gets the document set when it gets the web app's page, else (a JSON 404,
 * an error) the API set; `getsWebPage` (returned) tells the not-found handler which it decided.
 */
export const installSecurityHeaders = async (
  app: FastifyInstance,
  /**
   * Origins of the game pages the /game frame may show besides https ones (a vendor on plain http),
   * asked on every page's answer (a memo: decision 0066).
   */
  frameOrigins: () => Promise<readonly string[]> = () => Promise.resolve(NO_ORIGINS),
  /**
   * The request's own headers, set in the same hook: its id (`x-request-id`) on every answer, and
   * the instance's name (`x-jade-instance`) when it has one. Which answers are the API's:
   * `isApiRoute`, whether a route (its pattern) answers the API (none by default), and `isWebPage`,
   * whether a request no route matched gets the web app's page (none by default).
   */
  requestHeaders: {
    requestId?: boolean;
    instanceName?: string;
    isApiRoute?: (route: string) => boolean;
    isWebPage?: (request: FastifyRequest) => boolean;
  } = {},
) => {
  /** The origins helmet's policy is being recorded for. */
  let recording: readonly string[] = NO_ORIGINS;
  // helmet's middleware is built once: @fastify/helmet built it (options parsed, CSP directives
  // checked) on every request, a few percent of a balance call's CPU (issue 23).
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The /game page frames the vendors' game pages (and in-house games served from here).
        frameSrc: ["'self'", 'https:', () => recording.join(' ')],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // A reset link's token never travels to another site in a Referer header.
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // helmet's 13 middlewares still ran per request, building the same CSP string each time: a few
  // percent of a balance call (issue 23). Their headers depend only on the vendors' origins, so what
  // helmet sets is recorded once per set of origins and replayed; a vendor added later is framed as
  // soon as its origin is listed, as before.
  let recordedFor: readonly string[] | undefined;
  let recordedText: string | undefined;
  let recorded: Recorded = { headers: [], removed: [] };
  const current = (origins: readonly string[]): Recorded => {
    if (origins === recordedFor) return recorded;
    const text = origins.join(' ');
    if (text !== recordedText) {
      recording = origins;
      recorded = recordHelmet(applyHelmet);
      // helmet has no Permissions-Policy: the one header it leaves, replayed with its own.
      recorded.headers.push(['permissions-policy', PERMISSIONS_POLICY]);
      recordedText = text;
    }
    recordedFor = origins;
    return recorded;
  };
  // HSTS and the Referrer-Policy are the pages' own, whatever helmet's options become.
  const documentSet = current(NO_ORIGINS);
  if (documentSet.error) throw documentSet.error;
  const apiHeaders = apiHeaderSet(
    recordedValue(documentSet, 'strict-transport-security'),
    recordedValue(documentSet, 'referrer-policy'),
  );
  const {
    requestId = false,
    instanceName,
    isApiRoute = () => false,
    isWebPage = () => false,
  } = requestHeaders;
  /** The requests no route matched that the hook found to be the web app's pages. */
  const webPages = new WeakSet<FastifyRequest>();
  /** Whether an answer gets the API set: by its route's pattern; with no route, unless it is a page. */
  const answersApi = (request: FastifyRequest) => {
    const route = request.routeOptions.url;
    if (route !== undefined) return isApiRoute(route);
    if (!isWebPage(request)) return true;
    webPages.add(request);
    return false;
  };
  // One hook sets every header an answer carries whatever it is (issue 23): onSend hooks (the
  // request id's and Permissions-Policy's before) cost a hook runner on every answer. Set on the raw
  // response, so error answers, files and the hijacked Server-Sent Events streams carry them too.
  // An API answer's set is fixed: set at once, without waiting for the vendors' origins.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    if (requestId) raw.setHeader('x-request-id', request.id as string);
    if (instanceName) raw.setHeader('x-jade-instance', instanceName);
    if (answersApi(request)) {
      for (const [name, value] of apiHeaders) raw.setHeader(name, value);
      done();
      return;
    }
    frameOrigins().then(
      (origins) => {
        const { headers, removed, error } = current(origins);
        if (error) {
          done(error);
          return;
        }
        for (const name of removed) raw.removeHeader(name);
        for (const [name, value] of headers) raw.setHeader(name, value);
        done();
      },
      (error: unknown) => done(error as Error),
    );
  });
  return {
    /**
     * Whether a request no route matched gets the web app's page, as the hook decided when it chose its
     * headers: the not-found handler asks this, so a page and its headers never disagree and
     * `isWebPage` runs once a request.
     */
    getsWebPage: (request: FastifyRequest) => webPages.has(request),
  };
};
