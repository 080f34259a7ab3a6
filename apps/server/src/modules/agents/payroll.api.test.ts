import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherBrand } from '../../test/brands.js';
import { createTestDatabase } from '../../test/server.js';
import { MAX_MEMBER_BALANCE } from '@jade/contracts/wallet';
import { openDb, withPlugin, type DbHandle } from '../../platform/db/index.js';
import { migrateToLatest } from '../../platform/db/migrate.js';
import { writeTransaction } from '../../platform/db/transaction.js';
import { addDays } from '../../platform/time-zone.js';
import { runCommand } from '../../cli/commands.js';
import { insertMember } from '../accounts/repo.js';
import {
  addManyToDailySummary,
  addStake,
  afterPayout,
  writeRecordState,
  type SummaryDelta,
} from '../games/bet-records.js';
import { claimRebates, setRates } from '../engagement/rebates.js';
import { setFlag } from '../merchants/service.js';
import * as ledger from '../wallet/ledger.js';
import { updateMoneySettings } from '../wallet/money-settings.js';
import { assertNoOpenAgentDebt } from './debts.js';
import {
  approveDividend,
  runDailySalaries,
  runDividends,
  runHourlySalaries,
  runRealtimeSalaries,
  settleAllDebts,
} from './payroll.js';

/**
 * Reconciliation of the agent payroll (issue 21 item 6, decision 0041): a generated brand with a
 * 4-level tree, contracts of every kind and a few thousand bets over three days written through the
 * settlement path; every payment equals a recomputation here from the bets this test wrote, and every
 * run repeated, cut half-way and rerun, or run on two connections at once pays once.
 */

const DAYS = ['2026-11-21', '2026-11-22', '2026-11-23'];
const LATER = new Date('2026-12-31T00:00:00Z');
const MIN_ACTIVE_BET = 20_000;
const VENDOR = 'PAYROLL_TEST';

let handle: DbHandle;
let second: DbHandle;
let drop: () => Promise<void>;
let merchantId: number;
let brand: { id: number; timeZone: string };

type Node = { id: number; upline: number | null; name: string };
const nodes = new Map<string, Node>();
const byId = new Map<number, Node>();
type Bet = { memberId: number; category: 'RNG' | 'LIVE'; stake: number; payout: number; at: string };
const bets: Bet[] = [];
type Contract = {
  id: number;
  holder: string;
  payer: string | null;
  kind: 'DAILY_SALARY' | 'HOURLY_SALARY' | 'REALTIME_SALARY' | 'DIVIDEND';
  category: 'RNG' | 'LIVE';
  period?: 'DAILY' | 'WEEKLY';
  tiers: Record<string, number>[];
};
const contracts: Contract[] = [];

// A small deterministic generator, so a failure reproduces.
let seed = 21;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

/** The LIVE rebate paid to b1p1 on the second day. */
let rebatePaid = 0;

const teamOf = (holderId: number) => {
  const team = new Set<number>();
  for (const node of byId.values()) {
    for (let at: number | null = node.id; at !== null; at = byId.get(at)?.upline ?? null) {
      if (at === holderId) team.add(node.id);
    }
  }
  return team;
};

/** The team's valid bet, payout and active members over bets settled in [from, to). */
const figures = (holderId: number, category: string, from: string, to: string) => {
  const team = teamOf(holderId);
  const perMember = new Map<number, number>();
  let validBet = 0;
  let payout = 0;
  for (const bet of bets) {
    if (!team.has(bet.memberId) || bet.category !== category || bet.at < from || bet.at >= to) continue;
    validBet += bet.stake;
    payout += bet.payout;
    perMember.set(bet.memberId, (perMember.get(bet.memberId) ?? 0) + bet.stake);
  }
  const active = [...perMember.values()].filter((v) => v >= MIN_ACTIVE_BET).length;
  return { validBet, payout, active };
};

const expectedSalary = (c: Contract, validBet: number, active: number) => {
  let gross = 0;
  for (const tier of c.tiers) {
    if (validBet >= tier.minValidBet! && active >= tier.minActive!) {
      gross = tier.amount ?? Math.floor((validBet * tier.rateBp!) / 10_000);
    }
  }
  return gross;
};

