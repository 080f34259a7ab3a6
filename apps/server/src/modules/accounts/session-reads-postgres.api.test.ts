import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/index.js';
import { postgresPool } from '../../platform/db/pg-client.js';
import type { Database } from '../../platform/db/schema.js';
import { createOtherBrand, insertBareMember } from '../../test/brands.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { memberAccount } from '../wallet/ledger.js';
import { findSessionWithMember, findSessionWithRuleMember, revokeSession } from './repo.js';

/**
 * On PostgreSQL the session reads of one event-loop turn go out as one statement (decision 0078): the
 * guards of requests that arrived together cost one round trip, and each still gets its own session,
 * read fresh, a revoked or unknown one included.
 */
const postgres = process.env.TEST_POSTGRES_URL;

describe.skipIf(!postgres)('session reads on PostgreSQL', () => {
  let server: TestServer;
  let pool: pg.Pool;
  let db: Db;
  /** The round trips the pool's connections finished (PostgreSQL's ReadyForQuery). */
  let roundTrips = 0;
  const members: { id: number; hash: string; sessionId: number }[] = [];
  let merchantId: number;

  beforeAll(async () => {
    server = await startTestServer();
    merchantId = await createOtherBrand(server.db, {
      code: 'PGSESS',
      name: 'pg sessions',
      currency: 'VND',
      currencySymbol: 'P',
      languages: [],
    });
    const at = new Date().toISOString();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      const id = await insertBareMember(server.db, merchantId, name, `${name}pgsess`);
      const hash = `hash-${name}-pgsess`;
      const { id: sessionId } = await server.db
        .insertInto('member_session')
        .values({
          merchant_id: merchantId,
          member_id: id,
          token_hash: hash,
          site: 'MEMBER',
          login_method: 'PASSWORD',
          ip: '127.0.0.1',
          user_agent: null,
          created_at: at,
          last_seen_at: at,
          expires_at: later,
          absolute_expires_at: later,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      members.push({ id, hash, sessionId });
    }
    pool = postgresPool(server.databaseUrl, 4);
    pool.on('connect', (client) =>
      (
        client as unknown as { connection: { on: (event: string, listener: () => void) => void } }
      ).connection.on('readyForQuery', () => roundTrips++),
    );
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }) as Db;
    // The pool's connection opened before counting.
    await findSessionWithMember(db, 'warm-up');
  });
  afterAll(async () => {
    await db.destroy();
    await server.close();
  });

  it('reads the sessions asked for in one turn in one round trip, each its own', async () => {
    roundTrips = 0;
    const [a, b, c, unknown, aAgain] = await Promise.all([
      findSessionWithMember(db, members[0]!.hash),
      findSessionWithMember(db, members[1]!.hash),
      findSessionWithMember(db, members[2]!.hash),
      findSessionWithMember(db, 'no-such-hash'),
      findSessionWithMember(db, members[0]!.hash),
    ]);
    expect(roundTrips).toBe(1);
    expect([a, b, c].map((found) => [found?.member.id, found?.session.id])).toEqual(
      members.slice(0, 3).map((m) => [m.id, m.sessionId]),
    );
    expect(unknown).toBeUndefined();
    expect(aAgain).toEqual(a);
    // Each caller has its own member object.
    expect(aAgain!.member).not.toBe(a!.member);

    // One read alone is one round trip too.
    roundTrips = 0;
    expect((await findSessionWithMember(db, members[3]!.hash))?.member.id).toBe(members[3]!.id);
    expect(roundTrips).toBe(1);
  });

  it("reads balance calls' sessions with their members' accounts, one statement for the turn's (decision 0098)", async () => {
    const readers = members.slice(0, 3);
    const accounts = await Promise.all(
      readers.map((m) => memberAccount(server.db, merchantId, m.id, 'MAIN')),
    );
    roundTrips = 0;
    const [a, b, c, plain, rules] = await Promise.all([
      ...readers.map((m) => findSessionWithMember(db, m.hash, { withLedgerAccounts: true })),
      findSessionWithMember(db, readers[1]!.hash),
      findSessionWithRuleMember(db, readers[2]!.hash, { withLedgerAccounts: true }),
    ]);
    // One statement for the reads with accounts, one for the read without, one for the balance call's
    // (the rules' member and the accounts).
    expect(roundTrips).toBe(3);
    expect(rules?.ledgerAccounts).toEqual(c?.ledgerAccounts);
    expect(Object.keys(rules!.member).sort()).toEqual(['id', 'must_change_password', 'status', 'type']);
    expect([a, b, c].map((found) => [found?.member.id, found?.session.id])).toEqual(
      readers.map((m) => [m.id, m.sessionId]),
    );
    expect(
      [a, b, c].map((found) => found?.ledgerAccounts?.map(([id, code, kind]) => [id, code, kind])),
    ).toEqual(readers.map((m, i) => [[accounts[i], `member:${m.id}:MAIN`, 'MAIN']]));
    expect(plain?.ledgerAccounts).toBeUndefined();
    expect(plain?.member.id).toBe(readers[1]!.id);
    // A member with no account yet: an empty list, not a missing one.
    roundTrips = 0;
    const alone = await findSessionWithMember(db, members[3]!.hash, { withLedgerAccounts: true });
    expect(alone?.ledgerAccounts).toEqual([]);
    expect(roundTrips).toBe(1);
  });

  it('sees a revocation made a moment before the read, in a read of several', async () => {
    const { hash, sessionId } = members[4]!;
    await revokeSession(server.db, sessionId, new Date().toISOString());
    const [revoked, live] = await Promise.all([
      findSessionWithMember(db, hash),
      findSessionWithMember(db, members[1]!.hash),
    ]);
    expect(revoked?.session.revoked_at).not.toBeNull();
    expect(live?.session.revoked_at).toBeNull();
  });
});
