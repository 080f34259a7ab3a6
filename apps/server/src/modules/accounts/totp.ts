import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

const base32Decode = (text: string) => {
  const clean = text.replace(/=+$/, '').replace(/\s/g, '').toUpperCase();
  let bits = '';
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error('not base32');
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
};

/** RFC 6238 code (SHA-1, 6 digits, 30 s step) for the step holding `now`. */
export const totpCode = (secretBase32: string, now: Date, stepOffset = 0) => {
  const counter = Math.floor(now.getTime() / 30_000) + stepOffset;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(secretBase32)).update(message).digest();
  const offset = (digest[digest.length - 1] as number) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
};

/** Accepts the current step and one on either side, for clock drift. */
export const verifyTotp = (secretBase32: string, code: string, now: Date) =>
  /^\d{6}$/.test(code) && [-1, 0, 1].some((offset) => totpCode(secretBase32, now, offset) === code);
