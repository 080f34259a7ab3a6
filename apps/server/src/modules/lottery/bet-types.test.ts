import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  costMultiplier,
  DEMO_ODDS,
  digitsOf,
  exposureOf,
  FOUR_D_BET_TYPES,
  groupSizeOf,
  isFourD,
  payoutsFor,
  permutationsOf,
  slipCost,
  slipPayout,
  slipProblem,
  VN_BET_TYPES,
  type Slip,
  type VnBetType,
} from './bet-types.js';
import { fairDraw } from './fair-draw.js';
import { numberCount, resultProblem, SEA4D, XSMB, XSMN, type DrawResult } from './structures.js';

// ---- The real North draws (apps/server/resources/xsmb-results.csv) ----

type Row = { date: string; columns: Record<string, string> };
const csv = fs
  .readFileSync(path.resolve(import.meta.dirname, '../../../resources/xsmb-results.csv'), 'utf8')
  .trim()
  .split('\n');
const header = csv[0]!.split(',');
const rows: Row[] = csv.slice(1).map((line) => {
  const cells = line.split(',');
  return { date: cells[0]!, columns: Object.fromEntries(header.map((name, i) => [name, cells[i]!])) };
});

/** The engine's result shape, from a row. */
const resultOf = (row: Row): DrawResult => {
  const c = row.columns;
  const pick = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => c[`${prefix}_${i + 1}`]!);
  return {
    SPECIAL: [c.special!],
    FIRST: [c.prize1!],
    SECOND: pick('prize2', 2),
    THIRD: pick('prize3', 6),
    FOURTH: pick('prize4', 4),
    FIFTH: pick('prize5', 6),
    SIXTH: pick('prize6', 3),
    SEVENTH: pick('prize7', 4),
  };
};

/**
 * An independent calculation, written from LOTTERY.md's table straight onto the CSV's columns
 * (no engine code): points paid per point staked, in hundredths, for one bet on one number or group.
 */
const independent = (row: Row, type: VnBetType, numbers: string[]): number => {
  const c = row.columns;
  const all = header.slice(1).map((name) => c[name]!);
  const endsWith = (value: string, n: string) => value.length >= n.length && value.slice(-n.length) === n;
  const lo2 = all.map((v) => v.slice(-2));
  const odds = DEMO_ODDS.vn[type];
  const occurrences = (values: string[], n: string) => values.filter((v) => endsWith(v, n)).length;
  switch (type) {
    case 'LO2':
    case 'LO3':
    case 'LO4':
      return numbers.reduce((sum, n) => sum + odds * occurrences(all, n), 0);
    case 'XIEN2':
    case 'XIEN3':
    case 'XIEN4':
      return numbers.every((n) => lo2.includes(n)) ? odds : 0;
    case 'TRUOT4':
    case 'TRUOT8':
    case 'TRUOT10':
      return numbers.every((n) => !lo2.includes(n)) ? odds : 0;
    case 'DE':
    case 'CANG3':
      return numbers.reduce((sum, n) => sum + (endsWith(c.special!, n) ? odds : 0), 0);
    case 'NHAT':
      return numbers.reduce((sum, n) => sum + (endsWith(c.prize1!, n) ? odds : 0), 0);
    case 'DAU_DE': {
      const seventh = ['prize7_1', 'prize7_2', 'prize7_3', 'prize7_4'].map((k) => c[k]!);
      return numbers.reduce((sum, n) => sum + odds * seventh.filter((v) => v === n).length, 0);
    }
    case 'XIU_CHU_DAU': {
      const sixth = ['prize6_1', 'prize6_2', 'prize6_3'].map((k) => c[k]!);
      return numbers.reduce((sum, n) => sum + odds * sixth.filter((v) => v === n).length, 0);
    }
    case 'DAU':
      return numbers.reduce((sum, n) => sum + (c.special!.at(-2) === n ? odds : 0), 0);
    case 'DUOI':
      return numbers.reduce((sum, n) => sum + (c.special!.at(-1) === n ? odds : 0), 0);
  }
};

