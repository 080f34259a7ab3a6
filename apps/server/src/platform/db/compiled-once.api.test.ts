import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';
import { compiledOnce, compiledOnceAsArrays } from './compiled-once.js';
import { ROWS_AS_ARRAYS, type DbOrTrx } from './index.js';
import { writeTransaction } from './transaction.js';

// Issue 23, item 2: the hot reads (session lookup, balances) are compiled once, then run with each
// call's values, on both databases, inside and outside a transaction.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const merchantByCode = compiledOnce((db: DbOrTrx, code: string) =>
  db.selectFrom('merchant').select(['id', 'code']).where('code', '=', code),
);

describe('compiledOnce', () => {
  it("answers each call's own rows, with constants of the query kept, in and out of a transaction", async () => {
    const merchants = await server.db.selectFrom('merchant').select(['id', 'code']).orderBy('id').execute();
    expect(merchants.length).toBeGreaterThan(0);
    for (const merchant of merchants)
      expect(await merchantByCode(server.db, merchant.code)).toEqual([merchant]);
    expect(await merchantByCode(server.db, 'no-such-brand')).toEqual([]);
    const [first] = merchants;
    await server.db.transaction().execute(async (trx) => {
      expect(await merchantByCode(trx, first!.code)).toEqual([first]);
    });
    // A constant beside the bound value stays what the query said.
    const withConstant = compiledOnce((db: DbOrTrx, id: number) =>
      db.selectFrom('merchant').select('code').where('id', '=', id).where('code', '<>', 'never-this-code'),
    );
    expect(await withConstant(server.db, first!.id)).toEqual([{ code: first!.code }]);
  });

  it('refuses an argument that shapes the query instead of filling a value', async () => {
    const shaped = compiledOnce((db: DbOrTrx, limit: number) =>
      db
        .selectFrom('merchant')
        .select('id')
        .limit(Number.isFinite(limit) ? limit : 1),
    );
    await expect(shaped(server.db, 5)).rejects.toThrow(/bound value/);
  });

  it('answers rows as arrays in the order selected, in and out of a transaction, the rest as objects', async () => {
    const [first] = await server.db.selectFrom('merchant').select(['id', 'code']).orderBy('id').execute();
    const asArrays = compiledOnceAsArrays((db: DbOrTrx, id: number) =>
      db.selectFrom('merchant').select(['code', 'id', 'id as again']).where('id', '=', id),
    );
    expect(await asArrays(server.db, first!.id)).toEqual([[first!.code, first!.id, first!.id]]);
    expect(await asArrays(server.db, -1)).toEqual([]);
    await server.db.transaction().execute(async (trx) => {
      expect(await asArrays(trx, first!.id)).toEqual([[first!.code, first!.id, first!.id]]);
    });
    // The same SQL without the marker is another statement: its rows stay objects.
    expect(await merchantByCode(server.db, first!.code)).toEqual([first]);
    expect(
      await server.db
        .selectFrom('merchant')
        .select(['code', 'id', 'id as again'])
        .where('id', '=', first!.id)
        .execute(),
    ).toEqual([{ code: first!.code, id: first!.id, again: first!.id }]);
  });

  // Decision 0086: `now` runs at once on SQLite only where it sees what a read through Kysely sees.
  it('reads now on SQLite outside any transaction, never inside one or beside an open write', async () => {
    const [first] = await server.db.selectFrom('merchant').select(['id', 'code']).orderBy('id').execute();
    const asArrays = compiledOnceAsArrays((db: DbOrTrx, id: number) =>
      db.selectFrom('merchant').select(['code', 'id']).where('id', '=', id),
    );
    if (process.env.TEST_POSTGRES_URL) {
      expect(merchantByCode.now(server.db, first!.code)).toBeUndefined();
      return;
    }
    expect(merchantByCode.now(server.db, first!.code)).toEqual([first]);
    expect(asArrays.now(server.db, first!.id)).toEqual([[first!.code, first!.id]]);
    expect(asArrays.now(server.db, -1)).toEqual([]);
    await writeTransaction(server.db, async (trx) => {
      expect(asArrays.now(trx, first!.id)).toBeUndefined();
      // The database handle too: its one connection has this write open.
      expect(asArrays.now(server.db, first!.id)).toBeUndefined();
    });
    await server.db.transaction().execute(async () => {
      expect(merchantByCode.now(server.db, first!.code)).toBeUndefined();
    });
    expect(merchantByCode.now(server.db, first!.code)).toEqual([first]);
  });

  it('has the driver build the rows of marked SQL as arrays itself, not from objects', async () => {
    const { rows } = await server.db.executeQuery(
      CompiledQuery.raw(`${ROWS_AS_ARRAYS}select 1 as a, 2 as b`),
    );
    expect(rows).toEqual([[1, 2]]);
  });
});
