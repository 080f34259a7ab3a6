import { sql } from 'kysely';
import type { DbOrTrx } from './db/index.js';

export type RateLimitResult = { allowed: boolean; hits: number; retryAfterSeconds: number };

/**
 * At most `limit` hits in any `windowSeconds`, counted in the database so every server instance shares
 * it (ARCHITECTURE.md, scaling out). A sliding window, weighted over two fixed windows (decision 0080):
 * this window's hits plus the previous window's times the share of it still inside the last
 * `windowSeconds`. A fixed window alone let a burst straddling its turn through twice (20 a minute
 * became 40 in a second). Every hit counts, refused ones too, as before. One statement: the atomic
 * upsert of this window's row answers the previous window's hits beside its own.
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
  const previousStart = new Date(start - windowMs).toISOString();
  const row = await db
    .insertInto('rate_limit')
    // The row is read as the previous window throughout the next one: it expires after both.
    .values({
      key,
      window_start: new Date(start).toISOString(),
      hits: 1,
      expires_at: new Date(start + 2 * windowMs).toISOString(),
    })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit.hits + 1` }))
    .returning([
      'hits',
      sql<
        number | null
      >`(select p.hits from rate_limit as p where p.key = ${key} and p.window_start = ${previousStart})`.as(
        'previous',
      ),
    ])
    .executeTakeFirstOrThrow();
  const previous = Number(row.previous ?? 0);
  // The share of the previous window still inside the last `windowSeconds`.
  const share = 1 - (now.getTime() - start) / windowMs;
  // When the next hit would be allowed if none comes meanwhile: later in this window, as the previous
  // window's weight falls, or else in the next, as this one's does.
  const allowedAt =
    row.hits < limit
      ? start + windowMs * (previous > 0 ? 1 - (limit - row.hits - 1) / previous : 0)
      : start + windowMs * (2 - (limit - 1) / row.hits);
  return {
    allowed: row.hits + previous * share <= limit,
    hits: row.hits,
    retryAfterSeconds: Math.max(1, Math.ceil((allowedAt - now.getTime()) / 1000)),
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
