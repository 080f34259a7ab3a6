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

/** Reads a counter without counting. */
export const peekRateLimit = async (
  db: DbOrTrx,
  key: string,
  windowSeconds: number,
  now: Date = new Date(),
) => {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs).toISOString();
  const row = await db
    .selectFrom('rate_limit')
    .select('hits')
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  return row?.hits ?? 0;
};

export const resetRateLimit = async (db: DbOrTrx, key: string) => {
  await db.deleteFrom('rate_limit').where('key', '=', key).execute();
};

export const pruneRateLimits = async (db: DbOrTrx, now: Date = new Date()) => {
  await db.deleteFrom('rate_limit').where('expires_at', '<', now.toISOString()).execute();
};
