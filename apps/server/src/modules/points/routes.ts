import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  convertPointRequest,
  convertPointResponse,
  POINT_PATHS,
  pointBalanceResponse,
  pointConfigResponse,
  pointLanguageRequest,
  pointRewardsResponse,
  redeemListRequest,
  redeemListResponse,
  redeemPointRequest,
  redeemPointResponse,
} from '@jade/contracts/points';
import { IDEMPOTENCY_HEADER } from '@jade/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import { memberScope, withIdempotency } from '../../platform/http/idempotency.js';
import type { Secrets } from '../../platform/secrets.js';
import { createGuard } from '../accounts/guard.js';
import * as points from './service.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const tags = ['points'];
const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: z.string().min(1).max(200) }).partial();

/** The six points calls of §7, all with a member's token (decision 0046). */
export const pointRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);
  const value = <T>(v: T) => ({ success: true as const, value: v });

  r.post(
    POINT_PATHS.BALANCE,
    {
      schema: {
        tags,
        summary: "The member's points, in hundredths of a point",
        body: pointLanguageRequest,
        response: { 200: okEnvelope(pointBalanceResponse), ...errors },
      },
    },
    async (request) => {
      const { merchant, member } = await guard(request);
      return value({ points: await points.pointBalance(db, merchant.id, member.id) });
    },
  );

  r.post(
    POINT_PATHS.REWARDS,
    {
      schema: {
        tags,
        summary: 'The rewards of the points mall: cost in hundredths of a point, stock left',
        body: pointLanguageRequest,
        response: { 200: okEnvelope(pointRewardsResponse), ...errors },
      },
    },
    async (request) => {
      const { merchant } = await guard(request);
      return value(await points.listRewards(db, merchant, request.body?.language));
    },
  );

  r.post(
    POINT_PATHS.REDEEM,
    {
      schema: {
        tags,
        summary: `Redeem a reward with the payment password; it waits In Process for the operator (send an ${IDEMPOTENCY_HEADER} header)`,
        headers: idempotencyHeaders,
        body: redeemPointRequest,
        response: { 200: okEnvelope(redeemPointResponse), ...errors },
      },
    },
    async (request) => {
      const { merchant, member } = await guard(request);
      return value(
        await withIdempotency(db, request, memberScope(member.id), () =>
          points.redeemReward(
            db,
            merchant,
            member,
            request.body,
            String(request.headers[IDEMPOTENCY_HEADER]),
          ),
        ),
      );
    },
  );

  r.post(
    POINT_PATHS.REDEEMS,
    {
      schema: {
        tags,
        summary: "The member's redemptions, newest first: In Process, Rejected, Approved",
        body: redeemListRequest,
        response: { 200: okEnvelope(redeemListResponse), ...errors },
      },
    },
    async (request) => {
      const { merchant, member } = await guard(request);
      return value(await points.listRedemptions(db, merchant, member.id, request.body));
    },
  );

  r.post(
    POINT_PATHS.CONFIG,
    {
      schema: {
        tags,
        summary: "The brand's points rates per category and its conversion to money (points never expire)",
        body: pointLanguageRequest,
        response: { 200: okEnvelope(pointConfigResponse), ...errors },
      },
    },
    async (request) => {
      const { merchant } = await guard(request);
      return value(await points.getPointConfig(db, merchant));
    },
  );

  r.post(
    POINT_PATHS.CONVERT,
    {
      schema: {
        tags,
        summary: `Convert points to the main wallet with the payment password (send an ${IDEMPOTENCY_HEADER} header)`,
        headers: idempotencyHeaders,
        body: convertPointRequest,
        response: { 200: okEnvelope(convertPointResponse), ...errors },
      },
    },
    async (request) => {
      const { merchant, member } = await guard(request);
      return value(
        await withIdempotency(db, request, memberScope(member.id), () =>
          points.convertPoints(
            db,
            merchant,
            member,
            request.body,
            String(request.headers[IDEMPOTENCY_HEADER]),
          ),
        ),
      );
    },
  );
};
