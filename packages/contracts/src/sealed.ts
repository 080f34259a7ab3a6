import { z } from 'zod';

/**
 * Hybrid encryption of the payloads §6 marks as encrypted (ARCHITECTURE.md, wire format): the JSON
 * body is sealed with a fresh AES-256-GCM key, which is wrapped with the server's RSA-OAEP (SHA-256)
 * public key. The sealed plaintext carries a timestamp and a nonce, which the server checks against
 * replay. Uses WebCrypto, so the browser and Node share this code.
 */
export const sealedPayload = z.object({
  /** base64 RSA-OAEP-SHA256 wrapped AES key */
  key: z.string().min(1).max(1024),
  /** base64 12-byte GCM IV */
  iv: z.string().min(1).max(64),
  /** base64 ciphertext with the 16-byte GCM tag appended */
  data: z.string().min(1).max(1_400_000),
});
export type SealedPayload = z.infer<typeof sealedPayload>;

export const sealedInner = z.object({
  ts: z.number().int(),
  nonce: z.string().min(16).max(64),
  payload: z.unknown(),
});

export const publicKeyResponse = z.object({
  algorithm: z.literal('RSA-OAEP-256+A256GCM'),
  keyId: z.string(),
  /** base64 DER SubjectPublicKeyInfo */
  publicKey: z.string(),
});
export type PublicKeyResponse = z.infer<typeof publicKeyResponse>;

/** How far a sealed payload's timestamp may be from the server clock. */
export const SEALED_MAX_AGE_MS = 5 * 60 * 1000;

const toBase64 = (bytes: Uint8Array) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export const importSealingKey = (publicKeyBase64: string) =>
  crypto.subtle.importKey('spki', fromBase64(publicKeyBase64), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);

/** Seals `payload` for the server holding the private half of `publicKey`. */
export const sealPayload = async (
  publicKey: CryptoKey,
  payload: unknown,
  now: number = Date.now(),
): Promise<SealedPayload> => {
  const aesKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const nonce = toBase64(crypto.getRandomValues(new Uint8Array(18)));
  const plaintext = new TextEncoder().encode(JSON.stringify({ ts: now, nonce, payload }));
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aesKey, plaintext));
  const rawKey = new Uint8Array(await crypto.subtle.exportKey('raw', aesKey));
  const wrapped = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, rawKey));
  return { key: toBase64(wrapped), iv: toBase64(iv), data: toBase64(data) };
};
