import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '@jade/contracts/wallet';
import type { FastifyRequest } from 'fastify';
import { groupCommit } from '../db/group-commit.js';
import type { Db } from '../db/index.js';
import { AppError } from '../errors.js';

/** How long a retry waits for the first request with its key to finish before answering 409. */
const IN_FLIGHT_WAIT_MS = 2000;
const POLL_MS = 20;

/**
 * The IETF Idempotency-Key draft for money requests: the first request with a key runs; a retry
 * with the same key and body gets the first answer again; a retry while the first is still running
 * waits briefly for it and gets its answer, or 409 if it is still running; the same key with another
 * body gets 422. Keys are scoped (to the member), so nobody can read another member's stored answer.
 */
export const withIdempotency = async <T>(
  db: Db,
  request: FastifyRequest,
  scope: string,
  handler: () => Promise<T>,
): Promise<T> => {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = typeof header === 'string' ? header.trim() : '';
  if (!key || key.length > 200) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REQUIRED',
      `Send a unique ${IDEMPOTENCY_HEADER} header (at most 200 characters) with this request`,
    );
  }
  const hash = createHash('sha256')
    .update(
      `${request.method} ${request.routeOptions.url ?? request.url}\n${JSON.stringify(request.body ?? null)}`,
    )
    .digest('hex');
  const now = new Date().toISOString();
  // Group-committed: under load the key's record shares its fsync with other requests' writes.
  const inserted = await groupCommit(db, (trx) =>
    trx
      .insertInto('idempotency_key')
      .values({
        scope,
        key,
        request_hash: hash,
        status_code: null,
        response: null,
        created_at: now,
        completed_at: null,
      })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .executeTakeFirst(),
  );
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    const load = () =>
      db
        .selectFrom('idempotency_key')
        .selectAll()
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirst();
    let previous = await load();
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    while (
      previous &&
      previous.completed_at === null &&
      previous.request_hash === hash &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      previous = await load();
    }
    if (!previous) {
      // The first request failed without an answer and freed the key: this one runs instead.
      return withIdempotency(db, request, scope, handler);
    }
    if (previous.request_hash !== hash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for a different request');
    }
    if (previous.completed_at === null) {
      throw new AppError(
        'IDEMPOTENCY_REQUEST_IN_FLIGHT',
        'The first request with this idempotency key is still running',
      );
    }
    const stored = JSON.parse(previous.response as string) as {
      value?: T;
      error?: { code: string; message: string; details?: Record<string, unknown> };
    };
    if (stored.error) {
      throw new AppError(
        stored.error.code as never,
        stored.error.message,
        stored.error.details ? { details: stored.error.details } : {},
      );
    }
    return stored.value as T;
  }
  const finish = (status: number, response: unknown) =>
    groupCommit(db, (trx) =>
      trx
        .updateTable('idempotency_key')
        .set({
          status_code: status,
          response: JSON.stringify(response),
          completed_at: new Date().toISOString(),
        })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute(),
    );
  try {
    const value = await handler();
    await finish(200, { value });
    return value;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      // A refusal is an answer too: the retry gets the same refusal.
      await finish(error.statusCode, {
        error: { code: error.code, message: error.message, details: error.details },
      });
    } else {
      // Nothing is known to have happened: free the key so the client may retry.
      await groupCommit(db, (trx) =>
        trx.deleteFrom('idempotency_key').where('scope', '=', scope).where('key', '=', key).execute(),
      );
    }
    throw error;
  }
};
