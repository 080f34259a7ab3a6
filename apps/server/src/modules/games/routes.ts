import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  gameListItems,
  gameListQuery,
  gameListRequest,
  gameListResponse,
  gameMenusResponse,
  gameVendorRequest,
  gameVendorResponse,
  hotGamesRequest,
  rankListRequest,
  rankListResponse,
  roomListRequest,
  roomListResponse,
  languageQuery,
  lotteryMenuQuery,
  lotteryMenuResponse,
  popularQuery,
  vendorGameTypesRequest,
  vendorGameTypesResponse,
  vendorLanesQuery,
  vendorLanesResponse,
} from '@jade/contracts/games';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/index.js';
import { resolveMerchantByHost } from '../merchants/service.js';
import * as games from './service.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const tags = ['games'];

/** The public catalogue calls of §7; every one answers for the brand of the request's host. */
export const gameRoutes = (app: FastifyInstance, { db }: { db: Db }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const merchantOf = (request: FastifyRequest) => resolveMerchantByHost(db, request.hostname);

  r.get(
    '/lgw/games/game_menus',
    {
      schema: {
        tags,
        summary: 'Category navigation entries (name key, gameType, page, enName, point) with their vendors',
        querystring: languageQuery,
        response: { 200: okEnvelope(gameMenusResponse), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await games.getGameMenus(db, await merchantOf(request), request.query),
    }),
  );

  r.get(
    '/lgw/vn/games/game_menu',
    {
      schema: {
        tags,
        summary: 'Lottery lobby menu: the lottery and e-lottery vendors with their games',
        querystring: lotteryMenuQuery,
        response: { 200: okEnvelope(lotteryMenuResponse), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await games.getLotteryMenu(db, await merchantOf(request), request.query),
    }),
  );

  r.get(
    '/lgw/games/popular',
    {
      schema: {
        tags,
        summary: 'Hot games of the enabled vendors, in brand order',
        querystring: popularQuery,
        response: { 200: okEnvelope(gameListItems), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await games.getPopularGames(db, await merchantOf(request), request.query),
    }),
  );

  r.get(
    '/lgw/games/list',
    {
      schema: {
        tags,
        summary: 'One page of games (24 a page by default), filtered by vendor, type, name, bet and lines',
        querystring: gameListQuery,
        response: { 200: okEnvelope(gameListResponse), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await games.listGames(db, await merchantOf(request), request.query),
    }),
  );

  r.get(
    '/lgw/games/vendor_lanes',
    {
      schema: {
        tags,
        summary: 'Vendor lanes: one lane a category with the vendor cards',
        querystring: vendorLanesQuery,
        response: { 200: okEnvelope(vendorLanesResponse), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await games.getVendorLanes(db, await merchantOf(request), request.query),
    }),
  );

  r.post(
    '/wps/relay/GCSGAME_hotGamesV2',
    {
      schema: {
        tags,
        summary: 'Hot games (isPlatform 2), optionally of one vendor',
        body: hotGamesRequest,
        response: { 200: okEnvelope(gameListItems), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await games.getHotGames(db, await merchantOf(request), request.body),
    }),
  );

  r.post(
    '/wps/relay/GCSGAME_getRankList',
    {
      schema: {
        tags,
        summary: 'The biggest wins of the last days by game, optionally of one vendor or category',
        body: rankListRequest,
        response: { 200: okEnvelope(rankListResponse), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await games.getRankList(db, await merchantOf(request), request.body),
    }),
  );

  r.post(
    '/wps/relay/GLS2_roomList',
    {
      schema: {
        tags,
        summary: "A PVP game's rooms: stake level, entry and seats",
        body: roomListRequest,
        response: { 200: okEnvelope(roomListResponse), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await games.getRoomList(db, await merchantOf(request), request.body),
    }),
  );

  r.post(
    '/wps/relay/GCSGAME_getVassGameType',
    {
      schema: {
        tags,
        summary: "A vendor's game types with their classifications and game counts",
        body: vendorGameTypesRequest,
        response: { 200: okEnvelope(vendorGameTypesResponse), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await games.getVendorGameTypes(db, await merchantOf(request), request.body),
    }),
  );

  r.post(
    '/wps/relay/GCSGAME_gameVendor',
    {
      schema: {
        tags,
        summary: 'The enabled vendors and their order per category (sorting entries)',
        body: gameVendorRequest,
        response: { 200: okEnvelope(gameVendorResponse), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await games.getGameVendors(db, await merchantOf(request), request.body),
    }),
  );

  r.post(
    '/wps/relay/GCSGAME_gameList',
    {
      schema: {
        tags,
        summary: 'The game list of /lgw/games/list as a relay call with a JSON body',
        body: gameListRequest,
        response: { 200: okEnvelope(gameListResponse), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await games.listGames(db, await merchantOf(request), request.body),
    }),
  );
};
