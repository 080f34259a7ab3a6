import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  claimableRebatesResponse,
  claimRebateRequest,
  claimRebateResponse,
  rebateHistoryQuery,
  rebateHistoryResponse,
} from '@jade/contracts/rebates';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { createGuard } from '../accounts/guard.js';
import { claimableRebates, claimRebates, rebateHistory, requireManualRebates } from './rebates.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const ok = <T extends z.ZodType>(schema: T) => ({ 200: okEnvelope(schema), ...errors });
const tags = ['engagement'];

/**
 * The member centre's `manualRebate` (decision 0051): only for brands with MANPLAYREB3; without it
 * every call answers FEATURE_DISABLED (the brand pays rebates by its daily job).
 */
export const rebateRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);
  const value = <T>(v: T) => ({ success: true as const, value: v });

  r.get(
    '/wps/rebate/claimable',
    {
      schema: {
        tags,
        summary: "Each category's valid bet since the last rebate, the member's rate and what it pays",
        response: ok(claimableRebatesResponse),
      },
    },
    async (request) => {
      const { member, merchant } = await guard(request);
      await requireManualRebates(db, merchant.id);
      return value(await claimableRebates(db, merchant, member.id));
    },
  );

  r.post(
    '/wps/rebate/claim',
    {
      schema: {
        tags,
        summary: 'Claim the rebate of a category (or of every one): each period is paid once',
        body: claimRebateRequest,
        response: ok(claimRebateResponse),
      },
    },
    async (request) => {
      const { member, merchant } = await guard(request);
      return value(await claimRebates(db, merchant, member.id, request.body.category));
    },
  );

  r.get(
    '/wps/rebate/history',
    {
      schema: {
        tags,
        summary: "The member's rebates, newest first",
        querystring: rebateHistoryQuery,
        response: ok(rebateHistoryResponse),
      },
    },
    async (request) => {
      const { member, merchant } = await guard(request);
      await requireManualRebates(db, merchant.id);
      return value(await rebateHistory(db, merchant.id, member.id, request.query));
    },
  );
};
