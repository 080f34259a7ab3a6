import type pg from 'pg';
import type SQLite from 'better-sqlite3';
import { openDb, sqliteHandleOf, type Db } from '../platform/db/index.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import {
  advanceSequences,
  checkSameSchema,
  compareTables,
  connectPostgres,
  copyTables,
  firstNonEmptyTable,
  redactUrl,
  sourceTables,
  type SourceTable,
} from '../platform/db/copy-to-postgres.js';
import { auditLedger, type LedgerAudit } from '../modules/wallet/ledger-audit.js';

export const MIGRATE_USAGE = `Moving a brand to PostgreSQL (decision 0056; stop the server first)
  migrate-to-postgres <URL>              copy this SQLite database (DATABASE_URL) into the empty
                                         PostgreSQL database at URL (migrated first to the same
                                         schema), in one transaction, then verify the copy
  migrate-to-postgres <URL> --verify-only
                                         verify only: rows and their content per table, every
                                         ledger account's balance against its transfers on both,
                                         each brand's zero sum (money and points); exits non-zero
                                         on any mismatch`;

/** The copy differs from its source, or a ledger invariant fails: the CLI exits non-zero. */
export class VerificationFailed extends Error {}

type Out = (line: string) => void;

const fmt = (n: number) => n.toLocaleString('en-US');

const schemaVersion = async (query: () => Promise<string | undefined>) => (await query()) ?? '(none)';

const ledgerLines = (side: string, audit: LedgerAudit, codes: Map<number, string>, out: Out) => {
  const problems: string[] = [];
  out(`ledger on ${side}: ${fmt(audit.accounts)} accounts, ${fmt(audit.transfers)} transfers`);
  for (const a of audit.drifted)
    problems.push(
      `${side}: account ${a.code} (#${a.id}) holds ${a.balance}, its transfers say ${a.fromTransfers}`,
    );
  for (const a of audit.negative)
    problems.push(`${side}: member account ${a.code} (#${a.id}) is negative (${a.balance})`);
  for (const s of audit.sums) {
    const brand = codes.get(s.merchantId) ?? `#${s.merchantId}`;
    out(`  ${brand} ${s.currency}: balances sum to ${s.total}${s.total === 0 ? '' : '  MISMATCH'}`);
    if (s.total !== 0) problems.push(`${side}: ${brand}'s ${s.currency} accounts sum to ${s.total}, not 0`);
  }
  if (audit.drifted.length === 0) out(`  every account's balance equals its credits less its debits`);
  return problems;
};

/** Rows, row contents, and the ledger on both sides; answers every problem found (none: the copy is good). */
const verify = async (
  source: Db,
  target: Db,
  sqlite: SQLite.Database,
  client: pg.Client,
  tables: SourceTable[],
  out: Out,
) => {
  const problems: string[] = [];
  const checks = await compareTables(sqlite, client, tables);
  const total = checks.reduce((n, c) => n + c.source, 0);
  out(`tables: ${checks.length} compared, ${fmt(total)} rows on SQLite`);
  for (const check of checks) {
    if (check.source !== check.target) {
      out(`  ${check.table}: SQLite ${fmt(check.source)} rows, PostgreSQL ${fmt(check.target)}  MISMATCH`);
      problems.push(`${check.table}: ${check.source} rows on SQLite, ${check.target} on PostgreSQL`);
    } else if (!check.digestsEqual) {
      out(`  ${check.table}: ${fmt(check.source)} rows, contents differ  MISMATCH`);
      problems.push(`${check.table}: same row count, different rows`);
    } else if (check.source > 0) {
      out(`  ${check.table}: ${fmt(check.source)} rows, identical`);
    }
  }
  const codes = new Map(
    (await target.selectFrom('merchant').select(['id', 'code']).execute()).map((m) => [m.id, m.code]),
  );
  const before = await auditLedger(source);
  const after = await auditLedger(target);
  problems.push(...ledgerLines('SQLite', before, codes, out));
  problems.push(...ledgerLines('PostgreSQL', after, codes, out));
  let differing = 0;
  for (const [id, balance] of before.balances) {
    if (after.balances.get(id) !== balance) {
      differing += 1;
      problems.push(
        `account #${id}: ${balance} on SQLite, ${after.balances.get(id) ?? 'missing'} on PostgreSQL`,
      );
    }
  }
  if (after.balances.size !== before.balances.size)
    problems.push(`ledger accounts: ${before.balances.size} on SQLite, ${after.balances.size} on PostgreSQL`);
  if (differing === 0 && after.balances.size === before.balances.size)
    out(`  every account's balance on PostgreSQL equals its balance on SQLite`);
  return problems;
};

