import { createHmac, createPrivateKey, createPublicKey, sign, timingSafeEqual, verify } from 'node:crypto';
import {
  signedBytes,
  VENDOR_TIMESTAMP_WINDOW_SECONDS,
  type VendorSignatureAlgorithm,
} from '@jade/contracts/vendor-wallet';

/**
 * Signatures of the seamless-wallet protocol (decisions 0016, 0023): over the timestamp, the method,
 * the call's path (brand, vendor, action) and the raw body bytes, HMAC-SHA256 with a shared secret, or
 * Ed25519 / RSA-SHA256 with the vendor's key pair (the platform holds the public key). A signature is
 * base64url.
 */

/** The request line a signature is bound to: a body signed for one action, brand or vendor is good for no other. */
export type SignedCall = { method: string; path: string };

/** Why a signed call is not trusted; no detail goes back to the caller beyond INVALID_SIGNATURE. */
export type SignatureProblem = 'MISSING_HEADER' | 'STALE_TIMESTAMP' | 'BAD_SIGNATURE';

/** Signs a body as a vendor does: the key is the HMAC secret or the vendor's private key (PEM). */
export const signVendorBody = (
  algorithm: VendorSignatureAlgorithm,
  key: string,
  timestamp: string,
  rawBody: Uint8Array,
  call: SignedCall,
): string => {
  const bytes = signedBytes({ timestamp, ...call }, rawBody);
  if (algorithm === 'HMAC-SHA256') return createHmac('sha256', key).update(bytes).digest('base64url');
  const privateKey = createPrivateKey(key);
  return sign(algorithm === 'ED25519' ? null : 'sha256', bytes, privateKey).toString('base64url');
};

/** Keys parsed once: a PEM parse per call would cost more than the signature check itself. */
const publicKeys = new Map<string, ReturnType<typeof createPublicKey>>();
const publicKeyOf = (pem: string) => {
  let key = publicKeys.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    if (publicKeys.size < 1000) publicKeys.set(pem, key);
  }
  return key;
};

/**
 * Checks a vendor's call: both headers present, the timestamp (seconds since the epoch) within the
 * window of the platform's clock, and the signature right for this method and path and the exact bytes
 * received (compared in constant time for HMAC). Undefined: trusted.
 */
export const checkVendorSignature = (
  algorithm: VendorSignatureAlgorithm,
  key: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: Uint8Array,
  call: SignedCall,
  now = Date.now(),
): SignatureProblem | undefined => {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature) return 'MISSING_HEADER';
  if (!/^\d{1,12}$/.test(timestamp)) return 'STALE_TIMESTAMP';
  if (Math.abs(now / 1000 - Number(timestamp)) > VENDOR_TIMESTAMP_WINDOW_SECONDS) return 'STALE_TIMESTAMP';
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(signature)) return 'BAD_SIGNATURE';
  const given = Buffer.from(signature, 'base64url');
  const bytes = signedBytes({ timestamp, ...call }, rawBody);
  if (algorithm === 'HMAC-SHA256') {
    const expected = createHmac('sha256', key).update(bytes).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? undefined : 'BAD_SIGNATURE';
  }
  try {
    const ok = verify(algorithm === 'ED25519' ? null : 'sha256', bytes, publicKeyOf(key), given);
    return ok ? undefined : 'BAD_SIGNATURE';
  } catch {
    return 'BAD_SIGNATURE';
  }
};
