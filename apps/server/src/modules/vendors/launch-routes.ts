import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  betRecordRequest,
  betRecordResponse,
  favouriteGameRequest,
  favouriteGameResponse,
  favouriteListResponse,
  gameListItems,
  type GameItem,
  launchGameRequest,
  launchGameResponse,
  profitRequest,
  profitResponse,
} from '@jade/contracts/games';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { createGuard } from '../accounts/guard.js';
import { getBetRecords, getFavouriteIds, getMemberGames, getProfit, setFavourite } from '../games/service.js';
import { resolveMerchantByHost } from '../merchants/service.js';
import { transferBetweenWallets } from '../wallet/service.js';
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
      let memberId: number | undefined;
      const value = await launchGame(db, secrets.sessionSecret, {
        merchant,
        // Trial-type members get past the guard here and are refused with the launch's own words.
        member: async () => {
          const session = await guard(request, { allowTrial: true });
          memberId = session.member.id;
          return { id: session.member.id, type: session.member.type, sessionId: session.sessionId };
        },
        ip: request.ip,
        vassalage: request.body.vassalage,
        gameId: request.body.gameId,
        accountType: request.body.accountType,
        confirmTrans: request.body.confirmTrans,
        transferAmount: request.body.transferAmount,
        transferKey: request.body.transferKey,
        roomId: request.body.roomId,
        // The same transfer as the wallet page's, under a key of this member's launch.
        transferIn: (amount, key) =>
          transferBetweenWallets(
            db,
            merchant,
            memberId!,
            { direction: 'IN', vassalage: request.body.vassalage, amount },
            `launch:${key}`,
          ),
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

  const languageBody = z.object({ language: z.string().min(2).max(8).optional() }).nullish();
  /** The member's favourite or recent games, in the language of the body or the query. */
  const memberGames =
    (kind: 'favourite' | 'recent') =>
    async (request: FastifyRequest): Promise<{ success: true; value: GameItem[] }> => {
      const session = await guard(request, { allowTrial: true });
      const language =
        (request.body as { language?: string } | undefined)?.language ??
        (request.query as { language?: string } | undefined)?.language;
      return {
        success: true as const,
        value: await getMemberGames(db, session.merchant, session.member.id, kind, language),
      };
    };
  r.post(
    '/wps/relay/MCSFE_getFavoriteGames',
    {
      schema: {
        tags: ['games'],
        summary: "The member's favourite games (token)",
        body: languageBody,
        response: { 200: okEnvelope(gameListItems), ...errors },
      },
    },
    memberGames('favourite'),
  );
  r.post(
    '/wps/relay/GCS_recentGame',
    {
      schema: {
        tags: ['games'],
        summary: 'The games the member launched last (token)',
        body: languageBody,
        response: { 200: okEnvelope(gameListItems), ...errors },
      },
    },
    memberGames('recent'),
  );
  r.get(
    '/lgw/vn/games/game_menu/recent',
    {
      schema: {
        tags: ['games'],
        summary: 'The recent-games menu entry: the games the member launched last (token)',
        querystring: z.object({ language: z.string().min(2).max(8).optional() }),
        response: { 200: okEnvelope(gameListItems), ...errors },
      },
    },
    memberGames('recent'),
  );
  r.post(
    '/wps/relay/MCSFE_getFavoriteGamesList',
    {
      schema: {
        tags: ['games'],
        summary: "Which games are the member's favourites (token)",
        response: { 200: okEnvelope(favouriteListResponse), ...errors },
      },
    },
    async (request) => {
      const session = await guard(request, { allowTrial: true });
      return {
        success: true as const,
        value: await getFavouriteIds(db, session.merchant.id, session.member.id),
      };
    },
  );
  for (const [path, favourite] of [
    ['/wps/relay/MCSFE_addFavoriteGame', true],
    ['/wps/relay/MCSFE_removeFavoriteGame', false],
  ] as const) {
    r.post(
      path,
      {
        schema: {
          tags: ['games'],
          summary: favourite
            ? 'Add a game to the favourites (token)'
            : 'Remove a game from the favourites (token)',
          body: favouriteGameRequest,
          response: { 200: okEnvelope(favouriteGameResponse), ...errors },
        },
      },
      async (request) => {
        const session = await guard(request, { allowTrial: true });
        return {
          success: true as const,
          value: await setFavourite(db, session.merchant, session.member.id, request.body, favourite),
        };
      },
    );
  }
  r.post(
    '/wps/member/profit',
    {
      schema: {
        tags: ['games'],
        summary: "The member's profit and loss by day and category (personalProfit)",
        body: profitRequest,
        response: { 200: okEnvelope(profitResponse), ...errors },
      },
    },
    async (request) => {
      const session = await guard(request, { allowTrial: true });
      return {
        success: true as const,
        value: await getProfit(db, session.merchant, session.member.id, request.body),
      };
    },
  );
};
