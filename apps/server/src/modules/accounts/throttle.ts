import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { normalizeIp } from '../../platform/geoip.js';
import type { Secrets } from '../../platform/secrets.js';
import { bearerToken } from './guard.js';
import { limitOrThrow } from './service.js';
import { authenticate } from './sessions.js';
import { getAuthSettings, type AuthSettings } from './settings.js';

type Rule = AuthSettings['rateLimits']['affiliatePerIp'];

/**
 * Throttles an endpoint anyone may call, per address and, when the caller sends a valid member
 * token, per member too (issue 9, item 13: affiliate lookups, feedback).
 */
export const throttleCaller = async (
  deps: { db: Db; secrets: Secrets },
  request: FastifyRequest,
  merchantId: number,
  name: string,
  pick: (limits: AuthSettings['rateLimits']) => { perIp: Rule; perMember: Rule },
) => {
  const settings = await getAuthSettings(deps.db, merchantId);
  const rules = pick(settings.rateLimits);
  const now = new Date();
  await limitOrThrow(deps.db, `${name}-ip:${merchantId}:${normalizeIp(request.ip)}`, rules.perIp, now);
  const token = bearerToken(request);
  if (!token) return;
  let memberId: number;
  try {
    memberId = (await authenticate(deps.db, deps.secrets, merchantId, token, async () => settings)).member.id;
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return;
    throw error;
  }
  await limitOrThrow(deps.db, `${name}-member:${memberId}`, rules.perMember, now);
};
