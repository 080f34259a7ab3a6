import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { MAX_BODY_BYTES } from '@jade/contracts/constants';
import { errorEnvelope } from '@jade/contracts/envelope';
import { healthResponse } from '@jade/contracts/system';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountRoutes } from './modules/accounts/routes.js';
import { contractRoutes } from './modules/agents/contract-routes.js';
import { createMessaging } from './modules/accounts/messaging.js';
import { engagementRoutes } from './modules/engagement/routes.js';
import { missionRoutes } from './modules/engagement/missions-routes.js';
import { promotionClaimRoutes } from './modules/engagement/promotion-routes.js';
import { raffleRoutes } from './modules/engagement/raffle-routes.js';
import { gameRoutes } from './modules/games/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
import { inboxRoutes } from './modules/messages/inbox-routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { installSiteStateHook } from './modules/system/site-state.js';
import { createWebPreload } from './modules/system/web-preload.js';
import { walletRoutes } from './modules/wallet/routes.js';
import { paymentRoutes } from './modules/wallet/payment-routes.js';
import { operatorRoutes } from './modules/operators/routes.js';
import { operatorVipRoutes } from './modules/operators/vip-routes.js';
import { operatorRebateRoutes } from './modules/operators/rebate-routes.js';
import { rebateRoutes } from './modules/engagement/rebate-routes.js';
import { payrollRoutes } from './modules/agents/payroll-routes.js';
import { operatorAgentRoutes } from './modules/operators/agent-routes.js';
import { operatorPointRoutes } from './modules/operators/point-routes.js';
import { pointRoutes } from './modules/points/routes.js';
import { invitationRoutes } from './modules/agents/invitation-routes.js';
import { vendorFrameOrigins } from './modules/vendors/connections.js';
import { launchRoutes } from './modules/vendors/launch-routes.js';
import { lotteryRoutes } from './modules/lottery/routes.js';
import { memberEventRoutes } from './modules/accounts/member-events-routes.js';
import { agentReportRoutes } from './modules/agents/report-routes.js';
import { vendorWalletRoutes } from './modules/vendors/routes.js';
import type { Config } from './platform/config.js';
import type { Db } from './platform/db/index.js';
import { installErrorHandler } from './platform/http/error-handler.js';
import { requestLogSerializer } from './platform/http/log-redaction.js';
import { requestChildLogger } from './platform/http/request-logger.js';
import { installMetrics } from './platform/http/metrics.js';
import { installNulGuard } from './platform/http/nul-guard.js';
import { createResponseSerializerCompiler } from './platform/http/response-serializer.js';
import { installSecurityHeaders } from './platform/http/security-headers.js';
import type { Secrets } from './platform/secrets.js';

export type AppDeps = {
  config: Config;
  db: Db;
  secrets: Secrets;
  /** Tests pass a known captcha text; production draws random text. */
  captchaText?: () => string;
  /** Where the log goes (standard output by default); tests read it back. */
  logStream?: { write: (line: string) => void };
  /** Told of every route as it is added: the fuzz pass lists the whole API this way. */
  onRoute?: (route: RouteOptions) => void;
};

/**
 * Hashed build assets never change: a year, immutable. The app's HTML is revalidated on every visit
 * (a release shows at once). Media keeps a day, revalidated after.
 */
const cacheControlFor = (filePath: string) => {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (filePath.endsWith('.html')) return 'no-cache';
  return 'public, max-age=86400, must-revalidate';
};

/** A request id a client may choose: 1-64 letters, digits, dots, dashes or underscores. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The API's routes: JSON, the payment gateways' plain-text replies, Prometheus' text, event streams.
 * Their answers carry the API's security headers (decision 0083).
 */
const API_ROUTES = ['/wps/', '/lgw/', '/lotto/', '/api/', '/gw/', '/metrics', '/healthz'];
/** Whether a route (the pattern the router chose) is the API's. */
const isApiRoute = (route: string) => API_ROUTES.some((prefix) => route.startsWith(prefix));

/** Paths that belong to the API and its OpenAPI browser: never answered with the web app's index.html. */
const API_PREFIXES = [...API_ROUTES, '/docs'];

/**
 * The path as the router reads it (percent-decoded, repeated slashes as one), for the fallback's
 * choice between the web app and a 404: `/%77ps/x` is an API path as much as `/wps/x` (issue 19,
 * item 4). A path that does not decode is no page. Routed requests never come here.
 */
