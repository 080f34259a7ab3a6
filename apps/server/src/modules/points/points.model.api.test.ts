import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherBrand, insertBareMember } from '../../test/brands.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { runLinearizable } from '../../test/linearizable.js';
import { AppError } from '../../platform/errors.js';
import type { Merchant } from '../merchants/repo.js';
import { getMerchantByCode } from '../merchants/service.js';
import { checkInvariants } from '../wallet/ledger.js';
import { accruePoints } from './accrual.js';
import {
  createReward,
  decideRedemption,
  payConversion,
  pointBalance,
  setPointSettings,
  takeReward,
} from './service.js';

/**
 * Model test of the points ledger (decision 0046), like the money ledger's: random earnings,
 * redemptions, conversions, rejections (refunds) and approvals, with replayed keys and concurrent
 * redemptions of the last items in stock. After every command the real points, stock and statuses
 * equal the model's (concurrent redemptions: some order of them explains every outcome), points are
 * conserved (their accounts sum to zero), none is negative and no stock is below zero.
 *
 * POINTS_RUNS sets the number of runs (25 by default, 8 on PostgreSQL; `npm run test:points-full` runs 1,000);
 * POINTS_SEED replays a run.
 */
// PostgreSQL's round trips make each run several times slower: fewer runs there by default.
const RUNS = Number(process.env.POINTS_RUNS ?? (process.env.TEST_POSTGRES_URL ? 8 : 25));
const SEED = Number(process.env.POINTS_SEED ?? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0);

const MEMBERS = 3;
const REWARDS = [
  { cost: 300, stock: 2 },
  { cost: 1_000, stock: 1 },
];
/** RNG earns 1.20 a unit: 100 minor units (₫1) of valid bet earn 120 hundredths. */
const RATE = 120;

type Redemption = {
  member: number;
  reward: number;
  cost: number;
  status: 'IN_PROCESS' | 'REJECTED' | 'APPROVED';
};
type Model = {
  points: number[];
  stock: number[];
  earnKeys: Map<string, string>;
  redeemKeys: Map<string, number>;
  convertKeys: Map<string, number>;
  redemptions: Map<number, Redemption>;
};
type Real = {
  server: TestServer;
  merchant: Merchant;
  members: number[];
  rewards: number[];
  scheduler: fc.Scheduler;
};

const codeOf = (error: unknown) => {
  if (error instanceof AppError) return error.code;
  throw error;
};

class EarnCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly member: number,
    readonly validBet: number,
    readonly key: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const accrual = {
      merchantId: real.merchant.id,
      memberId: real.members[this.member]!,
      category: 'RNG',
      validBet: this.validBet,
      pointsKey: `${real.merchant.id}:${this.key}`,
    };
    let outcome = 'OK';
    try {
      await real.server.db.transaction().execute((trx) => accruePoints(trx, [accrual]));
    } catch (error) {
      outcome = codeOf(error);
    }
    // A settlement replayed earns nothing more; its key with another settlement's figures is refused.
    const content = `${this.member}:${Math.floor((this.validBet * RATE) / 100)}`;
    const earlier = model.earnKeys.get(this.key);
    if (earlier === undefined) {
      model.earnKeys.set(this.key, content);
      model.points[this.member]! += Math.floor((this.validBet * RATE) / 100);
    }
    expect(outcome).toBe(earlier === undefined || earlier === content ? 'OK' : 'IDEMPOTENCY_KEY_REUSED');
  }
  toString = () => `earn(${this.member}, ${this.validBet}, ${this.key})`;
}

type RedeemOp = { member: number; reward: number; key: string };
type RedeemOutcome = { ok: true; id: number } | { ok: false; code: string };

const redeem = async (real: Real, op: RedeemOp): Promise<RedeemOutcome> => {
  try {
    const answer = await takeReward(
      real.server.db,
      real.merchant,
      real.members[op.member]!,
      { rewardId: real.rewards[op.reward]! },
      op.key,
    );
    return { ok: true, id: answer.redemption.id };
  } catch (error) {
    return { ok: false, code: codeOf(error) };
  }
};

