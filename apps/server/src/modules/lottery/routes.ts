import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  cancelLotteryBetResponse,
  lotteryGameQuery,
  lotteryRules,
  myLotteryBets,
  myLotteryBetsQuery,
  openedNumero,
  openedNumeroQuery,
  placeLotteryBetRequest,
  placeLotteryBetResponse,
  popularNumbers,
  popularNumbersQuery,
  recentResults,
  recentResultsQuery,
  vnNumbers,
  vnNumbersQuery,
  VN_STATISTICS_MAX_COUNT,
} from '@jade/contracts/lottery';
import { IDEMPOTENCY_HEADER } from '@jade/contracts/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { createGuard } from '../accounts/guard.js';
import { resolveMerchantByHost } from '../merchants/service.js';
import { AppError } from '../../platform/errors.js';
import { memberOneCommit } from '../../platform/http/idempotency.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import { createDrawWatch } from './events.js';
import * as lottery from './service.js';

/**
 * Calls of the VN statistics one address may make in a window: a lobby asks once as it opens; the
 * answer is public, so nothing else holds a script that asks in a loop.
 */
export const VN_STATISTICS_PER_IP = { count: 30, windowSeconds: 60 } as const;

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: z.string().min(1).max(200) }).partial();
const tags = ['lottery'];