/** A fixed set of slips: every type, numbers spread over the range, several numbers a slip. */
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const SLIPS: { type: VnBetType; numbers: string[] }[] = [
  { type: 'LO2', numbers: ['00', '07', '13', '25', '38', '49', '50', '66', '72', '81', '94', '99'] },
  { type: 'LO3', numbers: ['000', '123', '458', '777', '902'] },
  { type: 'LO4', numbers: ['0202', '4979', '5555', '8981'] },
  { type: 'XIEN2', numbers: ['12', '78'] },
  { type: 'XIEN3', numbers: ['25', '70', '78'] },
  { type: 'XIEN4', numbers: ['12', '25', '70', '78'] },
  { type: 'TRUOT4', numbers: ['01', '02', '03', '04'] },
  { type: 'TRUOT8', numbers: ['10', '21', '32', '43', '54', '65', '76', '87'] },
  { type: 'TRUOT10', numbers: ['05', '15', '26', '37', '48', '59', '60', '71', '82', '93'] },
  { type: 'DE', numbers: Array.from({ length: 20 }, (_, i) => pad(i * 5, 2)) },
  { type: 'DAU_DE', numbers: ['12', '25', '78', '70', '30', '46'] },
  { type: 'NHAT', numbers: ['31', '76', '41', '88'] },
  { type: 'CANG3', numbers: ['584', '058', '999', '123'] },
  { type: 'XIU_CHU_DAU', numbers: ['729', '272', '013', '553', '331'] },
  { type: 'DAU', numbers: ['0', '3', '5', '8'] },
  { type: 'DUOI', numbers: ['1', '4', '8', '9'] },
];

describe('draw structures', () => {
  it('hold the prize counts of LOTTERY.md, and every real North draw fits its structure', () => {
    expect(numberCount(XSMB)).toBe(27);
    expect(numberCount(XSMN)).toBe(18);
    expect(numberCount(SEA4D)).toBe(23);
    expect(rows).toHaveLength(7_530);
    for (const row of rows) expect(resultProblem(XSMB, resultOf(row)), row.date).toBeUndefined();
    expect(resultProblem(XSMB, { ...resultOf(rows[0]!), SEVENTH: ['12', '25', '78'] })).toMatch(/SEVENTH/);
    expect(resultProblem(XSMB, { ...resultOf(rows[0]!), SPECIAL: ['3458'] })).toMatch(/5 digits/);
  });

  it('counts the cost of a bet by the prize numbers it can match (North 27/23/20, South 18/17/16)', () => {
    expect([costMultiplier(XSMB, 'LO2'), costMultiplier(XSMB, 'LO3'), costMultiplier(XSMB, 'LO4')]).toEqual([
      27, 23, 20,
    ]);
    expect([costMultiplier(XSMN, 'LO2'), costMultiplier(XSMN, 'LO3'), costMultiplier(XSMN, 'LO4')]).toEqual([
      18, 17, 16,
    ]);
    expect([costMultiplier(XSMB, 'DAU_DE'), costMultiplier(XSMN, 'DAU_DE')]).toEqual([4, 1]);
    expect([costMultiplier(XSMB, 'XIU_CHU_DAU'), costMultiplier(XSMN, 'XIU_CHU_DAU')]).toEqual([3, 1]);
    expect(costMultiplier(XSMB, 'DE')).toBe(1);
    expect(costMultiplier(XSMB, 'XIEN3')).toBe(1);
    const slip: Slip = { type: 'LO2', numbers: ['12', '34'], stake: 1_000 };
    expect(slipCost(XSMB, slip)).toBe(54_000);
    expect(slipCost(XSMB, { type: 'XIEN4', numbers: ['01', '02', '03', '04'], stake: 1_000 })).toBe(1_000);
  });
});