const dayStart = (day: string) => `${day}T00:00:00.000Z`;

const payments = async (contractId: number) =>
  (
    await handle.db
      .selectFrom('agent_payment')
      .selectAll()
      .where('contract_id', '=', contractId)
      .orderBy('id')
      .execute()
  ).map((p) => ({ ...p, gross: Number(p.gross), paid: Number(p.paid), owed: Number(p.owed) }));

const contract = (holder: string, kind: Contract['kind'], category: string) =>
  contracts.find((c) => c.holder === holder && c.kind === kind && c.category === category)!;

/** A member of the brand, joined under its upline on the first of the month. */
const addMember = (brandId: number, name: string, uplineId: number | null, type: number) => {
  const at = '2026-11-01T00:00:00.000Z';
  return insertMember(handle.db, {
    merchant_id: brandId,
    username: name,
    username_key: name,
    password_hash: 'x',
    referral_code: `ref-${name}`,
    register_method: 'TEST',
    register_ip: '127.0.0.1',
    password_changed_at: at,
    created_at: at,
    updated_at: at,
    upline_id: uplineId,
    type,
  });
};

const mainBalanceOf = async (brandId: number, memberId: number) =>
  Number(
    await ledger.getAccountBalance(
      handle.db,
      await ledger.memberAccount(handle.db, brandId, memberId, 'MAIN'),
    ),
  );
const mainBalance = (memberId: number) => mainBalanceOf(merchantId, memberId);

