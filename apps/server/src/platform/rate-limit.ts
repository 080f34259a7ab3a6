import { sql } from 'kysely';
import type { DbOrTrx } from './db/index.js';

export type RateLimitResult = { allowed: boolean; hits: number; retryAfterSeconds: number };

/**
 * Fixed-window counter kept in the database, so every server instance shares it (ARCHITECTURE.md,
 * scaling out). One atomic upsert per hit.
 */
export const hitRateLimit = async (
  db: DbOrTrx,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date = new Date(),
): Promise<RateLimitResult> => {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const windowStart = new Date(start).toISOString();
  const row = await db
    .insertInto('rate_limit')
    .values({ key, window_start: windowStart, hits: 1, expires_at: new Date(start + windowMs).toISOString() })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return {
    allowed: row.hits <= limit,
    hits: row.hits,
    retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)),
  };
};

/**
 * "At most once per interval" (§9: SMS once per 1000 ms, captcha refresh once a second), measured
 * from the last allowed hit, not by clock windows: two hits 5 ms apart across a second boundary are
 * still one too many. One atomic upsert: the row's `expires_at` is the moment the next hit is
 * allowed, and it only moves when that moment has passed.
 */
export const hitInterval = async (
  db: DbOrTrx,
  key: string,
  intervalMs: number,
  now: Date = new Date(),
): Promise<RateLimitResult> => {
  const at = now.toISOString();
  const allowedAgain = new Date(now.getTime() + intervalMs).toISOString();
  const row = await db
    .insertInto('rate_limit')
    .values({ key, window_start: 'interval', hits: 1, expires_at: allowedAgain })
    .onConflict((oc) =>
      oc
        .columns(['key', 'window_start'])
        .doUpdateSet({ hits: sql`rate_limit.hits + 1`, expires_at: allowedAgain })
        .where('rate_limit.expires_at', '<=', at),
    )
    .returning('hits')
    .executeTakeFirst();
  return {
    allowed: row !== undefined,
    hits: row?.hits ?? 0,
    retryAfterSeconds: Math.ceil(intervalMs / 1000),
  };
};

export const resetRateLimit = async (db: DbOrTrx, key: string) => {
  await db.deleteFrom('rate_limit').where('key', '=', key).execute();
};

export const pruneRateLimits = async (db: DbOrTrx, now: Date = new Date()) => {
  await db.deleteFrom('rate_limit').where('expires_at', '<', now.toISOString()).execute();
};
