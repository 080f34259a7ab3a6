import {
  agentPaymentPage,
  agentPaymentsQuery,
  agentRevenue as agentRevenueSchema,
  agentRevenueQuery,
  approvedDividend,
  pendingDividends as pendingDividendsSchema,
} from '@jade/contracts/agent-payroll';
import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { bearerToken, createGuard } from '../accounts/guard.js';
import { authorizeOperator, operatorBrand } from '../operators/service.js';
import { agentSession } from './guard.js';
import { agentRevenue, listAgentPayments } from './payroll-reports.js';
import { approveDividend, pendingDividends } from './payroll.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const ok = <T extends z.ZodType>(schema: T) => ({ 200: okEnvelope(schema), ...errors });
const value = <T>(v: T) => ({ success: true as const, value: v });

/** The agent centre's payroll calls (decision 0041) and the operator's dividend approval. */
export const payrollRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);

  r.get(
    '/api/agent/payroll/payments',
    {
      schema: {
        tags: ['agent'],
        summary: "The agent's salary or dividend payments, or what it paid its direct children",
        querystring: agentPaymentsQuery,
        response: ok(agentPaymentPage),
      },
    },
    async (request) => {
      const { member, merchant } = await agentSession(guard, request);
      return value(await listAgentPayments(db, { merchant, agentId: member.id }, request.query));
    },
  );

  r.get(
    '/api/agent/payroll/revenue',
    {
      schema: {
        tags: ['agent'],
        summary: "The agent's income by kind and day: received, paid to children, kept",
        querystring: agentRevenueQuery,
        response: ok(agentRevenueSchema),
      },
    },
    async (request) => {
      const { member, merchant } = await agentSession(guard, request);
      return value(await agentRevenue(db, { merchant, agentId: member.id }, request.query));
    },
  );

  const operatorOf = async (token: string | undefined, merchantId: number | undefined) => {
    const operator = await authorizeOperator(db, secrets, token, 'agent-dividends.approve');
    return { operator, merchantId: (await operatorBrand(db, operator, merchantId)).id };
  };
  const brandQuery = z.object({ merchantId: z.coerce.number().int().positive().optional() }).strict();

  r.get(
    '/api/operator/agents/dividends',
    {
      schema: {
        tags: ['operator'],
        summary: 'Dividends waiting for approval, uplines first',
        querystring: brandQuery,
        response: ok(pendingDividendsSchema),
      },
    },
    async (request) => {
      const { merchantId } = await operatorOf(bearerToken(request), request.query.merchantId);
      const rows = await pendingDividends(db, merchantId);
      return value({
        list: rows.map((row) => ({
          id: row.id,
          holder: row.username,
          category: row.category,
          periodKey: row.period_key,
          netLoss: Number(row.net_loss),
          gross: Number(row.gross),
        })),
      });
    },
  );

  r.post(
    '/api/operator/agents/dividends/:id/approve',
    {
      schema: {
        tags: ['operator'],
        summary: "Approve and pay a dividend (its upline's must be approved first)",
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: brandQuery,
        response: ok(approvedDividend),
      },
    },
    async (request) => {
      const { operator, merchantId } = await operatorOf(bearerToken(request), request.query.merchantId);
      return value(await approveDividend(db, merchantId, request.params.id, `operator:${operator.username}`));
    },
  );
};
