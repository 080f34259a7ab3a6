import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '@jade/contracts/wallet';
import type { FastifyRequest } from 'fastify';
import { answerKeyOf, AnswerKeyDeclined, type AnswerKey } from '../db/answer-key.js';
import { groupCommit, type OneCommit } from '../db/group-commit.js';
import { isUniqueViolation, writeTransaction } from '../db/transaction.js';
import type SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { PREPARED, sqliteHandleOf, THEN_COMMIT, type Db, type DbOrTrx } from '../db/index.js';
import { AppError } from '../errors.js';

/** How long a retry waits for the first request with its key to finish before answering 409. */
const IN_FLIGHT_WAIT_MS = 2000;
const POLL_MS = 20;

type StoredAnswer<T> = {
  value?: T;
  /** The record a write stored with the key in its own last statement (decision 0101). */
  record?: unknown;
  error?: {
    code: string;
    message: string;
    fields?: Record<string, string[]>;
    details?: Record<string, unknown>;
  };
};

/** The request's key (validated) and the hash of what it asks, which a retry must repeat exactly. */
const keyOf = (request: FastifyRequest) => {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = typeof header === 'string' ? header.trim() : '';
  if (!key || key.length > 200) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REQUIRED',
      `Send a unique ${IDEMPOTENCY_HEADER} header (at most 200 characters) with this request`,
    );
  }
  // A route's path parameters name what it acts on (the bet a cancel takes back): the same key sent
  // for another is another request. Routes without them hash as they always did.
  const params = request.params as Record<string, unknown> | undefined;
  const target = params && Object.keys(params).length > 0 ? `\n${JSON.stringify(params)}` : '';
  const hash = createHash('sha256')
    .update(
      `${request.method} ${request.routeOptions.url ?? request.url}\n${JSON.stringify(request.body ?? null)}${target}`,
    )
    .digest('hex');
  return { key, hash };
};

/** Claims the key; false when another request holds it already. */
const claim = async (trx: DbOrTrx, scope: string, key: string, hash: string) =>
  Number(
    (
      await trx
        .insertInto('idempotency_key')
        .values({
          scope,
          key,
          request_hash: hash,
          status_code: null,
          response: null,
          created_at: new Date().toISOString(),
          completed_at: null,
        })
        .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
        .executeTakeFirst()
    ).numInsertedOrUpdatedRows ?? 0,
  ) > 0;

const store = (trx: DbOrTrx, scope: string, key: string, status: number, answer: StoredAnswer<unknown>) =>
  trx
    .updateTable('idempotency_key')
    .set({ status_code: status, response: JSON.stringify(answer), completed_at: new Date().toISOString() })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();

/** A refusal (a 4xx) is an answer too: a retry gets the same refusal. */
const isRefusal = (error: unknown): error is AppError => error instanceof AppError && error.statusCode < 500;
/** The whole refusal, as the first request was answered: a retry shows the client the same error. */
const refusalAnswer = (error: AppError): StoredAnswer<never> => ({
  error: { code: error.code, message: error.message, fields: error.fields, details: error.details },
});

/**
 * The answer for a key another request holds: waits while that request runs, then replays its
 * answer; 422 when the key came with another body, 409 when the first request is still running.
 * `runAgain` is called when the first request failed without an answer and freed the key.
 */
const answerOfTakenKey = async <T>(
  db: Db,
  scope: string,
  key: string,
  hash: string,
  runAgain: () => Promise<T>,
  rebuild?: (record: unknown) => T | Promise<T>,
): Promise<T> => {
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
  if (!previous) return runAgain();
  if (previous.request_hash !== hash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for a different request');
  }
  if (previous.completed_at === null) {
    throw new AppError(
      'IDEMPOTENCY_REQUEST_IN_FLIGHT',
      'The first request with this idempotency key is still running',
    );
  }
  const stored = JSON.parse(previous.response as string) as StoredAnswer<T>;
  if (stored.error) {
    const { fields, details } = stored.error;
    throw new AppError(stored.error.code as never, stored.error.message, {
      ...(fields && { fields }),
      ...(details && { details }),
    });
  }
  if (stored.record !== undefined) {
    // Only the write that stored a record gives `rebuild`; the same key and body come to the same route.
    if (!rebuild) throw new Error('idempotency: a stored record, and no way to answer from it');
    return rebuild(stored.record);
  }
  return stored.value as T;
};

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
  const { key, hash } = keyOf(request);
  // Group-committed: under load the key's record shares its fsync with other requests' writes.
  if (!(await groupCommit(db, (trx) => claim(trx, scope, key, hash)))) {
    return answerOfTakenKey(db, scope, key, hash, () => withIdempotency(db, request, scope, handler));
  }
  try {
    const value = await handler();
    await groupCommit(db, (trx) => store(trx, scope, key, 200, { value }));
    return value;
  } catch (error) {
    if (isRefusal(error)) {
      await groupCommit(db, (trx) => store(trx, scope, key, error.statusCode, refusalAnswer(error)));
    } else {
      // Nothing is known to have happened: free the key so the client may retry.
      await groupCommit(db, (trx) =>
        trx.deleteFrom('idempotency_key').where('scope', '=', scope).where('key', '=', key).execute(),
      );
    }
    throw error;
  }
};

