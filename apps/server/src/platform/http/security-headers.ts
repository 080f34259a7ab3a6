import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

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
 * Security headers on every answer (HTML, assets, API), through helmet (issue 9, item 14).
 * The policy allows no inline or foreign script; styles may be inline (React style attributes);
 * images may come from the brand's CDNs; game frames load vendors' https pages (and the pages of
 * vendors configured at a plain-http endpoint, such as the in-house studio on loopback); and no other
 * site may frame ours.
 */
export const installSecurityHeaders = async (
  app: FastifyInstance,
  /**
   * Origins of the game pages the /game frame may show besides https ones (a vendor on plain http),
   * asked on every answer (a memo: decision 0066).
   */
  frameOrigins: () => Promise<readonly string[]> = () => Promise.resolve(NO_ORIGINS),
  /**
   * The request's own headers, set in the same hook: its id (`x-request-id`) on every answer, and
   * the instance's name (`x-jade-instance`) when it has one.
   */
  requestHeaders: { requestId?: boolean; instanceName?: string } = {},
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
  const { requestId = false, instanceName } = requestHeaders;
  // One hook sets every header an answer carries whatever it is (issue 23): onSend hooks (the
  // request id's and Permissions-Policy's before) cost a hook runner on every answer. Set on the raw
  // response, so error answers, files and the hijacked Server-Sent Events streams carry them too.
  app.addHook('onRequest', (request, reply, done) => {
    frameOrigins().then(
      (origins) => {
        const raw = reply.raw;
        if (requestId) raw.setHeader('x-request-id', request.id as string);
        if (instanceName) raw.setHeader('x-jade-instance', instanceName);
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
};
