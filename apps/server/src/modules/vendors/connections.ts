import { createPublicKey } from 'node:crypto';
import { VENDOR_SIGNATURE_ALGORITHMS, type VendorSignatureAlgorithm } from '@jade/contracts/vendor-wallet';
import { openSetting, sealSetting } from '../../platform/crypto.js';
import { cacheScopeOf, type DbOrTrx } from '../../platform/db/index.js';
import { createReadCache } from '../../platform/db/read-cache.js';
import { AppError } from '../../platform/errors.js';

/**
 * How a brand talks to one vendor (`npm run jade -- vendor set ...`): the vendor's endpoint (launch,
 * and a transfer wallet's API), the algorithm its wallet calls are signed with and the key, sealed
 * under the server secret like a payment channel's (platform/crypto).
 */
export type VendorConnection = {
  merchantId: number;
  vendorCode: string;
  endpoint: string;
  algorithm: VendorSignatureAlgorithm;
  /** The HMAC secret, or the vendor's public key (PEM). */
  key: string;
  timeoutMs: number;
};

const keyPurpose = (merchantId: number, vendorCode: string) => `vendor-key:${merchantId}:${vendorCode}`;

const isAlgorithm = (value: string): value is VendorSignatureAlgorithm =>
  (VENDOR_SIGNATURE_ALGORITHMS as readonly string[]).includes(value);

const connections = createReadCache<VendorConnection>();

/** The brand's connection to the vendor, its key opened; undefined when none is configured. */
export const findVendorConnection = async (
  db: DbOrTrx,
  serverSecret: string,
  merchantId: number,
  vendorCode: string,
): Promise<VendorConnection | undefined> =>
  connections(cacheScopeOf(db), `${merchantId}:${vendorCode}`, async () => {
    const row = await db
      .selectFrom('vendor_connection')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('vendor_code', '=', vendorCode)
      .executeTakeFirst();
    if (!row || !isAlgorithm(row.signature_algorithm)) return undefined;
    return {
      merchantId,
      vendorCode,
      endpoint: row.endpoint,
      algorithm: row.signature_algorithm,
      key: openSetting(serverSecret, keyPurpose(merchantId, vendorCode), row.key_sealed),
      timeoutMs: row.timeout_ms,
    };
  });

/** Sets (or replaces) a brand's connection to a vendor; the key is checked for its algorithm, then sealed. */
export const setVendorConnection = async (
  db: DbOrTrx,
  serverSecret: string,
  input: Omit<VendorConnection, 'key'> & { key: string },
  now = new Date(),
) => {
  if (!/^https?:\/\/[^\s]+$/.test(input.endpoint)) {
    throw new AppError('BAD_REQUEST', 'The endpoint is an http(s) URL');
  }
  if (!Number.isInteger(input.timeoutMs) || input.timeoutMs < 100 || input.timeoutMs > 60_000) {
    throw new AppError('BAD_REQUEST', 'The timeout is a whole number of milliseconds from 100 to 60000');
  }
  if (input.algorithm === 'HMAC-SHA256') {
    if (input.key.length < 32) throw new AppError('BAD_REQUEST', 'An HMAC secret has at least 32 characters');
  } else {
    let type: string | undefined;
    try {
      type = createPublicKey(input.key).asymmetricKeyType;
    } catch {
      throw new AppError('BAD_REQUEST', `${input.algorithm} needs the vendor's public key in PEM`);
    }
    if (type !== (input.algorithm === 'ED25519' ? 'ed25519' : 'rsa')) {
      throw new AppError('BAD_REQUEST', `The key is not an ${input.algorithm} public key`);
    }
  }
  const row = {
    endpoint: input.endpoint.replace(/\/+$/, ''),
    signature_algorithm: input.algorithm,
    key_sealed: sealSetting(serverSecret, keyPurpose(input.merchantId, input.vendorCode), input.key),
    timeout_ms: input.timeoutMs,
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('vendor_connection')
    .values({ merchant_id: input.merchantId, vendor_code: input.vendorCode, ...row })
    .onConflict((oc) => oc.columns(['merchant_id', 'vendor_code']).doUpdateSet(row))
    .execute();
};

/**
 * The vendors the brand has a signed connection to, with an algorithm the platform can check (the
 * same test findVendorConnection makes): what a seamless vendor needs before its games can open.
 */
export const listConnectedVendorCodes = async (db: DbOrTrx, merchantId: number): Promise<Set<string>> =>
  new Set(
    (
      await db
        .selectFrom('vendor_connection')
        .select(['vendor_code', 'signature_algorithm'])
        .where('merchant_id', '=', merchantId)
        .execute()
    )
      .filter((row) => isAlgorithm(row.signature_algorithm))
      .map((row) => row.vendor_code),
  );

/** The brand's connections as an operator sees them: never the key. */
export const listVendorConnections = async (db: DbOrTrx, merchantId: number) =>
  (
    await db
      .selectFrom('vendor_connection')
      .select(['vendor_code', 'endpoint', 'signature_algorithm', 'timeout_ms', 'updated_at'])
      .where('merchant_id', '=', merchantId)
      .orderBy('vendor_code')
      .execute()
  ).map((row) => ({
    vendorCode: row.vendor_code,
    endpoint: row.endpoint,
    algorithm: row.signature_algorithm,
    timeoutMs: row.timeout_ms,
    updatedAt: row.updated_at,
  }));

const originsMemo = createReadCache<string[]>();

/** Every configured vendor endpoint's origin, when it is plain http (https ones are allowed as a class). */
const loadVendorOrigins = async (db: DbOrTrx) => {
  // Seamless vendors' endpoints, and transfer-wallet vendors' APIs (their game pages come from there).
  const rows = [
    ...(await db.selectFrom('vendor_connection').select('endpoint').distinct().execute()),
    ...(await db.selectFrom('vendor_wallet_api').select('base_url as endpoint').distinct().execute()),
  ];
  return [
    ...new Set(
      rows.flatMap((row) => {
        try {
          const url = new URL(row.endpoint);
          return url.protocol === 'http:' ? [url.origin] : [];
        } catch {
          return [];
        }
      }),
    ),
  ];
};

/**
 * The plain-http vendor origins the /game frame may show (its Content-Security-Policy), asked on
 * every answer: from the read memo (decision 0055), which reads them again only after the vendors'
 * tables changed, whichever process changed them (the change bus on PostgreSQL, the file's version on
 * SQLite). An idle server reads nothing; they were re-read every 10 s before (decision 0066). A read
 * that fails answers the last origins read, so an answer that needs no database still goes out.
 */
export const vendorFrameOrigins = (db: DbOrTrx) => {
  let last: string[] = [];
  return async () => {
    try {
      last = (await originsMemo(cacheScopeOf(db), 'origins', () => loadVendorOrigins(db))) ?? [];
    } catch {
      // The database is away: the origins read before stand.
    }
    return last;
  };
};