/**
 * `migrate-to-postgres <URL> [--verify-only]`: copies the SQLite database `source` into the PostgreSQL
 * database at `url` and verifies the copy (decision 0056). The copy is one PostgreSQL transaction, so
 * a failure leaves the target as empty as it was: fix the cause and run it again.
 */
export const migrateToPostgres = async (
  source: Db,
  url: string,
  options: { verifyOnly: boolean },
  out: Out,
) => {
  const sqlite = sqliteHandleOf(source);
  if (!sqlite) throw new VerificationFailed('the source must be a SQLite database (DATABASE_URL=sqlite:...)');
  if (!/^postgres(ql)?:\/\//.test(url)) throw new VerificationFailed(`the target must be a postgres:// URL`);
  out(`${options.verifyOnly ? 'verifying' : 'copying'} SQLite → ${redactUrl(url)}`);
  const target = openDb(url);
  const client = await connectPostgres(url);
  // One read snapshot of the source for the copy and its verification, whatever else writes to it.
  sqlite.exec('begin');
  try {
    if (!options.verifyOnly) {
      const applied = await migrateToLatest(target.db);
      if (applied.length > 0) out(`PostgreSQL migrated: ${applied.length} migrations applied`);
    }
    const versions = await Promise.all(
      [source, target.db].map((db) =>
        schemaVersion(
          async () =>
            (
              await db
                .selectFrom('kysely_migration' as never)
                .select((eb) => eb.fn.max<string>('name' as never).as('name'))
                .executeTakeFirst()
            )?.name,
        ),
      ),
    );
    if (versions[0] !== versions[1]) {
      throw new VerificationFailed(
        `schema versions differ: SQLite at ${versions[0]}, PostgreSQL at ${versions[1]}`,
      );
    }
    out(`schema: ${versions[0]} on both`);
    const tables = sourceTables(sqlite);
    await checkSameSchema(client, tables);
    if (!options.verifyOnly) {
      const busy = await firstNonEmptyTable(client, tables);
      if (busy) {
        throw new VerificationFailed(
          `the PostgreSQL database is not empty (table ${busy} has rows): it copies into an empty database only`,
        );
      }
      const started = Date.now();
      let rows = 0;
      await client.query('begin');
      try {
        await copyTables(sqlite, client, tables, (_, n) => {
          rows += n;
        });
        const sequences = await advanceSequences(client);
        await client.query('commit');
        out(
          `copied ${tables.length} tables, ${fmt(rows)} rows in ${((Date.now() - started) / 1000).toFixed(1)} s; ${sequences} id sequences advanced past the copied ids`,
        );
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    }
    const problems = await verify(source, target.db, sqlite, client, tables, out);
    if (problems.length > 0) {
      for (const problem of problems) out(`MISMATCH ${problem}`);
      throw new VerificationFailed(
        `verification failed: ${problems.length} mismatch${problems.length === 1 ? '' : 'es'}`,
      );
    }
    out('verified: the PostgreSQL copy equals the SQLite database and its ledger balances');
  } finally {
    sqlite.exec('commit');
    await client.end();
    await target.close();
  }
};
