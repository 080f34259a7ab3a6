import { generateKeyPairSync } from 'node:crypto';
import {
  VENDOR_SIGNATURE_HEADER,
  VENDOR_TIMESTAMP_HEADER,
  type VendorSignatureAlgorithm,
} from '@jade/contracts/vendor-wallet';
import { findBetRecord } from '../modules/games/bet-records.js';
import { createOtherBrand } from './brands.js';
import type { Merchant } from '../modules/merchants/repo.js';
import { setVendorConnection } from '../modules/vendors/connections.js';
import { openGameSession } from '../modules/vendors/game-sessions.js';
import { signVendorBody } from '../modules/vendors/signature.js';
import {
  checkInvariants,
  getAccountBalance,
  houseAccount,
  memberAccount,
  postTransfer,
} from '../modules/wallet/ledger.js';
import { registeredMember } from './funded-member.js';
import type { TestServer } from './server.js';
import type { ConformanceTarget, Elsewhere, Tamper, WalletCall } from './wallet-conformance.js';

/** A key of the right kind that is not the vendor's. */
const wrongKey = (algorithm: VendorSignatureAlgorithm): string => {
  if (algorithm === 'HMAC-SHA256') return 'another-secret-of-at-least-32-characters!';
  const { privateKey } =
    algorithm === 'ED25519'
      ? generateKeyPairSync('ed25519')
      : generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
};

/** A vendor's wallet client as the kit drives it: signs with its own key, over HTTP to the real server. */
type Setup = { server: () => TestServer; merchant: () => Merchant; sessionSecret: string; captcha: string };