describe('settling every bet type on real North draws', () => {
  const STAKE = 1_000;
  // 150 draws spread over the file's twenty years, the first and the last included.
  const sample = Array.from({ length: 150 }, (_, i) => rows[Math.round((i * (rows.length - 1)) / 149)]!);

  it('pays every slip what the independent calculation pays, on 150 draws', () => {
    let paidSlips = 0;
    for (const row of sample) {
      const result = resultOf(row);
      const batch = payoutsFor(XSMB, result, DEMO_ODDS);
      for (const { type, numbers } of SLIPS) {
        const slip: Slip = { type, numbers, stake: STAKE };
        expect(slipProblem(XSMB, slip), `${type}`).toBeUndefined();
        const expected = Math.floor((STAKE * independent(row, type, numbers)) / 100);
        expect(slipPayout(XSMB, result, slip, DEMO_ODDS), `${row.date} ${type}`).toBe(expected);
        // The settlement's precomputed form answers the same.
        expect(batch(slip), `${row.date} ${type} (batch)`).toBe(expected);
        if (expected > 0) paidSlips++;
      }
    }
    // The sample is not a sea of losses: a good share of the slips win something.
    expect(paidSlips).toBeGreaterThan(sample.length * 3);
  });

  it('matches the first draw of the file by hand', () => {
    // 2005-10-01: special 34584, first 16876, seventh 12 25 78 70, sixth 729 272 278.
    const result = resultOf(rows[0]!);
    const pay = (type: VnBetType, numbers: string[]) =>
      slipPayout(XSMB, result, { type, numbers, stake: 100 }, DEMO_ODDS);
    expect(pay('DE', ['84'])).toBe(9_750);
    expect(pay('CANG3', ['584'])).toBe(97_500);
    expect(pay('NHAT', ['76'])).toBe(9_750);
    expect(pay('DAU', ['8'])).toBe(975);
    expect(pay('DUOI', ['4'])).toBe(975);
    expect(pay('DAU_DE', ['25'])).toBe(9_750);
    expect(pay('XIU_CHU_DAU', ['278'])).toBe(97_500);
    // 78 ends the seventh prize 78 and the sixth prize 278: two occurrences.
    expect(pay('LO2', ['78'])).toBe(2 * 9_750);
    expect(pay('XIEN2', ['78', '70'])).toBe(1_750);
    expect(pay('XIEN2', ['78', '01'])).toBe(0);
    expect(pay('DE', ['85'])).toBe(0);
  });

  it('is the same whatever the order of a slip’s numbers', () => {
    const shuffle = <T>(items: T[], seed: number) => {
      const out = [...items];
      let s = seed;
      for (let i = out.length - 1; i > 0; i--) {
        s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
        const j = s % (i + 1);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    };
    for (const [k, row] of sample.slice(0, 40).entries()) {
      const result = resultOf(row);
      for (const { type, numbers } of SLIPS) {
        const pay = (ns: string[]) => slipPayout(XSMB, result, { type, numbers: ns, stake: 700 }, DEMO_ODDS);
        expect(pay(shuffle(numbers, k + 1)), `${row.date} ${type}`).toBe(pay(numbers));
      }
    }
  });

  it('returns about 97.5 % of the stake on bao lô 2 over all 7,530 draws, as the demo odds intend', () => {
    let staked = 0;
    let paid = 0;
    const numbers = Array.from({ length: 100 }, (_, i) => pad(i, 2));
    for (const row of rows) {
      const slip: Slip = { type: 'LO2', numbers, stake: 100 };
      staked += slipCost(XSMB, slip);
      paid += slipPayout(XSMB, resultOf(row), slip, DEMO_ODDS);
    }
    // Every number of 00–99 is covered: the return is exactly odds × 27 hits ÷ (27 × 100 numbers).
    expect(paid / staked).toBeCloseTo(0.975, 6);
  });
});

describe('slip rules', () => {
  it('refuses a wrong number of digits, a number twice, a group of the wrong size and a 4D type on a VN draw', () => {
    expect(slipProblem(XSMB, { type: 'LO2', numbers: ['123'], stake: 1 })).toMatch(/2-digit/);
    expect(slipProblem(XSMB, { type: 'LO2', numbers: ['12', '12'], stake: 1 })).toMatch(/twice/);
    expect(slipProblem(XSMB, { type: 'XIEN3', numbers: ['12', '13'], stake: 1 })).toMatch(/exactly 3/);
    expect(slipProblem(XSMB, { type: 'BIG', numbers: ['1234'], stake: 1 })).toMatch(/not a bet/);
    expect(slipProblem(SEA4D, { type: 'LO2', numbers: ['12'], stake: 1 })).toMatch(/not a bet/);
    expect(slipProblem(XSMB, { type: 'DE', numbers: ['12'], stake: 0 })).toMatch(/stake/);
    expect(slipProblem(XSMB, { type: 'DE', numbers: [], stake: 5 })).toMatch(/at least one/);
    for (const type of VN_BET_TYPES) expect(costMultiplier(XSMB, type)).toBeGreaterThan(0);
  });
});

describe('SEA 4D', () => {
  /** Generated draws: 23 distinct four-digit numbers from a seeded generator. */
  const draw = (seed: number): DrawResult => {
    let s = seed;
    const seen = new Set<string>();
    while (seen.size < 23) {
      s = (s * 48_271) % 2_147_483_647;
      seen.add(pad(s % 10_000, 4));
    }
    const n = [...seen];
    return {
      FIRST: [n[0]!],
      SECOND: [n[1]!],
      THIRD: [n[2]!],
      STARTER: n.slice(3, 13),
      CONSOLATION: n.slice(13),
    };
  };

  it('pays Big on every tier and Small on the top three, per tier', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const result = draw(seed);
      expect(resultProblem(SEA4D, result)).toBeUndefined();
      const pay = (type: Slip['type'], number: string) =>
        slipPayout(SEA4D, result, { type, numbers: [number], stake: 10 }, DEMO_ODDS);
      expect(pay('BIG', result.FIRST![0]!)).toBe(34_000);
      expect(pay('BIG', result.STARTER![4]!)).toBe(3_000);
      expect(pay('BIG', result.CONSOLATION![9]!)).toBe(1_100);
      expect(pay('SMALL', result.THIRD![0]!)).toBe(17_000);
      expect(pay('SMALL', result.STARTER![0]!)).toBe(0);
    }
  });

  it('has a Big return of 96 % and a Small return of 97 % of a unit stake', () => {
    const big = DEMO_ODDS.big;
    const small = DEMO_ODDS.small;
    expect((big.FIRST + big.SECOND + big.THIRD + 10 * big.STARTER + 10 * big.CONSOLATION) / 10_000).toBe(
      0.96,
    );
    expect((small.FIRST + small.SECOND + small.THIRD) / 10_000).toBe(0.97);
  });

  it('boxes every permutation at the full stake, and i-box splits one stake across them', () => {
    expect(permutationsOf('1234')).toHaveLength(24);
    expect(permutationsOf('1123')).toHaveLength(12);
    expect(permutationsOf('1122')).toHaveLength(6);
    expect(permutationsOf('1112')).toHaveLength(4);
    expect(permutationsOf('1111')).toHaveLength(1);
    const result = draw(7);
    const first = result.FIRST![0]!;
    const reversed = [...first].reverse().join('');
    const boxed = (type: Slip['type']) =>
      slipPayout(SEA4D, result, { type, numbers: [reversed], stake: 2_400 }, DEMO_ODDS);
    const perms = permutationsOf(first).length;
    // The box holds the first prize's number among its permutations (and maybe others of the draw).
    expect(boxed('BIG_BOX')).toBeGreaterThanOrEqual(2_400 * 3_400);
    expect(boxed('BIG_IBOX')).toBeGreaterThanOrEqual(Math.floor((2_400 * 3_400) / perms));
    expect(slipCost(SEA4D, { type: 'BIG_BOX', numbers: ['1234'], stake: 100 })).toBe(2_400);
    expect(slipCost(SEA4D, { type: 'BIG_IBOX', numbers: ['1234'], stake: 100 })).toBe(100);
  });

  it('counts a box on every permutation it can win on, in the straight counter of its table (issue 19 item 8)', () => {
    const box = exposureOf({ type: 'BIG_BOX', numbers: ['1357'], stake: 1_000 });
    expect(box).toHaveLength(24);
    expect(box.every((e) => e.betType === 'BIG' && e.amount === 1_000)).toBe(true);
    expect(box.map((e) => e.number)).toEqual(expect.arrayContaining(['1357', '7531', '3175', '5713']));
    expect(exposureOf({ type: 'BIG', numbers: ['7531'], stake: 1_000 })).toEqual([
      { betType: 'BIG', number: '7531', amount: 1_000 },
    ]);
    // An i-box's one stake is split across its permutations: a share (rounded up) on each.
    const ibox = exposureOf({ type: 'SMALL_IBOX', numbers: ['1122'], stake: 1_000 });
    expect(ibox).toHaveLength(6);
    expect(ibox.every((e) => e.betType === 'SMALL' && e.amount === 167)).toBe(true);
    // Two numbers of one slip that are permutations of each other add up on each.
    const twice = exposureOf({ type: 'BIG_BOX', numbers: ['1112', '2111'], stake: 10 });
    expect(twice.map((e) => [e.number, e.amount])).toEqual([
      ['1112', 20],
      ['1121', 20],
      ['1211', 20],
      ['2111', 20],
    ]);
  });

  it('holds every 4D win within what the counters of the numbers drawn hold, for any slip and draw', () => {
    const fourD = fc.constantFrom(...FOUR_D_BET_TYPES).chain((type) =>
      fc.record({
        type: fc.constant(type),
        numbers: fc.uniqueArray(
          fc.integer({ min: 0, max: 9_999 }).map((n) => pad(n, 4)),
          { minLength: 1, maxLength: 6 },
        ),
        stake: fc.integer({ min: 1, max: 100_000 }),
      }),
    );
    fc.assert(
      fc.property(fourD, fc.integer({ min: 1, max: 10_000 }), fc.nat(22), (slip, seed, at) => {
        const result = draw(seed);
        // Put one of the slip's permutations among the prizes, so boxes win often.
        const tiers = [
          'FIRST',
          'SECOND',
          'THIRD',
          ...Array(10).fill('STARTER'),
          ...Array(10).fill('CONSOLATION'),
        ];
        const tier = tiers[at]!;
        const index = tier === 'STARTER' ? at - 3 : tier === 'CONSOLATION' ? at - 13 : 0;
        const won = [...permutationsOf(slip.numbers[0]!)].reverse()[0]!;
        if (!Object.values(result).some((numbers) => numbers.includes(won)))
          result[tier] = result[tier]!.map((number, i) => (i === index ? won : number));
        const held = new Map(exposureOf(slip).map((e) => [`${e.betType}:${e.number}`, e.amount]));
        const table = slip.type.startsWith('SMALL') ? DEMO_ODDS.small : DEMO_ODDS.big;
        const counter = slip.type.startsWith('SMALL') ? 'SMALL' : 'BIG';
        let bound = 0;
        for (const [code, payout] of Object.entries(table))
          for (const number of result[code] ?? []) bound += (held.get(`${counter}:${number}`) ?? 0) * payout;
        expect(slipPayout(SEA4D, result, slip, DEMO_ODDS)).toBeLessThanOrEqual(bound);
      }),
      { numRuns: 2_000 },
    );
  });
});

