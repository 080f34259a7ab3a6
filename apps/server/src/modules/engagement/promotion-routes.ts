import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import { promotionIdParams } from '@jade/contracts/engagement';
import {
  claimDecisionParams,
  claimDecisionRequest,
  claimIdParams,
  operatorClaim,
  operatorClaimsPage,
  operatorClaimsQuery,
  promotionApplyRequest,
  promotionClaim,
  promotionClaimsQuery,
  promotionClaimsResponse,
  promotionCostsResponse,
} from '@jade/contracts/promotion-claims';
import { importedPromotion } from '@jade/contracts/engagement';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { bearerToken, createGuard } from '../accounts/guard.js';
import type { OperatorAction } from '../operators/roles.js';
import { authorizeOperator, operatorBrand, type Operator } from '../operators/service.js';
import * as claims from './promotion-claims.js';
import { importEngagement } from './service.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const ok = <T extends z.ZodType>(schema: T) => ({ 200: okEnvelope(schema), ...errors });
/** Three 5 MB images as base64, with room for the rest of the body. */
const UPLOAD_BODY_LIMIT = 22 * 1024 * 1024;
const brandQuery = z.object({ merchant: z.string().min(1).max(32).optional() });

/** Applying for and claiming promotions (members), and their review and costs (operators): decision 0050. */
export const promotionClaimRoutes = (
  app: FastifyInstance,
  { db, secrets, config }: { db: Db; secrets: Secrets; config: Config },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);
  const value = <T>(v: T) => ({ success: true as const, value: v });
  const tags = ['engagement'];

  r.post(
    '/wps/promotions/:id/apply',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Apply for a running promotion (with activity proof where it asks for it)',
        params: promotionIdParams,
        body: promotionApplyRequest,
        response: ok(promotionClaim),
      },
    },
    async (request) => {
      const { member, merchant } = await guard(request);
      return value(
        await claims.applyForPromotion(db, config.dataDir, merchant, member, request.params.id, request.body),
      );
    },
  );

  r.post(
    '/wps/promotions/claims/:id/claim',
    {
      schema: {
        tags,
        summary: 'Claim an issued bonus: paid into the main wallet, its turnover joins the requirement',
        params: claimIdParams,
        response: ok(promotionClaim),
      },
    },
    async (request) => {
      const { member, merchant } = await guard(request);
      return value(await claims.claimBonus(db, merchant, member, request.params.id));
    },
  );

  r.get(
    '/wps/promotions/claims',
    {
      schema: {
        tags,
        summary:
          "The member's claims (rewardCenter) or paid bonuses (bonusDetails), and what is claimable now",
        querystring: promotionClaimsQuery,
        response: ok(promotionClaimsResponse),
      },
    },
    async (request) => {
      // Trial accounts see an empty centre rather than an error: the header asks for the badge.
      const { member, merchant } = await guard(request, { allowTrial: true });
      return value(await claims.listMemberClaims(db, merchant, member, request.query));
    },
  );

  // ---- operators

  const operatorOf = (request: FastifyRequest, action: OperatorAction) =>
    authorizeOperator(db, secrets, bearerToken(request), action);
  /** The brand an operator acts on: its own, or the one named (operators of every brand must name it). */
  const brandOf = async (operator: Operator, code: string | undefined) =>
    (await operatorBrand(db, operator, code)).id;
  const otags = ['operator'];

  r.put(
    '/api/operator/promotions',
    {
      schema: {
        tags: otags,
        summary: 'Create or replace (by code) one promotion of the brand, with its rules',
        querystring: brandQuery,
        body: importedPromotion,
        response: ok(z.object({ code: z.string() })),
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'promotions.manage');
      const merchantId = await brandOf(operator, request.query.merchant);
      await importEngagement(db, merchantId, { ranks: [], promotions: [request.body] });
      return value({ code: request.body.code });
    },
  );

  r.get(
    '/api/operator/promotion-claims',
    {
      schema: {
        tags: otags,
        summary: 'Promotion applications in one status (APPLYING by default), oldest first',
        querystring: operatorClaimsQuery,
        response: ok(operatorClaimsPage),
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'promotions.read');
      return value(await claims.listClaims(db, operator.merchantId, request.query));
    },
  );

  r.post(
    '/api/operator/promotion-claims/:id/:decision',
    {
      schema: {
        tags: otags,
        summary: 'Approve (ISSUED) or reject an application, or close an unpaid claim',
        params: claimDecisionParams,
        body: claimDecisionRequest,
        response: ok(operatorClaim),
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'promotion-claims.decide');
      return value(
        await claims.decideClaim(
          db,
          operator.merchantId,
          request.params.id,
          request.params.decision,
          operator.id,
          request.body?.note,
        ),
      );
    },
  );

  r.get(
    '/api/operator/promotion-costs',
    {
      schema: {
        tags: otags,
        summary: "What the brand's promotions paid from its promotion expense account",
        querystring: brandQuery,
        response: ok(promotionCostsResponse),
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'promotions.read');
      return value(await claims.promotionCosts(db, await brandOf(operator, request.query.merchant)));
    },
  );
};
