import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque random token: 256 bits, base64url. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** A numeric code of `digits` digits, uniformly random. */
export const randomDigits = (digits: number) =>
  Array.from({ length: digits }, () => String(randomInt(10))).join('');

/**
 * Keyed hash for secrets that are stored only as a hash (session tokens, one-time codes, captcha
 * answers): high-entropy or short-lived values, so HMAC-SHA256 with the server secret is enough;
 * passwords use argon2id instead (passwords.ts).
 */
export const keyedHash = (secret: string, purpose: string, value: string) =>
  createHmac('sha256', secret).update(`${purpose}\u0000${value}`).digest('hex');

export const safeEqual = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