/** What the model says a redemption does, applied to it; false when the outcome contradicts it. */
const applyRedeem = (model: Model, op: RedeemOp, outcome: RedeemOutcome): boolean => {
  const replayKey = `${op.member}:${op.key}`;
  const made = model.redeemKeys.get(replayKey);
  if (made !== undefined) return outcome.ok && outcome.id === made;
  const { cost } = REWARDS[op.reward]!;
  if (model.stock[op.reward]! === 0) return !outcome.ok && outcome.code === 'POINTS_OUT_OF_STOCK';
  if (model.points[op.member]! < cost) return !outcome.ok && outcome.code === 'POINTS_INSUFFICIENT';
  if (!outcome.ok || model.redemptions.has(outcome.id)) return false;
  model.stock[op.reward]! -= 1;
  model.points[op.member]! -= cost;
  model.redeemKeys.set(replayKey, outcome.id);
  model.redemptions.set(outcome.id, { member: op.member, reward: op.reward, cost, status: 'IN_PROCESS' });
  return true;
};

const cloneModel = (model: Model): Model => ({
  points: [...model.points],
  stock: [...model.stock],
  earnKeys: new Map(model.earnKeys),
  redeemKeys: new Map(model.redeemKeys),
  convertKeys: new Map(model.convertKeys),
  redemptions: new Map([...model.redemptions].map(([id, r]) => [id, { ...r }])),
});

class RedeemCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly op: RedeemOp) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const outcome = await redeem(real, this.op);
    expect([outcome, applyRedeem(model, this.op, outcome)]).toEqual([outcome, true]);
  }
  toString = () => `redeem(${JSON.stringify(this.op)})`;
}

/** Distinct members' (or keys') redemptions at once, aimed at rewards with little or no stock left. */
class ConcurrentRedeemCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ops: RedeemOp[]) {}
  check = () => true;
  async run(model: Model, real: Real) {
    await runLinearizable({
      ops: this.ops,
      scheduler: real.scheduler,
      run: (op) => redeem(real, op),
      model,
      clone: cloneModel,
      apply: applyRedeem,
      show: (m) => `stock ${m.stock} and points ${m.points}`,
    });
  }
  toString = () => `concurrentRedeem(${JSON.stringify(this.ops)})`;
}

class ConvertCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly member: number,
    readonly points: number,
    readonly key: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    let outcome: string;
    try {
      await payConversion(real.server.db, real.merchant, real.members[this.member]!, this.points, this.key);
      outcome = 'OK';
    } catch (error) {
      outcome = codeOf(error);
    }
    const replayKey = `${this.member}:${this.key}`;
    const earlier = model.convertKeys.get(replayKey);
    let expected: string;
    if (earlier !== undefined) expected = earlier === this.points ? 'OK' : 'IDEMPOTENCY_KEY_REUSED';
    else if (model.points[this.member]! < this.points) expected = 'POINTS_INSUFFICIENT';
    else {
      expected = 'OK';
      model.points[this.member]! -= this.points;
      model.convertKeys.set(replayKey, this.points);
    }
    expect(outcome).toBe(expected);
  }
  toString = () => `convert(${this.member}, ${this.points}, ${this.key})`;
}

class DecideCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly approve: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.redemptions.size > 0;
  async run(model: Model, real: Real) {
    const ids = [...model.redemptions.keys()];
    const id = ids[this.pick % ids.length]!;
    const redemption = model.redemptions.get(id)!;
    let outcome: string;
    try {
      await decideRedemption(real.server.db, real.merchant.id, id, this.approve, 'model');
      outcome = 'OK';
    } catch (error) {
      outcome = codeOf(error);
    }
    if (redemption.status !== 'IN_PROCESS') {
      expect(outcome).toBe('POINTS_REDEMPTION_DECIDED');
      return;
    }
    expect(outcome).toBe('OK');
    redemption.status = this.approve ? 'APPROVED' : 'REJECTED';
    if (!this.approve) {
      model.points[redemption.member]! += redemption.cost;
      model.stock[redemption.reward]! += 1;
    }
  }
  toString = () => `${this.approve ? 'approve' : 'reject'}(#${this.pick})`;
}

