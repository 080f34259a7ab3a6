import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherBrand } from '../../test/brands.js';
import { createTestDatabase } from '../../test/server.js';
import { openDb, type DbHandle } from '../../platform/db/index.js';
import { migrateTo, migrateToLatest } from '../../platform/db/migrate.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { insertMember } from './repo.js';
import { isInTeam, moveInTree, uplineChain } from './tree.js';

/** The member tree's closure rows on both databases: written with each member, rewritten by a move. */
let handle: DbHandle;
let drop: () => Promise<void>;
let merchantId: number;
beforeAll(async () => {
  const database = await createTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'jade-tree-')));
  drop = database.drop;
  handle = openDb(database.url);
  // Members made before the tree existed: the migration derives their rows from upline_id.
  await migrateTo(handle.db, '2026-11-26T0440-bet-record-detail');
  merchantId = await createOtherBrand(handle.db, { code: 'TREE', name: 'tree' });
  let upline: number | null = null;
  for (const name of ['old0', 'old1', 'old2', 'old3']) {
    const at = new Date().toISOString();
    const row = await handle.db
      .insertInto('member')
      .values({ ...memberValues(name, at), upline_id: upline })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (name !== 'old1') upline = row.id;
  }
  await migrateToLatest(handle.db);
});
afterAll(async () => {
  await handle.close();
  await drop();
});

function memberValues(name: string, at: string) {
  return {
    merchant_id: merchantId,
    username: name,
    username_key: name,
    password_hash: 'x',
    referral_code: name,
    register_method: 'TEST',
    register_ip: '127.0.0.1',
    password_changed_at: at,
    created_at: at,
    updated_at: at,
  };
}
const member = (name: string, uplineId: number | null) =>
  insertMember(handle.db, { ...memberValues(name, new Date().toISOString()), upline_id: uplineId });

/** Every (ancestor, descendant, depth) of the brand, as recomputed from upline_id alone. */
const expectedClosure = async () => {
  const rows = await handle.db
    .selectFrom('member')
    .select(['id', 'upline_id'])
    .where('merchant_id', '=', merchantId)
    .execute();
  const upline = new Map(rows.map((r) => [r.id, r.upline_id]));
  const pairs: string[] = [];
  for (const { id } of rows) {
    for (let at: number | null = id, depth = 0; at !== null; at = upline.get(at) ?? null, depth++) {
      pairs.push(`${at}>${id}@${depth}`);
    }
  }
  return pairs.sort();
};
const storedClosure = async () =>
  (
    await handle.db
      .selectFrom('member_closure')
      .select(['ancestor_id', 'descendant_id', 'depth'])
      .where('merchant_id', '=', merchantId)
      .execute()
  )
    .map((r) => `${r.ancestor_id}>${r.descendant_id}@${r.depth}`)
    .sort();

describe('member tree', () => {
  it('derives the rows of members made before it from their uplines', async () => {
    expect((await storedClosure()).length).toBe(1 + 2 + 2 + 3);
    expect(await storedClosure()).toEqual(await expectedClosure());
  });

  it('places each member under every ancestor of its upline, and moves a whole subtree', async () => {
    const top = await member('top', null);
    const a = await member('a', top);
    const b = await member('b', top);
    const a1 = await member('a1', a);
    const a11 = await member('a11', a1);
    await member('b1', b);
    expect(await storedClosure()).toEqual(await expectedClosure());
    expect(await uplineChain(handle.db, merchantId, a11)).toEqual([a1, a, top]);

    await writeTransaction(handle.db, (trx) => moveInTree(trx, merchantId, a1, b, 'test'));
    expect(await storedClosure()).toEqual(await expectedClosure());
    expect(await isInTeam(handle.db, merchantId, a, a11)).toBe(false);
    expect(await isInTeam(handle.db, merchantId, b, a11)).toBe(true);
    expect(await uplineChain(handle.db, merchantId, a11)).toEqual([a1, b, top]);

    await writeTransaction(handle.db, (trx) => moveInTree(trx, merchantId, a1, null, 'test'));
    expect(await storedClosure()).toEqual(await expectedClosure());
    expect(await uplineChain(handle.db, merchantId, a11)).toEqual([a1]);
    const moves = await handle.db.selectFrom('member_upline_change').selectAll().execute();
    expect(moves.map((m) => [m.from_upline_id, m.to_upline_id])).toEqual([
      [a, b],
      [b, null],
    ]);
  });

  it('refuses to move a member under itself or its own downline, changing nothing', async () => {
    const top = await member('t2', null);
    const child = await member('c2', top);
    const grandchild = await member('g2', child);
    const before = await storedClosure();
    for (const target of [child, grandchild]) {
      await expect(
        writeTransaction(handle.db, (trx) => moveInTree(trx, merchantId, child, target, 'test')),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(await storedClosure()).toEqual(before);
  });
});
