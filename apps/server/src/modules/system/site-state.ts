import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { requestMerchant } from '../accounts/guard.js';
import { assertSiteOpen } from './service.js';

/** The member API, which the brand's status and region rules close (the agent centre's payroll calls too). */
const MEMBER_API = ['/wps/', '/lgw/', '/lotto/', '/api/agent/'];
/**
 * Open whatever the state: the system calls the web app needs to show the maintenance or
 * restriction page (status, permission, settings, domains, help centre), and the payment gateways'
 * signed callbacks (money already paid must still be credited).
 */
const ALWAYS_OPEN = ['/wps/system/', '/wps/help', '/wps/payment/callback/'];

/** Whether the state of the site closes a route (its pattern). */
export const isMemberCall = (route: string) =>
  MEMBER_API.some((p) => route.startsWith(p)) && !ALWAYS_OPEN.some((p) => route.startsWith(p));

/**
 * One hook enforces the state /wps/system/status reports, before the body is read or validated:
 * under maintenance or region restriction every other member call answers SITE_MAINTENANCE or
 * SITE_RESTRICTED. Operator calls (/api/operator) and the CLI are not member calls.
 *
 * The decision is on the route the router chose (its pattern), never on the raw URL: the router
 * decodes the path, so `/%77ps/...` reaches the /wps/ handler while the raw string does not start
 * with /wps/ (issue 19, item 4). A request no route matched is a 404 whatever the state.
 *
 * The hook is the first of each member route's own (chosen once, as the route is added), not one
 * every request runs and asks its route (issue 23). Install it before any route is added.
 */
export const installSiteStateHook = (app: FastifyInstance, db: Db) => {
  const siteOpen: onRequestHookHandler = (request, _reply, done) => {
    requestMerchant(db, request)
      .then(
        (merchant) => assertSiteOpen(db, merchant, request.ip),
        (error: unknown) => {
          // A host with no brand is answered by the route itself (MERCHANT_NOT_FOUND).
          if (!(error instanceof AppError)) throw error;
        },
      )
      .then(
        () => done(),
        (error: unknown) => done(error as Error),
      );
  };
  app.addHook('onRoute', (route) => {
    if (!isMemberCall(route.url)) return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    if (own.includes(siteOpen)) return;
    route.onRequest = [siteOpen, ...own];
  });
};
