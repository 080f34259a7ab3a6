import { createDecipheriv, createHash, createPublicKey, constants, privateDecrypt } from 'node:crypto';
import {
  SEALED_MAX_AGE_MS,
  sealedInner,
  sealedPayload,
  type PublicKeyResponse,
} from '@jade/contracts/sealed';
import type { DbOrTrx } from './db/index.js';
import { AppError } from './errors.js';
import type { Secrets } from './secrets.js';

export const publicKeyInfo = (secrets: Secrets): PublicKeyResponse => {
  const der = createPublicKey(secrets.payloadPublicKeyPem).export({ type: 'spki', format: 'der' });
  return {
    algorithm: 'RSA-OAEP-256+A256GCM',
    keyId: createHash('sha256').update(der).digest('hex').slice(0, 16),
    publicKey: der.toString('base64'),
  };
};

/**
 * Opens a sealed body (see @jade/contracts/sealed): unwraps the AES key, decrypts, then refuses a
 * timestamp more than 5 minutes off and a nonce already seen. Returns the inner payload, unparsed.
 */
export const openSealed = async (db: DbOrTrx, secrets: Secrets, body: unknown, now = Date.now()) => {
  const sealed = sealedPayload.safeParse(body);
  if (!sealed.success) {
    throw new AppError(
      'SEALED_PAYLOAD_REQUIRED',
      'This call accepts only an encrypted payload {key, iv, data}',
    );
  }
  let inner: unknown;
  try {
    const aesKey = privateDecrypt(
      { key: secrets.payloadPrivateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(sealed.data.key, 'base64'),
    );
    const iv = Buffer.from(sealed.data.iv, 'base64');
    const data = Buffer.from(sealed.data.data, 'base64');
    if (aesKey.length !== 32 || iv.length !== 12 || data.length < 17) throw new Error('bad sizes');
    const decipher = createDecipheriv('aes-256-gcm', aesKey, iv);
    decipher.setAuthTag(data.subarray(data.length - 16));
    const plaintext = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
    inner = JSON.parse(plaintext.toString('utf8'));
  } catch {
    throw new AppError('SEALED_PAYLOAD_INVALID', 'The encrypted payload could not be opened');
  }
  const parsed = sealedInner.safeParse(inner);
  if (!parsed.success) throw new AppError('SEALED_PAYLOAD_INVALID', 'The encrypted payload is malformed');
  if (Math.abs(now - parsed.data.ts) > SEALED_MAX_AGE_MS) {
    throw new AppError(
      'SEALED_PAYLOAD_STALE',
      'The encrypted payload is too old or from the future; check the clock',
    );
  }
  const inserted = await db
    .insertInto('payload_nonce')
    .values({ nonce: parsed.data.nonce, expires_at: new Date(now + 2 * SEALED_MAX_AGE_MS).toISOString() })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    throw new AppError('SEALED_PAYLOAD_REPLAYED', 'This encrypted payload was already used');
  }
  return parsed.data.payload;
};