/**
 * The one-commit form, for a handler whose whole effect is database writes (the wallet transfer):
 * the key is claimed, `write` runs and its answer is stored in ONE group-commit job, so the request
 * costs one durable commit instead of three, and no other request ever sees the key in flight.
 * A refusal rolls back what `write` did (a savepoint) and is stored as the key's answer; any other
 * failure rolls back the whole job, key included, so the client may retry. `write` runs on the
 * connection the commit holds: database work only, never a network call. PostgreSQL writes the key
 * once, last, with its answer (`answerWrittenLast`): the same outcome in fewer round trips. Given
 * `rebuild`, PostgreSQL offers the key to `write`, whose last statement may store its own record with
 * it and commit (decision 0101); a retry's answer is then `rebuild` of that record.
 */
export const withIdempotentWrite = async <T>(
  db: Db,
  request: FastifyRequest,
  scope: string,
  write: (trx: DbOrTrx, answerKey?: AnswerKey) => Promise<T>,
  rebuild?: (record: unknown) => T | Promise<T>,
): Promise<T> => {
  const { key, hash } = keyOf(request);
  const raw = sqliteHandleOf(db);
  const runAgain = () => withIdempotentWrite(db, request, scope, write, rebuild);
  if (!raw) return answerWrittenLast(db, { scope, key, hash }, write, runAgain, rebuild);
  const outcome = await groupCommit(
    db,
    async (trx): Promise<{ taken: true } | { value: T } | { refusal: AppError }> => {
      const keys = sqliteKeyStatements(raw);
      if (!(await keys.claim(scope, key, hash))) return { taken: true };
      await keys.savepoint();
      try {
        const value = await write(trx);
        await keys.release();
        await keys.store(scope, key, 200, { value });
        return { value };
      } catch (error) {
        await keys.rollback();
        await keys.release();
        if (!isRefusal(error)) throw error;
        await keys.store(scope, key, error.statusCode, refusalAnswer(error));
        return { refusal: error };
      }
    },
  );
  if ('taken' in outcome) return answerOfTakenKey(db, scope, key, hash, runAgain, rebuild);
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.value;
};

/** A member's idempotency keys are scoped to the member: nobody can replay another member's answer. */
export const memberScope = (memberId: number) => `member:${memberId}`;

/** The one-commit runner of a member's money request: `withIdempotentWrite` under the member's scope. */
export const memberOneCommit =
  (db: Db, request: FastifyRequest, memberId: number): OneCommit =>
  (write, rebuild) =>
    withIdempotentWrite(db, request, memberScope(memberId), write, rebuild);

/** Thrown inside the write's transaction when another request answered the key first: rolls it all back. */
class KeyAnsweredFirst extends Error {}

/** Writes the key with its answer; false when the key is already there (committed by another request). */
const insertAnswered = async (
  db: DbOrTrx,
  scope: string,
  key: string,
  hash: string,
  status: number,
  answer: StoredAnswer<unknown>,
) => {
  const at = new Date().toISOString();
  const inserted = await db
    .insertInto('idempotency_key')
    .values({
      scope,
      key,
      request_hash: hash,
      status_code: status,
      response: JSON.stringify(answer),
      created_at: at,
      completed_at: at,
    })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
};

/**
 * The key with its answer, as the transaction's last statement, sent with the COMMIT (`THEN_COMMIT`,
 * decision 0082): one round trip for both. A plain insert, so a key already there fails it, PostgreSQL
 * skips the COMMIT and the caller's rollback undoes the write (an `on conflict do nothing` answered
 * with the COMMIT already sent would commit the write without its key).
 */
