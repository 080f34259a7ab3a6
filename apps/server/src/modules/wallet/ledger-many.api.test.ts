import fc from 'fast-check';
import { MAX_HOUSE_BALANCE, MAX_MEMBER_BALANCE } from '@jade/contracts/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/index.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { createOtherBrand, insertBareMember } from '../../test/brands.js';
import { checkAndClose, startTestServer, type TestServer } from '../../test/server.js';
import {
  checkInvariants,
  getAccountBalance,
  houseAccount,
  memberAccount,
  postManyWithin,
  postTransfers,
  type Posting,
} from './ledger.js';

/**
 * `postManyWithin`, the ledger's set-wise post (a lottery draw's wins), on the real database (its
 * prepared-statement path on SQLite, its Kysely path on PostgreSQL): each key posted once, replays skipped, and every refusal refusing the whole set before
 * anything is written. A property test holds it to the one-at-a-time `postTransfers`.
 */
let server: TestServer;
let db: Db;
let seq = 0;
beforeAll(async () => {
  server = await startTestServer();
  db = server.db;
});
afterAll(() => checkAndClose(server));

/** A brand with a float and three members' main wallets, each member holding `funds`. */
const newBrand = async (funds: number) => {
  const n = ++seq;
  const merchantId = await createOtherBrand(db, {
    code: `MANY${n}`,
    name: 'many',
    currency: 'VND',
    currencySymbol: 'P',
    languages: [],
  });
  const float = await houseAccount(db, merchantId, 'VENDOR_FLOAT');
  const cash = await houseAccount(db, merchantId, 'CASH');
  const members: number[] = [];
  for (const name of ['a', 'b', 'c']) {
    const member = await insertBareMember(db, merchantId, name, `${name}m${n}`);
    const account = await memberAccount(db, merchantId, member, 'MAIN');
    if (funds > 0)
      await postTransfers(db, {
        merchantId,
        idempotencyKey: `fund-${account}`,
        legs: [{ kind: 'DEPOSIT', debitAccountId: cash, creditAccountId: account, amount: funds }],
      });
    members.push(account);
  }
  return { merchantId, float, members: members as [number, number, number] };
};

const win = (merchantId: number, key: string, from: number, to: number, amount: number): Posting => ({
  merchantId,
  idempotencyKey: key,
  legs: [{ kind: 'WIN', debitAccountId: from, creditAccountId: to, amount, reference: `ref:${key}` }],
});
const many = (postings: Posting[]) => writeTransaction(db, (trx) => postManyWithin(db, trx, postings));
const balances = (ids: number[]) => Promise.all(ids.map((id) => getAccountBalance(db, id)));
const batches = async (merchantId: number) =>
  (
    await db
      .selectFrom('ledger_batch')
      .select('idempotency_key')
      .where('merchant_id', '=', merchantId)
      .where('idempotency_key', 'like', 'w%')
      .orderBy('idempotency_key')
      .execute()
  ).map((row) => row.idempotency_key);