beforeAll(async () => {
  const database = await createTestDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'jade-payroll-')));
  drop = database.drop;
  handle = openDb(database.url);
  await migrateToLatest(handle.db);
  second = openDb(database.url);
  merchantId = await createOtherBrand(handle.db, { code: 'PAYROLL', name: 'payroll' });
  brand = { id: merchantId, timeZone: 'UTC' };
  await updateMoneySettings(handle.db, merchantId, {
    agents: { activeMemberMinValidBet: MIN_ACTIVE_BET, dividendCarryForward: true },
  });

  // The tree: T → A1, A2; A1 → B1, B2; B1 → C1; players under every agent (4 agent levels).
  const add = async (name: string, upline: string | null, type: number) => {
    const uplineId = upline === null ? null : nodes.get(upline)!.id;
    const id = await addMember(merchantId, name, uplineId, type);
    const node = { id, upline: uplineId, name };
    nodes.set(name, node);
    byId.set(id, node);
  };
  await add('t', null, 1);
  for (const [name, upline] of [
    ['a1', 't'],
    ['a2', 't'],
    ['b1', 'a1'],
    ['b2', 'a1'],
    ['c1', 'b1'],
  ] as const)
    await add(name, upline, 1);
  for (const agent of ['t', 'a1', 'a2', 'b1', 'b2', 'c1'])
    for (let i = 0; i < 4; i++) await add(`${agent}p${i}`, agent, 0);

  // Contracts of every kind, uplines holding at least their children's rates.
  const offer = async (c: Omit<Contract, 'id'>) => {
    const { id } = await handle.db
      .insertInto('agent_contract')
      .values({
        merchant_id: merchantId,
        holder_id: nodes.get(c.holder)!.id,
        offered_by: c.payer === null ? null : nodes.get(c.payer)!.id,
        kind: c.kind,
        category: c.category,
        period: c.period ?? null,
        tiers: JSON.stringify(c.tiers),
        status: 'ACCEPTED',
        created_at: '2026-11-01T00:00:00.000Z',
        answered_at: '2026-11-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    contracts.push({ ...c, id });
  };
  const salary = (lowBp: number, highBp: number) => [
    { minValidBet: 100_000, minActive: 2, rateBp: lowBp },
    { minValidBet: 2_000_000, minActive: 6, rateBp: highBp },
  ];
  await offer({ holder: 't', payer: null, kind: 'DAILY_SALARY', category: 'RNG', tiers: salary(120, 200) });
  await offer({ holder: 'a1', payer: 't', kind: 'DAILY_SALARY', category: 'RNG', tiers: salary(100, 150) });
  await offer({ holder: 'a2', payer: 't', kind: 'DAILY_SALARY', category: 'RNG', tiers: salary(100, 150) });
  await offer({ holder: 'b1', payer: 'a1', kind: 'DAILY_SALARY', category: 'RNG', tiers: salary(80, 120) });
  // C1's fixed amount is more than B1 ever holds: B1 owes the rest.
  await offer({
    holder: 'c1',
    payer: 'b1',
    kind: 'DAILY_SALARY',
    category: 'RNG',
    tiers: [{ minValidBet: 50_000, minActive: 1, amount: 5_000_000 }],
  });
  await offer({ holder: 't', payer: null, kind: 'HOURLY_SALARY', category: 'LIVE', tiers: salary(50, 80) });
  await offer({ holder: 'a1', payer: 't', kind: 'HOURLY_SALARY', category: 'LIVE', tiers: salary(40, 60) });
  await offer({ holder: 't', payer: null, kind: 'REALTIME_SALARY', category: 'LIVE', tiers: salary(30, 60) });
  await offer({ holder: 'a2', payer: 't', kind: 'REALTIME_SALARY', category: 'LIVE', tiers: salary(20, 50) });
  const dividend = (lowBp: number, highBp: number) => [
    { minNetLoss: 10_000, minActive: 1, shareBp: lowBp },
    { minNetLoss: 500_000, minActive: 4, shareBp: highBp },
  ];
  for (const [holder, payer] of [
    ['t', null],
    ['a1', 't'],
    ['b1', 'a1'],
  ] as const) {
    await offer({
      holder,
      payer,
      kind: 'DIVIDEND',
      category: 'RNG',
      period: 'DAILY',
      tiers: dividend(3000, 4000),
    });
  }
  await offer({
    holder: 't',
    payer: null,
    kind: 'DIVIDEND',
    category: 'LIVE',
    period: 'WEEKLY',
    tiers: dividend(2000, 3000),
  });

  // Bets: RNG loses for the team, LIVE wins big on the first day (a profit to carry) and loses after.
  const players = [...byId.values()];
  for (const [d, day] of DAYS.entries()) {
    for (let n = 0; n < 650; n++) {
      const category = random() < 0.55 ? 'RNG' : 'LIVE';
      const stake = between(100, 12_000);
      const payout =
        category === 'LIVE' && d === 0 ? stake * 3 : random() < 0.4 ? Math.floor(stake * random() * 2) : 0;
      const at = new Date(Date.parse(dayStart(day)) + between(0, 86_399_999)).toISOString();
      bets.push({ memberId: players[between(0, players.length - 1)]!.id, category, stake, payout, at });
    }
  }
  // Written through the record path the settlement paths use (a lottery draw's batch of summaries),
  // a few hundred per transaction.
  for (let i = 0; i < bets.length; i += 300) {
    await writeTransaction(handle.db, async (trx) => {
      // One row per member, day and category (the batch upsert takes each key once).
      const summaries = new Map<string, SummaryDelta & { bets: number }>();
      for (const [j, bet] of bets.slice(i, i + 300).entries()) {
        const key = { merchantId, vendorCode: VENDOR, roundId: `round-${i + j}` };
        const input = {
          ...key,
          memberId: bet.memberId,
          gameId: 'g',
          category: bet.category,
          amount: bet.stake,
        };
        const id = await addStake(trx, { ...input, at: bet.at });
        const open = { ...input, id, stake: bet.stake, validBet: 0, payout: 0, winLoss: -bet.stake };
        const record = {
          ...open,
          status: 'OPEN',
          placedAt: bet.at,
          settledAt: null,
          settledDay: null,
          refunded: 0,
          detail: null,
        } as const;
        const { state, summary } = afterPayout(record, {
          amount: bet.payout,
          close: true,
          at: bet.at,
          timeZone: 'UTC',
        });
        await writeRecordState(trx, id, state);
        const k = `${summary!.memberId}:${summary!.day}:${summary!.category}`;
        const sum = summaries.get(k);
        if (!sum) summaries.set(k, { ...summary!, bets: 1 });
        else
          Object.assign(sum, {
            bets: sum.bets + 1,
            stake: sum.stake + summary!.stake,
            validBet: sum.validBet + summary!.validBet,
            payout: sum.payout + summary!.payout,
            winLoss: sum.winLoss + summary!.winLoss,
          });
      }
      await addManyToDailySummary(trx, [...summaries.values()]);
    });
  }
  // A bonus to a team member on the second day: it lowers the team's net loss.
  const promotion = await ledger.houseAccount(handle.db, merchantId, 'PROMOTION_EXPENSE');
  await ledger.postTransfers(
    handle.db,
    {
      merchantId,
      idempotencyKey: 'test-bonus',
      legs: [
        {
          kind: 'PROMOTION_BONUS',
          debitAccountId: promotion,
          creditAccountId: await ledger.memberAccount(handle.db, merchantId, nodes.get('b1p0')!.id, 'MAIN'),
          amount: 12_345,
        },
      ],
    },
    new Date(`${DAYS[1]}T10:00:00.000Z`),
  );
  // A LIVE rebate claimed by a team member on the second day (decision 0051): it names its category,
  // so it lowers the LIVE team's net loss, and the RNG team's not at all.
  await setRates(handle.db, merchantId, [{ category: 'LIVE', vipLevel: 0, rateBp: 100 }]);
  await setFlag(handle.db, merchantId, 'MANPLAYREB3', true);
  rebatePaid = (
    await claimRebates(handle.db, brand, nodes.get('b1p1')!.id, 'LIVE', new Date(`${DAYS[1]}T12:00:00.000Z`))
  ).total;
  expect(rebatePaid).toBeGreaterThan(0);
}, 60_000);

