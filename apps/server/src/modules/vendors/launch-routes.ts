import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  betRecordRequest,
  betRecordResponse,
  launchGameRequest,
  launchGameResponse,
} from '@jade/contracts/games';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { createGuard } from '../accounts/guard.js';
import { getBetRecords } from '../games/service.js';
import { resolveMerchantByHost } from '../merchants/service.js';
import { launchGame } from './launch.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/**
 * §7 launch address V2: where the /game frame (or a game list, or a lottery page) goes for a game;
 * and the member's betting records (personalHistoryCopy).
 */
export const launchRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);
  r.post(
    '/wps/game/launchGame',
    {
      schema: {
        tags: ['games'],
        summary: 'Launch a game: its address for the game frame (token; none for a free trial)',
        body: launchGameRequest,
        response: { 200: okEnvelope(launchGameResponse), ...errors },
      },
    },
    async (request) => {
      const merchant = await resolveMerchantByHost(db, request.hostname);
      const value = await launchGame(db, secrets.sessionSecret, {
        merchant,
        // Trial-type members get past the guard here and are refused with the launch's own words.
        member: async () => {
          const session = await guard(request, { allowTrial: true });
          return { id: session.member.id, type: session.member.type };
        },
        vassalage: request.body.vassalage,
        gameId: request.body.gameId,
        accountType: request.body.accountType,
        language: request.body.language,
      });
      return { success: true as const, value };
    },
  );

  r.post(
    '/wps/member/bets',
    {
      schema: {
        tags: ['games'],
        summary: "The member's betting records, newest first, with totals (personalHistoryCopy)",
        querystring: z.object({ language: z.string().min(2).max(8).optional() }),
        body: betRecordRequest,
        response: { 200: okEnvelope(betRecordResponse), ...errors },
      },
    },
    async (request) => {
      const session = await guard(request, { allowTrial: true });
      return {
        success: true as const,
        value: await getBetRecords(
          db,
          session.merchant,
          session.member.id,
          request.body,
          request.query.language,
        ),
      };
    },
  );
};
