import type { ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

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
  frameOrigins: () => Promise<readonly string[]> = async () => [],
) => {
  /** Each answer's frame origins, read before helmet writes its policy. */
  const framedBy = new WeakMap<ServerResponse, string>();
  // helmet's middleware is built once: @fastify/helmet built it (options parsed, CSP directives
  // checked) on every request, a few percent of a balance call's CPU (issue 23). The frame-src
  // function still runs per answer, so a vendor added later is framed at once.
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
        frameSrc: [
          "'self'",
          'https:',
          (_request, response) => framedBy.get(response as ServerResponse) ?? '',
        ],
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
  app.addHook('onRequest', (request, reply, done) => {
    frameOrigins().then(
      (origins) => {
        framedBy.set(reply.raw, origins.join(' '));
        applyHelmet(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
      },
      (error: unknown) => done(error as Error),
    );
  });
  // helmet has no Permissions-Policy: the one header it leaves, set here. Games may go full screen.
  app.addHook('onSend', async (_request, reply) => {
    reply.header(
      'permissions-policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), fullscreen=(self)',
    );
  });
};
