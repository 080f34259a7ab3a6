import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { resolveMerchantByHost } from '../merchants/service.js';
import { assertSiteOpen } from './service.js';

/** The member API, which the brand's status and region rules close (the agent centre's payroll calls too). */
const MEMBER_API = ['/wps/', '/lgw/', '/lotto/', '/api/agent/'];
/**
 * Open whatever the state: the system calls the web app needs to show the maintenance or
 * restriction page (status, permission, settings, domains, help centre), and the payment gateways'
 * signed callbacks (money already paid must still be credited).
 */
const ALWAYS_OPEN = ['/wps/system/', '/wps/help', '/wps/payment/callback/'];

/**
 * One hook enforces the state /wps/system/status reports, before the body is read or validated:
 * under maintenance or region restriction every other member call answers SITE_MAINTENANCE or
 * SITE_RESTRICTED. Operator calls (/api/operator) and the CLI are not member calls.
 *
 * The decision is on the route the router chose (its pattern), never on the raw URL: the router
 * decodes the path, so `/%77ps/...` reaches the /wps/ handler while the raw string does not start
 * with /wps/ (issue 19, item 4). A request no route matched is a 404 whatever the state.
 */
export const installSiteStateHook = (app: FastifyInstance, db: Db) => {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined) return;
    if (!MEMBER_API.some((p) => route.startsWith(p)) || ALWAYS_OPEN.some((p) => route.startsWith(p))) return;
    let merchant;
    try {
      merchant = await resolveMerchantByHost(db, request.hostname);
    } catch (error) {
      // A host with no brand is answered by the route itself (MERCHANT_NOT_FOUND).
      if (error instanceof AppError) return;
      throw error;
    }
    await assertSiteOpen(db, merchant, request.ip);
  });
};
