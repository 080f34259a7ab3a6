import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as merchants from '../../modules/merchants/service.js';
import { fundedMember } from '../../test/funded-member.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { afterCommit } from './after-commit.js';
import { groupCommit } from './group-commit.js';
import { sqliteHandleOf } from './index.js';
import { dialectOf, writeTransaction } from './transaction.js';

// Decision 0036, kept without AsyncLocalStorage (decision 0077): what a write leaves for after its
// commit goes with the handle the write runs on. It runs once after the commit, never after a
// rollback, at once outside a write, and two writes at the same time keep their work apart.

const CAPTCHA = 'h00k';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { captchaText: () => CAPTCHA });
});
afterAll(async () => {
  await server.close();
});

const failure = (code: string) => Object.assign(new Error(`failed ${code}`), { code });

/** Resolves when `resolve` is called: two writes wait for each other with it. */
const gate = () => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

type AsyncWrap = {
  getPromiseHooks(): unknown[];
  async_hook_fields: Uint32Array;
  constants: Record<string, number>;
};
/**
 * Whether anything turned on V8's promise hooks or Node's async hooks in this process (an
 * AsyncLocalStorage, a createHook): no public API answers it, Node's own binding does.
 */
const asyncHooksOn = () => {
  const wrap = (process as unknown as { binding(name: 'async_wrap'): AsyncWrap }).binding('async_wrap');
  const { kInit, kBefore, kAfter, kDestroy, kPromiseResolve, kUsesExecutionAsyncResource } = wrap.constants;
  const fields = [kInit, kBefore, kAfter, kDestroy, kPromiseResolve, kUsesExecutionAsyncResource];
  return {
    promiseHooks: wrap.getPromiseHooks().filter((hook) => hook !== undefined).length,
    asyncHooks: fields.filter((field) => wrap.async_hook_fields[field!]! > 0).length,
  };
};

describe('afterCommit', () => {
  it('leaves every promise of every request free of hooks after writes that announce (decision 0077)', async () => {
    const demoId = (await merchants.getMerchantByCode(server.db, 'DEMO')).id;
    await merchants.setFlag(server.db, demoId, 'REGMOBVERF3', false);
    // A registration and a deposit write and announce; the balance read runs after them.
    const member = await fundedMember(server, demoId, 5_000, { prefix: 'hooks', captcha: CAPTCHA });
    expect((await member.balances()).wallets.length).toBeGreaterThan(0);
    expect(asyncHooksOn()).toEqual({ promiseHooks: 0, asyncHooks: 0 });
  });

  it('runs once after the commit, never after a rollback, and at once outside a write', async () => {
    const ran: string[] = [];
    const value = await writeTransaction(server.db, async (trx) => {
      afterCommit(trx, () => ran.push('committed'));
      // The database handle itself is in no write: its work is done at once.
      afterCommit(server.db, () => ran.push('outside'));
      expect(ran).toEqual(['outside']);
      return 7;
    });
    expect(value).toBe(7);
    expect(ran).toEqual(['outside', 'committed']);

    await expect(
      writeTransaction(server.db, async (trx) => {
        afterCommit(trx, () => ran.push('rolled back'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // The handle of a write that ended is in none any more.
    let kept: Parameters<typeof afterCommit>[0] | undefined;
    await writeTransaction(server.db, async (trx) => {
      kept = trx;
    });
    afterCommit(kept!, () => ran.push('after its write'));
    expect(ran).toEqual(['outside', 'committed', 'after its write']);
  });

  it('keeps the work of group-commit jobs apart: a job rolled back to its savepoint leaves nothing', async () => {
    const ran: string[] = [];
    const raw = sqliteHandleOf(server.db);
    const [rolledBack, committed] = await Promise.allSettled([
      groupCommit(server.db, async (trx) => {
        afterCommit(trx, () => ran.push('a'));
        if (raw) afterCommit(raw, () => ran.push('a raw'));
        throw new Error('job a rolled back');
      }),
      groupCommit(server.db, async (trx) => {
        afterCommit(trx, () => ran.push('b'));
        if (raw) afterCommit(raw, () => ran.push('b raw'));
        return 'b';
      }),
    ]);
    expect(rolledBack.status).toBe('rejected');
    expect(committed).toEqual({ status: 'fulfilled', value: 'b' });
    expect(ran).toEqual(raw ? ['b', 'b raw'] : ['b']);
  });

  it('keeps two writes at the same time apart, one rolling back, and work outside them at once', async () => {
    const ran: string[] = [];
    /** Write a: leaves work, says so, waits for `until`, leaves more work and rolls back. */
    const rollingBack = (left: () => void, until: Promise<void>) =>
      writeTransaction(server.db, async (trx) => {
        afterCommit(trx, () => ran.push('a'));
        left();
        await until;
        afterCommit(trx, () => ran.push('a again'));
        throw new Error('a rolled back');
      });
    if (dialectOf(server.db) === 'sqlite') {
      // One connection: the second write waits for the first; what runs meanwhile outside any write
      // (another request's statement that commits on its own) is done at once, not held by the first.
      const inA = gate();
      const outsideDone = gate();
      const a = rollingBack(inA.open, outsideDone.opened);
      const b = writeTransaction(server.db, async (trx) => {
        afterCommit(trx, () => ran.push('b'));
      });
      await inA.opened;
      afterCommit(server.db, () => ran.push('outside'));
      expect(ran).toEqual(['outside']);
      outsideDone.open();
      await expect(a).rejects.toThrow('a rolled back');
      await b;
      expect(ran).toEqual(['outside', 'b']);
      return;
    }
    // PostgreSQL: two pooled transactions, each leaving work while the other is open.
    const aLeft = gate();
    const bLeft = gate();
    const a = rollingBack(aLeft.open, bLeft.opened);
    const b = writeTransaction(server.db, async (trx) => {
      await aLeft.opened;
      afterCommit(trx, () => ran.push('b'));
      bLeft.open();
      await a.catch(() => undefined);
      afterCommit(trx, () => ran.push('b again'));
    });
    await aLeft.opened;
    afterCommit(server.db, () => ran.push('outside'));
    await expect(a).rejects.toThrow('a rolled back');
    await b;
    expect(ran).toEqual(['outside', 'b', 'b again']);
  });

  it('does not announce the failed attempt of a retried PostgreSQL transaction', async () => {
    const ran: string[] = [];
    let attempts = 0;
    const retried = dialectOf(server.db) === 'postgres';
    const write = writeTransaction(server.db, async (trx) => {
      attempts++;
      afterCommit(trx, () => ran.push(`attempt ${attempts}`));
      if (attempts === 1) throw failure('40001');
      return attempts;
    });
    if (!retried) {
      // SQLite writes one at a time and has nothing to retry: the failure is the caller's.
      await expect(write).rejects.toThrow('failed 40001');
      expect(ran).toEqual([]);
      return;
    }
    expect(await write).toBe(2);
    expect(ran).toEqual(['attempt 2']);
  });
});
