import {
  createInvitationRequest,
  invitationsResponse,
  invitedPage,
  invitedQuery,
  joinStatus,
  registerDownlineRequest,
  registerDownlineResponse,
} from '@jade/contracts/agent-invitations';
import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import { normalizeIp } from '../../platform/geoip.js';
import type { Secrets } from '../../platform/secrets.js';
import { createGuard } from '../accounts/guard.js';
import type { Messaging } from '../accounts/messaging.js';
import { openSealedBody } from '../accounts/sealed-body.js';
import { agentSession } from './guard.js';
import {
  applyForAgent,
  createInvitation,
  invitationsOf,
  invitedMembers,
  joinStatusOf,
  registerDownline,
} from './invitations.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const ok = <T extends z.ZodType>(schema: T) => ({ 200: okEnvelope(schema), ...errors });
const tags = ['agents'];

/** Invitation codes and links, registerCenter, invited members, and the member's agent application. */
export const invitationRoutes = (
  app: FastifyInstance,
  deps: { db: Db; secrets: Secrets; messaging: Messaging },
) => {
  const { db, secrets } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);
  const value = <T>(v: T) => ({ success: true as const, value: v });
  const agentOf = (request: FastifyRequest) => agentSession(guard, request);

  r.get(
    '/wps/agent/invitations',
    {
      schema: {
        tags,
        summary: "The agent's invitation codes with their sign-up links (registerCenter, referral)",
        response: ok(invitationsResponse),
      },
    },
    async (request) => {
      const session = await agentOf(request);
      return value({ invitations: await invitationsOf(db, session.merchantId, session.member) });
    },
  );

  r.post(
    '/wps/agent/invitations',
    {
      schema: {
        tags,
        summary: 'A new invitation code: MEMBER registers a member, AGENT a sub-agent under the agent',
        body: createInvitationRequest,
        response: ok(invitationsResponse),
      },
    },
    async (request) => {
      const session = await agentOf(request);
      return value({
        invitations: await createInvitation(db, session.merchantId, session.member, request.body.kind),
      });
    },
  );

  r.post(
    '/wps/agent/registerCenter',
    {
      schema: {
        tags,
        summary:
          'registerCenter: register a downline member or sub-agent under the agent (encrypted payload, see GET /wps/system/publicKey)',
        body: z.unknown(),
        response: ok(registerDownlineResponse),
      },
    },
    async (request) => {
      const session = await agentOf(request);
      const ip = normalizeIp(request.ip);
      const body = await openSealedBody(
        db,
        secrets,
        { merchantId: session.merchantId, ip },
        request.body,
        registerDownlineRequest,
      );
      const ctx = { merchant: session.merchant, ip, userAgent: undefined };
      return value(await registerDownline(deps, ctx, session.member, body));
    },
  );

  r.get(
    '/wps/agent/invited',
    {
      schema: {
        tags,
        summary: "The agent's direct downlines, newest first, a page at a time",
        querystring: invitedQuery,
        response: ok(invitedPage),
      },
    },
    async (request) => {
      const session = await agentOf(request);
      return value(await invitedMembers(db, session.merchantId, session.member.id, request.query));
    },
  );

  r.get(
    '/wps/member/join',
    {
      schema: {
        tags,
        summary: '/join: whether the member is an agent, and its latest application to become one',
        response: ok(joinStatus),
      },
    },
    async (request) => value(await joinStatusOf(db, (await guard(request)).member)),
  );

  r.post(
    '/wps/member/join',
    {
      schema: {
        tags,
        summary: '/join: a logged-in member applies to become an agent (an operator decides)',
        response: ok(joinStatus),
      },
    },
    async (request) => {
      const session = await guard(request);
      return value(await applyForAgent(db, session.merchantId, session.member));
    },
  );
};
