import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code and never changes once landed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * On PostgreSQL the ledger's batch and leg rows keep their foreign keys to the accounts but no longer
 * to the brand, nor the leg to its batch (decision 0100). Each of those checks ran a locking read a
 * row (`select ... for key share`): every post took a share lock on its brand's one `merchant` row,
 * which all of the brand's concurrent posts share through a multixact written to the WAL, and a
 * second lock on the batch it had just inserted. The post's one statement writes the batch and its
 * legs together and checks that every account is the brand's (decision 0099), so neither could fail.
 * The account keys stay: the post holds those rows locked already, and their check writes nothing.
 * SQLite keeps every key (its checks take no lock).
 */
const DROPPED = [
  ['ledger_transfer', 'ledger_transfer_merchant_id_fkey', 'merchant_id', 'merchant', 'on delete cascade'],
  ['ledger_transfer', 'ledger_transfer_batch_id_fkey', 'batch_id', 'ledger_batch', ''],
  ['ledger_batch', 'ledger_batch_merchant_id_fkey', 'merchant_id', 'merchant', 'on delete cascade'],
] as const;

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, name] of DROPPED)
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.id(name)}`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, name, column, target, action] of DROPPED)
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(name)} foreign key (${sql.id(column)})
      references ${sql.table(target)} (id) ${sql.raw(action)}`.execute(db);
}
