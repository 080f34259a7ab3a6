import type { z } from 'zod';
import type { DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { openSealed } from '../../platform/sealed.js';
import type { Secrets } from '../../platform/secrets.js';
import { limitOrThrow } from './service.js';
import { getAuthSettings } from './settings.js';

/**
 * §6 encrypted calls: open the sealed body, then hold the inner payload to the call's schema.
 * Limited per address before the RSA work and before the nonce is stored: refused calls write nothing.
 */
export const openSealedBody = async <T extends z.ZodType>(
  db: DbOrTrx,
  secrets: Secrets,
  caller: { merchantId: number; ip: string },
  body: unknown,
  schema: T,
): Promise<z.infer<T>> => {
  const settings = await getAuthSettings(db, caller.merchantId);
  await limitOrThrow(
    db,
    `sealed:${caller.merchantId}:${caller.ip}`,
    settings.rateLimits.sealedPerIp,
    new Date(),
  );
  const parsed = schema.safeParse(await openSealed(db, secrets, body));
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (fields[issue.path.join('.') || 'body'] ??= []).push(issue.message);
    throw new AppError('VALIDATION_FAILED', `Invalid fields: ${Object.keys(fields).join(', ')}`, { fields });
  }
  return parsed.data;
};