const routerPath = (url: string): string | undefined => {
  const raw = url.split('?', 1)[0] ?? '/';
  try {
    return decodeURIComponent(raw).replace(/\/{2,}/g, '/');
  } catch {
    return undefined;
  }
};

const defaultWebDist = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export const buildApp = async ({
  config,
  db,
  secrets,
  captchaText,
  logStream,
  onRoute,
}: AppDeps): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers.token',
        'req.headers["x-signature"]',
      ],
      // Secrets in URLs (reset tokens, codes) never reach the log either.
      serializers: { req: requestLogSerializer },
      ...(logStream && { stream: logStream }),
    },
    // A request's pino child is made only when the request logs something (issue 23).
    childLoggerFactory: requestChildLogger,
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    // A client's x-request-id is kept only when it is a well-formed id; anything else gets a new one.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler(config.responseCheck ?? 'compiled'));
  // An empty JSON body is no body (a decision without a note), not a parse error; anything else is
  // parsed by Fastify's own parser, prototype-poisoning guard included.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
  installErrorHandler(app);
  installNulGuard(app);
  const webDist = config.webDist ?? defaultWebDist();
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  /**
   * Whether a request no route matched gets the web app (history fallback: a page route gets the app,
   * which routes on the client). A path with an extension is a missing file (a 404 the chunk loader can
   * see), except the §2 page /register.html.
   */
  const isWebPage = (request: FastifyRequest) => {
    if (!hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const url = request.url.split('?', 1)[0] ?? '/';
    const decoded = routerPath(request.url);
    const isApi = decoded === undefined || API_PREFIXES.some((prefix) => decoded.startsWith(prefix));
    return !isApi && (!path.extname(url) || path.extname(url) === '.html');
  };
  // Hooks on every request take a callback, not a promise: one promise fewer a hook (issue 23). The
  // request id and the instance's name are set with the security headers, in one hook. API answers
  // get the API's security headers, pages and files the document's (decision 0083).
  const { getsWebPage } = await installSecurityHeaders(app, vendorFrameOrigins(db), {
    requestId: true,
    instanceName: config.instanceName,
    isApiRoute,
    isWebPage,
  });
  installMetrics(app, config);
  installSiteStateHook(app, db);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Jade API',
        description: 'Member and agent API of the Jade whitelabel platform. Every answer is an envelope.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/healthz',
      { schema: { tags: ['ops'], summary: 'Liveness', response: { 200: healthResponse } } },
      async () => ({ status: 'ok' as const }),
    );

  systemRoutes(app, { db, secrets });
  gameRoutes(app, { db });
  messageRoutes(app, { db });
  inboxRoutes(app, { db, secrets });
  engagementRoutes(app, { db, secrets });
  promotionClaimRoutes(app, { db, secrets, config });
  missionRoutes(app, { db, secrets });
  raffleRoutes(app, { db, secrets });
  walletRoutes(app, { db, secrets });
  paymentRoutes(app, { db, secrets, config });
  operatorRoutes(app, { db, secrets });
  operatorVipRoutes(app, { db, secrets });
  operatorRebateRoutes(app, { db, secrets });
  rebateRoutes(app, { db, secrets });
  contractRoutes(app, { db, secrets });
  payrollRoutes(app, { db, secrets });
  operatorAgentRoutes(app, { db, secrets });
  pointRoutes(app, { db, secrets });
  operatorPointRoutes(app, { db, secrets });
  await vendorWalletRoutes(app, { db, secrets });
  launchRoutes(app, { db, secrets });
  lotteryRoutes(app, { db, secrets });
  memberEventRoutes(app, { db, secrets });
  agentReportRoutes(app, { db, secrets });
  const messaging = createMessaging(config);
  invitationRoutes(app, { db, secrets, messaging });
  await accountRoutes(app, { db, secrets, config, messaging, captchaText });

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/build/precompress.ts): the one the browser
      // accepts is sent as it is, with no compression work per request.
      preCompressed: true,
      // Cache-Control is ours alone (below); the plugin's default would say max-age=0.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(filePath));
        // The same URL answers brotli, gzip or plain: caches must key on what the browser accepts.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  const preloadFor = createWebPreload(webDist, db);
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?', 1)[0] ?? '/';
    if (getsWebPage(request)) {
      const links = await preloadFor(url, request.host);
      if (links) reply.header('link', links);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(
      errorEnvelope.parse({
        success: false,
        error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${url}` },
      }),
    );
  });

  return app;
};
