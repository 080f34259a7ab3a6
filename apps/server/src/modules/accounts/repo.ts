import { sql, type Insertable, type Selectable } from 'kysely';
import type { MemberTable } from '../../platform/db/accounts-schema.js';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { compiledOnceAsArrays, type CompiledRead } from '../../platform/db/compiled-once.js';
import { dialectOf, tellInstances } from '../../platform/db/transaction.js';
import { dayOf } from '../../platform/time-zone.js';
import { attachToTree } from './tree.js';

export type MemberRow = Selectable<MemberTable>;
export type NewMember = Insertable<MemberTable>;

export const findMemberById = (db: DbOrTrx, merchantId: number, id: number) =>
  db
    .selectFrom('member')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findMemberByUsername = (db: DbOrTrx, merchantId: number, username: string) =>
  db
    .selectFrom('member')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();

export const findMemberByMobile = (db: DbOrTrx, merchantId: number, dialCode: string, number: string) =>
  db
    .selectFrom('member')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('mobile_dial_code', '=', dialCode)
    .where('mobile_number', '=', number)
    .executeTakeFirst();

/** The agent owning an invitation (affiliate) code, or a member by their referral code. */
export const findMemberByCode = (
  db: DbOrTrx,
  merchantId: number,
  column: 'affiliate_code' | 'referral_code',
  code: string,
) =>
  db
    .selectFrom('member')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where(column, '=', code)
    .executeTakeFirst();

/** Inserts a member and places it in the member tree, under its upline when it has one. */
export const insertMember = async (db: DbOrTrx, member: NewMember) => {
  const { id } = await db.insertInto('member').values(member).returning('id').executeTakeFirstOrThrow();
  await attachToTree(db, member.merchant_id, id, member.upline_id ?? null);
  return id;
};

export const updateMember = async (db: DbOrTrx, id: number, changes: Partial<Omit<MemberRow, 'id'>>) => {
  await db.updateTable('member').set(changes).where('id', '=', id).execute();
};

export const findUsername = async (db: DbOrTrx, id: number | null) =>
  id === null
    ? null
    : ((await db.selectFrom('member').select('username').where('id', '=', id).executeTakeFirst())?.username ??
      null);

// Sessions

export const insertSession = async (
  db: DbOrTrx,
  session: {
    merchant_id: number;
    member_id: number;
    token_hash: string;
    site: string;
    login_method: string;
    ip: string;
    user_agent: string | null;
    created_at: string;
    last_seen_at: string;
    expires_at: string;
    absolute_expires_at: string;
  },
) => {
  await db.insertInto('member_session').values(session).execute();
};

/**
 * The brand's business day of a login, once a day per member: sessions are pruned when they expire,
 * login days stay (missions count LOGIN_DAYS and STREAK_DAYS from them, decision 0052).
 */
export const recordLoginDay = async (db: DbOrTrx, merchantId: number, memberId: number, now: Date) => {
  const merchant = await db
    .selectFrom('merchant')
    .select('time_zone')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('member_login_day')
    .values({ merchant_id: merchantId, member_id: memberId, day: dayOf(merchant.time_zone, now) })
    .onConflict((oc) => oc.columns(['member_id', 'day']).doNothing())
    .execute();
};

/**
 * The member of a row whose first values are the member's columns in this order, built as one object
 * literal: every member object has the same shape, and building it costs a fraction of copying a
 * 51-column row object key by key (issue 23). `satisfies` keeps it to every column of the table.
 */
const memberOfValues = (row: readonly unknown[]): MemberRow => {
  let i = 0;
  return {
    id: row[i++],
    merchant_id: row[i++],
    username: row[i++],
    username_key: row[i++],
    password_hash: row[i++],
    payment_password_hash: row[i++],
    type: row[i++],
    upline_id: row[i++],
    affiliate_code: row[i++],
    referral_code: row[i++],
    mobile_dial_code: row[i++],
    mobile_number: row[i++],
    mobile_verified: row[i++],
    email: row[i++],
    email_verified: row[i++],
    payee_name: row[i++],
    nickname: row[i++],
    qq_num: row[i++],
    line: row[i++],
    whatsapp: row[i++],
    facebook: row[i++],
    wechat: row[i++],
    id_number: row[i++],
    birthday: row[i++],
    nationality: row[i++],
    occupation: row[i++],
    source_of_income: row[i++],
    address: row[i++],
    avatar_url: row[i++],
    register_method: row[i++],
    register_url: row[i++],
    register_ip: row[i++],
    age_confirmed_at: row[i++],
    terms_agreed_at: row[i++],
    first_login_at: row[i++],
    last_login_at: row[i++],
    password_changed_at: row[i++],
    must_change_password: row[i++],
    status: row[i++],
    failed_login_count: row[i++],
    locked_until: row[i++],
    vip_level: row[i++],
    vip_label: row[i++],
    vip_changed_at: row[i++],
    language: row[i++],
    labels: row[i++],
    totp_secret: row[i++],
    created_at: row[i++],
    updated_at: row[i++],
  } satisfies Record<keyof MemberRow, unknown> as MemberRow;
};