/** §7 lottery calls (decision 0019): the open draw, recent results, and a member's bets. */
export const lotteryRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);
  const merchantOf = (request: FastifyRequest) => resolveMerchantByHost(db, request.hostname);
  const watch = createDrawWatch(db);
  // Open streams would hold the server's close: they end first.
  app.addHook('preClose', async () => watch.close());

  r.get(
    '/lotto/lgw/games/rules',
    {
      schema: {
        tags,
        summary: "A lottery game's rules: its prize tiers, each bet type's cost and odds, the stake limits",
        querystring: lotteryGameQuery,
        response: { 200: okEnvelope(lotteryRules), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await lottery.getLotteryRules(db, await merchantOf(request), request.query.gameCode),
    }),
  );

  r.get(
    '/lotto/lgw/numbers/popular',
    {
      schema: {
        tags,
        summary: 'Popular numbers: the numbers most staked on the game this week (count 20)',
        querystring: popularNumbersQuery,
        response: { 200: okEnvelope(popularNumbers), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await lottery.getPopularNumbers(
        db,
        await merchantOf(request),
        request.query.gameCode,
        request.query.count,
      ),
    }),
  );

  r.get(
    '/lgw/vn/numeros/statistics',
    {
      schema: {
        tags,
        summary: `VN numbers: each lô 00–99 over the last results (count 100, at most ${VN_STATISTICS_MAX_COUNT}), its hits and draws since it came; ${VN_STATISTICS_PER_IP.count} calls an address a minute`,
        querystring: vnNumbersQuery,
        response: { 200: okEnvelope(vnNumbers), ...errors },
      },
    },
    async (request) => {
      const limit = await hitRateLimit(
        db,
        `lottery-statistics:${request.ip}`,
        VN_STATISTICS_PER_IP.count,
        VN_STATISTICS_PER_IP.windowSeconds,
      );
      if (!limit.allowed)
        throw new AppError('RATE_LIMITED', 'Too many statistics calls from this address', {
          details: { retryAfterSeconds: limit.retryAfterSeconds },
        });
      return {
        success: true as const,
        value: await lottery.getVnNumbers(
          db,
          await merchantOf(request),
          request.query.gameCode,
          request.query.count,
        ),
      };
    },
  );

  r.get(
    '/lotto/lgw/games/events',
    {
      schema: {
        tags,
        summary:
          'Server-Sent Events: `state` with the draw taking bets and the latest result, at once and on every change',
        querystring: lotteryGameQuery,
      },
    },
    async (request, reply) => {
      const merchant = await merchantOf(request);
      const game = await lottery.findLotteryGame(db, merchant, request.query.gameCode);
      const raw = reply.raw;
      const send = (state: unknown) => {
        if (!raw.headersSent) {
          raw.writeHead(200, {
            'content-type': 'text/event-stream; charset=utf-8',
            'cache-control': 'no-cache, no-transform',
            connection: 'keep-alive',
            'x-accel-buffering': 'no',
          });
        }
        raw.write(`event: state\ndata: ${JSON.stringify(state)}\n\n`);
      };
      const unsubscribe = await watch.subscribe(
        {
          merchantId: merchant.id,
          gameCode: request.query.gameCode,
          vendorCode: game.vendorCode,
          gameId: game.gameId,
        },
        { ip: request.ip, send, end: () => raw.end() },
      );
      if (!unsubscribe) throw new AppError('RATE_LIMITED', 'Too many live lobbies open from this address');
      reply.hijack();
      // A comment line now and then keeps proxies from closing a quiet stream.
      const heartbeat = setInterval(() => raw.write(': beat\n\n'), 15_000);
      request.raw.once('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  );

  for (const path of ['/lgw/vn/numeros/opened/game', '/lotto/lgw/games/opened/numero']) {
    r.get(
      path,
      {
        schema: {
          tags,
          summary: "Opened numero: the game's draw that takes bets now, its times and seed hash",
          querystring: openedNumeroQuery,
          response: { 200: okEnvelope(openedNumero), ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        value: await lottery.getOpenedNumero(db, await merchantOf(request), request.query.gameCode),
      }),
    );
  }

  r.get(
    '/lotto/lgw/games/results/recent',
    {
      schema: {
        tags,
        summary: "A game's latest results, newest first, with the fair draws' revealed seeds",
        querystring: recentResultsQuery,
        response: { 200: okEnvelope(recentResults), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await lottery.getRecentResults(
        db,
        await merchantOf(request),
        request.query.gameCode,
        request.query.count,
      ),
    }),
  );

  r.post(
    '/lotto/bets',
    {
      schema: {
        tags,
        summary: `Place a lottery slip on a draw (token; send an ${IDEMPOTENCY_HEADER} header)`,
        body: placeLotteryBetRequest,
        response: { 200: okEnvelope(placeLotteryBetResponse), ...errors },
      },
    },
    async (request) => {
      const session = await guard(request);
      return {
        success: true as const,
        value: await lottery.placeLotteryBet(
          db,
          session.merchant,
          session.member.id,
          request.body,
          String(request.headers[IDEMPOTENCY_HEADER] ?? ''),
        ),
      };
    },
  );

  r.get(
    '/lotto/bets',
    {
      schema: {
        tags,
        summary: "The member's lottery bets, newest first (token)",
        querystring: myLotteryBetsQuery,
        response: { 200: okEnvelope(myLotteryBets), ...errors },
      },
    },
    async (request) => {
      const session = await guard(request, { allowTrial: true });
      return {
        success: true as const,
        value: await lottery.getMyLotteryBets(db, session.merchant, session.member.id, request.query),
      };
    },
  );

  r.post(
    '/lotto/bets/:betId/cancel',
    {
      schema: {
        tags,
        summary: `Cancel an open bet before its draw closes; its cost comes back (token; an ${IDEMPOTENCY_HEADER} header makes a retry answer as the first cancel did)`,
        headers: idempotencyHeaders,
        params: z.object({ betId: z.coerce.number().int().positive() }),
        response: { 200: okEnvelope(cancelLotteryBetResponse), ...errors },
      },
    },
    async (request) => {
      const session = await guard(request);
      // Decision 0085: with a key, the key and its answer commit with the refund; without one, a
      // second cancel of the bet is refused as before.
      const oneCommit =
        request.headers[IDEMPOTENCY_HEADER] === undefined
          ? undefined
          : memberOneCommit(db, request, session.member.id);
      return {
        success: true as const,
        value: await lottery.cancelLotteryBet(
          db,
          session.merchant,
          session.member.id,
          request.params.betId,
          oneCommit,
        ),
      };
    },
  );
};
