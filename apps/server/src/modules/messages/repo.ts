import type { DbOrTrx } from '../../platform/db/index.js';

/**
 * Announcements for the brand's agents (agentAnnouncement), kept out of the members' list: a type of
 * its own rather than an audience column, so the list's query and index stay as they are.
 */
export const AGENT_ANNOUNCEMENT_TYPE = 'AG';

export type AnnouncementFilter = {
  merchantId: number;
  /** Without types, every type but the agents' (those are asked for by name). */
  types?: string[];
  /** The members' list is per platform and execution; the agents' list is not. */
  platform?: string;
  execution?: string;
  /** Only announcements published by then and not yet ended. */
  now: string;
};

export type AnnouncementRow = {
  id: number;
  type: string;
  language: string;
  title: string;
  content: string;
  publishedAt: string;
};

export type NewAnnouncement = {
  merchantId: number;
  type: string;
  platform: string;
  execution: string;
  language: string;
  title: string;
  content: string;
  publishedAt: string;
  endsAt: string | null;
  sortOrder: number;
};

const current = (db: DbOrTrx, filter: AnnouncementFilter) => {
  let query = db
    .selectFrom('announcement')
    .where('merchant_id', '=', filter.merchantId)
    .where('published_at', '<=', filter.now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', filter.now)]));
  if (filter.platform !== undefined) query = query.where('platform', '=', filter.platform);
  if (filter.execution !== undefined) query = query.where('execution', '=', filter.execution);
  query = filter.types
    ? query.where('type', 'in', filter.types)
    : query.where('type', '!=', AGENT_ANNOUNCEMENT_TYPE);
  return query;
};

/** The languages that have at least one current announcement matching the filter. */
export const listAnnouncementLanguages = async (db: DbOrTrx, filter: AnnouncementFilter): Promise<string[]> =>
  (await current(db, filter).select('language').distinct().orderBy('language').execute()).map(
    (r) => r.language,
  );

export const countAnnouncements = async (
  db: DbOrTrx,
  filter: AnnouncementFilter,
  language: string,
): Promise<number> => {
  const row = await current(db, filter)
    .where('language', '=', language)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/** Pinned ones (higher sort order) first, then the newest. */
export const listAnnouncements = async (
  db: DbOrTrx,
  filter: AnnouncementFilter,
  language: string,
  page: { limit: number; offset: number },
): Promise<AnnouncementRow[]> =>
  (
    await current(db, filter)
      .where('language', '=', language)
      .select(['id', 'type', 'language', 'title', 'content', 'published_at'])
      .orderBy('sort_order', 'desc')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute()
  ).map((r) => ({
    id: r.id,
    type: r.type,
    language: r.language,
    title: r.title,
    content: r.content,
    publishedAt: r.published_at,
  }));

export const insertAnnouncements = async (db: DbOrTrx, rows: NewAnnouncement[]): Promise<void> => {
  if (rows.length === 0) return;
  await db
    .insertInto('announcement')
    .values(
      rows.map((a) => ({
        merchant_id: a.merchantId,
        type: a.type,
        platform: a.platform,
        execution: a.execution,
        language: a.language,
        title: a.title,
        content: a.content,
        published_at: a.publishedAt,
        ends_at: a.endsAt,
        sort_order: a.sortOrder,
      })),
    )
    .execute();
};
