import { isDeepStrictEqual } from 'node:util';
import type SQLite from 'better-sqlite3';
import { CompiledQuery, sql, type QueryResult, type RawBuilder } from 'kysely';
import { PREPARED, sqliteHandleOf, THEN_COMMIT, type Db, type DbOrTrx } from '../../platform/db/index.js';
import { AnswerKeyDeclined, type AnswerKey } from '../../platform/db/answer-key.js';
import { dialectOf, isUniqueViolation, writeTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { compiledOnce } from '../../platform/db/compiled-once.js';
import { groupCommit } from '../../platform/db/group-commit.js';
import {
  balancesWithPreparedStatement,
  postManyWithPreparedStatements,
  postWithPreparedStatements,
} from './ledger-sqlite.js';
import {
  announceBalances,
  balanceBounds,
  balanceLimit,
  checkNet,
  keyReused,
  legRow,
  netOf,
  postingKey,
  requestHash,
  uniquePostings,
  validateLegs,
  type AccountState,
  type HashedPosting,
} from './ledger-rules.js';
import type { Balance, Leg, Posting, PostResult, Transfer } from './ledger-types.js';

/**
 * The double-entry ledger: the only code that writes balances (ARCHITECTURE.md, money).
 *
 * Every movement is a transfer of a positive integer `amount` (minor units) out of the debit
 * account and into the credit account, written in the same transaction as both balance updates,
 * so the sum of all balances never moves from zero. Member accounts never go below zero.
 */

export const HOUSE_ACCOUNTS = [
  'CASH',
  'VENDOR_FLOAT',
  'PROMOTION_EXPENSE',
  'AGENT_COMMISSION_EXPENSE',
  'PAYOUT_CLEARING',
  'PLAY_MONEY',
  // Points (decision 0046): a second currency in the same ledger, never in a leg with money. Points
  // earned leave POINTS_ISSUED; points redeemed or converted arrive in POINTS_SPENT.
  'POINTS_ISSUED',
  'POINTS_SPENT',
] as const;
export type HouseAccount = (typeof HOUSE_ACCOUNTS)[number];

/**
 * Member account kinds: the main wallet, held withdrawals, one wallet per transfer-mode vendor, and
 * the member's points (hundredths of a point, not money: decision 0046).
 */
export type MemberAccountKind = 'MAIN' | 'WITHDRAWAL_HOLD' | `VENDOR:${string}` | 'POINTS';

export type { Balance, Leg, Posting, PostResult, Transfer } from './ledger-types.js';

const memberCode = (memberId: number, kind: MemberAccountKind) => `member:${memberId}:${kind}`;
const houseCode = (kind: HouseAccount) => `house:${kind}`;

/**
 * Account ids by brand and code, per database handle. An account is never deleted and never changes
 * its id, so a committed id is safe to keep in memory, on every dialect and instance; only ids read
 * outside a transaction are kept (one read inside a transaction could still be rolled back).
 */
const accountIds = new WeakMap<object, Map<string, number>>();

/** Creates the account if missing (INSERT ... ON CONFLICT DO NOTHING) and returns its id. */
const ensureAccount = async (
  db: DbOrTrx,
  row: { merchantId: number; code: string; memberId: number | null; kind: string; allowNegative: boolean },
): Promise<number> => {
  if (db.isTransaction) return findOrCreateAccount(db, row);
  let ids = accountIds.get(db);
  if (!ids) accountIds.set(db, (ids = new Map()));
  const key = `${row.merchantId}:${row.code}`;
  let id = ids.get(key);
  if (id === undefined) {
    id = await findOrCreateAccount(db, row);
    if (ids.size < 200_000) ids.set(key, id);
  }
  return id;
};

const findOrCreateAccount = async (
  db: DbOrTrx,
  row: { merchantId: number; code: string; memberId: number | null; kind: string; allowNegative: boolean },
): Promise<number> => {
  const existing = await db
    .selectFrom('ledger_account')
    .select('id')
    .where('merchant_id', '=', row.merchantId)
    .where('code', '=', row.code)
    .executeTakeFirst();
  if (existing) return existing.id;
  await db
    .insertInto('ledger_account')
    .values({
      merchant_id: row.merchantId,
      code: row.code,
      member_id: row.memberId,
      kind: row.kind,
      allow_negative: row.allowNegative ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
    .execute();
  return (
    await db
      .selectFrom('ledger_account')
      .select('id')
      .where('merchant_id', '=', row.merchantId)
      .where('code', '=', row.code)
      .executeTakeFirstOrThrow()
  ).id;
};

export const memberAccount = (db: DbOrTrx, merchantId: number, memberId: number, kind: MemberAccountKind) =>
  ensureAccount(db, { merchantId, code: memberCode(memberId, kind), memberId, kind, allowNegative: false });

/**
 * A member's account id when this process already keeps it (read outside a transaction, so
 * committed), with no statement; undefined when it does not. A kept id also says the member exists in
 * the brand: members are never deleted, and their accounts are made for them alone.
 */
export const keptMemberAccount = (db: Db, merchantId: number, memberId: number, kind: MemberAccountKind) =>
  accountIds.get(db)?.get(`${merchantId}:${memberCode(memberId, kind)}`);

export const houseAccount = (db: DbOrTrx, merchantId: number, kind: HouseAccount) =>
  ensureAccount(db, { merchantId, code: houseCode(kind), memberId: null, kind, allowNegative: true });

/**
 * Many members' accounts of one kind at once (a payroll run's thousands of agents), created if
 * missing, inside the caller's transaction: a few statements whatever their number. Member id → account id.
 */
export const memberAccountsIn = async (
  trx: DbOrTrx,
  merchantId: number,
  memberIds: readonly number[],
  kind: MemberAccountKind,
): Promise<Map<number, number>> => {
  const ids = new Map<number, number>();
  const find = async (members: readonly number[]) => {
    for (const chunk of chunksOf(members)) {
      const rows = await trx
        .selectFrom('ledger_account')
        .select(['id', 'code'])
        .where('merchant_id', '=', merchantId)
        .where(
          'code',
          'in',
          chunk.map((m) => memberCode(m, kind)),
        )
        .execute();
      const byCode = new Map(rows.map((row) => [row.code, row.id]));
      for (const m of chunk) {
        const id = byCode.get(memberCode(m, kind));
        if (id !== undefined) ids.set(m, id);
      }
    }
  };
  const unique = [...new Set(memberIds)];
  await find(unique);
  const missing = unique.filter((m) => !ids.has(m));
  if (missing.length === 0) return ids;
  const at = new Date().toISOString();
  for (const chunk of chunksOf(missing))
    await trx
      .insertInto('ledger_account')
      .values(
        chunk.map((m) => ({
          merchant_id: merchantId,
          code: memberCode(m, kind),
          member_id: m,
          kind,
          allow_negative: 0,
          created_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
      .execute();
  await find(missing);
  return ids;
};

const loadBatch = async (db: DbOrTrx, batchId: number): Promise<Transfer[]> =>
  (
    await db
      .selectFrom('ledger_transfer')
      .selectAll()
      .where('batch_id', '=', batchId)
      .orderBy('leg')
      .execute()
  ).map((t) => ({
    id: t.id,
    batchId: t.batch_id,
    leg: t.leg,
    kind: t.kind,
    debitAccountId: t.debit_account_id,
    creditAccountId: t.credit_account_id,
    amount: t.amount,
    reference: t.reference,
    createdAt: t.created_at,
  }));

const replay = async (db: DbOrTrx, merchantId: number, idempotencyKey: string, hash: string) => {
  const batch = await db
    .selectFrom('ledger_batch')
    .select(['id', 'request_hash'])
    .where('merchant_id', '=', merchantId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  if (!batch) return undefined;
  if (batch.request_hash !== hash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for a different transfer');
  }
  return { batchId: batch.id, transfers: await loadBatch(db, batch.id), replayed: true };
};

/**
 * What a post may also answer: the balances of one member's accounts as the post leaves them
 * (`PostResult.balances`), read in the post's own statement where it can (PostgreSQL's one-statement
 * post); otherwise the caller reads them.
 */
export type PostOptions = {
  balancesOf?: number;
  /**
   * The request's idempotency key, offered by the caller's one-commit write (decision 0101): a post of
   * one or two legs that reads `balancesOf` on PostgreSQL takes it, writes it in its statement with
   * the post's record (`PostRecord`) as the stored answer, and commits with that statement. Nothing
   * may run in the write after such a post.
   */
  answerKey?: AnswerKey;
};

/** The member's accounts as the post's statement answers them (`json_build_object` of each row). */
type BalanceJson = { id: number; code: string; kind: string; balance: number | string };

const balancesOfJson = (balances: readonly BalanceJson[]): Balance[] =>
  balances.map((b) => ({ accountId: b.id, code: b.code, kind: b.kind, balance: Number(b.balance) }));

/** What a post that took the answer key stored with it: its legs' ids and the member's balances. */
export type PostRecord = { ids: number[]; balances: Balance[] };

/** The record a post stored with the answer key (decision 0101), as the ledger reads its balances. */
export const postRecordOf = (stored: unknown): PostRecord => {
  const { ids, balances } = stored as { ids: (number | string)[]; balances: BalanceJson[] };
  return { ids: ids.map(Number), balances: balancesOfJson(balances) };
};

/**
 * The text a post that commits with its statement casts to an integer when its rules refuse it (or
 * its key was taken): the cast fails the statement, PostgreSQL skips the COMMIT sent with it, and the
 * caller's rollback undoes the key the statement claimed.
 */
const NOT_POSTED = 'jade: not posted';
const isNotPosted = (error: unknown) =>
  (error as { code?: unknown })?.code === '22P02' &&
  String((error as { message?: unknown }).message).includes(NOT_POSTED);

/** Posts the legs inside a transaction the caller already holds. */
export const postTransfersIn = async (
  trx: DbOrTrx,
  input: { merchantId: number; idempotencyKey: string; legs: Leg[] },
  now = new Date(),
  options: PostOptions = {},
): Promise<PostResult> => {
  validateLegs(input.legs);
  const hash = requestHash(input.legs);
  const at = now.toISOString();
  if (dialectOf(trx) === 'postgres' && legsOwnTheirAccounts(input.legs))
    return postInOneStatement(trx, input, hash, at, options);
  // The key first: a key already posted (or being posted: the insert waits for that commit) answers
  // as its replay, and a fresh key costs no separate look-up (issue 23: a transfer's statements).
  const batch = await trx
    .insertInto('ledger_batch')
    .values({
      merchant_id: input.merchantId,
      idempotency_key: input.idempotencyKey,
      request_hash: hash,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!batch) {
    const previous = await replay(trx, input.merchantId, input.idempotencyKey, hash);
    if (previous) return previous;
    throw new Error('postTransfersIn: the batch key conflicted but no batch holds it');
  }

  const ids = [...new Set(input.legs.flatMap((l) => [l.debitAccountId, l.creditAccountId]))].sort(
    (a, b) => a - b,
  );
  // Lock the accounts in one fixed order (ascending id), so two transfers never deadlock.
  let lockQuery = trx
    .selectFrom('ledger_account')
    .select(['id', 'merchant_id', 'allow_negative', 'member_id'])
    .where('id', 'in', ids)
    .orderBy('id');
  if (dialectOf(trx) === 'postgres') lockQuery = lockQuery.forUpdate();
  const accounts = await lockQuery.execute();
  if (accounts.length !== ids.length || accounts.some((a) => a.merchant_id !== input.merchantId)) {
    throw new AppError(
      'WALLET_ACCOUNT_NOT_FOUND',
      'An account of this transfer does not exist for this brand',
    );
  }

  const boundsOf = (id: number) => balanceBounds(accounts.find((a) => a.id === id)!.allow_negative);
  for (const leg of input.legs) {
    // Guarded debit: a member account only moves when it holds the amount, a house account only
    // within its bound (decision 0022).
    const debitBounds = boundsOf(leg.debitAccountId);
    const debited = await trx
      .updateTable('ledger_account')
      .set((eb) => ({ balance: eb('balance', '-', leg.amount) }))
      .where('id', '=', leg.debitAccountId)
      .where('balance', '>=', debitBounds.min + leg.amount)
      .executeTakeFirst();
    if (Number(debited.numUpdatedRows) !== 1) {
      if (debitBounds.min < 0) throw balanceLimit();
      throw new AppError('WALLET_INSUFFICIENT_FUNDS', 'Insufficient balance', {
        details: { amount: leg.amount },
      });
    }
    // Guarded credit: no balance passes its bound, so every balance stays exact.
    const credited = await trx
      .updateTable('ledger_account')
      .set((eb) => ({ balance: eb('balance', '+', leg.amount) }))
      .where('id', '=', leg.creditAccountId)
      .where('balance', '<=', boundsOf(leg.creditAccountId).max - leg.amount)
      .executeTakeFirst();
    if (Number(credited.numUpdatedRows) !== 1) throw balanceLimit();
  }
  const inserted = await trx
    .insertInto('ledger_transfer')
    .values(
      input.legs.map((leg, i) => ({
        merchant_id: input.merchantId,
        batch_id: batch.id,
        leg: i,
        kind: leg.kind,
        debit_account_id: leg.debitAccountId,
        credit_account_id: leg.creditAccountId,
        amount: leg.amount,
        reference: leg.reference ?? null,
        created_at: at,
      })),
    )
    .returning('id')
    .execute();
  announceBalances(trx, accounts);
  return {
    batchId: batch.id,
    transfers: input.legs.map((leg, i) => ({
      ...leg,
      reference: leg.reference ?? null,
      id: (inserted[i] as { id: number }).id,
      batchId: batch.id,
      leg: i,
      createdAt: at,
    })),
    replayed: false,
  };
};

/**
 * True when no account is in two legs (a transfer between two wallets, every one-leg post): then
 * each balance moves once, by its leg, and checking each account's net (`checkNet`) refuses exactly
 * what the leg-by-leg guarded updates refuse, with the same error in the same order.
 */
const legsOwnTheirAccounts = (legs: readonly Leg[]) =>
  new Set(legs.flatMap((l) => [l.debitAccountId, l.creditAccountId])).size === 2 * legs.length;

/** An account the post locked: id, brand, balance, allow_negative, member (PostgreSQL's json array). */
type LockedRow = [number, number, number, number, number | null];
type PostAnswer = {
  batch_id: number | null;
  locked: LockedRow[] | null;
  moved: number;
  ids: number[] | null;
  balances: BalanceJson[] | null;
};

/** Posts of at most this many legs run texts compiled once (`runFixed`) and prepared per connection. */
const FIXED_LEGS = 2;
const fixedTexts = new Map<string, string>();

/**
 * Runs one of the post's statements. For a post of at most `FIXED_LEGS` legs its text is the same on
 * every call of its `shape`, so Kysely builds and compiles it once and later calls send that text with
 * their `values` (issue 23: the build and compile of a transfer's two statements on every call,
 * decision 0084). `values` are the statement's bound values in the order the template binds them;
 * the first compile checks that they are. Other posts build their statement each time.
 */
const runFixed = async <R>(
  trx: DbOrTrx,
  shape: string | undefined,
  statement: () => RawBuilder<R>,
  values: readonly unknown[],
): Promise<QueryResult<R>> => {
  if (shape === undefined) return statement().execute(trx);
  let text = fixedTexts.get(shape);
  if (text === undefined) {
    const compiled = statement().compile(trx);
    if (!isDeepStrictEqual(compiled.parameters, values))
      throw new Error(`postTransfersIn: the values of statement ${shape} are not the ones it binds`);
    text = compiled.sql;
    fixedTexts.set(shape, text);
  }
  return trx.executeQuery(CompiledQuery.raw(text, [...values]) as CompiledQuery<R>);
};

/**
 * `postTransfersIn` on PostgreSQL in one statement, one round trip (issue 23: a round trip's socket
 * write and wake-up cost the server more CPU than anything else in a transfer; decisions 0071, 0099).
 * The statement claims the key, locks the accounts in ascending id order (`l`: the row lock answers
 * each row's latest committed balance), checks every rule on those locked balances (`ok`: the key
 * was free, every account is the brand's, every balance stays within its bounds), and only then
 * moves the balances and writes the legs; asked to, it reads the member's balances as the post
 * leaves them. The key's insert (`b`) runs to completion whatever else the statement reads: a
 * data-modifying WITH runs exactly once, whether or not its rows are read, so a refused post keeps its
 * key only until the caller's rollback, and a key already taken never moves a balance (`ok` reads `b`).
 * It answers the locked rows, so a refusal is named here by `checkNet` from what the
 * statement checked; a statement that moved what `checkNet` refuses, or refused what it allows,
 * fails the write (the caller rolls back). The batch and its legs have no foreign key to the brand,
 * nor the legs to their batch (decision 0100): this statement writes them together and checks the
 * brand itself, and their checks' row locks cost every post of a brand a lock on its one row.
 */
const postInOneStatement = async (
  trx: DbOrTrx,
  input: { merchantId: number; idempotencyKey: string; legs: Leg[] },
  hash: string,
  at: string,
  { balancesOf, answerKey }: PostOptions,
): Promise<PostResult> => {
  const { merchantId, idempotencyKey, legs } = input;
  const isFixed = legs.length <= FIXED_LEGS;
  // Only a post that answers the member's balances stores a record a route can answer from.
  const answered = answerKey !== undefined && balancesOf !== undefined && isFixed ? answerKey.take() : null;
  const ids = [...new Set(legs.flatMap((l) => [l.debitAccountId, l.creditAccountId]))].sort((a, b) => a - b);
  const net = netOf([input]);
  // Keying a compiled text by the number of legs alone is sound because this path runs only when
  // `legsOwnTheirAccounts` (postTransfersIn checks it): no account is in two legs, so a post of n
  // legs locks exactly 2n distinct accounts (`ids`), moves 2n balances (`net`) and writes n leg rows
  // of fixed columns. Every list the template joins has a length fixed by n, so the text is the same
  // for every post of n legs (and whether balances are asked); only the values differ (decision 0084).
  const legValues = legs.map((leg, i) => legRow(merchantId, leg, i, at));
  const statement = () => {
    const deltas = sql.join(
      [...net].map(([id, delta]) => sql`(cast(${id} as integer), cast(${delta} as bigint))`),
    );
    const rows = sql.join(
      legValues.map(
        ([merchant, leg, kind, debit, credit, amount, reference, created]) =>
          sql`(cast(${merchant} as integer), cast(${leg} as integer), ${kind}, cast(${debit} as bigint), cast(${credit} as bigint), cast(${amount} as bigint), ${reference}, ${created})`,
      ),
    );
    // The member's accounts as the post leaves them: this statement's snapshot precedes its update.
    const balances =
      balancesOf === undefined
        ? sql`select null::json`
        : sql`select json_agg(json_build_object('id', a.id, 'code', a.code, 'kind', a.kind,
            'balance', coalesce(u.balance, a.balance)) order by a.id)
          from ledger_account a left join u on u.id = a.id
          where a.merchant_id = ${merchantId} and a.member_id = ${balancesOf}`;
    // The answer key with the post's record, and a refusal that fails the statement (decision 0101).
    const key = answered
      ? sql`,
    k as (
      insert into idempotency_key
        (scope, key, request_hash, status_code, response, created_at, completed_at)
      select ${answered.scope}, ${answered.key}, ${answered.hash}, 200,
        json_build_object('record', json_build_object('ids', (select json_agg(id order by leg) from t),
          'balances', (select balances from m)))::text, ${at}, ${at}
      where (select ok from ok))`
      : sql``;
    const posted = answered
      ? sql`, cast(case when (select ok from ok) then '1' else ${sql.lit(NOT_POSTED)} end as integer) as posted`
      : sql``;
    const member = balanceBounds(false);
    const house = balanceBounds(true);
    return sql<PostAnswer>`${sql.raw(answered ? THEN_COMMIT : '')}${sql.raw(isFixed ? PREPARED : '')}
    with b as (
      insert into ledger_batch (merchant_id, idempotency_key, request_hash, created_at)
      values (${merchantId}, ${idempotencyKey}, ${hash}, ${at})
      on conflict (merchant_id, idempotency_key) do nothing
      returning id),
    l as (
      select a.id, a.merchant_id, a.balance, a.allow_negative, a.member_id
      from ledger_account a
      where a.id in (${sql.join(ids)})
      order by a.id
      for update of a),
    d (id, delta) as (values ${deltas}),
    ok as (
      select (select count(*) from b) = 1 and count(*) = ${sql.lit(net.size)}
        and bool_and(l.merchant_id = ${merchantId} and l.balance + d.delta between
          case when l.allow_negative = 1 then ${sql.lit(house.min)} else ${sql.lit(member.min)} end
          and case when l.allow_negative = 1 then ${sql.lit(house.max)} else ${sql.lit(member.max)} end) as ok
      from d join l on l.id = d.id),
    u as (
      update ledger_account set balance = ledger_account.balance + d.delta
      from d where ledger_account.id = d.id and (select ok from ok)
      returning ledger_account.id, ledger_account.balance),
    t as (
      insert into ledger_transfer
        (merchant_id, batch_id, leg, kind, debit_account_id, credit_account_id, amount, reference, created_at)
      select v.merchant_id, (select id from b), v.leg, v.kind, v.debit, v.credit, v.amount, v.reference, v.created
      from (values ${rows}) as v (merchant_id, leg, kind, debit, credit, amount, reference, created)
      where (select ok from ok)
      returning id, leg),
    m (balances) as (${balances})${key}
    select (select id from b) as batch_id,
      (select json_agg(json_build_array(l.id, l.merchant_id, l.balance, l.allow_negative, l.member_id)
        order by l.id) from l) as locked,
      (select count(*) from u) as moved, (select json_agg(id order by leg) from t) as ids,
      (select balances from m) as balances${posted}`;
  };
  let result: QueryResult<PostAnswer>;
  try {
    result = await runFixed(
      trx,
      isFixed
        ? `post:${legs.length}:${balancesOf === undefined ? 'no balances' : 'balances'}:${answered ? 'answered' : ''}`
        : undefined,
      statement,
      [
        merchantId,
        idempotencyKey,
        hash,
        at,
        ...ids,
        ...[...net].flat(),
        merchantId,
        ...legValues.flat(),
        ...(balancesOf === undefined ? [] : [merchantId, balancesOf]),
        ...(answered ? [answered.scope, answered.key, answered.hash, at, at] : []),
      ],
    );
  } catch (error) {
    // Refused, or its key taken: nothing was written, and the caller posts again without the answer
    // key, so the refusal is named (or the post replayed) as on any other post.
    if (answered && isNotPosted(error)) throw new AnswerKeyDeclined();
    throw error;
  }
  const {
    rows: [answer],
  } = result;
  const locked = (answer!.locked ?? []).map(([id, merchant, balance, allowNegative, memberId]) => ({
    id,
    merchant_id: merchant,
    balance: Number(balance),
    allow_negative: allowNegative,
    member_id: memberId,
  }));
  const batchId = answer!.batch_id === null ? null : Number(answer!.batch_id);
  const moved = Number(answer!.moved);
  // Every account missing: no row tells whether the key was free, but no post could have used them.
  if (locked.length > 0 && batchId === null) {
    const previous = await replay(trx, merchantId, idempotencyKey, hash);
    if (previous) return previous;
    throw new Error('postTransfersIn: the batch key conflicted but no batch holds it');
  }
  if (moved !== 0 && moved !== net.size)
    throw new Error('postTransfersIn: a post moved some of its accounts');
  try {
    checkNet([input], net, new Map(locked.map((a) => [a.id, a])));
  } catch (refusal) {
    if (moved !== 0) throw new Error('postTransfersIn: the post moved what the ledger refuses');
    throw refusal;
  }
  if (moved === 0 || batchId === null)
    throw new Error('postTransfersIn: the post refused what the ledger allows');
  announceBalances(trx, locked);
  return {
    batchId,
    transfers: legs.map((leg, i) => ({
      ...leg,
      reference: leg.reference ?? null,
      id: Number(answer!.ids![i]),
      batchId,
      leg: i,
      createdAt: at,
    })),
    replayed: false,
    ...(answer!.balances && { balances: balancesOfJson(answer!.balances) }),
  };
};

/**
 * Posts several legs atomically under one idempotency key: all move or none does. A key already
 * used with the same legs returns the first result and moves nothing; with other legs it is refused.
 */
export const postTransfers = async (
  db: Db,
  input: { merchantId: number; idempotencyKey: string; legs: Leg[] },
  now = new Date(),
): Promise<PostResult> => {
  const raw = sqliteHandleOf(db);
  if (raw) {
    validateLegs(input.legs);
    const job = { ...input, hash: requestHash(input.legs), at: now.toISOString() };
    return groupCommit(db, async () => postWithPreparedStatements(raw, job));
  }
  try {
    return await writeTransaction(db, (trx) => postTransfersIn(trx, input, now));
  } catch (error) {
    // A concurrent post of the same key committed first: answer as its replay.
    if (isUniqueViolation(error)) {
      const previous = await replay(db, input.merchantId, input.idempotencyKey, requestHash(input.legs));
      if (previous) return previous;
    }
    throw error;
  }
};

/**
 * Posts the legs inside a write the caller already holds: the group-commit job of
 * `withIdempotentWrite` (SQLite: the prepared-statement path on the connection the job holds) or a
 * PostgreSQL transaction. A refusal throws; the caller rolls back to its savepoint.
 */
export const postTransfersWithin = async (
  db: Db,
  trx: DbOrTrx,
  input: { merchantId: number; idempotencyKey: string; legs: Leg[] },
  now = new Date(),
  options: PostOptions = {},
): Promise<PostResult> => {
  const raw = sqliteHandleOf(db);
  if (!raw) return postTransfersIn(trx, input, now, options);
  return postTransfersPrepared(raw, input, now);
};

/** Rows a multi-row statement of the ledger writes at once (well under PostgreSQL's parameter limit). */
const MANY_CHUNK = 1_000;

const chunksOf = <T>(items: readonly T[], size = MANY_CHUNK): T[][] => {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
};

/**
 * Many posts, each under its own idempotency key, inside a write the caller holds (settling a lottery
 * draw's wins): on PostgreSQL in a few statements whatever their number, where one post's six round
 * trips made a million-bet draw take minutes; on SQLite as prepared statements on the connection the
 * job holds, each account's balance moved once. The rules are `postTransfers`' for each key: a key
 * already posted with the same legs is skipped (counted as replayed); a key used for other legs, an
 * account missing or of another brand, or a member account that would end below zero refuses the
 * whole set before anything is written. Balances move by each account's net over the set, so the set
 * stands or falls as one: the caller rolls back on a refusal.
 */
export const postManyWithin = async (
  db: Db,
  trx: DbOrTrx,
  postings: readonly Posting[],
  now = new Date(),
): Promise<{ posted: number; replayed: number }> => {
  const unique = uniquePostings(postings);
  const raw = sqliteHandleOf(db);
  const posted = raw
    ? postManyWithPreparedStatements(raw, unique, now.toISOString())
    : await postManyIn(trx, unique, now.toISOString());
  return { posted, replayed: postings.length - posted };
};

/**
 * `postManyWithin` as Kysely queries on the caller's transaction, on either dialect: for writers that
 * hold a Kysely transaction and not the database handle (the daily summary's points accrual).
 */
export const postManyInTransaction = async (
  trx: DbOrTrx,
  postings: readonly Posting[],
  now = new Date(),
): Promise<number> => postManyIn(trx, uniquePostings(postings), now.toISOString());

/** `postManyWithin` as Kysely queries (PostgreSQL). */
const postManyIn = async (trx: DbOrTrx, unique: HashedPosting[], at: string): Promise<number> => {
  const fresh: HashedPosting[] = [];
  for (const chunk of chunksOf(unique)) {
    const found = await trx
      .selectFrom('ledger_batch')
      .select(['merchant_id', 'idempotency_key', 'request_hash'])
      .where('merchant_id', 'in', [...new Set(chunk.map((p) => p.merchantId))])
      .where(
        'idempotency_key',
        'in',
        chunk.map((p) => p.idempotencyKey),
      )
      .execute();
    const hashes = new Map(
      found.map((row) => [postingKey(row.merchant_id, row.idempotency_key), row.request_hash]),
    );
    for (const posting of chunk) {
      const hash = hashes.get(postingKey(posting.merchantId, posting.idempotencyKey));
      if (hash === undefined) fresh.push(posting);
      else if (hash !== posting.hash) throw keyReused();
    }
  }
  if (fresh.length === 0) return 0;

  // Each account's net, checked against its balance under lock (ascending ids, as postTransfersIn).
  const net = netOf(fresh);
  const accounts = new Map<number, AccountState>();
  for (const ids of chunksOf([...net.keys()].sort((a, b) => a - b))) {
    let lock = trx
      .selectFrom('ledger_account')
      .select(['id', 'merchant_id', 'balance', 'allow_negative', 'member_id'])
      .where('id', 'in', ids)
      .orderBy('id');
    if (dialectOf(trx) === 'postgres') lock = lock.forUpdate();
    for (const row of await lock.execute()) accounts.set(row.id, row);
  }
  checkNet(fresh, net, accounts);

  const batchIds = new Map<string, number>();
  for (const chunk of chunksOf(fresh)) {
    const rows = await trx
      .insertInto('ledger_batch')
      .values(
        chunk.map((p) => ({
          merchant_id: p.merchantId,
          idempotency_key: p.idempotencyKey,
          request_hash: p.hash,
          created_at: at,
        })),
      )
      .returning(['id', 'merchant_id', 'idempotency_key'])
      .execute();
    for (const row of rows) batchIds.set(postingKey(row.merchant_id, row.idempotency_key), row.id);
  }
  const transfers = fresh.flatMap((p) =>
    p.legs.map((leg, i) => ({
      merchant_id: p.merchantId,
      batch_id: batchIds.get(postingKey(p.merchantId, p.idempotencyKey))!,
      leg: i,
      kind: leg.kind,
      debit_account_id: leg.debitAccountId,
      credit_account_id: leg.creditAccountId,
      amount: leg.amount,
      reference: leg.reference ?? null,
      created_at: at,
    })),
  );
  for (const chunk of chunksOf(transfers)) await trx.insertInto('ledger_transfer').values(chunk).execute();
  for (const chunk of chunksOf([...net].filter(([, delta]) => delta !== 0))) {
    const deltas = sql.join(
      chunk.map(([id, delta]) => sql`(cast(${id} as integer), cast(${delta} as bigint))`),
    );
    const moved = await sql`
      with d (id, delta) as (values ${deltas})
      update ledger_account set balance = balance + d.delta from d where ledger_account.id = d.id`.execute(
      trx,
    );
    if (Number(moved.numAffectedRows ?? 0) !== chunk.length)
      throw new Error('postManyWithin: an account locked a moment ago did not move');
  }
  announceBalances(trx, accounts.values());
  return fresh.length;
};

/**
 * `postTransfersWithin` on SQLite, synchronously: for code that runs its own prepared statements on
 * the connection a group-commit job holds (the seamless wallet's store).
 */
export const postTransfersPrepared = (
  raw: SQLite.Database,
  input: { merchantId: number; idempotencyKey: string; legs: Leg[] },
  now: Date,
): PostResult => {
  validateLegs(input.legs);
  return postWithPreparedStatements(raw, { ...input, hash: requestHash(input.legs), at: now.toISOString() });
};

export const postTransfer = (
  db: Db,
  input: { merchantId: number; idempotencyKey: string } & Leg,
  now = new Date(),
): Promise<PostResult> => {
  const { merchantId, idempotencyKey, ...leg } = input;
  return postTransfers(db, { merchantId, idempotencyKey, legs: [leg] }, now);
};

/** Every account of a member with its balance. */
/** Every balance read and transfer answer runs it: compiled once (issue 23). */
const memberAccounts = compiledOnce((db: DbOrTrx, merchantId: number, memberId: number) =>
  db
    .selectFrom('ledger_account')
    .select(['id', 'code', 'kind', 'balance'])
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .orderBy('id'),
);

export const getBalances = async (db: DbOrTrx, merchantId: number, memberId: number): Promise<Balance[]> =>
  (await memberAccounts(db, merchantId, memberId)).map((a) => ({
    accountId: a.id,
    code: a.code,
    kind: a.kind,
    balance: a.balance,
  }));

/**
 * A member's balances from the accounts its session read brought (`[id, code, kind, balance]`, the
 * guard's `withLedgerAccounts`, decision 0083): what `getBalances` answers, without its statement, in
 * no set order (decision 0097).
 */
export const balancesOfValues = (
  accounts: readonly (readonly [id: number, code: string, kind: string, balance: number])[],
): Balance[] => accounts.map(([accountId, code, kind, balance]) => ({ accountId, code, kind, balance }));

/** `getBalances` inside a write the caller holds (see `postTransfersWithin`). */
export const getBalancesWithin = async (
  db: Db,
  trx: DbOrTrx,
  merchantId: number,
  memberId: number,
): Promise<Balance[]> => {
  const raw = sqliteHandleOf(db);
  return raw
    ? balancesWithPreparedStatement(raw, merchantId, memberId)
    : getBalances(trx, merchantId, memberId);
};

export const getAccountBalance = async (db: DbOrTrx, accountId: number) =>
  (
    await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow()
  ).balance;

/** The invariants every test and the crash check hold the ledger to. */
export const checkInvariants = async (db: DbOrTrx) => {
  const sums = await db
    .selectFrom('ledger_account')
    .select((eb) => [eb.fn.sum<number | string>('balance').as('total')])
    .executeTakeFirstOrThrow();
  const negative = await db
    .selectFrom('ledger_account')
    .select(['id', 'balance'])
    .where('allow_negative', '=', 0)
    .where('balance', '<', 0)
    .execute();
  // Every balance equals what its transfers say it should be.
  const drift = await db
    .selectFrom('ledger_account as a')
    .select(['a.id', 'a.balance'])
    .select((eb) => [
      eb
        .selectFrom('ledger_transfer')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('amount'), e.lit(0)).as('s'))
        .whereRef('credit_account_id', '=', 'a.id')
        .as('credits'),
      eb
        .selectFrom('ledger_transfer')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('amount'), e.lit(0)).as('s'))
        .whereRef('debit_account_id', '=', 'a.id')
        .as('debits'),
    ])
    .execute();
  const mismatched = drift.filter((a) => Number(a.credits) - Number(a.debits) !== Number(a.balance));
  return {
    total: Number(sums.total ?? 0),
    negativeMemberAccounts: negative,
    mismatchedAccounts: mismatched.map((a) => a.id),
    ok: Number(sums.total ?? 0) === 0 && negative.length === 0 && mismatched.length === 0,
  };
};

/**
 * What the ledger moved for these game rounds (transfers referenced `round:<vendor>:<round>`), ever:
 * stake is bets less their rollbacks, payout is wins.
 */
export const roundTotalsOnLedger = async (
  db: DbOrTrx,
  merchantId: number,
  references: string[],
): Promise<Map<string, { stake: number; payout: number }>> => {
  const totals = new Map<string, { stake: number; payout: number }>();
  for (let i = 0; i < references.length; i += 500) {
    const rows = await db
      .selectFrom('ledger_transfer')
      .select(['reference', 'kind'])
      .select((eb) => eb.fn.sum<number | string>('amount').as('total'))
      .where('merchant_id', '=', merchantId)
      .where('reference', 'in', references.slice(i, i + 500))
      .where('kind', 'in', ['BET', 'BET_ROLLBACK', 'WIN', 'WIN_ROLLBACK'])
      .groupBy(['reference', 'kind'])
      .execute();
    for (const row of rows) {
      const reference = row.reference ?? '';
      const entry = totals.get(reference) ?? { stake: 0, payout: 0 };
      const amount = Number(row.total);
      if (row.kind === 'BET') entry.stake += amount;
      else if (row.kind === 'BET_ROLLBACK') entry.stake -= amount;
      // A win taken back (a corrected lottery result) lowers what the round paid.
      else if (row.kind === 'WIN_ROLLBACK') entry.payout -= amount;
      else entry.payout += amount;
      totals.set(reference, entry);
    }
  }
  return totals;
};
