import type { ListAnnouncementsRequest, ListAnnouncementsResponse } from '@jade/contracts/messages';
import type { AnnouncementType } from '@jade/contracts/messages';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { assertSameBrand, languageChain, pageCount, pageOffset, pickLanguage } from '../games/rules.js';
import type { Merchant } from '../merchants/repo.js';
import { demoAnnouncements } from './demo-announcements.js';
import * as repo from './repo.js';

/**
 * MCSFE_getListAnnouncements: one page of the brand's current announcements. The list is in one
 * language: the asked one if it has any, else the brand default, else EN, else any (0003).
 */
export const listAnnouncements = async (
  db: DbOrTrx,
  merchant: Merchant,
  input: ListAnnouncementsRequest,
  now: Date = new Date(),
): Promise<ListAnnouncementsResponse> => {
  assertSameBrand(merchant, input.merchantCode);
  const filter: repo.AnnouncementFilter = {
    merchantId: merchant.id,
    ...(input.types && { types: input.types }),
    platform: input.platform,
    execution: input.execution,
    now: now.toISOString(),
  };
  const { rows, totalCount } = await announcementPage(db, merchant, filter, input.language, input);
  return {
    announcements: rows.map((row) => ({
      id: row.id,
      type: row.type as AnnouncementType,
      title: row.title,
      content: row.content,
      timestamp: row.publishedAt,
      language: row.language,
    })),
    pageNum: input.pageNo,
    totalPages: pageCount(totalCount, input.pageSize),
    totalCount,
  };
};

/**
 * One page of the announcements a filter selects, in one language: the asked one if it has any, else
 * the brand default, else EN, else any (0003). The members' list and the agents' list both read it.
 */
export const announcementPage = async (
  db: DbOrTrx,
  merchant: Merchant,
  filter: repo.AnnouncementFilter,
  asked: string | undefined,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: repo.AnnouncementRow[]; totalCount: number }> => {
  const language = pickLanguage(
    await repo.listAnnouncementLanguages(db, filter),
    languageChain(asked, merchant.defaultLanguage),
  );
  if (language === undefined) return { rows: [], totalCount: 0 };
  const [totalCount, rows] = await Promise.all([
    repo.countAnnouncements(db, filter, language),
    repo.listAnnouncements(db, filter, language, {
      limit: page.pageSize,
      offset: pageOffset(page.pageNo, page.pageSize),
    }),
  ]);
  return { rows, totalCount };
};

/** The demo brand's notices: 15 in EN and 15 in TY, published over the last weeks. */
export const seedDemoAnnouncements = async (db: Db, merchantId: number, now: Date = new Date()) => {
  const hour = 60 * 60 * 1000;
  await repo.insertAnnouncements(
    db,
    demoAnnouncements.flatMap((notice, i) =>
      (['EN', 'TY'] as const).map((language) => ({
        merchantId,
        type: notice.type,
        platform: 'W',
        execution: 'B',
        language,
        title: notice[language].title,
        content: notice[language].content,
        publishedAt: new Date(now.getTime() - (i * 26 + 1) * hour).toISOString(),
        endsAt: null,
        sortOrder: notice.isPinned ? 1 : 0,
      })),
    ),
  );
};

/**
 * An announcement for the brand's agents only (agentAnnouncement), published now: the operator's
 * one way to reach them (`npm run jade -- announcement agents`). Members' lists never show it.
 */
export const publishAgentAnnouncement = async (
  db: DbOrTrx,
  merchantId: number,
  input: { language: string; title: string; content: string; endsAt: string | null },
  now: Date = new Date(),
): Promise<number> => {
  const title = input.title.trim();
  const content = input.content.trim();
  const language = input.language.trim().toUpperCase();
  if (!title || title.length > 200 || !content || content.length > 4000 || !/^[A-Z]{2,5}$/.test(language)) {
    throw new AppError('VALIDATION_FAILED', 'A language code, a title (up to 200) and a text (up to 4000)');
  }
  if (input.endsAt !== null && Number.isNaN(Date.parse(input.endsAt))) {
    throw new AppError('VALIDATION_FAILED', 'The end is not a date and time');
  }
  const row = await db
    .insertInto('announcement')
    .values({
      merchant_id: merchantId,
      type: repo.AGENT_ANNOUNCEMENT_TYPE,
      platform: 'W',
      execution: 'B',
      language,
      title,
      content,
      published_at: now.toISOString(),
      ends_at: input.endsAt === null ? null : new Date(input.endsAt).toISOString(),
      sort_order: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};
