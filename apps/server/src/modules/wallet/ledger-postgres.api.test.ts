import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MEMBER_BALANCE } from '@jade/contracts/wallet';
import { withPlugin, type Db } from '../../platform/db/index.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { createOtherBrand, insertBareMember } from '../../test/brands.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import {
  checkInvariants,
  getAccountBalance,
  getBalances,
  houseAccount,
  memberAccount,
  postTransfers,
  postTransfersWithin,
} from './ledger.js';

/**
 * The ledger's post on PostgreSQL (decisions 0071, 0099): a transfer between two wallets in one
 * statement that locks, checks, moves and answers its member's balances; the row locks still taken in
 * one order, so many connections posting at once over the same few accounts neither deadlock nor lose
 * a cent, and the rules checked on the locked balances, so distinct debits of one wallet at once never
 * take it below zero.
 */
const postgres = process.env.TEST_POSTGRES_URL;

describe.skipIf(!postgres)('the ledger post on PostgreSQL', () => {
  let server: TestServer;
  let db: Db;
  let merchantId: number;
  let cash: number;
  /** Each member's main and vendor wallets, funded. */
  const wallets: { memberId: number; main: number; vendor: number }[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    db = server.db;
    merchantId = await createOtherBrand(db, {
      code: 'PGPOST',
      name: 'pg post',
      currency: 'VND',
      currencySymbol: 'P',
      languages: [],
    });
    cash = await houseAccount(db, merchantId, 'CASH');
    for (const name of ['a', 'b', 'c', 'd']) {
      const memberId = await insertBareMember(db, merchantId, name, `${name}pgpost`);
      const main = await memberAccount(db, merchantId, memberId, 'MAIN');
      const vendor = await memberAccount(db, merchantId, memberId, 'VENDOR:PGV');
      for (const account of [main, vendor])
        await postTransfers(db, {
          merchantId,
          idempotencyKey: `fund-${account}`,
          legs: [{ kind: 'DEPOSIT', debitAccountId: cash, creditAccountId: account, amount: 1_000_000 }],
        });
      wallets.push({ memberId, main, vendor });
    }
  });
  afterAll(() => checkAndClose(server));

  it("posts a transfer between two wallets in one statement, answering the member's balances", async () => {
    const { memberId, main, vendor } = wallets[0]!;
    let statements = 0;
    // Every statement run through Kysely, built or compiled once, has its result transformed.
    const counting = withPlugin(db, {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        statements += 1;
        return result;
      },
    });
    const posted = await writeTransaction(counting, async (trx) => {
      statements = 0;
      return postTransfersWithin(
        counting,
        trx,
        {
          merchantId,
          idempotencyKey: 'one-statement',
          legs: [{ kind: 'WALLET_IN', debitAccountId: main, creditAccountId: vendor, amount: 250 }],
        },
        undefined,
        { balancesOf: memberId },
      );
    });
    expect(statements).toBe(1);
    expect(posted.replayed).toBe(false);
    expect(posted.transfers.map((t) => [t.leg, t.amount, t.batchId])).toEqual([[0, 250, posted.batchId]]);
    expect(posted.balances).toEqual(await getBalances(db, merchantId, memberId));
    expect(await getAccountBalance(db, main)).toBe(1_000_000 - 250);
    expect(await getAccountBalance(db, vendor)).toBe(1_000_000 + 250);

    // The same key again replays the first post and moves nothing.
    const again = await postTransfers(db, {
      merchantId,
      idempotencyKey: 'one-statement',
      legs: [{ kind: 'WALLET_IN', debitAccountId: main, creditAccountId: vendor, amount: 250 }],
    });
    expect(again).toMatchObject({ replayed: true, batchId: posted.batchId });
    expect(await getAccountBalance(db, main)).toBe(1_000_000 - 250);
  });

  it("builds and compiles a transfer's statement once, not on every post", async () => {
    // Kysely builds a query and compiles it on every call (a plugin's transformQuery sees each build);
    // a post of one leg has the same text every time (decision 0084).
    const { main, vendor } = wallets[3]!;
    let builds = 0;
    const counting = withPlugin(db, {
      transformQuery: ({ node }) => {
        builds += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const post = (n: number) =>
      writeTransaction(counting, (trx) =>
        postTransfersWithin(counting, trx, {
          merchantId,
          idempotencyKey: `built-once-${n}`,
          legs: [{ kind: 'WALLET_IN', debitAccountId: main, creditAccountId: vendor, amount: 1 }],
        }),
      );
    const before = await getAccountBalance(db, main);
    await post(1);
    builds = 0;
    const posted = await post(2);
    expect(builds).toBe(0);
    expect(posted.replayed).toBe(false);
    expect(posted.transfers.map((t) => [t.leg, t.amount, t.batchId])).toEqual([[0, 1, posted.batchId]]);
    expect(await getAccountBalance(db, main)).toBe(before - 2);
  });

  it('refuses what the wallet does not hold, and moves nothing', async () => {
    const { main, vendor } = wallets[1]!;
    const before = await getAccountBalance(db, main);
    await expect(
      postTransfers(db, {
        merchantId,
        idempotencyKey: 'too-much',
        legs: [{ kind: 'WALLET_IN', debitAccountId: main, creditAccountId: vendor, amount: before + 1 }],
      }),
    ).rejects.toMatchObject({ code: 'WALLET_INSUFFICIENT_FUNDS', details: { amount: before + 1 } });
    expect(await getAccountBalance(db, main)).toBe(before);
    const batch = await db
      .selectFrom('ledger_batch')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('idempotency_key', '=', 'too-much')
      .executeTakeFirst();
    expect(batch).toBeUndefined();
  });

  it("refuses a credit past the member's bound and an account of another brand, and writes nothing", async () => {
    const { main, vendor } = wallets[1]!;
    const [mainBefore, vendorBefore] = [
      await getAccountBalance(db, main),
      await getAccountBalance(db, vendor),
    ];
    const otherBrand = await createOtherBrand(db, {
      code: 'PGPOST2',
      name: 'pg post 2',
      currency: 'VND',
      currencySymbol: 'P',
      languages: [],
    });
    const foreign = await houseAccount(db, otherBrand, 'CASH');
    const refused = [
      {
        key: 'past-bound',
        legs: [
          {
            kind: 'DEPOSIT' as const,
            debitAccountId: cash,
            creditAccountId: main,
            amount: MAX_MEMBER_BALANCE,
          },
        ],
        code: 'WALLET_BALANCE_LIMIT',
      },
      {
        key: 'foreign-account',
        legs: [{ kind: 'DEPOSIT' as const, debitAccountId: foreign, creditAccountId: vendor, amount: 5 }],
        code: 'WALLET_ACCOUNT_NOT_FOUND',
      },
    ];
    for (const { key, legs, code } of refused) {
      await expect(postTransfers(db, { merchantId, idempotencyKey: key, legs })).rejects.toMatchObject({
        code,
      });
      const batch = await db
        .selectFrom('ledger_batch')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      expect(batch).toBeUndefined();
    }
    expect([await getAccountBalance(db, main), await getAccountBalance(db, vendor)]).toEqual([
      mainBefore,
      vendorBefore,
    ]);
    expect(await getAccountBalance(db, foreign)).toBe(0);
  });

  it('pays, of many distinct debits of one wallet at once, exactly those its balance covers', async () => {
    // Twelve debits of 300 against 1,000, each its own key, all at once: each is
    // checked on the balance its row lock answers, not on the statement's older snapshot, so exactly
    // three are paid and nine refused as insufficient, and the wallet keeps 100.
    const memberId = await insertBareMember(db, merchantId, 'e', 'epgpost');
    const source = await memberAccount(db, merchantId, memberId, 'MAIN');
    await postTransfers(db, {
      merchantId,
      idempotencyKey: `fund-${source}`,
      legs: [{ kind: 'DEPOSIT', debitAccountId: cash, creditAccountId: source, amount: 1_000 }],
    });
    const targets = [...wallets.flatMap((w) => [w.main, w.vendor]), ...wallets.map((w) => w.vendor)];
    const credited = [...new Set(targets)];
    const before = await Promise.all(credited.map((id) => getAccountBalance(db, id)));
    const results = await Promise.allSettled(
      targets.map((target, n) =>
        postTransfers(db, {
          merchantId,
          idempotencyKey: `overdraw-${n}`,
          legs: [{ kind: 'WALLET_IN', debitAccountId: source, creditAccountId: target, amount: 300 }],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(
      results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: string }).code] : [])),
    ).toEqual(Array(9).fill('WALLET_INSUFFICIENT_FUNDS'));
    expect(await getAccountBalance(db, source)).toBe(100);
    const after = await Promise.all(credited.map((id) => getAccountBalance(db, id)));
    expect(after.reduce((sum, b, i) => sum + b - before[i]!, 0)).toBe(900);
    expect((await checkInvariants(db)).ok).toBe(true);
  });

  it("moves a balance without a NOTIFY in the post's transaction, so commits do not queue on the notify lock", async () => {
    // A transaction that NOTIFYs holds PostgreSQL's one notify lock through its commit's WAL flush:
    // the balance is told by the code after the commit instead. A balance moved by SQL alone (no code
    // to tell anyone) is therefore heard by no listener.
    const { main } = wallets[2]!;
    const listener = new pg.Client({ connectionString: server.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(`${message.channel} ${message.payload}`));
    await listener.query('listen jade_bus');
    try {
      await writeTransaction(db, (trx) =>
        sql`update ledger_account set balance = balance + 0 where id = ${main}`.execute(trx),
      );
      await listener.query('select 1');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual([]);
    } finally {
      await listener.end();
    }
  });

  it("takes no lock on its brand's row, nor a second one on its batch (decision 0100)", async () => {
    // A foreign key's check is a locking read of the row it names: with keys to the brand, every
    // post of a brand shared a lock on its one `merchant` row (a multixact in the WAL) and waited
    // behind a transaction holding that row. The post now takes only its accounts' row locks.
    const { memberId, main, vendor } = wallets[3]!;
    const holder = new pg.Client({ connectionString: server.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from merchant where id = $1 for update', [merchantId]);
      const posted = await Promise.race([
        postTransfers(db, {
          merchantId,
          idempotencyKey: 'brand-row-held',
          legs: [{ kind: 'WALLET_IN', debitAccountId: main, creditAccountId: vendor, amount: 5 }],
        }).then(() => 'posted'),
        new Promise((resolve) => setTimeout(() => resolve('waited'), 2_000)),
      ]);
      expect(posted).toBe('posted');
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const keys = await sql<{ table: string; target: string }>`
      select conrelid::regclass::text as table, confrelid::regclass::text as target from pg_constraint
      where contype = 'f' and conrelid::regclass::text in ('ledger_batch', 'ledger_transfer')
      order by 1, 2`.execute(db);
    expect(keys.rows).toEqual([
      { table: 'ledger_transfer', target: 'ledger_account' },
      { table: 'ledger_transfer', target: 'ledger_account' },
    ]);
    expect(await getBalances(db, merchantId, memberId)).toHaveLength(2);
    expect((await checkInvariants(db)).ok).toBe(true);
  });

  it('lets many connections post distinct transfers over the same accounts at once, without a deadlock', async () => {
    // Every pair of the members' eight wallets, both ways, 600 transfers fired at once: each
    // transaction locks two of the same eight rows, so an order that is not one fixed order would
    // deadlock here (the pool holds 10 connections, each in its own transaction).
    const accounts = wallets.flatMap((w) => [w.main, w.vendor]);
    const before = await Promise.all(accounts.map((id) => getAccountBalance(db, id)));
    const expected = new Map(accounts.map((id, i) => [id, before[i]!]));
    const posts = Array.from({ length: 600 }, (_, n) => {
      const from = accounts[n % accounts.length]!;
      const to = accounts[(n * 7 + 1 + Math.floor(n / accounts.length)) % accounts.length]!;
      return { n, from, to: to === from ? accounts[(accounts.indexOf(from) + 1) % accounts.length]! : to };
    });
    for (const { from, to, n } of posts) {
      expected.set(from, expected.get(from)! - (n % 50) - 1);
      expected.set(to, expected.get(to)! + (n % 50) + 1);
    }
    const results = await Promise.allSettled(
      posts.map(({ n, from, to }) =>
        postTransfers(db, {
          merchantId,
          idempotencyKey: `at-once-${n}`,
          legs: [{ kind: 'WALLET_IN', debitAccountId: from, creditAccountId: to, amount: (n % 50) + 1 }],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const after = await Promise.all(accounts.map((id) => getAccountBalance(db, id)));
    expect(after).toEqual(accounts.map((id) => expected.get(id)));
    expect((await checkInvariants(db)).ok).toBe(true);
  });
});
