import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  inboxIdParams,
  inboxListQuery,
  inboxPage,
  inboxReadResponse,
  operatorBroadcast,
  operatorPersonalMessage,
  sentInboxPage,
  sentInboxQuery,
  unreadCountResponse,
} from '@jade/contracts/inbox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import type { Secrets } from '../../platform/secrets.js';
import { bearerToken, createGuard } from '../accounts/guard.js';
import { resolveMerchantByHost } from '../merchants/service.js';
import { assertOperatorMay, type OperatorAction } from '../operators/roles.js';
import { assertOperatorScope, authenticateOperator } from '../operators/service.js';
import * as inbox from './inbox.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const ok = <T extends z.ZodType>(schema: T) => ({ 200: okEnvelope(schema), ...errors });
const tags = ['messages'];
const UNREAD_COUNT = '/wps/relay/CSP_unreadCount';

/**
 * The member's inbox (§2 messageV2, decision 0047): §7 CSP_unreadCount, the list, reading one and
 * reading all; and the operator's personal messages, broadcasts and what was sent.
 */
export const inboxRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);
  const value = <T>(v: T) => ({ success: true as const, value: v });
  /** Any logged-in member, a trial one too (its inbox is simply empty of money news). */
  const readerOf = async (request: FastifyRequest): Promise<inbox.InboxReader> => {
    const session = await guard(request, { allowTrial: true, allowPendingPasswordChange: true });
    return {
      merchantId: session.merchantId,
      memberId: session.member.id,
      vipLevel: session.member.vip_level,
      joinedAt: session.member.created_at,
      language: session.member.language,
    };
  };

  const count = async (request: FastifyRequest) =>
    value({ count: await inbox.unreadCount(db, await readerOf(request)) });
  const countSchema = {
    tags,
    summary: '§7 CSP_unreadCount: unread inbox messages (token)',
    response: ok(unreadCountResponse),
  };
  // POST as the relay calls are sent; GET for a client that reads it as a plain resource.
  r.post(UNREAD_COUNT, { schema: countSchema }, count);
  r.get(UNREAD_COUNT, { schema: countSchema }, count);

  r.get(
    '/wps/member/messages',
    {
      schema: {
        tags,
        summary:
          'The inbox (messageV2): platform, broadcast and personal messages, newest first, a page at a time',
        querystring: inboxListQuery,
        response: ok(inboxPage),
      },
    },
    async (request) => value(await inbox.listInbox(db, await readerOf(request), request.query)),
  );

  r.post(
    '/wps/member/messages/:id/read',
    {
      schema: {
        tags,
        summary: "Marks one message read (NOT_FOUND for another member's or brand's)",
        params: inboxIdParams,
        response: ok(inboxReadResponse),
      },
    },
    async (request) => {
      const reader = await readerOf(request);
      return value(await writeTransaction(db, (trx) => inbox.markRead(trx, reader, request.params.id)));
    },
  );

  r.post(
    '/wps/member/messages/read-all',
    { schema: { tags, summary: 'Marks every message read', response: ok(inboxReadResponse) } },
    async (request) => {
      const reader = await readerOf(request);
      return value(await writeTransaction(db, (trx) => inbox.markAllRead(trx, reader)));
    },
  );

  /** The brand's operator (the host's brand): refused without the right, or for another brand. */
  const brandOperator = async (request: FastifyRequest, action: OperatorAction) => {
    const operator = await authenticateOperator(db, secrets, bearerToken(request));
    assertOperatorMay(operator, action);
    const merchant = await resolveMerchantByHost(db, request.hostname);
    assertOperatorScope(operator, merchant.id);
    return { operator, merchant };
  };

  r.post(
    '/api/operator/messages/personal',
    {
      schema: {
        tags: ['operator'],
        summary: "A personal message to one of the brand's members",
        body: operatorPersonalMessage,
        response: ok(z.object({ id: z.string() })),
      },
    },
    async (request) => {
      const { operator, merchant } = await brandOperator(request, 'messages.send');
      return value(
        await writeTransaction(db, (trx) =>
          inbox.sendPersonalMessage(trx, merchant.id, request.body, operator.username),
        ),
      );
    },
  );

  r.post(
    '/api/operator/messages/broadcast',
    {
      schema: {
        tags: ['operator'],
        summary: 'A broadcast to all the brand’s members, a VIP rank and above, or a list of accounts',
        body: operatorBroadcast,
        response: ok(z.object({ id: z.string(), recipients: z.number().int().nullable() })),
      },
    },
    async (request) => {
      const { operator, merchant } = await brandOperator(request, 'messages.send');
      return value(
        await writeTransaction(db, (trx) =>
          inbox.sendBroadcast(trx, merchant.id, request.body, operator.username),
        ),
      );
    },
  );

  r.get(
    '/api/operator/messages',
    {
      schema: {
        tags: ['operator'],
        summary: 'Personal messages and broadcasts the brand sent, newest first, with how many read each',
        querystring: sentInboxQuery,
        response: ok(sentInboxPage),
      },
    },
    async (request) => {
      const { merchant } = await brandOperator(request, 'messages.read');
      return value(await inbox.listSent(db, merchant.id, request.query));
    },
  );
};
