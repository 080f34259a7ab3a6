import type { Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  /**
   * One social sign-in in flight: the OAuth state (stored as a keyed hash), the PKCE verifier and
   * nonce it was started with, and where to send the browser back. Single use, short-lived; kept in
   * the database so any server instance can finish a sign-in another one started.
   */
  await db.schema
    .createTable('social_login_state')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchant.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    /** Keyed hash of the browser-binding cookie set by the start call (login CSRF protection). */
    .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)')
    .addColumn('redirect_uri', 'varchar(2048)', (c) => c.notNull())
    .addColumn('return_to', 'varchar(512)', (c) => c.notNull())
    /** Set when a logged-in member links the identity to their account. */
    .addColumn('link_member_id', 'integer', (c) => c.references('member.id').onDelete('cascade'))
    /** JSON: what a first sign-in needs to create a member (age and terms confirmed, invitation code). */
    .addColumn('signup', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('social_login_state_expires')
    .on('social_login_state')
    .column('expires_at')
    .execute();
  await db.schema.createIndex('social_identity_member').on('social_identity').column('member_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('social_identity_member').execute();
  await db.schema.dropTable('social_login_state').execute();
}
