import {
  agentApplication,
  agentApplicationsPage,
  agentApplicationsQuery,
  moveMemberRequest,
  moveMemberResponse,
} from '@jade/contracts/agent-invitations';
import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { bearerToken } from '../accounts/guard.js';
import { decideApplication, listApplications, moveMember } from '../agents/invitations.js';
import type { OperatorAction } from './roles.js';
import { authorizeOperator, operatorBrand } from './service.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const ok = <T extends z.ZodType>(schema: T) => ({ 200: okEnvelope(schema), ...errors });
const tags = ['operator'];
const decisionParams = z.object({
  id: z.coerce.number().int().positive(),
  decision: z.enum(['approve', 'reject']),
});

/** The operator's side of joining teams (decision 0042): agent applications, and moving a member. */
export const operatorAgentRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operatorOf = (request: FastifyRequest, action: OperatorAction) =>
    authorizeOperator(db, secrets, bearerToken(request), action);
  const value = <T>(v: T) => ({ success: true as const, value: v });

  r.get(
    '/api/operator/agent-applications',
    {
      schema: {
        tags,
        summary: 'Applications to become an agent by status (PENDING by default), oldest first',
        querystring: agentApplicationsQuery,
        response: ok(agentApplicationsPage),
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'agent-applications.read');
      return value(await listApplications(db, operator.merchantId, request.query));
    },
  );

  r.post(
    '/api/operator/agent-applications/:id/:decision',
    {
      schema: {
        tags,
        summary:
          'Approve (the member becomes an agent, type 1, with an invitation code) or reject an application',
        params: decisionParams,
        response: ok(agentApplication),
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'agent-applications.decide');
      return value(
        await decideApplication(
          db,
          operator.merchantId,
          request.params.id,
          request.params.decision === 'approve',
          operator.username,
        ),
      );
    },
  );

  r.post(
    '/api/operator/members/move',
    {
      schema: {
        tags,
        summary:
          'Move a member, with its team, under another active agent of the brand (or to the top: null)',
        body: moveMemberRequest,
        response: ok(moveMemberResponse),
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'members.move');
      const { merchant: code, account, upline } = request.body;
      const merchant = await operatorBrand(db, operator, code);
      return value(await moveMember(db, merchant, account, upline, operator.username));
    },
  );
};
