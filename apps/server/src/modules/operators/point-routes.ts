import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  operatorRedemption,
  operatorRedemptionsQuery,
  operatorReward,
  pointConfigResponse,
  pointSettingsInput,
  redemptionDecision,
  rewardInput,
  stockChange,
} from '@jade/contracts/points';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { bearerToken } from '../accounts/guard.js';
import * as points from '../points/service.js';
import type { OperatorAction } from './roles.js';
import { authorizeOperator, operatorBrand } from './service.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const ok = <T extends z.ZodType>(schema: T) => ({ 200: okEnvelope(schema), ...errors });
const tags = ['operator'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const decisionParams = idParams.extend({ decision: z.enum(['approve', 'reject']) });
/** The brand, by code: needed by an operator of every brand, optional for one of a single brand. */
const brandQuery = z.object({ merchant: z.string().min(1).max(32).optional() });

/** The operator's side of the points mall (decision 0046): rewards and stock, the redeem queue, rates. */
export const operatorPointRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The operator, allowed `action`, and the brand it acts on. */
  const operatorOf = async (request: FastifyRequest, action: OperatorAction) => {
    const operator = await authorizeOperator(db, secrets, bearerToken(request), action);
    const code = (request.query as { merchant?: string } | undefined)?.merchant;
    const merchant = await operatorBrand(db, operator, code);
    return { ...operator, merchantId: merchant.id, merchant };
  };
  const value = <T>(v: T) => ({ success: true as const, value: v });

  r.get(
    '/api/operator/point-rewards',
    {
      schema: {
        tags,
        summary: "The brand's rewards, enabled or not",
        querystring: brandQuery,
        response: ok(z.array(operatorReward)),
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'point-rewards.read');
      return value(await points.operatorRewards(db, operator.merchantId));
    },
  );

  r.post(
    '/api/operator/point-rewards',
    {
      schema: {
        tags,
        summary: 'Add a reward',
        querystring: brandQuery,
        body: rewardInput,
        response: ok(operatorReward),
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'point-rewards.manage');
      return value(await points.createReward(db, operator.merchantId, request.body));
    },
  );

  r.put(
    '/api/operator/point-rewards/:id',
    {
      schema: {
        tags,
        summary: 'Change a reward (names, cost, stock, enabled, order)',
        params: idParams,
        querystring: brandQuery,
        body: rewardInput,
        response: ok(operatorReward),
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'point-rewards.manage');
      return value(await points.updateReward(db, operator.merchantId, request.params.id, request.body));
    },
  );

  r.post(
    '/api/operator/point-rewards/:id/stock',
    {
      schema: {
        tags,
        summary: 'Add to (or, negative, take from) what a reward holds in stock now; never below zero',
        params: idParams,
        querystring: brandQuery,
        body: stockChange,
        response: ok(operatorReward),
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'point-rewards.manage');
      return value(await points.changeStock(db, operator.merchantId, request.params.id, request.body.add));
    },
  );

  r.get(
    '/api/operator/point-redemptions',
    {
      schema: {
        tags,
        summary: 'Redemptions in one status (IN_PROCESS by default), oldest first: the redeem queue',
        querystring: operatorRedemptionsQuery.extend(brandQuery.shape),
        response: ok(z.array(operatorRedemption)),
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'point-rewards.read');
      return value(
        await points.redemptionQueue(db, operator.merchantId, request.query.status, request.query.limit),
      );
    },
  );

  r.post(
    '/api/operator/point-redemptions/:id/:decision',
    {
      schema: {
        tags,
        summary: 'Approve a redemption, or reject it (its points and stock come back, once)',
        params: decisionParams,
        querystring: brandQuery,
        body: redemptionDecision,
        response: ok(operatorRedemption),
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'point-redemptions.decide');
      return value(
        await points.decideRedemption(
          db,
          operator.merchantId,
          request.params.id,
          request.params.decision === 'approve',
          operator.username,
          request.body?.remark,
        ),
      );
    },
  );

  r.put(
    '/api/operator/point-settings',
    {
      schema: {
        tags,
        summary: "Set categories' points rates (hundredths per currency unit) and the conversion to money",
        querystring: brandQuery,
        body: pointSettingsInput,
        response: ok(pointConfigResponse),
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'point-settings.manage');
      await points.setPointSettings(db, operator.merchantId, request.body);
      return value(await points.getPointConfig(db, operator.merchant));
    },
  );
};
