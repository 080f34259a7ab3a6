import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  domainRouteResponse,
  feedbackRequest,
  feedbackResponse,
  helpCenterQuery,
  helpCenterResponse,
  registerSettings,
  statusResponse,
  whitelabelQuery,
  whitelabelResponse,
} from '@jade/contracts/system';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { throttleCaller } from '../accounts/throttle.js';
import { resolveMerchantByHost, resolveMerchantByUrl } from '../merchants/service.js';
import * as system from './service.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const tags = ['system'];

export const systemRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const merchantOf = (request: FastifyRequest) => resolveMerchantByHost(db, request.hostname);

  r.get(
    '/wps/system/whitelabel',
    {
      schema: {
        tags,
        summary: 'Brand settings for the host the site is served from (the permission call)',
        querystring: whitelabelQuery,
        response: { 200: okEnvelope(whitelabelResponse), ...errors },
      },
    },
    async (request) => {
      const merchant = await resolveMerchantByUrl(db, request.query.url);
      return { success: true as const, value: await system.getWhitelabel(db, merchant, request.ip) };
    },
  );

  r.get(
    '/wps/system/status',
    {
      schema: {
        tags,
        summary: 'System status for this visitor: 0 normal, 1 maintenance, 2 region restricted',
        response: { 200: okEnvelope(statusResponse), ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantOf(request);
      return { success: true as const, value: await system.getStatus(db, merchant, request.ip) };
    },
  );

  r.get(
    '/wps/system/setting/register',
    {
      schema: {
        tags,
        summary: 'Registration field settings: visibility, required, length and pattern per field',
        response: { 200: okEnvelope(registerSettings), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await system.getRegisterSettings(db, await merchantOf(request)),
    }),
  );

  r.get(
    '/wps/system/domainRoute',
    {
      schema: {
        tags,
        summary: "The brand's domains and resources",
        response: { 200: okEnvelope(domainRouteResponse), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await system.getDomainRoute(db, await merchantOf(request)),
    }),
  );

  r.get(
    '/wps/system/helpCenter',
    {
      schema: {
        tags,
        summary: 'Help-centre articles, in the asked language with fallback to the brand default',
        querystring: helpCenterQuery,
        response: { 200: okEnvelope(helpCenterResponse), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await system.getHelpCenter(db, await merchantOf(request), request.query),
    }),
  );

  r.put(
    '/wps/feedback',
    {
      schema: {
        tags,
        summary: 'Leave feedback (at most 140 characters)',
        body: feedbackRequest,
        response: { 200: okEnvelope(feedbackResponse), ...errors },
      },
    },
    async (request) => {
      const merchant = await merchantOf(request);
      await throttleCaller({ db, secrets }, request, merchant.id, 'feedback', (l) => ({
        perIp: l.feedbackPerIp,
        perMember: l.feedbackPerMember,
      }));
      return {
        success: true as const,
        value: await system.submitFeedback(db, merchant, request.body, request.ip),
      };
    },
  );
};
