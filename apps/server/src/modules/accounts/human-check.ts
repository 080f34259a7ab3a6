import type { DbOrTrx } from '../../platform/db/index.js';
import { keyedHash, randomToken, safeEqual } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { hitInterval, hitRateLimit } from '../../platform/rate-limit.js';
import type { Secrets } from '../../platform/secrets.js';
import { drawCaptcha, randomCaptchaText } from './captcha-drawing.js';
import type { AuthSettings } from './settings.js';

const CAPTCHA_TTL_SECONDS = 120;
const answerHash = (secrets: Secrets, id: string, answer: string) =>
  keyedHash(secrets.sessionSecret, `captcha:${id}`, answer.trim().toLowerCase());

/**
 * Draws a captcha (captcha-drawing.ts): glyphs are SVG paths drawn differently every time, with
 * noise crossing them, so the answer is neither in the markup nor in the shape of its paths.
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
  const text = input.text ?? randomCaptchaText();
  const data = drawCaptcha(text);
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

export type HumanCheckInput = {
  captchaId?: string | undefined;
  captcha?: string | undefined;
  /** A hosted check's token (humanCheckToken): the http provider reads it, never the captcha field. */
  token?: string | undefined;
  ip: string;
};

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
    // A client with no hosted widget yet (today's web forms) still sends what was typed as `captcha`:
    // passed on as before until the forms send humanCheckToken (issue 19 item 19).
    return checkHttpVerifier(settings.humanCheck.verifyUrl, input.token ?? input.captcha, input.ip);
  }
  return checkBuiltInCaptcha(db, secrets, merchantId, input.captchaId, input.captcha, now);
};

export const requireHumanCheck = async (...args: Parameters<typeof passesHumanCheck>) => {
  if (!(await passesHumanCheck(...args))) {
    throw new AppError('CAPTCHA_INVALID', 'Incorrect confirmation input', { details: { captcha: true } });
  }
};
