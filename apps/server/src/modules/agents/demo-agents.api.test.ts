import { CONTRACT_KINDS } from '@jade/contracts/agents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/passwords.js';
import { runCli } from '../../test/cli.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { dayOf, dayWindow } from '../../platform/time-zone.js';
import { getMerchantByCode } from '../merchants/service.js';
import { DEMO_MERCHANT_CODE } from '../merchants/demo-seed.js';
import { buildDemoAgents, DEMO_AGENT_PASSWORD, DEMO_HISTORY_DAYS, DEMO_TEAM } from './demo-agents.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { demoLimits: true });
});
afterAll(async () => server.close());

/** Row counts of everything the demo writes: a second run must leave every one as it was. */
const counts = async () => {
  const count = async (
    table:
      | 'member'
      | 'agent_contract'
      | 'bet_record'
      | 'bet_daily_summary'
      | 'deposit'
      | 'withdrawal'
      | 'ledger_batch'
      | 'agent_payment',
  ) =>
    Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    members: await count('member'),
    contracts: await count('agent_contract'),
    records: await count('bet_record'),
    summaries: await count('bet_daily_summary'),
    deposits: await count('deposit'),
    withdrawals: await count('withdrawal'),
    batches: await count('ledger_batch'),
    payments: await count('agent_payment'),
  };
};

describe('jade demo agents', () => {
  it('builds a 4-level team with a contract of every kind and a month of settled bets, once', async () => {
    const printed = await runCli(server, 'demo', 'agents');
    expect(printed).toContain(`demo team made (${DEMO_TEAM.length} accounts)`);
    for (const seat of DEMO_TEAM) expect(printed).toContain(seat.username);
    expect(printed).toContain(DEMO_AGENT_PASSWORD);

    const top = await server.db
      .selectFrom('member')
      .select(['id', 'password_hash', 'upline_id', 'type'])
      .where('username_key', '=', 'demoagent')
      .executeTakeFirstOrThrow();
    expect(top).toMatchObject({ upline_id: null, type: 1 });
    expect(await verifyPassword(top.password_hash, DEMO_AGENT_PASSWORD)).toBe(true);
    const team = await server.db
      .selectFrom('member_closure')
      .select(['descendant_id', 'depth'])
      .where('ancestor_id', '=', top.id)
      .execute();
    expect(team).toHaveLength(DEMO_TEAM.length);
    expect(Math.max(...team.map((row) => row.depth))).toBe(3);

    const contracts = await server.db
      .selectFrom('agent_contract')
      .select(['kind', 'holder_id', 'offered_by', 'status'])
      .execute();
    expect(new Set(contracts.map((c) => c.kind))).toEqual(new Set(CONTRACT_KINDS));
    expect(contracts.every((c) => c.status === 'ACCEPTED')).toBe(true);
    // The brand's contracts go to the top agent only; every other one comes from the holder's upline.
    expect(contracts.filter((c) => c.offered_by === null).every((c) => c.holder_id === top.id)).toBe(true);

    const days = await server.db
      .selectFrom('bet_record')
      .select('settled_day')
      .distinct()
      .where('status', '=', 'SETTLED')
      .execute();
    expect(days.length).toBeGreaterThanOrEqual(DEMO_HISTORY_DAYS);
    // Every settled round is in its member's daily summary, figure for figure.
    const fromRecords = await server.db
      .selectFrom('bet_record')
      .select((eb) => [
        eb.fn.sum<number | string>('valid_bet').as('valid'),
        eb.fn.sum<number | string>('payout').as('payout'),
      ])
      .where('status', '=', 'SETTLED')
      .executeTakeFirstOrThrow();
    const fromSummaries = await server.db
      .selectFrom('bet_daily_summary')
      .select((eb) => [
        eb.fn.sum<number | string>('valid_bet').as('valid'),
        eb.fn.sum<number | string>('payout').as('payout'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(fromSummaries.valid)).toBe(Number(fromRecords.valid));
    expect(Number(fromSummaries.payout)).toBe(Number(fromRecords.payout));
    expect(
      await server.db.selectFrom('deposit').select('id').where('status', '=', 'APPROVED').execute(),
    ).not.toHaveLength(0);
    expect(
      await server.db.selectFrom('withdrawal').select('id').where('status', '=', 'PAID').execute(),
    ).not.toHaveLength(0);

    // The payroll ran over the month: every kind paid someone, through the ledger.
    const payments = await server.db
      .selectFrom('agent_payment')
      .select(['kind', 'status', 'paid'])
      .where('status', '=', 'PAID')
      .execute();
    expect(new Set(payments.filter((p) => Number(p.paid) > 0).map((p) => p.kind))).toEqual(
      new Set(CONTRACT_KINDS),
    );
    expect(printed).toMatch(
      /payroll: [1-9]\d* daily, [1-9]\d* hourly and [1-9]\d* real-time salary payments, [1-9]\d* dividends/,
    );

    const before = await counts();
    const again = await runCli(server, 'demo', 'agents');
    expect(again).toContain('demo team already there; added 0 contracts, 0 bets, 0 deposits, 0 withdrawals');
    expect(again).toContain('payroll: 0 daily, 0 hourly and 0 real-time salary payments, 0 dividends');
    expect(await counts()).toEqual(before);
  });

  it('adds nothing on a second run minutes after the brand’s midnight', async () => {
    const other = await startTestServer({}, { demoLimits: true });
    try {
      const merchant = await getMerchantByCode(other.db, DEMO_MERCHANT_CODE);
      // Minutes into the brand's day, when a round placed minutes before `now` falls before midnight.
      const midnight = dayWindow(merchant.timeZone, dayOf(merchant.timeZone, new Date())).start;
      const first = await buildDemoAgents(
        other.db,
        merchant,
        new Date(midnight.getTime() + 7 * 60_000 + 30_000),
      );
      expect(first.bets).toBeGreaterThan(0);
      const again = await buildDemoAgents(other.db, merchant, new Date(midnight.getTime() + 12 * 60_000));
      expect(again.bets).toBe(0);
    } finally {
      await other.close();
    }
  });
});