/** The member's columns, in the order memberOfValues reads them. */
const MEMBER_COLUMNS = Object.keys(memberOfValues([])) as (keyof MemberRow)[];

/**
 * What the session check and the guard's rules read of the member (its status, type and forced
 * password change), and its id: all a call that needs no more of the member reads (decision 0089).
 */
export type RuleMember = Pick<MemberRow, 'id' | 'status' | 'type' | 'must_change_password'>;

/** The rules' member of a row whose first values are its columns in this order. */
const ruleMemberOfValues = (row: readonly unknown[]): RuleMember =>
  ({
    id: row[0],
    status: row[1],
    type: row[2],
    must_change_password: row[3],
  }) satisfies Record<keyof RuleMember, unknown> as RuleMember;

/** The rules' member's columns, in the order ruleMemberOfValues reads them. */
const RULE_MEMBER_COLUMNS = Object.keys(ruleMemberOfValues([])) as (keyof RuleMember)[];

/** The member's (`columns`) and the session's columns, the order `findSessionWithMember` reads them in. */
const selectSessionWithMember = (db: DbOrTrx, columns: readonly (keyof MemberRow)[] = MEMBER_COLUMNS) =>
  db
    .selectFrom('member_session as s')
    .innerJoin('member as m', (join) =>
      join.onRef('m.id', '=', 's.member_id').onRef('m.merchant_id', '=', 's.merchant_id'),
    )
    .select(columns.map((column) => `m.${column}` as const))
    .select([
      's.id as session_id',
      's.merchant_id as session_merchant_id',
      's.site as session_site',
      's.login_method as session_login_method',
      's.last_seen_at as session_last_seen_at',
      's.expires_at as session_expires_at',
      's.absolute_expires_at as session_absolute_expires_at',
      's.revoked_at as session_revoked_at',
    ]);

/**
 * The member's ledger accounts as one value: a JSON array of `[id, code, kind, balance]`, in no set
 * order (the balance call finds each wallet's by its kind); `s` is the session's row. No `order by`
 * in the aggregate: SQLite built a temporary b-tree for it on every call, a quarter of the
 * statement's work (decision 0097). SQLite answers the JSON's text, PostgreSQL's driver the array;
 * the two differ only in the JSON functions' names.
 */
const ledgerAccountsOfSession = (db: DbOrTrx) => {
  const [aggregate, array, none] =
    dialectOf(db) === 'postgres'
      ? ['json_agg', 'json_build_array', "'[]'::json"]
      : ['json_group_array', 'json_array', "'[]'"];
  return sql<string>`(
    select coalesce(${sql.raw(aggregate)}(${sql.raw(array)}(a.id, a.code, a.kind, a.balance)), ${sql.raw(none)})
    from ledger_account a where a.merchant_id = s.merchant_id and a.member_id = s.member_id)`;
};

/** Where the session's values start in a row of the whole member's reads, after the member's. */
const S = MEMBER_COLUMNS.length;
/** The most token hashes one batched read asks for (`BatchedRead.many`). */
const MAX_READ_TOGETHER = 256;

type WaitingRead = {
  hash: string;
  resolve: (row: unknown[] | undefined) => void;
  reject: (e: unknown) => void;
};

/**
 * One kind of session read, alone (`one`) and for the token hashes of a turn (`many`, PostgreSQL,
 * decision 0078: each row ends with its token's hash, at `hashAt`), with the reads of this kind
 * waiting for the end of the turn, per database. Both are compiled once and answer arrays (issue 23).
 */
type BatchedRead = {
  one: CompiledRead<[tokenHash: string], unknown[]>;
  many: CompiledRead<[tokenHashes: readonly string[]], unknown[]>;
  hashAt: number;
  waiting: WeakMap<object, WaitingRead[]>;
};

/**
 * A session by its token's hash with its member's `columns`, in one statement: every authenticated
 * call reads both, fresh (sessions are never memoised: a logout holds on every instance at once,
 * decision 0055). `withAccounts` adds the member's ledger accounts, read in the same snapshot (the
 * balance call's, decisions 0083 and 0098), used only once the session has passed.
 */