// ---- Properties over random slips and random fair draws ----

const ALL_TYPES = [...VN_BET_TYPES, ...FOUR_D_BET_TYPES];
/** A slip any structure takes: a type, distinct numbers of its digits (its group's count), a stake. */
const slipArbitrary = fc.constantFrom(...ALL_TYPES).chain((type) => {
  const digits = digitsOf(type);
  const group = groupSizeOf(type);
  const number = fc.integer({ min: 0, max: 10 ** digits - 1 }).map((n) => String(n).padStart(digits, '0'));
  const numbers = fc.uniqueArray(number, {
    minLength: group ?? 1,
    maxLength: Math.min(group ?? 12, 10 ** digits),
  });
  return fc.record({
    type: fc.constant(type),
    numbers,
    stake: fc.integer({ min: 1, max: 1_000_000 }),
  });
});

describe('payouts over random slips and draws', () => {
  it('never depend on the order of a slip’s numbers, and the batch reckoning agrees with the single one', () => {
    fc.assert(
      fc.property(slipArbitrary, fc.string({ minLength: 1 }), fc.integer(), (slip, seed, shift) => {
        const structure = isFourD(slip.type) ? SEA4D : [XSMB, XSMN][Math.abs(shift) % 2]!;
        const result = fairDraw(structure, seed, 'PROPERTY');
        const k = slip.numbers.length ? Math.abs(shift) % slip.numbers.length : 0;
        const turned = {
          ...slip,
          numbers: [...slip.numbers.slice(k), ...slip.numbers.slice(0, k)].reverse(),
        };
        const pay = slipPayout(structure, result, slip, DEMO_ODDS);
        expect(slipPayout(structure, result, turned, DEMO_ODDS)).toBe(pay);
        expect(payoutsFor(structure, result, DEMO_ODDS)(turned)).toBe(pay);
        expect(slipCost(structure, turned)).toBe(slipCost(structure, slip));
        expect(Number.isSafeInteger(pay) && pay >= 0).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
