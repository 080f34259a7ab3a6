import {
  availablePromotionsQuery,
  availablePromotionsRequest,
  availablePromotionsResponse,
  promotionDetail,
  promotionDetailQuery,
  promotionIdParams,
  promotionListQuery,
  promotionListResponse,
  vipRanksQuery,
  vipRanksResponse,
} from '@jade/contracts/engagement';
import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import { vipProgressQuery, vipProgressResponse } from '@jade/contracts/vip';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { createGuard } from '../accounts/guard.js';
import { resolveMerchantByHost } from '../merchants/service.js';
import * as engagement from './service.js';
import { getVipProgress } from './vip.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const tags = ['engagement'];
const AVAILABLE_PROMOTIONS = '/wps/relay/MCSFE_getAvailablePromotions';

/** VIP ranks and promotions, read side (docs/decisions/0006 for the paths §7 does not name). */
export const engagementRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);
  const merchantOf = (request: FastifyRequest) => resolveMerchantByHost(db, request.hostname);

  r.get(
    '/wps/vip/ranks',
    {
      schema: {
        tags,
        summary: "The brand's VIP rank table: requirements and benefits per level, lowest first",
        querystring: vipRanksQuery,
        response: { 200: okEnvelope(vipRanksResponse), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await engagement.getVipRanks(db, await merchantOf(request), request.query),
    }),
  );

  r.get(
    '/wps/vip/progress',
    {
      schema: {
        tags,
        summary: "The member's VIP rank, deposits and valid bets over the brand's period, and the next rank",
        querystring: vipProgressQuery,
        response: { 200: okEnvelope(vipProgressResponse), ...errors },
      },
    },
    async (request) => {
      const session = await guard(request);
      return {
        success: true as const,
        value: await getVipProgress(db, await merchantOf(request), session.member, request.query.language),
      };
    },
  );

  r.get(
    '/wps/promotions',
    {
      schema: {
        tags,
        summary: 'Running promotions (enabled, started, not ended), by category, 12 a page',
        querystring: promotionListQuery,
        response: { 200: okEnvelope(promotionListResponse), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await engagement.listPromotions(db, await merchantOf(request), request.query),
    }),
  );

  r.get(
    '/wps/promotions/:id',
    {
      schema: {
        tags,
        summary: 'One running promotion with its HTML content (PROMOTION_NOT_FOUND otherwise)',
        params: promotionIdParams,
        querystring: promotionDetailQuery,
        response: { 200: okEnvelope(promotionDetail), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await engagement.getPromotion(db, await merchantOf(request), request.params.id, request.query),
    }),
  );

  // §7 "available promotions". Trial accounts pass the guard and get none (§6), so the header's badge
  // needs no special case; GET for the web app, POST for clients that send every relay call as POST.
  const available = async (request: FastifyRequest, language: string | undefined) => {
    const session = await guard(request, { allowTrial: true });
    const merchant = await merchantOf(request);
    return {
      success: true as const,
      value: await engagement.getAvailablePromotions(db, merchant, session.member, language),
    };
  };

  r.get(
    AVAILABLE_PROMOTIONS,
    {
      schema: {
        tags,
        summary: 'The running promotions this member can take (audience, VIP level) and their count',
        querystring: availablePromotionsQuery,
        response: { 200: okEnvelope(availablePromotionsResponse), ...errors },
      },
    },
    async (request) => available(request, request.query.language),
  );

  r.post(
    AVAILABLE_PROMOTIONS,
    {
      schema: {
        tags,
        summary: 'The same as the GET, as a relay call with a JSON body',
        body: availablePromotionsRequest,
        response: { 200: okEnvelope(availablePromotionsResponse), ...errors },
      },
    },
    async (request) => available(request, request.body.language),
  );
};