const memberArb = fc.integer({ min: 0, max: MEMBERS - 1 });
const rewardArb = fc.integer({ min: 0, max: REWARDS.length - 1 });
const keyArb = fc.constantFrom('k1', 'k2', 'k3', 'k4');
const redeemArb = fc.record({ member: memberArb, reward: rewardArb, key: keyArb });
const commands = fc.commands(
  [
    fc
      .tuple(memberArb, fc.integer({ min: 1, max: 1_500 }), keyArb)
      .map(([m, bet, key]) => new EarnCommand(m, bet, key)),
    redeemArb.map((op) => new RedeemCommand(op)),
    fc.array(redeemArb, { minLength: 2, maxLength: 4 }).map((ops) => new ConcurrentRedeemCommand(ops)),
    fc
      .tuple(memberArb, fc.integer({ min: 100, max: 1_200 }), keyArb)
      .map(([m, points, key]) => new ConvertCommand(m, points, key)),
    fc.tuple(fc.nat(), fc.boolean()).map(([pick, approve]) => new DecideCommand(pick, approve)),
  ],
  { maxCommands: 20 },
);

let server: TestServer;
let seq = 0;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** A fresh brand for each run: three members, two rewards, RNG at 1.20, 1 point to 1 minor unit. */
const newBrand = async (): Promise<Omit<Real, 'scheduler' | 'server'>> => {
  const db = server.db;
  const code = `PTMODEL${++seq}`;
  const id = await createOtherBrand(db, {
    code,
    name: 'points model',
    currency: 'VND',
    currencySymbol: 'P',
    languages: [],
  });
  const merchant = await getMerchantByCode(db, code);
  await setPointSettings(db, id, {
    rates: [{ category: 'RNG', rate: RATE }],
    conversion: { points: 100, amount: 1, minPoints: 100, maxPoints: 1_200 },
  });
  const members: number[] = [];
  for (let i = 0; i < MEMBERS; i++) members.push(await insertBareMember(db, id, `m${i}`, `m${i}${id}`));
  const rewards: number[] = [];
  for (const r of REWARDS)
    rewards.push(
      (
        await createReward(db, id, {
          names: { EN: `r${r.cost}` },
          descriptions: {},
          imageUrl: null,
          cost: r.cost,
          stock: r.stock,
          enabled: true,
          sortOrder: 0,
        })
      ).id,
    );
  return { merchant, members, rewards };
};

describe('points ledger against its model', () => {
  it(`never diverges from the model (${RUNS} runs, seed ${SEED})`, async () => {
    console.log(`points model: ${RUNS} runs, seed ${SEED} (replay with POINTS_SEED=${SEED})`);
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), commands, async (scheduler, cmds) => {
        const brand = await newBrand();
        const model: Model = {
          points: Array.from({ length: MEMBERS }, () => 0),
          stock: REWARDS.map((r) => r.stock),
          earnKeys: new Map(),
          redeemKeys: new Map(),
          convertKeys: new Map(),
          redemptions: new Map(),
        };
        await fc.asyncModelRun(() => ({ model, real: { server, scheduler, ...brand } }), cmds);
        const db = server.db;
        const id = brand.merchant.id;
        for (let i = 0; i < MEMBERS; i++)
          expect(await pointBalance(db, id, brand.members[i]!)).toBe(model.points[i]);
        const stock = await db
          .selectFrom('point_reward')
          .select(['id', 'stock'])
          .where('merchant_id', '=', id)
          .orderBy('id')
          .execute();
        expect(stock.map((s) => s.stock)).toEqual(model.stock);
        const statuses = await db
          .selectFrom('point_redemption')
          .select(['id', 'status'])
          .where('merchant_id', '=', id)
          .execute();
        expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual(
          Object.fromEntries([...model.redemptions].map(([rid, r]) => [rid, r.status])),
        );
        // Points are conserved: their accounts (members', issued, spent) sum to zero; none negative.
        const accounts = await db
          .selectFrom('ledger_account')
          .select(['kind', 'balance'])
          .where('merchant_id', '=', id)
          .where('kind', 'in', ['POINTS', 'POINTS_ISSUED', 'POINTS_SPENT'])
          .execute();
        expect(accounts.reduce((sum, a) => sum + Number(a.balance), 0)).toBe(0);
        expect(accounts.filter((a) => a.kind === 'POINTS' && Number(a.balance) < 0)).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect((await checkInvariants(server.db)).ok).toBe(true);
  }, 3_600_000);
});