export const vendorTarget = (
  setup: Setup,
  options: {
    vendorCode: string;
    /**
     * The game the kit's rounds are played in. The kit stakes single units, below any table's minimum:
     * a game the catalogue does not list, whose rounds meet no limits (issue 19).
     */
    gameId: string;
    algorithm: VendorSignatureAlgorithm;
    /** What the vendor signs with: the HMAC secret or its private key. */
    signingKey: string;
    /** What the platform holds: the same secret or the public key. */
    platformKey: string;
    /** The vendor's endpoint in the brand's connection (where its games are launched). */
    endpoint?: string;
    /**
     * The vendor's own signing code (its wallet client), when it has one: the request as it sends it,
     * for a timestamp (seconds), a key and the brand's wallet base URL (…/gw/wallet/{brand}/{vendor}).
     * Without it the kit signs with the platform's signature module.
     */
    sign?: (
      action: WalletCall,
      body: string,
      timestamp: number,
      key: string,
      walletUrl: string,
    ) => { headers: Record<string, string>; body: string };
    /**
     * How the signed call travels, when not straight to the platform: the awkward vendor's relay
     * (scripts/dev-vendor.mjs) sends each one three times. Answers the answer the vendor acts on.
     */
    send?: (
      url: string,
      request: { headers: Record<string, string>; body: string },
    ) => Promise<{ status: number; body: Record<string, unknown> }>;
  },
): (() => ConformanceTarget) => {
  const server = () => setup.server();
  const demo = () => setup.merchant();
  const SESSION_SECRET = setup.sessionSecret;
  const CAPTCHA = setup.captcha;
  let target: ConformanceTarget | undefined;
  let configured: Promise<void> | undefined;
  /** Another brand, and another vendor of this brand, connected with the very same key (issue 19). */
  const twin = { brand: `R${options.vendorCode.slice(0, 12)}`, vendor: `${options.vendorCode}_TWIN` };
  const configure = async () => {
    const connect = (merchantId: number, vendorCode: string) =>
      setVendorConnection(server().db, SESSION_SECRET, {
        merchantId,
        vendorCode,
        endpoint: options.endpoint ?? 'http://127.0.0.1:9/',
        algorithm: options.algorithm,
        key: options.platformKey,
        timeoutMs: 2000,
      });
    await connect(demo().id, options.vendorCode);
    await connect(demo().id, twin.vendor);
    const other =
      (
        await server()
          .db.selectFrom('merchant')
          .select('id')
          .where('code', '=', twin.brand)
          .executeTakeFirst()
      )?.id ?? (await createOtherBrand(server().db, { code: twin.brand, currency: demo().currency }));
    await connect(other, options.vendorCode);
  };
  /** The call signed as the vendor signs it for `action` of DEMO and this vendor. */
  const signed = (action: WalletCall, body: Record<string, unknown>, tamper?: Tamper) => {
    const json = JSON.stringify(body);
    const now = Math.floor(Date.now() / 1000);
    const timestamp = tamper === 'stale-timestamp' ? now - 3600 : now;
    const key = tamper === 'wrong-key' ? wrongKey(options.algorithm) : options.signingKey;
    const path = `/gw/wallet/DEMO/${options.vendorCode}/${action}`;
    const walletUrl = `${server().url}/gw/wallet/DEMO/${options.vendorCode}`;
    return options.sign
      ? options.sign(action, json, timestamp, key, walletUrl)
      : {
          body: json,
          headers: {
            'content-type': 'application/json',
            [VENDOR_TIMESTAMP_HEADER]: String(timestamp),
            [VENDOR_SIGNATURE_HEADER]: signVendorBody(
              options.algorithm,
              key,
              String(timestamp),
              Buffer.from(json),
              { method: 'POST', path },
            ),
          },
        };
  };
  const send = async (path: string, request: { headers: Record<string, string>; body: string }) => {
    if (options.send) return options.send(`${server().url}${path}`, request);
    const response = await server().fetch(path, { method: 'POST', ...request });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /** The member's login (registering logged them in): the game sessions the kit opens belong to it. */
  const loginOf = async (memberId: number) => {
    const login = await server()
      .db.selectFrom('member_session')
      .select(['id', 'ip'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { loginSessionId: login.id, ip: login.ip };
  };
  const call = async (action: WalletCall, body: Record<string, unknown>, tamper?: Tamper) => {
    await (configured ??= configure());
    const request = signed(action, body, tamper);
    const headers = { ...request.headers };
    if (tamper === 'no-signature') delete headers[VENDOR_SIGNATURE_HEADER];
    const sent = tamper === 'body-byte' ? request.body.replace('"amount":', '"amount": ') : request.body;
    return send(`/gw/wallet/DEMO/${options.vendorCode}/${action}`, { headers, body: sent });
  };
  const replay = async (action: WalletCall, body: Record<string, unknown>, elsewhere: Elsewhere) => {
    await (configured ??= configure());
    const brand = elsewhere.brand ? twin.brand : 'DEMO';
    const vendor = elsewhere.vendor ? twin.vendor : options.vendorCode;
    return send(`/gw/wallet/${brand}/${vendor}/${elsewhere.action ?? action}`, signed(action, body));
  };
  const make = (): ConformanceTarget => ({
    call,
    replay,
    currency: demo().currency,
    gameId: options.gameId,
    newPlayer: async (funds) => {
      const { memberId } = await registeredMember(server(), { prefix: 'seam', captcha: CAPTCHA });
      if (funds > 0) {
        await postTransfer(server().db, {
          merchantId: demo().id,
          idempotencyKey: `seamless-funding:${memberId}`,
          kind: 'DEPOSIT',
          debitAccountId: await houseAccount(server().db, demo().id, 'CASH'),
          creditAccountId: await memberAccount(server().db, demo().id, memberId, 'MAIN'),
          amount: funds,
        });
      }
      const { launchCode } = await openGameSession(server().db, SESSION_SECRET, {
        merchantId: demo().id,
        memberId,
        vendorCode: options.vendorCode,
        gameId: options.gameId,
        ...(await loginOf(memberId)),
      });
      return { memberId, launchCode };
    },
    expiredLaunch: async (memberId) => {
      const { launchCode } = await openGameSession(
        server().db,
        SESSION_SECRET,
        {
          merchantId: demo().id,
          memberId,
          vendorCode: options.vendorCode,
          gameId: options.gameId,
          ...(await loginOf(memberId)),
        },
        new Date(Date.now() - 13 * 3_600_000 + 60_000),
      );
      // The launch code of a session opened 13 hours ago is long expired: move its window to now.
      await server()
        .db.updateTable('game_session')
        .set({ launch_expires_at: new Date(Date.now() + 60_000).toISOString() })
        .where('member_id', '=', memberId)
        .where('launch_code_hash', 'is not', null)
        .execute();
      return launchCode;
    },
    blockMember: async (memberId) => {
      await server().db.updateTable('member').set({ status: 'BLOCKED' }).where('id', '=', memberId).execute();
    },
    mainBalance: async (memberId) =>
      getAccountBalance(server().db, await memberAccount(server().db, demo().id, memberId, 'MAIN')),
    ledger: async () => ({
      float: await getAccountBalance(server().db, await houseAccount(server().db, demo().id, 'VENDOR_FLOAT')),
      ok: (await checkInvariants(server().db)).ok,
    }),
    record: async (roundId) =>
      findBetRecord(server().db, { merchantId: demo().id, vendorCode: options.vendorCode, roundId }),
  });
  return () => (target ??= make());
};

/**
 * One wallet call of brand DEMO's `vendorCode`, signed with the HMAC secret `key` as the vendor signs
 * it, over HTTP to the real server: its HTTP status and answer.
 */
export const signedWalletCall = async (
  server: TestServer,
  vendorCode: string,
  key: string,
  action: string,
  body: Record<string, unknown>,
) => {
  const json = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const path = `/gw/wallet/DEMO/${vendorCode}/${action}`;
  const response = await server.fetch(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [VENDOR_TIMESTAMP_HEADER]: timestamp,
      [VENDOR_SIGNATURE_HEADER]: signVendorBody('HMAC-SHA256', key, timestamp, Buffer.from(json), {
        method: 'POST',
        path,
      }),
    },
    body: json,
  });
  return { status: response.status, body: (await response.json()) as { status: string; balance: number } };
};
