import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  operatorRebateRatesQuery,
  operatorRebateRatesRequest,
  operatorRebateRatesResponse,
} from '@jade/contracts/rebates';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { bearerToken } from '../accounts/guard.js';
import { listRates, setRates } from '../engagement/rebates.js';
import type { OperatorAction } from './roles.js';
import { authorizeOperator, operatorBrand } from './service.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const ok = <T extends z.ZodType>(schema: T) => ({ 200: okEnvelope(schema), ...errors });
const tags = ['operator'];

/** The operator's side of rebates (decision 0051): the rate table per category and VIP level. */
export const operatorRebateRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const brandOf = async (request: FastifyRequest, action: OperatorAction, code: string | undefined) => {
    const operator = await authorizeOperator(db, secrets, bearerToken(request), action);
    return operatorBrand(db, operator, code);
  };
  const value = <T>(v: T) => ({ success: true as const, value: v });

  r.get(
    '/api/operator/rebate-rates',
    {
      schema: {
        tags,
        summary: "The brand's rebate rates (basis points of valid bet) per category and VIP level",
        querystring: operatorRebateRatesQuery,
        response: ok(operatorRebateRatesResponse),
      },
    },
    async (request) => {
      const merchant = await brandOf(request, 'rebates.read', request.query.merchant);
      return value({ merchant: merchant.code, rates: await listRates(db, merchant.id) });
    },
  );

  r.put(
    '/api/operator/rebate-rates',
    {
      schema: {
        tags,
        summary: 'Set rebate rates by category and VIP level; rates not named are kept',
        body: operatorRebateRatesRequest,
        response: ok(operatorRebateRatesResponse),
      },
    },
    async (request) => {
      const merchant = await brandOf(request, 'rebates.manage', request.body.merchant);
      await setRates(db, merchant.id, request.body.rates);
      return value({ merchant: merchant.code, rates: await listRates(db, merchant.id) });
    },
  );
};
