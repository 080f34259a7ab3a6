import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import { consolidatedResponse } from '@jade/contracts/funds';
import {
  bankAccount,
  bankAccountRequest,
  deposit,
  depositPage,
  depositRequest,
  paymentChannelsResponse,
  paymentPageQuery,
  withdrawal,
  withdrawalConfirmation,
  withdrawalPage,
  withdrawInfoResponse,
  withdrawRequest,
} from '@jade/contracts/payments';
import { IDEMPOTENCY_HEADER } from '@jade/contracts/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { memberScope, withIdempotency } from '../../platform/http/idempotency.js';
import type { Secrets } from '../../platform/secrets.js';
import { createGuard } from '../accounts/guard.js';
import type { Merchant } from '../merchants/repo.js';
import { brandOrigin, resolveMerchantByHost } from '../merchants/service.js';
import { getConsolidated } from './consolidated.js';
import * as payments from './payments.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const ok = <T extends z.ZodType>(schema: T) => ({ 200: okEnvelope(schema), ...errors });
const tags = ['payments'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
/** Proof images travel as base64 JSON: up to 3 of 5 MB each, plus encoding overhead. */
const UPLOAD_BODY_LIMIT = 22 * 1024 * 1024;
/** A gateway callback is a small JSON document. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

export const paymentRoutes = (
  app: FastifyInstance,
  { db, secrets, config }: { db: Db; secrets: Secrets; config: Config },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);
  const value = <T>(v: T) => ({ success: true as const, value: v });
  const memberContext = async (request: FastifyRequest) => {
    const { member, merchant } = await guard(request);
    return { member, merchant };
  };
  const deps = { dataDir: config.dataDir, serverSecret: secrets.sessionSecret };
  /** The brand's configured origin for the domain in use: where a gateway sends its callback and the member back. */
  const siteOrigin = (request: FastifyRequest, merchant: Merchant) => brandOrigin(db, merchant, request.host);

  r.get(
    '/wps/payment/channels',
    {
      schema: { tags, summary: 'Deposit channels with their limits', response: ok(paymentChannelsResponse) },
    },
    async (request) => {
      const { merchant } = await memberContext(request);
      return value(await payments.listChannels(db, merchant.id));
    },
  );

  r.post(
    '/wps/payment/deposit',
    {
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        summary: `Ask for a deposit (send an ${IDEMPOTENCY_HEADER} header)`,
        body: depositRequest,
        response: ok(deposit),
      },
    },
    async (request) => {
      const { member, merchant } = await memberContext(request);
      const origin = await siteOrigin(request, merchant);
      return value(
        await withIdempotency(db, request, memberScope(member.id), () =>
          payments.createDeposit(db, deps, merchant, member, request.body, origin),
        ),
      );
    },
  );

  r.get(
    '/wps/payment/deposits',
    {
      schema: {
        tags,
        summary: "The member's deposits, newest first, a page at a time",
        querystring: paymentPageQuery,
        response: ok(depositPage),
      },
    },
    async (request) => {
      const { member } = await memberContext(request);
      return value(await payments.listDeposits(db, member.id, request.query));
    },
  );

  r.get(
    '/wps/payment/deposits/:id',
    {
      schema: {
        tags,
        summary: "One of the member's deposits (a gateway payment is followed by it)",
        params: idParams,
        response: ok(deposit),
      },
    },
    async (request) => {
      const { member } = await memberContext(request);
      return value(await payments.getDeposit(db, member.id, request.params.id));
    },
  );

  r.get(
    '/wps/payment/withdrawInfo',
    {
      schema: {
        tags,
        summary: 'What can be withdrawn, the limits and the bound bank accounts',
        response: ok(withdrawInfoResponse),
      },
    },
    async (request) => {
      const { member, merchant } = await memberContext(request);
      return value(await payments.withdrawInfo(db, merchant, member));
    },
  );

  r.post(
    '/wps/payment/bankAccounts',
    {
      schema: {
        tags,
        summary: 'Bind a bank account in the registered name',
        body: bankAccountRequest,
        response: ok(bankAccount),
      },
    },
    async (request) => {
      const { member } = await memberContext(request);
      return value(await payments.bindBankAccount(db, member, request.body));
    },
  );

  r.post(
    '/wps/payment/withdraw',
    {
      schema: {
        tags,
        summary: `Ask for a withdrawal; the amount is held at once (send an ${IDEMPOTENCY_HEADER} header)`,
        body: withdrawRequest,
        response: ok(withdrawal),
      },
    },
    async (request) => {
      const { member, merchant } = await memberContext(request);
      return value(
        await withIdempotency(db, request, memberScope(member.id), () =>
          payments.requestWithdrawal(db, merchant, member, request.body),
        ),
      );
    },
  );

  r.get(
    '/wps/payment/withdrawals',
    {
      schema: {
        tags,
        summary: "The member's withdrawals, newest first, a page at a time",
        querystring: paymentPageQuery,
        response: ok(withdrawalPage),
      },
    },
    async (request) => {
      const { member } = await memberContext(request);
      return value(await payments.listWithdrawals(db, member.id, request.query));
    },
  );

  r.get(
    '/wps/member/info/funds/consolidated',
    {
      schema: {
        tags,
        summary: "§7 consolidated: the member's contract request types and funds summary",
        response: ok(consolidatedResponse),
      },
    },
    async (request) => {
      const { member, merchant } = await memberContext(request);
      return value(await getConsolidated(db, merchant, member));
    },
  );

  // The gateway's callback is signed over its exact bytes: this scope keeps every body raw.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/wps/payment/callback/:channelCode',
      {
        bodyLimit: CALLBACK_BODY_LIMIT,
        schema: {
          tags,
          summary:
            'A payment gateway reports a payment (public, HMAC-signed); answers `success` or `fail: CODE` as text',
          params: z.object({ channelCode: z.string().min(1).max(32) }),
        },
      },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const channel = request.params.channelCode;
        try {
          const merchant = await resolveMerchantByHost(db, request.hostname);
          const settled = await payments.settleGatewayCallback(db, secrets.sessionSecret, merchant, channel, {
            headers: request.headers,
            rawBody,
          });
          request.log.info({ channel, ...settled }, 'payment callback settled');
          return reply.type('text/plain; charset=utf-8').send('success');
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          // Never the signature or the body: the code says what was wrong.
          request.log.warn({ channel, code: error.code }, 'payment callback refused');
          return reply.status(error.statusCode).type('text/plain; charset=utf-8').send(`fail: ${error.code}`);
        }
      },
    );
  });

  r.post(
    '/wps/payment/withdrawals/:id/confirm',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Confirm a payout received, or not received with proof images',
        params: idParams,
        body: withdrawalConfirmation,
        response: ok(withdrawal),
      },
    },
    async (request) => {
      const { member } = await memberContext(request);
      return value(
        await payments.confirmWithdrawal(db, config.dataDir, member, request.params.id, request.body),
      );
    },
  );
};
