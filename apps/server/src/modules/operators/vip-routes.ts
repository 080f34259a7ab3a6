import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  operatorSetVipRankRequest,
  operatorSetVipRankResponse,
  operatorVipBrandQuery,
  operatorVipRanksRequest,
  operatorVipRanksResponse,
} from '@jade/contracts/vip';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { bearerToken } from '../accounts/guard.js';
import { editVipRanks, listVipRanksForOperator } from '../engagement/service.js';
import { setMemberRank } from '../engagement/vip.js';
import type { OperatorAction } from './roles.js';
import { authorizeOperator, operatorBrand } from './service.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const ok = <T extends z.ZodType>(schema: T) => ({ 200: okEnvelope(schema), ...errors });
const tags = ['operator'];

/** The operator's side of VIP ranking (decision 0049): the rank table, the period, a member's rank. */
export const operatorVipRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The operator, refused without the right, and the brand named (or the operator's own). */
  const brandOf = async (request: FastifyRequest, action: OperatorAction, code: string | undefined) => {
    const operator = await authorizeOperator(db, secrets, bearerToken(request), action);
    return { operator, merchant: await operatorBrand(db, operator, code) };
  };
  const value = <T>(v: T) => ({ success: true as const, value: v });

  r.get(
    '/api/operator/vip/ranks',
    {
      schema: {
        tags,
        summary: "The brand's VIP ranks (enabled or not) and its rolling period in business days",
        querystring: operatorVipBrandQuery,
        response: ok(operatorVipRanksResponse),
      },
    },
    async (request) => {
      const { merchant } = await brandOf(request, 'vip.read', request.query.merchant);
      return value(await listVipRanksForOperator(db, merchant));
    },
  );

  r.put(
    '/api/operator/vip/ranks',
    {
      schema: {
        tags,
        summary: 'Replace ranks by level (or add them) and the period; ranks not named are kept',
        body: operatorVipRanksRequest,
        response: ok(operatorVipRanksResponse),
      },
    },
    async (request) => {
      const { merchant } = await brandOf(request, 'vip.manage', request.body.merchant);
      return value(await editVipRanks(db, merchant, request.body));
    },
  );

  r.post(
    '/api/operator/vip/member-rank',
    {
      schema: {
        tags,
        summary: "Set a member's rank; ranks reached for the first time pay their upgrade bonus once",
        body: operatorSetVipRankRequest,
        response: ok(operatorSetVipRankResponse),
      },
    },
    async (request) => {
      const { operator, merchant } = await brandOf(request, 'vip.manage', request.body.merchant);
      return value(
        await setMemberRank(db, merchant, request.body.account, request.body.level, operator.username),
      );
    },
  );
};
