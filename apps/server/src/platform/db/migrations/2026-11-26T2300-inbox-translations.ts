import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * An operator's message in the members' languages (decision 0067): the text in other languages
 * beside the one written, as JSON `{CODE: {title, content}}`; each member reads its own language's.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('inbox_message').addColumn('translations', 'text').execute();
  await db.schema.alterTable('inbox_broadcast').addColumn('translations', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('inbox_broadcast').dropColumn('translations').execute();
  await db.schema.alterTable('inbox_message').dropColumn('translations').execute();
}
