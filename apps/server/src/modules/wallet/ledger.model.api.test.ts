import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { createOtherBrand, insertBareMember } from '../../test/brands.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { runLinearizable } from '../../test/linearizable.js';
import {
  checkInvariants,
  getAccountBalance,
  houseAccount,
  memberAccount,
  postTransfers,
  type Leg,
} from './ledger.js';

/**
 * Model-based test of the ledger: a simple in-memory model predicts every balance and every
 * refusal, and the real ledger (real database) must never diverge from it. Concurrent commands are
 * started in an order fast-check's scheduler picks; their outcomes are checked in the order they
 * completed, which is the order the database serialised them in.
 *
 * LEDGER_RUNS sets the number of runs (500 by default; `npm run test:ledger-full` runs 10,000);
 * LEDGER_SEED replays a run.
 */
const RUNS = Number(process.env.LEDGER_RUNS ?? 500);
const SEED = Number(process.env.LEDGER_SEED ?? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0);

const ACCOUNTS = ['CASH', 'A', 'B', 'C', 'A_VENDOR'] as const;
type AccountName = (typeof ACCOUNTS)[number];
const MEMBER_ACCOUNTS = new Set<AccountName>(['A', 'B', 'C', 'A_VENDOR']);

type Op = { key: string; legs: { kind: Leg['kind']; from: AccountName; to: AccountName; amount: number }[] };
type Outcome =
  { kind: 'ok'; batchId: number } | { kind: 'replay'; batchId: number } | { kind: 'refused'; code: string };

type Model = {
  balances: Record<AccountName, number>;
  keys: Map<string, { hash: string; batchId: number | null }>;
  acknowledged: Map<number, number>;
};
type Real = { db: Db; merchantId: number; ids: Record<AccountName, number>; scheduler: fc.Scheduler };

const opHash = (op: Op) => JSON.stringify(op.legs);

/** What the model says an op does, applied to the model; batchId comes from the real answer. */
const applyToModel = (model: Model, op: Op, actual: Outcome): Outcome => {
  const seen = model.keys.get(op.key);
  if (seen) {
    if (seen.hash !== opHash(op)) return { kind: 'refused', code: 'IDEMPOTENCY_KEY_REUSED' };
    return { kind: 'replay', batchId: seen.batchId as number };
  }
  const next = { ...model.balances };
  for (const leg of op.legs) {
    if (MEMBER_ACCOUNTS.has(leg.from) && next[leg.from] < leg.amount)
      return { kind: 'refused', code: 'WALLET_INSUFFICIENT_FUNDS' };
    next[leg.from] -= leg.amount;
    next[leg.to] += leg.amount;
  }
  model.balances = next;
  const batchId = actual.kind === 'ok' ? actual.batchId : -1;
  model.keys.set(op.key, { hash: opHash(op), batchId });
  model.acknowledged.set(batchId, op.legs.length);
  return { kind: 'ok', batchId };
};

const run = async (real: Real, op: Op): Promise<Outcome> => {
  const legs: Leg[] = op.legs.map((l) => ({
    kind: l.kind,
    debitAccountId: real.ids[l.from],
    creditAccountId: real.ids[l.to],
    amount: l.amount,
  }));
  try {
    const result = await postTransfers(real.db, {
      merchantId: real.merchantId,
      idempotencyKey: op.key,
      legs,
    });
    return result.replayed
      ? { kind: 'replay', batchId: result.batchId }
      : { kind: 'ok', batchId: result.batchId };
  } catch (error) {
    if (error instanceof AppError) return { kind: 'refused', code: error.code };
    throw error;
  }
};

const cloneModel = (model: Model): Model => ({
  balances: { ...model.balances },
  keys: new Map(model.keys),
  acknowledged: new Map(model.acknowledged),
});
const isEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

class PostCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly op: Op) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const actual = await run(real, this.op);
    expect(actual).toEqual(applyToModel(model, this.op, actual));
  }
  toString = () => `post(${JSON.stringify(this.op)})`;
}

class ConcurrentCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ops: Op[]) {}
  check = () => true;
  async run(model: Model, real: Real) {
    await runLinearizable({
      ops: this.ops,
      scheduler: real.scheduler,
      run: (op) => run(real, op),
      model,
      clone: cloneModel,
      apply: (candidate, op, outcome) => isEqual(outcome, applyToModel(candidate, op, outcome)),
      show: (m) => `the model ${JSON.stringify(m.balances)}`,
    });
  }
  toString = () => `concurrent(${JSON.stringify(this.ops)})`;
}

class CheckBalancesCommand implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    for (const name of ACCOUNTS)
      expect([name, await getAccountBalance(real.db, real.ids[name])]).toEqual([name, model.balances[name]]);
  }
  toString = () => 'checkBalances';
}

const accountArb = fc.constantFrom(...ACCOUNTS);
const legArb = fc
  .record({
    kind: fc.constantFrom('WALLET_IN', 'DEPOSIT', 'BET'),
    from: accountArb,
    to: accountArb,
    amount: fc.integer({ min: 1, max: 400 }),
  })
  .filter((l) => l.from !== l.to);
const opArb = fc.record({
  // A small pool of keys, so replays and reused keys happen often.
  key: fc.oneof(fc.constantFrom('k1', 'k2', 'k3', 'k4', 'k5'), fc.uuid()),
  legs: fc.array(legArb, { minLength: 1, maxLength: 3 }),
});
const commands = fc.commands(
  [
    opArb.map((op) => new PostCommand(op)),
    fc.array(opArb, { minLength: 2, maxLength: 4 }).map((ops) => new ConcurrentCommand(ops)),
    fc.constant(new CheckBalancesCommand()),
  ],
  { maxCommands: 25 },
);

let server: TestServer;
let merchantSeq = 0;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const newMerchant = async (db: Db) => {
  const id = await createOtherBrand(db, {
    code: `MODEL${++merchantSeq}`,
    name: 'model',
    currency: 'VND',
    currencySymbol: 'P',
    languages: [],
  });
  const members = [];
  for (const name of ['a', 'b', 'c']) {
    members.push(await insertBareMember(db, id, name, `${name}${id}`));
  }
  const [a, b, c] = members as [number, number, number];
  return {
    merchantId: id,
    ids: {
      CASH: await houseAccount(db, id, 'CASH'),
      A: await memberAccount(db, id, a, 'MAIN'),
      B: await memberAccount(db, id, b, 'MAIN'),
      C: await memberAccount(db, id, c, 'MAIN'),
      A_VENDOR: await memberAccount(db, id, a, 'VENDOR:TCG_SEA'),
    },
  };
};

describe('ledger against its model', () => {
  it(`never diverges from the model (${RUNS} runs, seed ${SEED})`, async () => {
    console.log(`ledger model: ${RUNS} runs, seed ${SEED} (replay with LEDGER_SEED=${SEED})`);
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), commands, async (scheduler, cmds) => {
        const { merchantId, ids } = await newMerchant(server.db);
        const model: Model = {
          balances: { CASH: 0, A: 0, B: 0, C: 0, A_VENDOR: 0 },
          keys: new Map(),
          acknowledged: new Map(),
        };
        await fc.asyncModelRun(() => ({ model, real: { db: server.db, merchantId, ids, scheduler } }), cmds);
        // Every acknowledged transfer is in the ledger exactly once, and nothing else is.
        const stored = await server.db
          .selectFrom('ledger_transfer')
          .select(['batch_id'])
          .where('merchant_id', '=', merchantId)
          .execute();
        const perBatch = new Map<number, number>();
        for (const row of stored) perBatch.set(row.batch_id, (perBatch.get(row.batch_id) ?? 0) + 1);
        expect(perBatch).toEqual(model.acknowledged);
        const balances = await server.db
          .selectFrom('ledger_account')
          .select(['balance', 'allow_negative'])
          .where('merchant_id', '=', merchantId)
          .execute();
        expect(balances.reduce((sum, a) => sum + a.balance, 0)).toBe(0);
        expect(balances.filter((a) => a.allow_negative === 0 && a.balance < 0)).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect((await checkInvariants(server.db)).ok).toBe(true);
  }, 3_600_000);
});
