import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  brandQuery,
  operatorRafflesResponse,
  raffleClaimResponse,
  raffleDetail,
  raffleIdRequest,
  raffleInput,
  rafflesQuery,
  rafflesResponse,
  raffleWinnersQuery,
  raffleWinnersResponse,
} from '@jade/contracts/raffle';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { bearerToken, createGuard } from '../accounts/guard.js';
import { resolveMerchantByHost } from '../merchants/service.js';
import type { OperatorAction } from '../operators/roles.js';
import { authorizeOperator, operatorBrand, type Operator } from '../operators/service.js';
import * as raffles from './raffle.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const ok = <T extends z.ZodType>(schema: T) => ({ 200: okEnvelope(schema), ...errors });

/**
 * Raffles (decision 0053): the §7 call MCS2_claimRafflePromotion, and three calls §7 does not name,
 * named in its style: MCSFE_getRaffles, MCSFE_getRaffleDetail, MCSFE_getRaffleWinners; the operator
 * API under /api/operator/raffles.
 */
export const raffleRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);
  const value = <T>(v: T) => ({ success: true as const, value: v });
  const tags = ['engagement'];

  r.post(
    '/wps/relay/MCS2_claimRafflePromotion',
    {
      schema: {
        tags,
        summary: "Join an open raffle with the tickets the member's records earn now (again: raised to them)",
        body: raffleIdRequest,
        response: ok(raffleClaimResponse),
      },
    },
    async (request) => {
      const { member, merchant } = await guard(request);
      return value(await raffles.claimRaffle(db, merchant, member, request.body.raffleId));
    },
  );

  r.get(
    '/wps/relay/MCSFE_getRaffles',
    {
      schema: {
        tags,
        summary: "Open raffles and the latest drawn, with the member's tickets when logged in",
        querystring: rafflesQuery,
        response: ok(rafflesResponse),
      },
    },
    async (request) => {
      // Visitors see the raffles too; a member's token adds its own tickets.
      if (bearerToken(request)) {
        const { member, merchant } = await guard(request, { allowTrial: true });
        return value({ raffles: await raffles.listRaffles(db, merchant, member, request.query.language) });
      }
      const merchant = await resolveMerchantByHost(db, request.hostname);
      return value({ raffles: await raffles.listRaffles(db, merchant, null, request.query.language) });
    },
  );

  r.get(
    '/wps/relay/MCSFE_getRaffleDetail',
    {
      schema: {
        tags,
        summary: 'A raffle with its seed commitment; once drawn the seed, entry list, its hash and winners',
        querystring: raffleIdRequest,
        response: ok(raffleDetail),
      },
    },
    async (request) => {
      const merchant = await resolveMerchantByHost(db, request.hostname);
      return value(
        await raffles.getRaffleDetail(db, merchant, request.query.raffleId, request.query.language),
      );
    },
  );

  r.get(
    '/wps/relay/MCSFE_getRaffleWinners',
    {
      schema: {
        tags,
        summary: "The brand's latest raffle winners (accounts masked), of one raffle or of all",
        querystring: raffleWinnersQuery,
        response: ok(raffleWinnersResponse),
      },
    },
    async (request) => {
      const merchant = await resolveMerchantByHost(db, request.hostname);
      return value({ winners: await raffles.listRaffleWinners(db, merchant, request.query) });
    },
  );

  // ---- operators

  const operatorOf = (request: FastifyRequest, action: OperatorAction) =>
    authorizeOperator(db, secrets, bearerToken(request), action);
  const brandOf = (operator: Operator, code: string | undefined) => operatorBrand(db, operator, code);
  const otags = ['operator'];

  r.post(
    '/api/operator/raffles',
    {
      schema: {
        tags: otags,
        summary: 'Make a raffle (OPEN): its seed is committed now, its hash published',
        querystring: brandQuery,
        body: raffleInput,
        response: ok(z.object({ id: z.number().int(), code: z.string(), seedHash: z.string() })),
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'raffles.manage');
      const merchant = await brandOf(operator, request.query.merchant);
      return value(await raffles.createRaffle(db, secrets.sessionSecret, merchant.id, request.body));
    },
  );

  r.get(
    '/api/operator/raffles',
    {
      schema: {
        tags: otags,
        summary: "The brand's raffles, newest first, with entries and tickets",
        querystring: brandQuery,
        response: ok(operatorRafflesResponse),
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'raffles.read');
      const merchant = await brandOf(operator, request.query.merchant);
      return value({ raffles: await raffles.listBrandRaffles(db, merchant) });
    },
  );
};
