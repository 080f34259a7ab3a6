import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  VENDOR_SIGNATURE_HEADER,
  VENDOR_TIMESTAMP_HEADER,
  walletAuthenticateRequest,
  walletBalanceRequest,
  walletCreditRequest,
  walletDebitRequest,
  walletCallPath,
  walletRollbackRequest,
  type WalletRefusal,
} from '@jade/contracts/vendor-wallet';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import { nulPaths } from '../../platform/http/nul-guard.js';
import { findBrandVendor } from '../games/service.js';
import { findMerchant } from '../merchants/service.js';
import { findVendorConnection } from './connections.js';
import * as seamless from './seamless.js';
import { checkVendorSignature } from './signature.js';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

const refuse = (reply: FastifyReply, status: 401 | 400, body: WalletRefusal) =>
  reply.status(status).send(body);

const untrusted = (reply: FastifyReply) =>
  refuse(reply, 401, { status: 'INVALID_SIGNATURE', message: 'The call is not signed by this vendor' });

/**
 * The seamless-wallet callbacks (decision 0016): POST /gw/wallet/{merchant}/{vendor}/{action}. The body
 * is read as raw bytes, and trusted only once its signature checks against the brand's key for the
 * vendor, for this method and path (decision 0023: a signed body is good for its own action, brand
 * and vendor only); then it is parsed and validated, a key the call does not define refused. Nothing here answers differently for an unknown brand, an
 * unknown vendor or a wrong signature.
 */
export const vendorWalletRoutes = async (app: FastifyInstance, deps: { db: Db; secrets: Secrets }) => {
  const { db, secrets } = deps;
  const secret = secrets.sessionSecret;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.post<{ Params: { merchantCode: string; vendorCode: string; action: string } }>(
      '/gw/wallet/:merchantCode/:vendorCode/:action',
      async (request, reply) => {
        const { merchantCode, vendorCode, action } = request.params;
        const schema = SCHEMAS[action as keyof typeof SCHEMAS];
        if (!schema)
          return refuse(reply, 400, { status: 'BAD_REQUEST', message: `No wallet call '${action}'` });
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const merchant = await findMerchant(db, merchantCode);
        const connection = merchant && (await findVendorConnection(db, secret, merchant.id, vendorCode));
        if (!merchant || !connection) return untrusted(reply);
        const problem = checkVendorSignature(
          connection.algorithm,
          connection.key,
          {
            timestamp: header(request, VENDOR_TIMESTAMP_HEADER),
            signature: header(request, VENDOR_SIGNATURE_HEADER),
          },
          raw,
          // The path as routed, from the codes the call is answered for: what is acted on is what is signed.
          { method: request.method, path: walletCallPath(merchantCode, vendorCode, action) },
        );
        if (problem) {
          request.log.warn({ merchantCode, vendorCode, problem }, 'vendor wallet call refused');
          return untrusted(reply);
        }
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          return refuse(reply, 400, { status: 'BAD_REQUEST', message: 'The body is not JSON' });
        }
        // The raw body passed the app's NUL guard unread: the same rule, now that it is parsed.
        if (nulPaths(json, 'body', []).length > 0)
          return refuse(reply, 400, { status: 'BAD_REQUEST', message: 'A NUL character is not allowed' });
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
          return refuse(reply, 400, {
            status: 'BAD_REQUEST',
            message: parsed.error.issues[0]?.message ?? '',
          });
        }
        const ctx = { merchant, vendorCode };
        switch (action) {
          case 'authenticate':
            return seamless.authenticate(
              db,
              secret,
              ctx,
              (parsed.data as z.infer<typeof walletAuthenticateRequest>).launchCode,
            );
          case 'balance':
            return seamless.balance(db, secret, ctx, parsed.data as z.infer<typeof walletBalanceRequest>);
          case 'debit': {
            const vendor = await findBrandVendor(db, merchant.id, vendorCode);
            return seamless.debit(
              db,
              secret,
              {
                ...ctx,
                vendorOffered: vendor?.isEnabled ?? false,
                vendorCategory: vendor?.category ?? 'RNG',
              },
              parsed.data as z.infer<typeof walletDebitRequest>,
            );
          }
          case 'credit':
            return seamless.credit(db, ctx, parsed.data as z.output<typeof walletCreditRequest>);
          default:
            return await seamless
              .rollback(db, ctx, parsed.data as z.infer<typeof walletRollbackRequest>)
              .catch((error: unknown) => {
                if (!(error instanceof seamless.UnreadableCall)) throw error;
                return refuse(reply, 400, { status: 'BAD_REQUEST', message: error.message });
              });
        }
      },
    );
  });
};

const SCHEMAS = {
  authenticate: walletAuthenticateRequest,
  balance: walletBalanceRequest,
  debit: walletDebitRequest,
  credit: walletCreditRequest,
  rollback: walletRollbackRequest,
} as const;