afterAll(async () => {
  await second?.close();
  await handle?.close();
  await drop?.();
});

describe('agent payroll reconciliation', () => {
  it('pays each daily salary once, equal to the recomputation, when a run is cut half-way, rerun and repeated', async () => {
    let count = 0;
    await expect(
      runDailySalaries(handle.db, brand, DAYS[0]!, {
        chunkSize: 2,
        afterPayment: () => {
          if (++count === 2) throw new Error('cut');
        },
      }),
    ).rejects.toThrow('cut');
    for (const day of DAYS) {
      await runDailySalaries(handle.db, brand, day);
      const again = await runDailySalaries(handle.db, brand, day);
      expect(again.paid + again.nothing).toBe(0);
    }
    // Two connections ("instances") at once on an already-paid day and on a fresh one pay once. SQLite
    // takes one writer at a time (and a second handle in this process would wait on the first), so
    // there the runs go one after the other.
    const runs = [
      () => runDailySalaries(handle.db, brand, addDays(DAYS[2]!, 1)),
      () => runDailySalaries(second.db, brand, addDays(DAYS[2]!, 1)),
      () => runDailySalaries(second.db, brand, DAYS[2]!),
    ];
    if (handle.dialect === 'postgres') await Promise.all(runs.map((run) => run()));
    else for (const run of runs) await run();

    for (const c of contracts.filter((x) => x.kind === 'DAILY_SALARY')) {
      const rows = await payments(c.id);
      const expected = DAYS.map((day) => {
        const f = figures(nodes.get(c.holder)!.id, c.category, dayStart(day), dayStart(addDays(day, 1)));
        return { day, gross: expectedSalary(c, f.validBet, f.active), validBet: f.validBet };
      });
      expect(
        rows
          .filter((r) => DAYS.includes(r.day))
          .map((r) => ({ day: r.day, gross: r.gross, validBet: Number(r.team_valid_bet) })),
      ).toEqual(expected);
      expect(rows.length).toBe(DAYS.length + 1);
      // Each payment moved exactly what it says was paid (its own post and any debt settled for it).
      for (const row of rows) {
        const moved = await handle.db
          .selectFrom('ledger_transfer')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), eb.lit(0)).as('amount'))
          .where('reference', '=', `agent-payment:${row.id}`)
          .executeTakeFirstOrThrow();
        expect(Number(moved.amount), row.period_key).toBe(row.paid);
        expect(row.paid + row.owed).toBe(row.gross);
      }
    }
  });

  it('records what an upline cannot pay as owed, refuses its withdrawals, and settles it once the wallet allows', async () => {
    const c1 = contract('c1', 'DAILY_SALARY', 'RNG');
    const rows = await payments(c1.id);
    const owedRows = rows.filter((r) => r.status === 'OWED');
    expect(owedRows.length).toBeGreaterThan(0);
    for (const r of rows.filter((x) => x.gross > 0)) expect(r.paid + r.owed).toBe(r.gross);
    const b1 = nodes.get('b1')!.id;
    await expect(assertNoOpenAgentDebt(handle.db, merchantId, b1)).rejects.toMatchObject({
      code: 'AGENT_DEBT_OPEN',
    });
    expect(await mainBalance(b1)).toBe(0);
    const owed = owedRows.reduce((sum, r) => sum + r.owed, 0);
    const cash = await ledger.houseAccount(handle.db, merchantId, 'CASH');
    await ledger.postTransfers(handle.db, {
      merchantId,
      idempotencyKey: 'test-b1-deposit',
      legs: [
        {
          kind: 'DEPOSIT',
          debitAccountId: cash,
          creditAccountId: await ledger.memberAccount(handle.db, merchantId, b1, 'MAIN'),
          amount: owed + 1,
        },
      ],
    });
    const c1Before = await mainBalance(nodes.get('c1')!.id);
    expect(await settleAllDebts(handle.db, merchantId)).toBe(owed);
    expect(await settleAllDebts(handle.db, merchantId)).toBe(0);
    expect(await mainBalance(nodes.get('c1')!.id)).toBe(c1Before + owed);
    expect(await mainBalance(b1)).toBe(1);
    await assertNoOpenAgentDebt(handle.db, merchantId, b1);
    expect((await payments(c1.id)).every((r) => r.owed === 0)).toBe(true);
  });

  it('pays hourly salaries per hour as recomputed, once', async () => {
    for (const day of DAYS) for (let h = 0; h < 24; h++) await runHourlySalaries(handle.db, brand, day, h);
    const again = await runHourlySalaries(handle.db, brand, DAYS[1]!, 5);
    expect(again.paid + again.nothing).toBe(0);
    for (const c of contracts.filter((x) => x.kind === 'HOURLY_SALARY')) {
      const rows = await payments(c.id);
      expect(rows.length).toBe(72);
      for (const row of rows) {
        const f = figures(nodes.get(c.holder)!.id, c.category, row.window_start, row.window_end);
        expect(row.gross, row.period_key).toBe(expectedSalary(c, f.validBet, f.active));
      }
    }
  });

  it("pays real-time salary as day-to-date minus what was paid, summing to the day's figure", async () => {
    for (const day of DAYS) {
      for (const hour of [3, 9, 9, 15, 21, 24]) {
        await runRealtimeSalaries(
          handle.db,
          brand,
          new Date(Date.parse(dayStart(day)) + hour * 3_600_000 + 120_000),
        );
      }
    }
    for (const c of contracts.filter((x) => x.kind === 'REALTIME_SALARY')) {
      const rows = await payments(c.id);
      expect(rows.length).toBe(DAYS.length * 5);
      for (const day of DAYS) {
        let paidBefore = 0;
        for (const row of rows.filter((r) => r.day === day)) {
          const f = figures(nodes.get(c.holder)!.id, c.category, dayStart(day), row.window_end);
          expect(row.gross, row.period_key).toBe(
            Math.max(0, expectedSalary(c, f.validBet, f.active) - paidBefore),
          );
          paidBefore += row.gross;
        }
        const whole = figures(nodes.get(c.holder)!.id, c.category, dayStart(day), dayStart(addDays(day, 1)));
        expect(paidBefore).toBe(expectedSalary(c, whole.validBet, whole.active));
      }
    }
  });

  it('computes dividends on the net loss, waits for approval top-down, and carries a profit forward', async () => {
    for (const day of DAYS) {
      await runDividends(handle.db, brand, day, { now: LATER });
      await runDividends(second.db, brand, day, { now: LATER });
    }
    const salariesOf = async (holderId: number, category: string, fromDay: string, toDay: string) =>
      Number(
        (
          await handle.db
            .selectFrom('agent_payment')
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('gross'), eb.lit(0)).as('g'))
            .where('holder_id', '=', holderId)
            .where('kind', '!=', 'DIVIDEND')
            .where('category', '=', category)
            .where('day', '>=', fromDay)
            .where('day', '<=', toDay)
            .executeTakeFirstOrThrow()
        ).g,
      );
    const bonusTo = (holderId: number, fromDay: string, toDay: string) =>
      teamOf(holderId).has(nodes.get('b1p0')!.id) && fromDay <= DAYS[1]! && DAYS[1]! <= toDay ? 12_345 : 0;
    const rebateTo = (holderId: number, category: string, fromDay: string, toDay: string) =>
      category === 'LIVE' &&
      teamOf(holderId).has(nodes.get('b1p1')!.id) &&
      fromDay <= DAYS[1]! &&
      DAYS[1]! <= toDay
        ? rebatePaid
        : 0;
    const expectedDividend = (c: Contract, netLoss: number, active: number) => {
      if (netLoss <= 0) return 0;
      let gross = 0;
      for (const tier of c.tiers) {
        if (netLoss >= tier.minNetLoss! && active >= tier.minActive!)
          gross = Math.floor((netLoss * tier.shareBp!) / 10_000);
      }
      return gross;
    };

    for (const holder of ['t', 'a1', 'b1']) {
      const c = contract(holder, 'DIVIDEND', 'RNG');
      const rows = await payments(c.id);
      expect(rows.map((r) => r.day)).toEqual(DAYS);
      let previous = 0;
      for (const row of rows) {
        const id = nodes.get(holder)!.id;
        const f = figures(id, 'RNG', dayStart(row.day), dayStart(addDays(row.day, 1)));
        const netLoss =
          f.validBet -
          f.payout -
          bonusTo(id, row.day, row.day) -
          rebateTo(id, 'RNG', row.day, row.day) -
          (await salariesOf(id, 'RNG', row.day, row.day));
        const carried = previous < 0 ? -previous : 0;
        expect(Number(row.carried_in)).toBe(carried);
        expect(Number(row.net_loss), `${holder} ${row.day}`).toBe(netLoss - carried);
        previous = netLoss - carried;
        expect(row.gross).toBe(expectedDividend(c, Number(row.net_loss), f.active));
        expect(row.status).toBe(row.gross > 0 ? 'AWAITING_APPROVAL' : 'NOTHING');
      }
    }
    // The weekly LIVE dividend: the first week's team profit is carried into the second.
    const weekly = contract('t', 'DIVIDEND', 'LIVE');
    const [week1, week2] = await payments(weekly.id);
    const tId = nodes.get('t')!.id;
    const w1 = figures(tId, 'LIVE', dayStart('2026-11-16'), dayStart('2026-11-23'));
    const w1Loss =
      w1.validBet -
      w1.payout -
      bonusTo(tId, '2026-11-16', '2026-11-22') -
      rebateTo(tId, 'LIVE', '2026-11-16', '2026-11-22') -
      (await salariesOf(tId, 'LIVE', '2026-11-16', '2026-11-22'));
    expect(w1Loss).toBeLessThan(0);
    expect(Number(week1!.net_loss)).toBe(w1Loss);
    expect(week1!.status).toBe('NOTHING');
    const w2 = figures(tId, 'LIVE', dayStart('2026-11-23'), dayStart('2026-11-30'));
    const w2Loss = w2.validBet - w2.payout - (await salariesOf(tId, 'LIVE', '2026-11-23', '2026-11-29'));
    expect(Number(week2!.carried_in)).toBe(-w1Loss);
    expect(Number(week2!.net_loss)).toBe(w2Loss + w1Loss);
    expect(week2!.gross).toBe(expectedDividend(weekly, w2Loss + w1Loss, w2.active));

    // Top-down approval: the child's waits for its upline's.
    const waiting = (holder: string) =>
      payments(contract(holder, 'DIVIDEND', 'RNG').id).then((rows) =>
        rows.find((r) => r.status === 'AWAITING_APPROVAL' && r.day === DAYS[2]),
      );
    const [pt, pa1] = [await waiting('t'), await waiting('a1')];
    expect(pt && pa1).toBeTruthy();
    await expect(approveDividend(handle.db, merchantId, pa1!.id, 'ops')).rejects.toMatchObject({
      code: 'AGENT_DIVIDEND_UPLINE_PENDING',
    });
    const approvedT = await approveDividend(handle.db, merchantId, pt!.id, 'ops');
    expect(approvedT).toMatchObject({ paid: pt!.gross, owed: 0 });
    await expect(approveDividend(handle.db, merchantId, pt!.id, 'ops')).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const approvedA1 = await approveDividend(handle.db, merchantId, pa1!.id, 'ops');
    expect(approvedA1.paid + approvedA1.owed).toBe(pa1!.gross);
    const keyed = await handle.db
      .selectFrom('ledger_batch')
      .select('idempotency_key')
      .where('idempotency_key', 'like', 'agent-dividend:%')
      .execute();
    expect(keyed.map((k) => k.idempotency_key).sort()).toEqual(
      [
        `agent-dividend:${contract('t', 'DIVIDEND', 'RNG').id}:${pt!.period_key}`,
        ...(approvedA1.paid > 0
          ? [`agent-dividend:${contract('a1', 'DIVIDEND', 'RNG').id}:${pa1!.period_key}`]
          : []),
      ].sort(),
    );
  });

  it("runs a day's salaries and the dividend approvals from the CLI, once", async () => {
    const cli = async (...argv: string[]) => {
      const lines: string[] = [];
      await runCommand([...argv, '--merchant', 'PAYROLL'], handle.db, (line) => lines.push(line));
      return lines.join('\n');
    };
    const daily = contracts.filter((c) => c.kind === 'DAILY_SALARY').length;
    expect(await cli('agents', 'pay', 'daily', '--day', '2026-11-25')).toContain(
      `0 paid, ${daily} nothing due, 0 awaiting approval, 0 already done`,
    );
    expect(await cli('agents', 'pay', 'daily', '--day', '2026-11-25')).toContain(`${daily} already done`);
    const waiting = await cli('agents', 'dividends');
    const first = Number(waiting.split('\n')[0]!.split('\t')[0]);
    expect(first).toBeGreaterThan(0);
    expect(await cli('agents', 'dividend', 'approve', String(first))).toMatch(/approved: \d+ paid, \d+ owed/);
  });

  it('leaves the ledger balanced: every account sums to zero', async () => {
    const total = await handle.db
      .selectFrom('ledger_account')
      .select((eb) => eb.fn.sum<number | string>('balance').as('sum'))
      .where('merchant_id', '=', merchantId)
      .executeTakeFirstOrThrow();
    expect(Number(total.sum)).toBe(0);
    await ledger.checkInvariants(handle.db);
  });
});

