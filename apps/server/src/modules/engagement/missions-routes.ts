import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  claimMissionRequest,
  claimMissionResponse,
  importedMission,
  missionLeaderboardRequest,
  missionLeaderboardResponse,
  missionSummaryRequest,
  missionSummaryResponse,
  operatorMissionsResponse,
} from '@jade/contracts/missions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { bearerToken, createGuard } from '../accounts/guard.js';
import { resolveMerchantByHost } from '../merchants/service.js';
import type { OperatorAction } from '../operators/roles.js';
import { authorizeOperator, operatorBrand } from '../operators/service.js';
import * as missions from './missions.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const ok = <T extends z.ZodType>(schema: T) => ({ 200: okEnvelope(schema), ...errors });
const brandQuery = z.object({ merchant: z.string().min(1).max(32).optional() });

/** Missions (issue 22 item 4, decision 0052): the member's summary, the board, the claim; operators' side. */
export const missionRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);
  const value = <T>(v: T) => ({ success: true as const, value: v });
  const tags = ['engagement'];

  r.post(
    '/wps/relay/MCSFE_getMissionSummary',
    {
      schema: {
        tags,
        summary:
          "§7 mission summary (token): the brand's missions, the member's progress and state, the badge count",
        body: missionSummaryRequest,
        response: ok(missionSummaryResponse),
      },
    },
    async (request) => {
      // A trial account gets an empty list, not an error: the member centre asks for the badge.
      const { member, merchant } = await guard(request, { allowTrial: true });
      return value(await missions.getMissionSummary(db, merchant, member, request.body?.language));
    },
  );

  r.post(
    '/wps/relay/MCSFE_getMissionLeaderboard',
    {
      schema: {
        tags,
        summary:
          "§7 mission leaderboard: the brand's members by missions completed this week, accounts masked",
        body: missionLeaderboardRequest,
        response: ok(missionLeaderboardResponse),
      },
    },
    async (request) => {
      const merchant = await resolveMerchantByHost(db, request.hostname);
      return value(await missions.getMissionLeaderboard(db, merchant, request.body?.limit ?? 20));
    },
  );

  r.post(
    '/wps/relay/MCS2_claimMissionReward',
    {
      schema: {
        tags,
        summary:
          "Claim a completed mission's reward for the current period (once; MISSION_NOT_CLAIMABLE otherwise)",
        body: claimMissionRequest,
        response: ok(claimMissionResponse),
      },
    },
    async (request) => {
      const { member, merchant } = await guard(request);
      return value(await missions.claimMissionReward(db, merchant, member.id, request.body.missionId));
    },
  );

  // ---- operators

  const brandOf = async (request: FastifyRequest, action: OperatorAction, code: string | undefined) => {
    const operator = await authorizeOperator(db, secrets, bearerToken(request), action);
    return operatorBrand(db, operator, code);
  };
  const otags = ['operator'];

  r.get(
    '/api/operator/missions',
    {
      schema: {
        tags: otags,
        summary: "The brand's missions and what their rewards paid so far",
        querystring: brandQuery,
        response: ok(operatorMissionsResponse),
      },
    },
    async (request) => {
      const merchant = await brandOf(request, 'missions.read', request.query.merchant);
      return value(await missions.listMissions(db, merchant.id));
    },
  );

  r.put(
    '/api/operator/missions',
    {
      schema: {
        tags: otags,
        summary: 'Create or replace (by code) one mission of the brand',
        querystring: brandQuery,
        body: importedMission,
        response: ok(z.object({ code: z.string() })),
      },
    },
    async (request) => {
      const merchant = await brandOf(request, 'missions.manage', request.query.merchant);
      return value(await missions.saveMission(db, merchant.id, request.body));
    },
  );
};
