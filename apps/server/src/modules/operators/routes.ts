import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  deposit,
  operatorDecision,
  operatorLoginRequest,
  operatorLoginResponse,
  operatorQueueQuery,
  queuedDepositPage,
  queuedWithdrawalPage,
  withdrawal,
} from '@jade/contracts/payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { bearerToken } from '../accounts/guard.js';
import * as payments from '../wallet/payments.js';
import { authenticateOperator, loginOperator } from './service.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const tags = ['operator'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const decisionParams = idParams.extend({ decision: z.enum(['approve', 'reject']) });

/** Operator-authenticated back-office calls; the back-office issue puts a UI on them. */
export const operatorRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operatorOf = (request: FastifyRequest) => authenticateOperator(db, secrets, bearerToken(request));
  const value = <T>(v: T) => ({ success: true as const, value: v });

  r.post(
    '/api/operator/login',
    {
      schema: {
        tags,
        summary: 'Operator login',
        body: operatorLoginRequest,
        response: { 200: okEnvelope(operatorLoginResponse), ...errors },
      },
    },
    async (request) => value(await loginOperator(db, secrets, request.body.username, request.body.password)),
  );

  r.get(
    '/api/operator/deposits',
    {
      schema: {
        tags,
        summary: 'Deposits by status (PENDING by default), oldest first, a page at a time',
        querystring: operatorQueueQuery,
        response: { 200: okEnvelope(queuedDepositPage), ...errors },
      },
    },
    async (request) =>
      value(await payments.depositQueue(db, await operatorOf(request), request.query.status, request.query)),
  );

  r.post(
    '/api/operator/deposits/:id/:decision',
    {
      schema: {
        tags,
        summary: 'Approve (credit the member) or reject a pending deposit',
        params: decisionParams,
        body: operatorDecision.optional(),
        response: { 200: okEnvelope(deposit), ...errors },
      },
    },
    async (request) =>
      value(
        await payments.decideDeposit(
          db,
          await operatorOf(request),
          request.params.id,
          request.params.decision === 'approve',
          request.body?.note,
        ),
      ),
  );

  r.get(
    '/api/operator/withdrawals',
    {
      schema: {
        tags,
        summary:
          'Withdrawals by status (PENDING by default; NOT_RECEIVED lists complaints), oldest first, a page at a time',
        querystring: operatorQueueQuery,
        response: { 200: okEnvelope(queuedWithdrawalPage), ...errors },
      },
    },
    async (request) =>
      value(
        await payments.withdrawalQueue(db, await operatorOf(request), request.query.status, request.query),
      ),
  );

  r.post(
    '/api/operator/withdrawals/:id/:decision',
    {
      schema: {
        tags,
        summary: 'Approve (pay out) or reject (release) a pending withdrawal',
        params: decisionParams,
        body: operatorDecision.optional(),
        response: { 200: okEnvelope(withdrawal), ...errors },
      },
    },
    async (request) =>
      value(
        await payments.decideWithdrawal(
          db,
          await operatorOf(request),
          request.params.id,
          request.params.decision === 'approve',
          request.body?.note,
        ),
      ),
  );
};