describe('agent payroll in chunks', () => {
  // A brand of its own: a top agent paid by the brand, 5 agents under it and 6 under each (36 daily
  // salaries, a fixed amount each, every upline able to pay its children), on two days of bets.
  const DAY = '2026-11-18';
  const DAY2 = '2026-11-19';
  let other: { id: number; timeZone: string };
  /** The contracts in the order a run pays them: uplines first. */
  const chain: { holderId: number; contractId: number; amount: number }[] = [];

  const paymentsOn = async (day: string) =>
    handle.db
      .selectFrom('agent_payment')
      .select(['contract_id', 'gross', 'paid', 'status'])
      .where('merchant_id', '=', other.id)
      .where('day', '=', day)
      .orderBy('contract_id')
      .execute();

  beforeAll(async () => {
    other = { id: await createOtherBrand(handle.db, { code: 'PAYCHUNK', name: 'chunks' }), timeZone: 'UTC' };
    await updateMoneySettings(handle.db, other.id, {
      agents: { activeMemberMinValidBet: 1, dividendCarryForward: false },
    });
    const at = '2026-11-01T00:00:00.000Z';
    const agent = async (name: string, upline: (typeof chain)[number] | null, amount: number) => {
      const holderId = await addMember(other.id, name, upline?.holderId ?? null, 1);
      const { id } = await handle.db
        .insertInto('agent_contract')
        .values({
          merchant_id: other.id,
          holder_id: holderId,
          offered_by: upline?.holderId ?? null,
          kind: 'DAILY_SALARY',
          category: 'RNG',
          tiers: JSON.stringify([{ minValidBet: 1, minActive: 1, amount }]),
          status: 'ACCEPTED',
          created_at: at,
          answered_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const node = { holderId, contractId: id, amount };
      chain.push(node);
      return node;
    };
    const top = await agent('k', null, 100_000);
    const middle = [];
    for (let i = 0; i < 5; i++) middle.push(await agent(`k${i}`, top, 10_000));
    for (const [i, upline] of middle.entries())
      for (let j = 0; j < 6; j++) await agent(`k${i}-${j}`, upline, 1_000);
    // Each bottom agent's own bets: every team above it has an active member.
    await writeTransaction(handle.db, (trx) =>
      addManyToDailySummary(
        trx,
        chain.slice(6).flatMap(({ holderId }) =>
          [DAY, DAY2].map((day) => ({
            merchantId: other.id,
            memberId: holderId,
            day,
            category: 'RNG' as const,
            stake: 50_000,
            validBet: 50_000,
            payout: 0,
            winLoss: -50_000,
            bets: 1,
          })),
        ),
      ),
    );
  });

  it("pays a day's salaries in fewer statements than there are contracts", async () => {
    let statements = 0;
    const counting = withPlugin(handle.db, {
      transformQuery: ({ node }) => {
        statements += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    expect(await runDailySalaries(counting, other, DAY)).toEqual({
      paid: chain.length,
      nothing: 0,
      awaiting: 0,
      skipped: 0,
    });
    expect(statements).toBeLessThan(chain.length);
    const rows = await paymentsOn(DAY);
    expect(rows.map((r) => [r.contract_id, Number(r.paid), r.status])).toEqual(
      chain.map((c) => [c.contractId, c.amount, 'PAID']),
    );
  });

  it('pays the contracts before one the ledger refuses in the same chunk, and the rest once on a rerun', async () => {
    // The fourth contract's holder holds nearly the most a wallet may: its salary is refused.
    const victim = chain[3]!;
    const cash = await ledger.houseAccount(handle.db, other.id, 'CASH');
    const wallet = await ledger.memberAccount(handle.db, other.id, victim.holderId, 'MAIN');
    const full = MAX_MEMBER_BALANCE - (await mainBalanceOf(other.id, victim.holderId)) - 1;
    await ledger.postTransfer(handle.db, {
      merchantId: other.id,
      idempotencyKey: 'test-fill',
      kind: 'DEPOSIT',
      debitAccountId: cash,
      creditAccountId: wallet,
      amount: full,
    });
    await expect(runDailySalaries(handle.db, other, DAY2, { chunkSize: 4 })).rejects.toMatchObject({
      code: 'WALLET_BALANCE_LIMIT',
    });
    expect((await paymentsOn(DAY2)).map((r) => r.contract_id)).toEqual(
      chain.slice(0, 3).map((c) => c.contractId),
    );

    await ledger.postTransfer(handle.db, {
      merchantId: other.id,
      idempotencyKey: 'test-empty',
      kind: 'WITHDRAWAL',
      debitAccountId: wallet,
      creditAccountId: cash,
      amount: full,
    });
    expect(await runDailySalaries(handle.db, other, DAY2, { chunkSize: 4 })).toMatchObject({
      paid: chain.length - 3,
      skipped: 3,
    });
    expect(await runDailySalaries(handle.db, other, DAY2, { chunkSize: 4 })).toMatchObject({
      paid: 0,
      skipped: chain.length,
    });
    const rows = await paymentsOn(DAY2);
    expect(rows.map((r) => [r.contract_id, Number(r.paid), r.status])).toEqual(
      chain.map((c) => [c.contractId, c.amount, 'PAID']),
    );
    const keys = await handle.db
      .selectFrom('ledger_batch')
      .select('idempotency_key')
      .where('merchant_id', '=', other.id)
      .where('idempotency_key', 'like', `agent-salary:%:D:${DAY2}`)
      .execute();
    expect(keys.length).toBe(chain.length);
    const total = await handle.db
      .selectFrom('ledger_account')
      .select((eb) => eb.fn.sum<number | string>('balance').as('sum'))
      .where('merchant_id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(Number(total.sum)).toBe(0);
  });
});
