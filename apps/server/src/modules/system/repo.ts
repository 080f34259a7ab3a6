import type { DbOrTrx } from '../../platform/db/index.js';

export const listHelpArticles = async (
  db: DbOrTrx,
  merchantId: number,
  filter: { language?: string; key?: string },
) => {
  let query = db
    .selectFrom('help_article')
    .select(['key', 'category', 'language', 'title', 'content'])
    .where('merchant_id', '=', merchantId);
  if (filter.language) query = query.where('language', '=', filter.language);
  if (filter.key) query = query.where('key', '=', filter.key);
  return await query.orderBy('sort_order').orderBy('id').execute();
};

export const insertFeedback = async (
  db: DbOrTrx,
  row: { merchantId: number; content: string; contact: string | null; ip: string; createdAt: string },
): Promise<number> => {
  const inserted = await db
    .insertInto('feedback')
    .values({
      merchant_id: row.merchantId,
      content: row.content,
      contact: row.contact,
      ip: row.ip,
      created_at: row.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
};
