import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import { listAnnouncementsRequest, listAnnouncementsResponse } from '@jade/contracts/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/index.js';
import { resolveMerchantByHost } from '../merchants/service.js';
import * as messages from './service.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const tags = ['messages'];

export const messageRoutes = (app: FastifyInstance, { db }: { db: Db }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/wps/relay/MCSFE_getListAnnouncements',
    {
      schema: {
        tags,
        summary: 'Announcements (types B, PL, PU, PR, H; platform W; execution B by default), 9 a page',
        body: listAnnouncementsRequest,
        response: { 200: okEnvelope(listAnnouncementsResponse), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      value: await messages.listAnnouncements(
        db,
        await resolveMerchantByHost(db, request.hostname),
        request.body,
      ),
    }),
  );
};