const batchedRead = (columns: readonly (keyof MemberRow)[], withAccounts: boolean): BatchedRead => {
  const select = (db: DbOrTrx) => {
    const read = selectSessionWithMember(db, columns);
    return withAccounts ? read.select(ledgerAccountsOfSession(db).as('session_ledger_accounts')) : read;
  };
  return {
    one: compiledOnceAsArrays((db: DbOrTrx, tokenHash: string) =>
      select(db).where('s.token_hash', '=', tokenHash),
    ),
    many: compiledOnceAsArrays((db: DbOrTrx, tokenHashes: readonly string[]) =>
      select(db)
        .select('s.token_hash as session_token_hash')
        .where(sql<boolean>`s.token_hash = any(${tokenHashes})`),
    ),
    hashAt: columns.length + 8 + (withAccounts ? 1 : 0),
    waiting: new WeakMap(),
  };
};
/** The session with its member, every column: most calls. */
const MEMBER_READ = batchedRead(MEMBER_COLUMNS, false);
/** The same with the member's accounts. */
const MEMBER_ACCOUNTS_READ = batchedRead(MEMBER_COLUMNS, true);
/**
 * The rules' member only (decision 0089): the member's other 45 columns were read, built into the row
 * and the member object, and dropped by the calls that check only its rules.
 */
const RULE_MEMBER_READ = batchedRead(RULE_MEMBER_COLUMNS, false);
/**
 * The rules' member with the accounts: the balance call's (decisions 0089 and 0098), on PostgreSQL the
 * 4 columns its rules check where the whole member's 49 were sent, parsed and dropped.
 */
const RULE_MEMBER_ACCOUNTS_READ = batchedRead(RULE_MEMBER_COLUMNS, true);

/** Reads the waiting hashes' sessions, at most MAX_READ_TOGETHER a statement, and answers each caller. */
const readWaiting = async (db: Db, waiting: WaitingRead[], { one, many, hashAt }: BatchedRead) => {
  for (let i = 0; i < waiting.length; i += MAX_READ_TOGETHER) {
    const chunk = waiting.slice(i, i + MAX_READ_TOGETHER);
    try {
      if (chunk.length === 1) {
        chunk[0]!.resolve((await one(db, chunk[0]!.hash))[0]);
        continue;
      }
      const rows = await many(db, [...new Set(chunk.map((w) => w.hash))]);
      const byHash = new Map(rows.map((row) => [row[hashAt] as string, row]));
      for (const w of chunk) w.resolve(byHash.get(w.hash));
    } catch (error) {
      for (const w of chunk) w.reject(error);
    }
  }
};

/**
 * A session's row: on PostgreSQL, read together with the other session reads of its kind that arrived
 * in the same turn of the event loop (under load, several requests' guards run in one turn): one
 * statement and one round trip for them all, where each was its own (issue 23: a round trip's socket
 * write is the biggest cost of a call on the server). Still read fresh from the database for every
 * call, after the call arrived. SQLite, and a read inside a transaction, read alone.
 */
const sessionRow = (db: DbOrTrx, tokenHash: string, read: BatchedRead): Promise<unknown[] | undefined> => {
  if (db.isTransaction || dialectOf(db) !== 'postgres')
    return read.one(db, tokenHash).then((rows) => rows[0]);
  return new Promise((resolve, reject) => {
    let waiting = read.waiting.get(db);
    if (!waiting) {
      const batch: WaitingRead[] = (waiting = []);
      read.waiting.set(db, batch);
      // The check phase, after this turn's I/O callbacks: every request read in this turn has asked.
      setImmediate(() => {
        read.waiting.delete(db);
        void readWaiting(db as Db, batch, read);
      });
    }
    waiting.push({ hash: tokenHash, resolve, reject });
  });
};

/** A member's ledger account as the session read brings it: id, code, kind, balance. */
export type LedgerAccountValues = readonly [id: number, code: string, kind: string, balance: number];

/** The accounts' value of a session row: SQLite's JSON text, or PostgreSQL's array as its driver parsed it. */
const ledgerAccountsOfValue = (value: unknown) =>
  (typeof value === 'string' ? JSON.parse(value) : value) as LedgerAccountValues[];

/** The session's values of a row, from `at` (after the member's) on, and the accounts read with it. */
const sessionOfRow = <M>(row: readonly unknown[], at: number, member: M, withAccounts: boolean) => ({
  // A literal of fixed shape, no spread: V8 builds it without a runtime call (decision 0097).
  ledgerAccounts: withAccounts ? ledgerAccountsOfValue(row[at + 8]) : undefined,
  session: {
    id: row[at] as number,
    merchant_id: row[at + 1] as number,
    site: row[at + 2] as string,
    login_method: row[at + 3] as string,
    last_seen_at: row[at + 4] as string,
    expires_at: row[at + 5] as string,
    absolute_expires_at: row[at + 6] as string,
    revoked_at: row[at + 7] as string | null,
  },
  member,
});

