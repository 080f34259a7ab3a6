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
import {
  operatorLogoutResponse,
  operatorRevokeParams,
  operatorRevokeResponse,
  securityEventsResponse,
} from '@jade/contracts/operators';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { bearerToken } from '../accounts/guard.js';
import * as payments from '../wallet/payments.js';
import { normalizeIp } from '../../platform/geoip.js';
import {
  lotteryOwedResponse,
  officialResultRequest,
  officialResultResponse,
  pendingResultRequest,
  rejectResultResponse,
  resultTrailQuery,
  resultTrailResponse,
  withdrawResultResponse,
} from '@jade/contracts/lottery';
import {
  enterOfficialResult,
  findGameDraw,
  listOwed,
  resultTrail,
  withdrawOrRejectResult,
} from '../lottery/results.js';
import { AppError } from '../../platform/errors.js';
import { assertOperatorMay, type OperatorAction } from './roles.js';
import {
  authenticateOperator,
  listSecurityEvents,
  loginOperator,
  logoutOperator,
  revokeOperatorSessions,
} from './service.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const tags = ['operator'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const decisionParams = idParams.extend({ decision: z.enum(['approve', 'reject']) });

/** Operator-authenticated back-office calls; the back-office issue puts a UI on them. */
export const operatorRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The operator behind the token, refused (403) unless the role has the right (roles.ts). */
  const operatorOf = async (request: FastifyRequest, action?: OperatorAction) => {
    const operator = await authenticateOperator(db, secrets, bearerToken(request));
    if (action) assertOperatorMay(operator, action);
    return operator;
  };
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
    async (request) =>
      value(await loginOperator(db, secrets, { ...request.body, ip: normalizeIp(request.ip) })),
  );

  r.post(
    '/api/operator/logout',
    {
      schema: {
        tags,
        summary: 'Operator logout: this session ends',
        response: { 200: okEnvelope(operatorLogoutResponse), ...errors },
      },
    },
    async (request) => {
      await operatorOf(request);
      await logoutOperator(db, secrets, bearerToken(request)!);
      return value({ loggedOut: true as const });
    },
  );

  r.post(
    '/api/operator/operators/:username/revoke',
    {
      schema: {
        tags,
        summary: 'End every session of an operator (ADMIN)',
        params: operatorRevokeParams,
        response: { 200: okEnvelope(operatorRevokeResponse), ...errors },
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'operators.revoke');
      return value({ revokedSessions: await revokeOperatorSessions(db, operator, request.params.username) });
    },
  );

  r.get(
    '/api/operator/security-events',
    {
      schema: {
        tags,
        summary: 'Lockouts and recovery-channel changes, newest first (ADMIN)',
        response: { 200: okEnvelope(securityEventsResponse), ...errors },
      },
    },
    async (request) =>
      value({ events: await listSecurityEvents(db, await operatorOf(request, 'security-events.read')) }),
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
      value(
        await payments.depositQueue(
          db,
          await operatorOf(request, 'deposits.read'),
          request.query.status,
          request.query,
        ),
      ),
  );

  r.post(
    '/api/operator/deposits/:id/:decision',
    {
      schema: {
        tags,
        summary: 'Approve (credit the member) or reject a pending deposit',
        params: decisionParams,
        // A decision may come with no body at all (or an empty one): the note is optional.
        body: operatorDecision.nullish(),
        response: { 200: okEnvelope(deposit), ...errors },
      },
    },
    async (request) =>
      value(
        await payments.decideDeposit(
          db,
          await operatorOf(request, 'deposits.decide'),
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
        await payments.withdrawalQueue(
          db,
          await operatorOf(request, 'withdrawals.read'),
          request.query.status,
          request.query,
        ),
      ),
  );

  r.post(
    '/api/operator/withdrawals/:id/:decision',
    {
      schema: {
        tags,
        summary: 'Approve (pay out) or reject (release) a pending withdrawal',
        params: decisionParams,
        // A decision may come with no body at all (or an empty one): the note is optional.
        body: operatorDecision.nullish(),
        response: { 200: okEnvelope(withdrawal), ...errors },
      },
    },
    async (request) =>
      value(
        await payments.decideWithdrawal(
          db,
          await operatorOf(request, 'withdrawals.decide'),
          request.params.id,
          request.params.decision === 'approve',
          request.body?.note,
        ),
      ),
  );

  /** A lottery draw is shared by every brand offering its game: only an all-brands operator gives results. */
  const resultsOperator = async (request: FastifyRequest, action: OperatorAction) => {
    const operator = await operatorOf(request, action);
    if (operator.merchantId !== null)
      throw new AppError('FORBIDDEN', "A draw's result is given by an operator of every brand");
    return operator;
  };

  r.post(
    '/api/operator/lottery/results',
    {
      schema: {
        tags,
        summary:
          "Key in a draw's official result: the first entry waits, a second operator's matching entry applies and settles it",
        body: officialResultRequest,
        response: { 200: okEnvelope(officialResultResponse), ...errors },
      },
    },
    async (request) => {
      const operator = await resultsOperator(request, 'lottery-results.enter');
      const draw = await findGameDraw(db, request.body.gameCode, request.body.numero);
      return value(
        await enterOfficialResult(db, {
          drawId: draw.id,
          result: request.body.result,
          by: { id: operator.id, name: operator.username },
        }),
      );
    },
  );

  r.get(
    '/api/operator/lottery/results',
    {
      schema: {
        tags,
        summary: "A draw's state and every result given for it, by whom and when (its audit trail)",
        querystring: resultTrailQuery,
        response: { 200: okEnvelope(resultTrailResponse), ...errors },
      },
    },
    async (request) => {
      const operator = await resultsOperator(request, 'lottery-results.read');
      return value(
        await resultTrail(
          db,
          await findGameDraw(db, request.query.gameCode, request.query.numero),
          operator.username,
        ),
      );
    },
  );

  r.post(
    '/api/operator/lottery/results/withdraw',
    {
      schema: {
        tags,
        summary: "Withdraw one's own entry still waiting for a second operator (a typing mistake)",
        body: pendingResultRequest,
        response: { 200: okEnvelope(withdrawResultResponse), ...errors },
      },
    },
    async (request) => {
      const operator = await resultsOperator(request, 'lottery-results.enter');
      const draw = await findGameDraw(db, request.body.gameCode, request.body.numero);
      const by = { id: operator.id, name: operator.username };
      await withdrawOrRejectResult(db, { drawId: draw.id, by, action: 'WITHDRAW' });
      return value({ status: 'WITHDRAWN' as const });
    },
  );

  r.post(
    '/api/operator/lottery/results/reject',
    {
      schema: {
        tags,
        summary: "Reject another operator's entry waiting on a draw (it does not match the official sheet)",
        body: pendingResultRequest,
        response: { 200: okEnvelope(rejectResultResponse), ...errors },
      },
    },
    async (request) => {
      const operator = await resultsOperator(request, 'lottery-results.enter');
      const draw = await findGameDraw(db, request.body.gameCode, request.body.numero);
      const by = { id: operator.id, name: operator.username };
      await withdrawOrRejectResult(db, { drawId: draw.id, by, action: 'REJECT' });
      return value({ status: 'REJECTED' as const });
    },
  );

  r.get(
    '/api/operator/lottery/owed',
    {
      schema: {
        tags,
        summary:
          'What corrected lottery results could not take back from members, newest first (a brand operator: its brand)',
        response: { 200: okEnvelope(lotteryOwedResponse), ...errors },
      },
    },
    async (request) => {
      const operator = await operatorOf(request, 'lottery-results.read');
      return value({ owed: await listOwed(db, operator.merchantId) });
    },
  );
};
