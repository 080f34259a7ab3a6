import { errorEnvelope, okEnvelope } from '@jade/contracts/envelope';
import {
  accountRecordRequest,
  accountRecordResponse,
  balanceResponse,
  IDEMPOTENCY_HEADER,
  merchantWalletResponse,
  walletTransferRequest,
  walletTransferResponse,
  uplineTransferRequest,
  uplineTransferResponse,
} from '@jade/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import { memberOneCommit, memberScope, withIdempotency } from '../../platform/http/idempotency.js';
import type { Secrets } from '../../platform/secrets.js';
import { createGuard } from '../accounts/guard.js';
import { resolveMerchantByHost } from '../merchants/service.js';
import * as payments from './payments.js';
import * as wallet from './service.js';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };
const tags = ['wallet'];
const languageQuery = z.object({ language: z.string().min(2).max(8).optional() });
const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: z.string().min(1).max(200) }).partial();

export const walletRoutes = (app: FastifyInstance, { db, secrets }: { db: Db; secrets: Secrets }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = createGuard(db, secrets);

  r.get(
    '/wps/v2/wallets/balance',
    {
      schema: {
        tags,
        summary: 'Balances of every wallet, in minor units, and their sum',
        querystring: languageQuery,
        response: { 200: okEnvelope(balanceResponse), ...errors },
      },
    },
    async (request) => {
      // On SQLite the accounts come with the session, in its statement (decision 0083).
      // The member's id and the rules' columns only (decision 0089): the answer needs no more of it.
      const session = await guard.forRules(request, { allowTrial: true, withLedgerAccounts: true });
      return {
        success: true as const,
        value: await wallet.getSessionWalletBalances(db, session, request.query.language),
      };
    },
  );

  r.post(
    '/wps/relay/GCS_walletTransfer',
    {
      schema: {
        tags,
        summary: `Move money between the main wallet and a vendor wallet (send an ${IDEMPOTENCY_HEADER} header)`,
        headers: idempotencyHeaders,
        body: walletTransferRequest,
        response: { 200: okEnvelope(walletTransferResponse), ...errors },
      },
    },
    async (request) => {
      const session = await guard(request, { allowTrial: true });
      const { merchant } = session;
      const value = await wallet.transferBetweenWallets(
        db,
        merchant,
        session.member.id,
        request.body,
        String(request.headers[IDEMPOTENCY_HEADER] ?? ''),
        {
          oneCommit: memberOneCommit(db, request, session.member.id),
          idempotent: (handler) => withIdempotency(db, request, memberScope(session.member.id), handler),
        },
      );
      return { success: true as const, value };
    },
  );

  r.post(
    '/wps/relay/GCS_merchantWallet',
    {
      schema: {
        tags,
        summary: "The brand's wallets: main and one per transfer-mode vendor",
        body: languageQuery.optional(),
        response: { 200: okEnvelope(merchantWalletResponse), ...errors },
      },
    },
    async (request) => {
      const merchant = await resolveMerchantByHost(db, request.hostname);
      return {
        success: true as const,
        value: await wallet.getMerchantWallets(db, merchant, request.body?.language),
      };
    },
  );

  r.post(
    '/wps/relay/ODSFE2_MemTransDet',
    {
      schema: {
        tags,
        summary: "Account record: the member's movements by kind and date range, paged",
        body: accountRecordRequest,
        response: { 200: okEnvelope(accountRecordResponse), ...errors },
      },
    },
    async (request) => {
      const session = await guard(request, { allowTrial: true });
      return {
        success: true as const,
        value: await wallet.getAccountRecord(db, session.merchant, session.member, request.body),
      };
    },
  );

  r.post(
    '/wps/wallet/transferUpline',
    {
      schema: {
        tags,
        summary: `Send funds to your own upline agent, with the payment password (send an ${IDEMPOTENCY_HEADER} header)`,
        headers: idempotencyHeaders,
        body: uplineTransferRequest,
        response: { 200: okEnvelope(uplineTransferResponse), ...errors },
      },
    },
    async (request) => {
      const session = await guard(request);
      const { merchant } = session;
      const value = await withIdempotency(db, request, memberScope(session.member.id), () =>
        payments.transferToUpline(
          db,
          merchant,
          session.member,
          request.body,
          String(request.headers[IDEMPOTENCY_HEADER]),
        ),
      );
      return { success: true as const, value };
    },
  );
};
