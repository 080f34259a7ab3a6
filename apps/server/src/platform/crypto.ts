import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

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

const SEALED_PREFIX = 'sealed.v1.';
const sealingKey = (serverSecret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', serverSecret, 'jade-sealed-setting', purpose, 32));

/**
 * Seals a secret setting (a payment gateway's signing key) for storage in the database: AES-256-GCM
 * under a key derived from the server secret for this purpose only, so a copy of the database alone
 * does not reveal it. The purpose is bound into the key: a value sealed for one channel does not open
 * for another.
 */
export const sealSetting = (serverSecret: string, purpose: string, plaintext: string) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(serverSecret, purpose), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${SEALED_PREFIX}${Buffer.concat([iv, data]).toString('base64url')}`;
};

/** Opens a value of sealSetting; throws when it was sealed under another server secret or purpose. */
export const openSetting = (serverSecret: string, purpose: string, sealed: string) => {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('not a sealed setting');
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  if (raw.length < 12 + 16) throw new Error('sealed setting too short');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(serverSecret, purpose), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString(
    'utf8',
  );
};