describe('postManyWithin', () => {
  it('posts each key once, as its own batch and transfer, and skips the keys already posted', async () => {
    const { merchantId, float, members } = await newBrand(0);
    const [a, b, c] = members;
    const set = [
      win(merchantId, 'w1', float, a, 700),
      win(merchantId, 'w2', float, b, 300),
      win(merchantId, 'w3', float, a, 50),
      // The same key twice with the same legs: one post.
      win(merchantId, 'w3', float, a, 50),
    ];
    expect(await many(set)).toEqual({ posted: 3, replayed: 1 });
    expect(await balances([a, b, c, float])).toEqual([750, 300, 0, -1_050]);
    expect(await batches(merchantId)).toEqual(['w1', 'w2', 'w3']);
    const transfers = await db
      .selectFrom('ledger_transfer')
      .select(['kind', 'amount', 'reference', 'leg'])
      .where('merchant_id', '=', merchantId)
      .where('kind', '=', 'WIN')
      .orderBy('id')
      .execute();
    expect(transfers.map((t) => [Number(t.amount), t.reference, t.leg])).toEqual([
      [700, 'ref:w1', 0],
      [300, 'ref:w2', 0],
      [50, 'ref:w3', 0],
    ]);

    // Rerun after a crash: the posted keys are skipped, a new one is posted.
    expect(await many([...set, win(merchantId, 'w4', float, c, 25)])).toEqual({ posted: 1, replayed: 4 });
    expect(await balances([a, b, c, float])).toEqual([750, 300, 25, -1_075]);
    expect(await many([])).toEqual({ posted: 0, replayed: 0 });
    expect((await checkInvariants(db)).ok).toBe(true);
  });

  it('refuses the whole set, writing nothing, for a key used for other legs, an overdrawn member, or an account of another brand', async () => {
    const { merchantId, float, members } = await newBrand(100);
    const other = await newBrand(0);
    const [a, b] = members;
    await many([win(merchantId, 'w1', float, a, 10)]);
    const before = await balances([a, b, float]);
    const refusal = async (set: Posting[]) => {
      const error = await many(set).then(
        () => undefined,
        (e: { code?: string }) => e.code,
      );
      expect(await balances([a, b, float])).toEqual(before);
      expect(await batches(merchantId)).toEqual(['w1']);
      return error;
    };
    expect(await refusal([win(merchantId, 'w2', float, b, 5), win(merchantId, 'w1', float, a, 11)])).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(await refusal([win(merchantId, 'w2', float, b, 5), win(merchantId, 'w2', float, b, 6)])).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
    // a holds 110: taking 150 back refuses the set, even with 30 paid to a in it.
    expect(await refusal([win(merchantId, 'w2', float, a, 30), win(merchantId, 'w3', a, float, 150)])).toBe(
      'WALLET_INSUFFICIENT_FUNDS',
    );
    expect(await refusal([win(merchantId, 'w2', float, other.members[0], 5)])).toBe(
      'WALLET_ACCOUNT_NOT_FOUND',
    );
    expect(await refusal([win(merchantId, 'w2', float, 987_654_321, 5)])).toBe('WALLET_ACCOUNT_NOT_FOUND');
    expect(await refusal([win(merchantId, 'w2', float, a, 0)])).toBe('WALLET_INVALID_AMOUNT');
    // Within what a holds over the set's net, the same shape posts.
    expect(await many([win(merchantId, 'w2', float, a, 30), win(merchantId, 'w3', a, float, 140)])).toEqual({
      posted: 2,
      replayed: 0,
    });
    expect(await getAccountBalance(db, a)).toBe(0);
  });

  it('leaves the same balances as posting the same wins one at a time', async () => {
    const amounts = fc.array(
      fc.record({ to: fc.integer({ min: 0, max: 2 }), amount: fc.integer({ min: 1, max: 1_000_000 }) }),
      { minLength: 1, maxLength: 40 },
    );
    await fc.assert(
      fc.asyncProperty(amounts, async (wins) => {
        const set = await newBrand(0);
        const one = await newBrand(0);
        const postingsOf = (brand: typeof set) =>
          wins.map((w, i) => win(brand.merchantId, `w${i}`, brand.float, brand.members[w.to]!, w.amount));
        await many(postingsOf(set));
        for (const posting of postingsOf(one)) await postTransfers(db, posting);
        expect(await balances([...set.members, set.float])).toEqual(
          await balances([...one.members, one.float]),
        );
      }),
      { numRuns: 25 },
    );
  });
});

// Issue 19 item 11: no balance may leave the range where it is exact (decision 0022).
describe('balance bounds', () => {
  const post = (merchantId: number, key: string, from: number, to: number, amount: number) =>
    postTransfers(db, {
      merchantId,
      idempotencyKey: key,
      legs: [{ kind: 'WIN', debitAccountId: from, creditAccountId: to, amount }],
    });

  it('takes a member account up to its bound, and refuses one minor unit past it, one post or a set', async () => {
    const { merchantId, float, members } = await newBrand(0);
    const [a, b] = members;
    await post(merchantId, 'b1', float, a, MAX_MEMBER_BALANCE - 1);
    await expect(post(merchantId, 'b2', float, a, 2)).rejects.toMatchObject({ code: 'WALLET_BALANCE_LIMIT' });
    await expect(
      many([win(merchantId, 'wb1', float, b, 5), win(merchantId, 'wb2', float, a, 2)]),
    ).rejects.toMatchObject({ code: 'WALLET_BALANCE_LIMIT' });
    expect(await balances([a, b])).toEqual([MAX_MEMBER_BALANCE - 1, 0]);
    await post(merchantId, 'b3', float, a, 1);
    expect(await balances([a])).toEqual([MAX_MEMBER_BALANCE]);
  });

  it('lets a house account reach further, either way, and no further', async () => {
    const { merchantId, float, members } = await newBrand(0);
    const cash = await houseAccount(db, merchantId, 'CASH');
    for (const [i, m] of members.entries()) await post(merchantId, `h${i}`, float, m, MAX_MEMBER_BALANCE);
    await expect(
      post(merchantId, 'h-over', float, cash, MAX_HOUSE_BALANCE - 3 * MAX_MEMBER_BALANCE + 1),
    ).rejects.toMatchObject({
      code: 'WALLET_BALANCE_LIMIT',
    });
    await post(merchantId, 'h-at', float, cash, MAX_HOUSE_BALANCE - 3 * MAX_MEMBER_BALANCE);
    expect(await balances([float, cash])).toEqual([
      -MAX_HOUSE_BALANCE,
      MAX_HOUSE_BALANCE - 3 * MAX_MEMBER_BALANCE,
    ]);
  });
});
