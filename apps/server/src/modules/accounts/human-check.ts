import { createRequire } from 'node:module';
import type { DbOrTrx } from '../../platform/db/index.js';
import { keyedHash, randomToken, safeEqual } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { hitInterval, hitRateLimit } from '../../platform/rate-limit.js';
import type { Secrets } from '../../platform/secrets.js';
import type { AuthSettings } from './settings.js';

type SvgCaptcha = ((text: string, options: Record<string, unknown>) => string) & {
  create: (options: Record<string, unknown>) => { text: string; data: string };
};
const svgCaptcha = createRequire(import.meta.url)('svg-captcha') as SvgCaptcha;

const CAPTCHA_TTL_SECONDS = 120;
const answerHash = (secrets: Secrets, id: string, answer: string) =>
  keyedHash(secrets.sessionSecret, `captcha:${id}`, answer.trim().toLowerCase());

/**
 * Draws a captcha: glyphs are SVG paths with noise lines, so the answer is not in the markup.
 * §9: a client may refresh at most once per second.
 */
export const createCaptcha = async (
  db: DbOrTrx,
  secrets: Secrets,
  input: { merchantId: number; ip: string; settings: AuthSettings; text?: string | undefined },
  now = new Date(),
) => {
  const perSecond = await hitInterval(db, `captcha-refresh:${input.merchantId}:${input.ip}`, 1000, now);
  const perWindow = await hitRateLimit(
    db,
    `captcha:${input.merchantId}:${input.ip}`,
    input.settings.rateLimits.captchaPerIp.count,
    input.settings.rateLimits.captchaPerIp.windowSeconds,
    now,
  );
  if (!perSecond.allowed || !perWindow.allowed) {
    const retryAfterSeconds = perWindow.allowed ? 1 : perWindow.retryAfterSeconds;
    throw new AppError('RATE_LIMITED', 'A new captcha can be drawn once per second', {
      details: { retryAfterSeconds },
    });
  }
  const options = { noise: 3, color: true, background: '#f4f7f5', width: 120, height: 44 };
  const { text, data } = input.text
    ? { text: input.text, data: svgCaptcha(input.text, options) }
    : svgCaptcha.create({ ...options, size: 4, ignoreChars: '0oO1iIlL' });
  const id = randomToken(18);
  await db
    .insertInto('captcha')
    .values({
      id,
      merchant_id: input.merchantId,
      answer_hash: answerHash(secrets, id, text),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000).toISOString(),
      used_at: null,
    })
    .execute();
  return {
    captchaId: id,
    image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
    expiresInSeconds: CAPTCHA_TTL_SECONDS,
  };
};

/** Uses a captcha once: whatever the answer, the same captcha never passes twice. */
const checkBuiltInCaptcha = async (
  db: DbOrTrx,
  secrets: Secrets,
  merchantId: number,
  captchaId: string | undefined,
  answer: string | undefined,
  now: Date,
) => {
  if (!captchaId || !answer) return false;
  const at = now.toISOString();
  const row = await db
    .updateTable('captcha')
    .set({ used_at: at })
    .where('id', '=', captchaId)
    .where('merchant_id', '=', merchantId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('answer_hash')
    .executeTakeFirst();
  return row !== undefined && safeEqual(row.answer_hash, answerHash(secrets, captchaId, answer));
};

/** A third-party verifier: POST {token, ip}, answers {"success": true} for a person. */
const checkHttpVerifier = async (url: string, token: string | undefined, ip: string) => {
  if (!token) return false;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, ip }),
      signal: AbortSignal.timeout(5000),
    });
    const body = (await response.json()) as { success?: unknown };
    return response.ok && body.success === true;
  } catch {
    return false;
  }
};

export type HumanCheckInput = { captchaId?: string | undefined; captcha?: string | undefined; ip: string };

/** The brand's human-check provider: the built-in image captcha, or a configured third-party verifier. */
export const passesHumanCheck = async (
  db: DbOrTrx,
  secrets: Secrets,
  merchantId: number,
  settings: AuthSettings,
  input: HumanCheckInput,
  now = new Date(),
) => {
  if (settings.humanCheck.provider === 'http' && settings.humanCheck.verifyUrl) {
    return checkHttpVerifier(settings.humanCheck.verifyUrl, input.captcha, input.ip);
  }
  return checkBuiltInCaptcha(db, secrets, merchantId, input.captchaId, input.captcha, now);
};

export const requireHumanCheck = async (...args: Parameters<typeof passesHumanCheck>) => {
  if (!(await passesHumanCheck(...args))) {
    throw new AppError('CAPTCHA_INVALID', 'Incorrect confirmation input', { details: { captcha: true } });
  }
};