const KEY_THEN_COMMIT = `${THEN_COMMIT}${PREPARED}insert into idempotency_key (scope, key, request_hash, status_code, response, created_at, completed_at) values ($1, $2, $3, 200, $4, $5, $5)`;
const insertAnsweredThenCommit = async (
  trx: DbOrTrx,
  scope: string,
  key: string,
  hash: string,
  answer: StoredAnswer<unknown>,
) => {
  const values = [scope, key, hash, JSON.stringify(answer), new Date().toISOString()];
  try {
    await trx.executeQuery(CompiledQuery.raw(KEY_THEN_COMMIT, values));
  } catch (error) {
    throw isUniqueViolation(error) ? new KeyAnsweredFirst() : error;
  }
};

/**
 * `withIdempotentWrite` on PostgreSQL, where every statement is a round trip (issue 23: a transfer in
 * at most 10): the key is written once, with its answer, as the transaction's last statement and in the COMMIT's
 * round trip, instead of claimed, savepointed, released and answered. Two requests with one key still cannot both take
 * effect: the second's insert waits for the first's commit, finds the key, and rolls its whole
 * transaction back, then answers what the first stored. A refusal rolls the write back and stores
 * the refusal on its own (unless a request with the key committed meanwhile: its answer wins).
 *
 * `offer`: the key is offered to `write` (decision 0101). A write that takes it writes the key in its
 * last statement, which commits; one that declines (`AnswerKeyDeclined`: its statement found its work
 * refused or done before, wrote nothing and failed) is run again without the offer, which names the
 * refusal or replays as above.
 */
const answerWrittenLast = async <T>(
  db: Db,
  { scope, key, hash }: { scope: string; key: string; hash: string },
  write: (trx: DbOrTrx, answerKey?: AnswerKey) => Promise<T>,
  runAgain: () => Promise<T>,
  rebuild: ((record: unknown) => T | Promise<T>) | undefined,
  offer = rebuild !== undefined,
): Promise<T> => {
  let offered: AnswerKey | undefined;
  try {
    return await writeTransaction(db, async (trx) => {
      offered = offer ? answerKeyOf(scope, key, hash) : undefined;
      const value = await write(trx, offered);
      if (!offered?.taken) await insertAnsweredThenCommit(trx, scope, key, hash, { value });
      return value;
    });
  } catch (error) {
    if (error instanceof AnswerKeyDeclined)
      return answerWrittenLast(db, { scope, key, hash }, write, runAgain, rebuild, false);
    if (error instanceof KeyAnsweredFirst || (offered?.taken && isKeyOfThisTable(error)))
      return answerOfTakenKey(db, scope, key, hash, runAgain, rebuild);
    if (!isRefusal(error)) throw error;
    if (!(await insertAnswered(db, scope, key, hash, error.statusCode, refusalAnswer(error))))
      return answerOfTakenKey(db, scope, key, hash, runAgain, rebuild);
    throw error;
  }
};

/** A write that took the key failed on it: another request holds the key (PostgreSQL's constraint). */
const isKeyOfThisTable = (error: unknown) =>
  isUniqueViolation(error) && (error as { constraint?: unknown }).constraint === 'idempotency_key_pk';

/** The key's writes inside SQLite's one-commit job. */
type KeyStatements = {
  claim: (scope: string, key: string, hash: string) => Promise<boolean> | boolean;
  store: (scope: string, key: string, status: number, answer: StoredAnswer<unknown>) => unknown;
  savepoint: () => unknown;
  release: () => unknown;
  rollback: () => unknown;
};

/**
 * SQLite: the same statements, prepared once per handle and run synchronously on the connection the
 * group-commit job holds (as the ledger's own post does), sparing the hottest call five query builds.
 */
const sqliteStatements = new WeakMap<SQLite.Database, KeyStatements>();
const sqliteKeyStatements = (raw: SQLite.Database): KeyStatements => {
  let statements = sqliteStatements.get(raw);
  if (statements) return statements;
  const insert = raw.prepare(
    'insert into idempotency_key (scope, key, request_hash, status_code, response, created_at, completed_at) values (?, ?, ?, null, null, ?, null) on conflict (scope, key) do nothing',
  );
  const update = raw.prepare(
    'update idempotency_key set status_code = ?, response = ?, completed_at = ? where scope = ? and key = ?',
  );
  const savepoint = raw.prepare('savepoint idempotent_write');
  const release = raw.prepare('release idempotent_write');
  const rollback = raw.prepare('rollback to idempotent_write');
  statements = {
    claim: (scope, key, hash) => insert.run(scope, key, hash, new Date().toISOString()).changes > 0,
    store: (scope, key, status, answer) =>
      update.run(status, JSON.stringify(answer), new Date().toISOString(), scope, key),
    savepoint: () => savepoint.run(),
    release: () => release.run(),
    rollback: () => rollback.run(),
  };
  sqliteStatements.set(raw, statements);
  return statements;
};
