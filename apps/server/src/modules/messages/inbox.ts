import type {
  InboxListQuery,
  InboxMessage,
  InboxMessageType,
  InboxPage,
  InboxParams,
  InboxTemplate,
  InboxTranslations,
  OperatorBroadcast,
  OperatorPersonalMessage,
  SentInboxMessage,
} from '@jade/contracts/inbox';
import { sql } from 'kysely';
import { afterCommit } from '../../platform/db/after-commit.js';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { handleOutside } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { publishBrandEvent, publishMemberEvent } from '../../platform/member-events.js';

/**
 * A member's inbox (§2 messageV2, decision 0047). Two sources: the member's own rows
 * (`inbox_message`: platform information and personal messages, and list broadcasts, one row each)
 * and the brand's broadcasts to everyone or to a VIP rank and above (`inbox_broadcast`, one row for
 * all; `inbox_broadcast_read` holds who read it). A broadcast reaches the members who had joined when
 * it was sent.
 */

/** The member as the inbox needs them: who, which brand, their rank and when they joined. */
export type InboxReader = {
  merchantId: number;
  memberId: number;
  vipLevel: number;
  joinedAt: string;
  /** The member's language (decision 0067): an operator's message is read in it when written in it. */
  language?: string | null;
};

const NOT_FOUND = () => new AppError('NOT_FOUND', 'No such message');

const own = (db: DbOrTrx, reader: InboxReader) =>
  db
    .selectFrom('inbox_message')
    .where('merchant_id', '=', reader.merchantId)
    .where('member_id', '=', reader.memberId);

const visibleBroadcasts = (db: DbOrTrx, reader: InboxReader) =>
  db
    .selectFrom('inbox_broadcast as b')
    .where('b.merchant_id', '=', reader.merchantId)
    .where('b.audience', 'in', ['ALL', 'VIP'])
    .where('b.created_at', '>=', reader.joinedAt)
    .where((eb) => eb.or([eb('b.audience', '=', 'ALL'), eb('b.vip_level', '<=', reader.vipLevel)]));

const unreadBroadcasts = (db: DbOrTrx, reader: InboxReader) =>
  visibleBroadcasts(db, reader).where(({ not, exists, selectFrom }) =>
    not(
      exists(
        selectFrom('inbox_broadcast_read as r')
          .select('r.broadcast_id')
          .whereRef('r.broadcast_id', '=', 'b.id')
          .where('r.member_id', '=', reader.memberId),
      ),
    ),
  );