export type SessionReadOptions = {
  /**
   * The member's ledger accounts too, read in the same statement (`ledgerAccounts`; on PostgreSQL with
   * the other such reads of the turn, decisions 0078 and 0098).
   */
  withLedgerAccounts?: boolean;
};

/** A session by its token's hash with its member (all its columns). */
export const findSessionWithMember = async (
  db: DbOrTrx,
  tokenHash: string,
  { withLedgerAccounts = false }: SessionReadOptions = {},
) => {
  const read = withLedgerAccounts ? MEMBER_ACCOUNTS_READ : MEMBER_READ;
  // SQLite, no transaction open: read at once, without Kysely's lock and its promises (decision 0086).
  const rows = read.one.now(db, tokenHash);
  const row = rows ? rows[0] : await sessionRow(db, tokenHash, read);
  if (!row) return undefined;
  return sessionOfRow(row, S, memberOfValues(row), withLedgerAccounts);
};

/**
 * A session by its token's hash with the rules' member only (`RuleMember`, decision 0089): on SQLite
 * four of the member's 49 columns. PostgreSQL reads the whole member with the other session reads of
 * its turn (decision 0078), one statement for them all, and answers it (its rules' columns among them).
 */
export const findSessionWithRuleMember = async (
  db: DbOrTrx,
  tokenHash: string,
  { withLedgerAccounts = false }: SessionReadOptions = {},
): Promise<ReturnType<typeof sessionOfRow<RuleMember>> | undefined> => {
  if (dialectOf(db) !== 'sqlite' && !withLedgerAccounts) return findSessionWithMember(db, tokenHash);
  const read = withLedgerAccounts ? RULE_MEMBER_ACCOUNTS_READ : RULE_MEMBER_READ;
  // SQLite, no transaction open: at once (decision 0086); else the balance call's reads of the turn
  // together (PostgreSQL, decision 0098), or alone.
  const rows = read.one.now(db, tokenHash);
  const row = rows
    ? rows[0]
    : withLedgerAccounts
      ? await sessionRow(db, tokenHash, read)
      : (await read.one(db, tokenHash))[0];
  if (!row) return undefined;
  return sessionOfRow(row, RULE_MEMBER_COLUMNS.length, ruleMemberOfValues(row), withLedgerAccounts);
};

export const touchSession = async (db: DbOrTrx, id: number, lastSeenAt: string, expiresAt: string) => {
  await db
    .updateTable('member_session')
    .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
};

// A revocation is told to every instance once it commits: their open streams of the session end at
// once (decision 0057); calls are refused anyway, since sessions are read fresh (decision 0055).
export const revokeSession = async (db: DbOrTrx, id: number, at: string) => {
  await db
    .updateTable('member_session')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  tellInstances(db, 'session', { sessionId: id });
};

export const revokeMemberSessions = async (db: DbOrTrx, memberId: number, at: string, exceptId?: number) => {
  let query = db
    .updateTable('member_session')
    .set({ revoked_at: at })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  await query.execute();
  tellInstances(db, 'session', { memberId });
};

// Known IPs (new-IP challenge)

export const hasKnownIp = async (db: DbOrTrx, memberId: number, ip: string) =>
  (await db
    .selectFrom('member_ip')
    .select('ip')
    .where('member_id', '=', memberId)
    .where('ip', '=', ip)
    .executeTakeFirst()) !== undefined;

export const countKnownIps = async (db: DbOrTrx, memberId: number) =>
  Number(
    (
      await db
        .selectFrom('member_ip')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const rememberIp = async (db: DbOrTrx, memberId: number, ip: string, at: string) => {
  await db
    .insertInto('member_ip')
    .values({ member_id: memberId, ip, first_seen_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'ip']).doNothing())
    .execute();
};

// Outbox (SMS and email written for demos and tests)

export const insertOutbox = async (
  db: DbOrTrx,
  row: {
    merchant_id: number;
    channel: 'SMS' | 'EMAIL';
    destination: string;
    subject: string | null;
    body: string;
    created_at: string;
  },
) => {
  await db.insertInto('outbox').values(row).execute();
};

export const listOutbox = (
  db: DbOrTrx,
  filter: { channel?: string; destination?: string; limit: number },
) => {
  let query = db.selectFrom('outbox').selectAll();
  if (filter.channel) query = query.where('channel', '=', filter.channel);
  if (filter.destination) query = query.where('destination', '=', filter.destination);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
};