/** §7 CSP_unreadCount: the member's unread messages of every type. */
export const unreadCount = async (db: DbOrTrx, reader: InboxReader): Promise<number> => {
  const [mine, broadcasts] = await Promise.all([
    own(db, reader)
      .where('read_at', 'is', null)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    unreadBroadcasts(db, reader)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return Number(mine.n) + Number(broadcasts.n);
};

type Row = {
  source: string;
  id: number;
  type: string;
  template: string | null;
  params: string;
  title: string;
  content: string;
  translations: string | null;
  created_at: string;
  is_read: number;
};

/** The operator's text in the reader's language when it was written in it, else as written. */
const textFor = (
  row: Pick<Row, 'title' | 'content' | 'translations'>,
  language: string | null | undefined,
) => {
  if (row.translations && language) {
    const texts = JSON.parse(row.translations) as Record<string, { title: string; content: string }>;
    const key = Object.keys(texts).find((k) => k.toLowerCase() === language.toLowerCase());
    if (key !== undefined) return texts[key]!;
  }
  return { title: row.title, content: row.content };
};

const toMessage = (row: Row, language: string | null | undefined): InboxMessage => ({
  id: `${row.source}${row.id}`,
  type: row.type as InboxMessageType,
  template: row.template as InboxTemplate | null,
  params: JSON.parse(row.params) as InboxParams,
  ...textFor(row, language),
  createdAt: row.created_at,
  isRead: Number(row.is_read) === 1,
});

/** One page of the inbox, newest first, of one type or all; with the unread count of all types. */
export const listInbox = async (
  db: DbOrTrx,
  reader: InboxReader,
  query: InboxListQuery,
): Promise<InboxPage> => {
  let mine = own(db, reader).select([
    sql<string>`'m'`.as('source'),
    'id',
    'type',
    'template',
    'params',
    'title',
    'content',
    'translations',
    'created_at',
    sql<number>`case when read_at is null then 0 else 1 end`.as('is_read'),
  ]);
  if (query.type) mine = mine.where('type', '=', query.type);
  const broadcasts = visibleBroadcasts(db, reader)
    .leftJoin('inbox_broadcast_read as r', (join) =>
      join.onRef('r.broadcast_id', '=', 'b.id').on('r.member_id', '=', reader.memberId),
    )
    .select([
      sql<string>`'b'`.as('source'),
      'b.id',
      sql<InboxMessageType>`'BROADCAST'`.as('type'),
      sql<string | null>`null`.as('template'),
      sql<string>`'{}'`.as('params'),
      'b.title',
      'b.content',
      'b.translations',
      'b.created_at',
      sql<number>`case when r.read_at is null then 0 else 1 end`.as('is_read'),
    ]);
  const union = query.type === undefined || query.type === 'BROADCAST' ? mine.unionAll(broadcasts) : mine;
  const all = db.selectFrom(union.as('u'));
  const [total, rows, unread] = await Promise.all([
    all.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    all
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('source', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    unreadCount(db, reader),
  ]);
  const totalCount = Number(total.n);
  return {
    items: (rows as Row[]).map((row) => toMessage(row, reader.language)),
    pageNum: query.pageNo,
    totalPages: Math.ceil(totalCount / query.pageSize),
    totalCount,
    unreadCount: unread,
  };
};

/** Tells the member's open pages their unread count, once the change this runs in commits. */
const announceCount = (db: DbOrTrx, member: { merchantId: number; memberId: number }, count: number) =>
  publishMemberEvent(
    { merchantId: member.merchantId, memberId: member.memberId },
    { type: 'unread', count },
    db,
  );

/**
 * Marks one message read (`m<id>` the member's own, `b<id>` a broadcast they can see); another
 * member's message or another brand's broadcast is NOT_FOUND. Reading it again changes nothing.
 */
export const markRead = async (db: DbOrTrx, reader: InboxReader, id: string, now = new Date()) => {
  const number = Number(id.slice(1));
  if (id.startsWith('m')) {
    const row = await own(db, reader).select(['id', 'read_at']).where('id', '=', number).executeTakeFirst();
    if (!row) throw NOT_FOUND();
    if (row.read_at === null)
      await db
        .updateTable('inbox_message')
        .set({ read_at: now.toISOString() })
        .where('id', '=', number)
        .where('read_at', 'is', null)
        .execute();
  } else {
    const row = await visibleBroadcasts(db, reader)
      .select('b.id')
      .where('b.id', '=', number)
      .executeTakeFirst();
    if (!row) throw NOT_FOUND();
    await db
      .insertInto('inbox_broadcast_read')
      .values({ broadcast_id: number, member_id: reader.memberId, read_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['member_id', 'broadcast_id']).doNothing())
      .execute();
  }
  const count = await unreadCount(db, reader);
  announceCount(db, reader, count);
  return { unreadCount: count };
};

/** Marks every message the member can see read. */
export const markAllRead = async (db: DbOrTrx, reader: InboxReader, now = new Date()) => {
  const at = now.toISOString();
  await db
    .updateTable('inbox_message')
    .set({ read_at: at })
    .where('merchant_id', '=', reader.merchantId)
    .where('member_id', '=', reader.memberId)
    .where('read_at', 'is', null)
    .execute();
  const unread = await unreadBroadcasts(db, reader).select('b.id').execute();
  if (unread.length > 0)
    await db
      .insertInto('inbox_broadcast_read')
      .values(unread.map((b) => ({ broadcast_id: b.id, member_id: reader.memberId, read_at: at })))
      .onConflict((oc) => oc.columns(['member_id', 'broadcast_id']).doNothing())
      .execute();
  announceCount(db, reader, 0);
  return { unreadCount: 0 };
};

/**
 * Tells a member in their inbox that something of theirs changed state: a platform message from a
 * template (`kind`, `@jade/contracts/inbox` INBOX_TEMPLATES) and its parameters, rendered in the
 * member's language when read, so a language change re-renders it.
 *
 * Call it with the transaction (`trx`) that makes the change, after the conditional update that
 * made it: the message is written with the change or not at all (a rollback leaves no message), and
 * once it commits the member's unread count is read, outside it, and their open pages hear it.
 * Parameters are plain values:
 * amounts in minor units (`amount`), ids, account names and codes; no text in a language.
 *
 * Wired today: deposits and withdrawals decided (wallet/payments.ts), agent contract offers, answers
 * and terminations (agents/contracts.ts). Bonus, rebate and redeem changes call it the same way, e.g.
 * `await notifyMember(trx, { merchantId, memberId, kind: 'BONUS_ISSUED', params: { amount, promotion } })`,
 * with the text added under `inbox.templates.<KIND>` in the web app's nine language files.
 */
export const notifyMember = async (
  trx: DbOrTrx,
  input: { merchantId: number; memberId: number; kind: InboxTemplate; params: InboxParams },
  now = new Date(),
): Promise<void> => {
  await trx
    .insertInto('inbox_message')
    .values({
      merchant_id: input.merchantId,
      member_id: input.memberId,
      type: 'PLATFORM',
      template: input.kind,
      params: JSON.stringify(input.params),
      title: '',
      content: '',
      translations: null,
      broadcast_id: null,
      sent_by: null,
      created_at: now.toISOString(),
      read_at: null,
    })
    .execute();
  const outside = handleOutside(trx);
  if (outside === null) {
    // A transaction opened outside writeTransaction: no handle to count on after it; count inside.
    announceCount(trx, input, await unreadCount(trx, await readerOf(trx, input.merchantId, input.memberId)));
    return;
  }
  // The count is read after the commit, on the handle the write was opened on: the money transaction
  // this runs in holds its locks no longer for it, and the count includes the new message.
  afterCommit(trx, () => {
    void countAndAnnounce(outside, input).catch(() => undefined);
  });
};

/** Reads the member's unread count and tells their open pages (after a write has committed). */
const countAndAnnounce = async (db: Db, member: { merchantId: number; memberId: number }) => {
  const count = await unreadCount(db, await readerOf(db, member.merchantId, member.memberId));
  publishMemberEvent(member, { type: 'unread', count }, db);
};

/** The inbox's view of a member, read by id (the member of a session carries it already). */
export const readerOf = async (db: DbOrTrx, merchantId: number, memberId: number): Promise<InboxReader> => {
  const member = await db
    .selectFrom('member')
    .select(['vip_level', 'created_at', 'language'])
    .where('id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return {
    merchantId,
    memberId,
    vipLevel: member.vip_level,
    joinedAt: member.created_at,
    language: member.language,
  };
};

// Operators: personal messages, broadcasts and what was sent.

const memberByAccount = (db: DbOrTrx, merchantId: number, accounts: string[]) =>
  db
    .selectFrom('member')
    .select(['id', 'username', 'username_key'])
    .where('merchant_id', '=', merchantId)
    .where(
      'username_key',
      'in',
      accounts.map((a) => a.trim().toLowerCase()),
    )
    .execute();

/** The texts in other languages as stored: their codes upper-case, none at all as null. */
const translationsOf = (texts: InboxTranslations) =>
  texts && Object.keys(texts).length > 0
    ? JSON.stringify(
        Object.fromEntries(Object.entries(texts).map(([code, text]) => [code.toUpperCase(), text])),
      )
    : null;

/** An operator's message to one member of the brand (NOT_FOUND for an account it does not have). */
export const sendPersonalMessage = async (
  db: DbOrTrx,
  merchantId: number,
  input: OperatorPersonalMessage,
  sentBy: string,
  now = new Date(),
): Promise<{ id: string }> => {
  const [member] = await memberByAccount(db, merchantId, [input.account]);
  if (!member) throw new AppError('NOT_FOUND', 'No such member');
  const row = await db
    .insertInto('inbox_message')
    .values({
      merchant_id: merchantId,
      member_id: member.id,
      type: 'PERSONAL',
      template: null,
      params: '{}',
      title: input.title,
      content: input.content,
      translations: translationsOf(input.translations),
      broadcast_id: null,
      sent_by: sentBy,
      created_at: now.toISOString(),
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reader = await readerOf(db, merchantId, member.id);
  announceCount(db, reader, await unreadCount(db, reader));
  return { id: `m${row.id}` };
};

/**
 * An operator's broadcast: to the whole brand or a VIP rank and above (one row, read state per
 * member), or to a list of accounts (a row each; every account must be the brand's, else
 * VALIDATION_FAILED naming the unknown ones). Open pages hear their count changed.
 */
export const sendBroadcast = async (
  db: DbOrTrx,
  merchantId: number,
  input: OperatorBroadcast,
  sentBy: string,
  now = new Date(),
): Promise<{ id: string; recipients: number | null }> => {
  const at = now.toISOString();
  const members = input.audience === 'LIST' ? await memberByAccount(db, merchantId, input.accounts) : [];
  if (input.audience === 'LIST') {
    const known = new Set(members.map((m) => m.username_key));
    const unknown = input.accounts.filter((a) => !known.has(a.trim().toLowerCase()));
    if (unknown.length > 0)
      throw new AppError('VALIDATION_FAILED', 'Unknown accounts', {
        fields: { accounts: [`Not members of this brand: ${unknown.slice(0, 20).join(', ')}`] },
      });
  }
  const broadcast = await db
    .insertInto('inbox_broadcast')
    .values({
      merchant_id: merchantId,
      audience: input.audience,
      vip_level: input.audience === 'VIP' ? input.vipLevel : null,
      recipients: input.audience === 'LIST' ? members.length : null,
      title: input.title,
      content: input.content,
      translations: translationsOf(input.translations),
      sent_by: sentBy,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.audience !== 'LIST') {
    publishBrandEvent(merchantId, { type: 'unread', count: null }, db);
    return { id: `b${broadcast.id}`, recipients: null };
  }
  await db
    .insertInto('inbox_message')
    .values(
      members.map((m) => ({
        merchant_id: merchantId,
        member_id: m.id,
        type: 'BROADCAST' as const,
        template: null,
        params: '{}',
        title: input.title,
        content: input.content,
        translations: translationsOf(input.translations),
        broadcast_id: broadcast.id,
        sent_by: sentBy,
        created_at: at,
        read_at: null,
      })),
    )
    .execute();
  for (const m of members)
    publishMemberEvent({ merchantId, memberId: m.id }, { type: 'unread', count: null }, db);
  return { id: `b${broadcast.id}`, recipients: members.length };
};

/** What the brand's operators sent (personal messages and broadcasts), newest first, with how many read it. */
export const listSent = async (
  db: DbOrTrx,
  merchantId: number,
  page: { pageNo: number; pageSize: number },
): Promise<{ items: SentInboxMessage[]; totalCount: number }> => {
  const personal = db
    .selectFrom('inbox_message as m')
    .innerJoin('member as u', 'u.id', 'm.member_id')
    .where('m.merchant_id', '=', merchantId)
    .where('m.type', '=', 'PERSONAL')
    .select([
      sql<string>`'m'`.as('source'),
      'm.id',
      sql<string>`'MEMBER'`.as('audience'),
      sql<string | null>`u.username`.as('account'),
      sql<number | null>`null`.as('vip_level'),
      sql<number | null>`null`.as('recipients'),
      'm.title',
      'm.content',
      'm.created_at',
      'm.sent_by',
      sql<number>`case when m.read_at is null then 0 else 1 end`.as('read_count'),
    ]);
  const broadcasts = db
    .selectFrom('inbox_broadcast as b')
    .where('b.merchant_id', '=', merchantId)
    .select([
      sql<string>`'b'`.as('source'),
      'b.id',
      'b.audience',
      sql<string | null>`null`.as('account'),
      'b.vip_level',
      'b.recipients',
      'b.title',
      'b.content',
      'b.created_at',
      'b.sent_by',
      sql<number>`(select count(*) from inbox_broadcast_read r where r.broadcast_id = b.id) + (select count(*) from inbox_message l where l.broadcast_id = b.id and l.read_at is not null)`.as(
        'read_count',
      ),
    ]);
  const all = db.selectFrom(personal.unionAll(broadcasts).as('u'));
  const [total, rows] = await Promise.all([
    all.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    all
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('source', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize)
      .execute(),
  ]);
  return {
    totalCount: Number(total.n),
    items: rows.map((r) => ({
      id: `${r.source}${r.id}`,
      audience: r.audience as SentInboxMessage['audience'],
      to:
        r.audience === 'MEMBER'
          ? (r.account ?? '')
          : r.audience === 'VIP'
            ? `VIP ${r.vip_level ?? 0}+`
            : r.audience === 'LIST'
              ? `${r.recipients ?? 0} members`
              : 'all members',
      title: r.title,
      content: r.content,
      createdAt: r.created_at,
      sentBy: r.sent_by,
      readCount: Number(r.read_count),
    })),
  };
};
