import {
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberOfBrand, settledRound } from '../../test/agent-team.js';
import { memberBankAccount } from '../../test/funded-member.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { openDb } from '../../platform/db/index.js';
import { dialectOf, writeTransaction } from '../../platform/db/transaction.js';
import { dayOf, startOfDay } from '../../platform/time-zone.js';
import { moveInTree } from '../accounts/tree.js';
import * as merchants from '../merchants/service.js';
import type { Merchant } from '../merchants/repo.js';
import { updateMoneySettings } from '../wallet/money-settings.js';
import { activeCountWalks, teamOverview } from './reports.js';
import { foldTeamRollup } from './team-rollup.js';

/**
 * Issue 21, the team overview from the asynchronous roll-up (decision 0054): at every moment — the
 * job not run yet, run, run twice at once, after a move of a subtree and after a brand time-zone
 * change — each agent's overview equals a recomputation from the raw bet records and the members'
 * upline links (not the summaries, not the closure table).
 *
 *   top ── agent ── a1 ── a11        after the move:  top ── agent ── a2
 *      │        └── a2                                   └── sibling ── s1
 *      └── sibling ── s1                                             └── a1 ── a11
 */
let server: TestServer;
let merchant: Merchant;
let t: Record<'top' | 'agent' | 'a1' | 'a11' | 'a2' | 'sibling' | 's1', number>;
const MIN_ACTIVE = 5_000_00;

beforeAll(async () => {
  server = await startTestServer();
  merchant = await merchants.getMerchantByCode(server.db, 'DEMO');
  await updateMoneySettings(server.db, merchant.id, {
    agents: { activeMemberMinValidBet: MIN_ACTIVE, dividendCarryForward: false },
  });
  const ids = await tree([
    ['top', null],
    ['agent', 'top'],
    ['a1', 'agent'],
    ['a11', 'a1'],
    ['a2', 'agent'],
    ['sibling', 'top'],
    ['s1', 'sibling'],
  ]);
  t = ids as typeof t;
  await foldTeamRollup(server.db);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const move = (memberId: number, uplineId: number) =>
  writeTransaction(server.db, (trx) => moveInTree(trx, merchant.id, memberId, uplineId, 'test'));

/** Members `tr<name>` of the brand, each moved under its named upline (listed before it). */
const tree = async (entries: [string, string | null][]) => {
  const ids: Record<string, number> = {};
  for (const [name, upline] of entries) {
    ids[name] = (await memberOfBrand(server, merchant.id, `tr${name}`)).memberId;
    if (upline) await move(ids[name]!, ids[upline]!);
  }
  return ids;
};

const n = (value: unknown) => Number(value ?? 0);

/** Whether a member is the agent or below it, by member.upline_id alone (not the closure table). */
const teamOf = async (agentId: number) => {
  const uplines = new Map(
    (
      await server.db
        .selectFrom('member')
        .select(['id', 'upline_id'])
        .where('merchant_id', '=', merchant.id)
        .execute()
    ).map((m) => [m.id, m.upline_id]),
  );
  return (id: number) => {
    for (let at: number | null | undefined = id; at; at = uplines.get(at)) if (at === agentId) return true;
    return false;
  };
};

/** The overview's betting figures recomputed from bet_record and member.upline_id alone. */
const recomputed = async (agentId: number, fromDay: string, toDay: string) => {
  const { time_zone: timeZone } = await server.db
    .selectFrom('merchant')
    .select('time_zone')
    .where('id', '=', merchant.id)
    .executeTakeFirstOrThrow();
  const members = await server.db
    .selectFrom('member')
    .select(['id', 'upline_id', 'created_at'])
    .where('merchant_id', '=', merchant.id)
    .execute();
  const upline = new Map(members.map((m) => [m.id, m.upline_id]));
  const inTeam = (id: number) => {
    for (let at: number | null | undefined = id; at; at = upline.get(at)) if (at === agentId) return true;
    return false;
  };
  const bets = (
    await server.db
      .selectFrom('bet_record')
      .select(['member_id', 'valid_bet', 'payout', 'win_loss', 'settled_at'])
      .where('merchant_id', '=', merchant.id)
      .where('status', '=', 'SETTLED')
      .execute()
  ).filter((b) => {
    const day = dayOf(timeZone, new Date(b.settled_at!));
    return inTeam(b.member_id) && day >= fromDay && day <= toDay;
  });
  const perMember = new Map<number, number>();
  for (const b of bets) perMember.set(b.member_id, (perMember.get(b.member_id) ?? 0) + n(b.valid_bet));
  const downline = members.filter((m) => m.id !== agentId && inTeam(m.id));
  const joinedDay = (m: (typeof members)[number]) => dayOf(timeZone, new Date(m.created_at));
  return {
    teamSize: downline.length,
    newMembers: downline.filter((m) => joinedDay(m) >= fromDay && joinedDay(m) <= toDay).length,
    bets: bets.length,
    validBet: bets.reduce((s, b) => s + n(b.valid_bet), 0),
    payout: bets.reduce((s, b) => s + n(b.payout), 0),
    profit: -bets.reduce((s, b) => s + n(b.win_loss), 0),
    activeMembers: [...perMember.values()].filter((v) => v >= MIN_ACTIVE).length,
  };
};

/** Every agent's overview over the past week equals the recomputation. */
const expectExact = async () => {
  const fresh = await merchants.getMerchantByCode(server.db, 'DEMO');
  for (const agentId of Object.values(t)) {
    const overview = await teamOverview(server.db, fresh, agentId, { range: 'PAST_7' });
    expect(overview, `agent ${agentId}`).toMatchObject(
      await recomputed(agentId, overview.fromDay, overview.toDay),
    );
  }
};

const pending = async () =>
  n(
    (
      await server.db
        .selectFrom('bet_summary_change')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('team roll-up', () => {
  it('keeps every overview exact before and after the job, a move and a time-zone change', async () => {
    const now = Date.now();
    const bet = (who: keyof typeof t, stake: number, payout: number, hoursAgo = 0, category?: 'LIVE') =>
      settledRound(server.db, {
        merchantId: merchant.id,
        memberId: t[who],
        stake,
        payout,
        at: new Date(now - hoursAgo * 3_600_000),
        ...(category && { category }),
      });
    await bet('a1', 3_000_00, 0, 1);
    await bet('a1', 3_000_00, 4_000_00, 2, 'LIVE');
    await bet('a11', 6_000_00, 1_000_00, 50);
    await bet('a11', 1_000_00, 0, 3);
    await bet('agent', 2_000_00, 0, 26);
    await bet('a2', 4_000_00, 9_000_00, 5);
    await bet('s1', 8_000_00, 0, 75);
    // The job has not run: the overview adds the unfolded changes to the (empty) totals.
    expect(await pending()).toBeGreaterThan(0);
    await expectExact();

    // Two instances at once (or a rerun) fold each change once.
    const [first, second] = await Promise.all([foldTeamRollup(server.db), foldTeamRollup(server.db)]);
    expect(first.folded + second.folded).toBeGreaterThan(0);
    expect(await pending()).toBe(0);
    await expectExact();
    expect((await foldTeamRollup(server.db)).folded).toBe(0);
    await expectExact();
    // The totals are what the overview reads: the top agent's downline has rows of its own.
    const topRows = await server.db
      .selectFrom('team_daily_summary')
      .select((eb) => eb.fn.sum<number | string>('valid_bet').as('v'))
      .where('agent_id', '=', t.top)
      .executeTakeFirstOrThrow();
    expect(n(topRows.v)).toBe(3_000_00 + 3_000_00 + 6_000_00 + 1_000_00 + 2_000_00 + 4_000_00 + 8_000_00);

    // Part folded, part not, then a1's subtree moves under the sibling.
    await bet('a11', 5_000_00, 0, 4);
    await move(t.a1, t.sibling);
    await bet('a11', 1_000_00, 2_000_00, 1);
    await expectExact();
    expect((await foldTeamRollup(server.db)).rebuilt).toBeGreaterThan(0);
    await expectExact();
    const stale = await server.db.selectFrom('team_rollup_stale').selectAll().execute();
    expect(stale).toEqual([]);

    // A brand time-zone change re-derives every day: exact before and after the job folds it.
    await merchants.setTimeZone(server.db, merchant.id, 'Pacific/Kiritimati');
    await expectExact();
    await foldTeamRollup(server.db);
    await expectExact();
    await merchants.setTimeZone(server.db, merchant.id, merchant.timeZone);
    await foldTeamRollup(server.db);
    await expectExact();
  });

  /**
   * The overview reads in several statements, and another connection (an operator's move, the job on
   * another instance) may commit between two of them. Every figure must still be the team's truth
   * before or after that commit: never folded totals of the old team added to the unfolded changes
   * of the new one (decision 0060).
   */
  it('keeps each figure exact when a move or a roll-up run commits between the overview reads', async () => {
    const ids = await tree([
      ['gtop', null],
      ['gagent', 'gtop'],
      ['gm', 'gagent'],
    ]);
    const bet = (stake: number, hoursAgo: number) =>
      settledRound(server.db, {
        merchantId: merchant.id,
        memberId: ids.gm!,
        stake,
        payout: 0,
        at: new Date(Date.now() - hoursAgo * 3_600_000),
      });
    // gm's history is folded into gagent's totals; its latest bet is not folded yet.
    await bet(3_000_00, 30);
    await foldTeamRollup(server.db);
    await bet(4_000_00, 1);

    // A second connection to the same database commits `commit` right after the first statement
    // of the overview that reads the roll-up (its totals or its stale marks) has answered.
    const other = openDb(server.databaseUrl);
    const interleaved = async (commit: (db: typeof other.db) => Promise<unknown>) => {
      let done = false;
      const reading = new Set<QueryId>();
      const plugin: KyselyPlugin = {
        transformQuery: ({ node, queryId }: PluginTransformQueryArgs) => {
          if (/team_(daily_summary|member_daily|rollup_stale)/.test(JSON.stringify(node)))
            reading.add(queryId);
          return node;
        },
        transformResult: async ({ result, queryId }: PluginTransformResultArgs) => {
          if (!done && reading.has(queryId)) {
            done = true;
            await commit(other.db);
          }
          return result;
        },
      };
      const fresh = await merchants.getMerchantByCode(server.db, 'DEMO');
      const overview = await teamOverview(server.db.withPlugin(plugin), fresh, ids.gagent!, {
        range: 'PAST_7',
      });
      expect(done).toBe(true);
      return overview;
    };
    const figures = (o: Awaited<ReturnType<typeof recomputed>>) => ({
      // + 0: a sum of nothing negated is -0, which toEqual tells from 0.
      betting: { bets: o.bets, validBet: o.validBet, payout: o.payout, profit: o.profit + 0 },
      activeMembers: o.activeMembers,
    });
    try {
      // A roll-up run between two reads: nothing changes, each figure stays exact.
      const today = await teamOverview(server.db, merchant, ids.gagent!, { range: 'PAST_7' });
      const truth = figures(await recomputed(ids.gagent!, today.fromDay, today.toDay));
      expect(truth.betting.validBet).toBe(7_000_00);
      // gm is active only with its unfolded bet: 3,000 folded is under the minimum, 7,000 is not.
      expect(truth.activeMembers).toBe(1);
      expect(figures(today)).toEqual(truth);
      const acrossRun = figures(await interleaved((db) => foldTeamRollup(db)));
      expect(acrossRun).toEqual(truth);

      // gm moves out of gagent's team between two reads: each figure is gagent's before or after.
      await bet(5_000_00, 2);
      const before = figures(await recomputed(ids.gagent!, today.fromDay, today.toDay));
      const overview = figures(
        await interleaved((db) =>
          writeTransaction(db, (trx) => moveInTree(trx, merchant.id, ids.gm!, ids.gtop!, 'test')),
        ),
      );
      const after = figures(await recomputed(ids.gagent!, today.fromDay, today.toDay));
      expect(after.betting.validBet).toBe(0);
      expect([before.betting, after.betting]).toContainEqual(overview.betting);
      expect([before.activeMembers, after.activeMembers]).toContain(overview.activeMembers);
    } finally {
      await other.close();
    }
    await foldTeamRollup(server.db);
    await expectExact();
  });

  /**
   * Decision 0064: the active members over an agent's folded rows are memoized per window under the
   * agent's roll-up version, which every fold and rebuild that changes the agent's rows raises in its
   * own transaction. Each overview (the memo's first read and later ones) equals the recomputation
   * after a fold that makes a member active, a bet on a window's first day and the day before it,
   * unfolded bets read beside the memo, and a move's rebuild.
   */
  it('keeps the memoized active count exact across folds, window edges and a rebuild', async () => {
    const ids = await tree([
      ['vtop', null],
      ['vagent', 'vtop'],
      ['vm1', 'vagent'],
      ['vm2', 'vagent'],
    ]);
    await foldTeamRollup(server.db);
    const now = Date.now();
    const bet = (who: string, stake: number, at: Date) =>
      settledRound(server.db, { merchantId: merchant.id, memberId: ids[who]!, stake, payout: 0, at });
    const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000);
    const today = dayOf(merchant.timeZone, new Date(now));
    const dayStart = (day: string) => startOfDay(merchant.timeZone, day).getTime();
    const windows = [{ range: 'PAST_7' as const }, { fromDay: today, toDay: today }];
    const version = async () =>
      n(
        (
          await server.db
            .selectFrom('team_rollup_version')
            .select('version')
            .where('agent_id', '=', ids.vagent!)
            .executeTakeFirst()
        )?.version,
      );
    /** Each window's overview of vtop and vagent, read twice (the memo's first read and a later one). */
    const exact = async (activeOfAgentPast7: number) => {
      const fresh = await merchants.getMerchantByCode(server.db, 'DEMO');
      for (const agentId of [ids.vtop!, ids.vagent!])
        for (const window of windows)
          for (const _read of [1, 2]) {
            const overview = await teamOverview(server.db, fresh, agentId, window);
            const truth = await recomputed(agentId, overview.fromDay, overview.toDay);
            expect(overview.activeMembers, `agent ${agentId} ${JSON.stringify(window)}`).toBe(
              truth.activeMembers,
            );
            expect(overview.validBet).toBe(truth.validBet);
          }
      const past7 = await teamOverview(server.db, fresh, ids.vagent!, { range: 'PAST_7' });
      expect(past7.activeMembers).toBe(activeOfAgentPast7);
    };

    // vm1 under the minimum yesterday (just before today's window opens), folded.
    await bet('vm1', 3_000_00, new Date(dayStart(today) - 60_000));
    await foldTeamRollup(server.db);
    const first = await version();
    expect(first).toBeGreaterThan(0);
    await exact(0);
    // vm1 over the minimum with a bet of today's first minute, folded: the fold raises the version,
    // so the memo counted at the last one is not used.
    await bet('vm1', 3_000_00, new Date(Math.min(dayStart(today) + 60_000, now)));
    await foldTeamRollup(server.db);
    expect(await version()).toBeGreaterThan(first);
    await exact(1);
    // vm2 active only over 8 days (outside PAST_7), then inside it, not folded: memo + unfolded.
    await bet('vm2', 6_000_00, hoursAgo(8 * 24));
    await foldTeamRollup(server.db);
    await exact(1);
    await bet('vm2', 6_000_00, hoursAgo(0));
    await exact(2);
    await foldTeamRollup(server.db);
    await exact(2);
    // vm1 moves to vtop: vagent is read live, then rebuilt (version raised) and read from the memo.
    const beforeMove = await version();
    await move(ids.vm1!, ids.vtop!);
    await exact(1);
    expect((await foldTeamRollup(server.db)).rebuilt).toBeGreaterThan(0);
    expect(await version()).toBeGreaterThan(beforeMove);
    await exact(1);
  });

  /**
   * Decision 0068: a fold no longer throws the memo away. The first overview after a fold carries the
   * memoized count to the new version by re-judging only the members the fold touched — a member made
   * active, a member active only across the brand's midnight (in the past week, not in today's
   * window), a member made inactive (its summary deleted, as a time-zone re-derivation does) — without
   * walking the team again, and equals a recomputation from the members' summaries and upline links.
   */
  it('carries the memoized active count across a fold without walking the team', async () => {
    const ids = await tree([
      ['ctop', null],
      ['cagent', 'ctop'],
      ['cm1', 'cagent'],
      ['cm2', 'cm1'],
      ['cm3', 'cagent'],
    ]);
    await foldTeamRollup(server.db);
    const now = Date.now();
    const today = dayOf(merchant.timeZone, new Date(now));
    const midnight = startOfDay(merchant.timeZone, today).getTime();
    const bet = (who: string, stake: number, at: number) =>
      settledRound(server.db, {
        merchantId: merchant.id,
        memberId: ids[who]!,
        stake,
        payout: 0,
        at: new Date(at),
      });
    const windows = [{ range: 'PAST_7' as const }, { fromDay: today, toDay: today }];
    /** Active members from bet_daily_summary and member.upline_id alone. */
    const truth = async (agentId: number, fromDay: string, toDay: string) => {
      const inTeam = await teamOf(agentId);
      const perMember = new Map<number, number>();
      for (const row of await server.db
        .selectFrom('bet_daily_summary')
        .select(['member_id', 'valid_bet'])
        .where('merchant_id', '=', merchant.id)
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .execute()) {
        if (inTeam(row.member_id))
          perMember.set(row.member_id, (perMember.get(row.member_id) ?? 0) + n(row.valid_bet));
      }
      return [...perMember.values()].filter((v) => v >= MIN_ACTIVE).length;
    };
    /** Both agents' overviews per window, exact; `[past week, today]` for cagent. */
    const exact = async (ofAgent: [number, number]) => {
      const fresh = await merchants.getMerchantByCode(server.db, 'DEMO');
      for (const agentId of [ids.ctop!, ids.cagent!])
        for (const [i, window] of windows.entries()) {
          const overview = await teamOverview(server.db, fresh, agentId, window);
          const expected = await truth(agentId, overview.fromDay, overview.toDay);
          expect(overview.activeMembers, `agent ${agentId} ${JSON.stringify(window)}`).toBe(expected);
          if (agentId === ids.cagent) expect(overview.activeMembers).toBe(ofAgent[i]);
        }
    };
    await exact([0, 0]);
    const walks = activeCountWalks();
    const foldedAndCarried = async (ofAgent: [number, number]) => {
      expect((await foldTeamRollup(server.db)).folded).toBeGreaterThan(0);
      await exact(ofAgent);
      expect(activeCountWalks(), 'walks of the folded rows').toBe(walks);
    };
    // cm2 (depth 2) over the minimum today.
    await bet('cm2', 6_000_00, now);
    await foldedAndCarried([1, 1]);
    // cm3 over the minimum in the last minute before today's midnight: the past week only.
    await bet('cm3', 6_000_00, midnight - 60_000);
    await foldedAndCarried([2, 1]);
    // cm3 again in today's first minute, under the minimum: still today's window's inactive member.
    await bet('cm3', 1_000_00, Math.min(midnight + 60_000, now));
    await foldedAndCarried([2, 1]);
    // cm2's day deleted (a re-derivation's first half): inactive in both windows.
    await server.db
      .deleteFrom('bet_daily_summary')
      .where('member_id', '=', ids.cm2!)
      .where('day', '=', today)
      .execute();
    await foldedAndCarried([1, 0]);
    // cm1 over the minimum twice, split across two folds, then a rebuild: recounted once, still exact.
    await bet('cm1', 3_000_00, now);
    await foldedAndCarried([1, 0]);
    await bet('cm1', 3_000_00, now);
    await foldedAndCarried([2, 1]);
    await move(ids.cm3!, ids.ctop!);
    expect((await foldTeamRollup(server.db)).rebuilt).toBeGreaterThan(0);
    await exact([1, 1]);
    expect(activeCountWalks()).toBeGreaterThan(walks);
  });

  /**
   * Decision 0068: deposits and withdrawals folded by the same job (a trigger on each payment table logs
   * what counts, by 15-minute UTC bucket), read as folded + not folded yet, live while a move's rebuild
   * is due. Each brand day's figures equal a recomputation from the payment rows and upline links:
   * across the brand's midnight, a status change, a move and a time-zone change.
   */
  it('folds the team deposits and withdrawals, each brand day exact', async () => {
    const ids = await tree([
      ['ptop', null],
      ['pagent', 'ptop'],
      ['pm1', 'pagent'],
      ['pm2', 'pm1'],
    ]);
    await foldTeamRollup(server.db);
    const { id: channelId } = await server.db
      .selectFrom('payment_channel')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('code', '=', 'VCB_MANUAL')
      .executeTakeFirstOrThrow();
    const bankId = await memberBankAccount(server.db, merchant.id, ids.pm2!);
    const now = Date.now();
    const midnight = startOfDay(merchant.timeZone, dayOf(merchant.timeZone, new Date(now))).getTime();
    const deposit = async (who: string, amount: number, at: number, status = 'APPROVED') =>
      (
        await server.db
          .insertInto('deposit')
          .values({
            merchant_id: merchant.id,
            member_id: ids[who]!,
            channel_id: channelId,
            amount,
            status,
            created_at: new Date(at).toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const withdrawal = (who: string, amount: number, at: number, status = 'PAID') =>
      server.db
        .insertInto('withdrawal')
        .values({
          merchant_id: merchant.id,
          member_id: ids[who]!,
          bank_account_id: bankId,
          amount,
          status,
          created_at: new Date(at).toISOString(),
        })
        .execute();
    /** Per brand day, the team's counted deposits and withdrawals from the payment rows and upline links. */
    const truth = async (agentId: number, timeZone: string, fromDay: string, toDay: string) => {
      const inTeam = await teamOf(agentId);
      const days = new Map<string, { deposits: number; withdrawals: number }>();
      const add = (
        rows: { member_id: number; amount: unknown; created_at: string }[],
        key: 'deposits' | 'withdrawals',
      ) => {
        for (const row of rows) {
          const day = dayOf(timeZone, new Date(row.created_at));
          if (!inTeam(row.member_id) || day < fromDay || day > toDay) continue;
          const entry = days.get(day) ?? { deposits: 0, withdrawals: 0 };
          entry[key] += n(row.amount);
          days.set(day, entry);
        }
      };
      const of = (table: 'deposit' | 'withdrawal', statuses: string[]) =>
        server.db
          .selectFrom(table)
          .select(['member_id', 'amount', 'created_at'])
          .where('merchant_id', '=', merchant.id)
          .where('status', 'in', statuses)
          .execute();
      add(await of('deposit', ['APPROVED']), 'deposits');
      add(await of('withdrawal', ['PAID', 'RECEIVED', 'NOT_RECEIVED', 'AUTO_RECEIVED']), 'withdrawals');
      return days;
    };
    const exact = async () => {
      const fresh = await merchants.getMerchantByCode(server.db, 'DEMO');
      const today = dayOf(fresh.timeZone, new Date(now));
      for (const agentId of [ids.ptop!, ids.pagent!, ids.pm1!])
        for (const window of [{ range: 'PAST_7' as const }, { fromDay: today, toDay: today }]) {
          const overview = await teamOverview(server.db, fresh, agentId, window);
          const days = await truth(agentId, fresh.timeZone, overview.fromDay, overview.toDay);
          const label = `agent ${agentId} ${JSON.stringify(window)}`;
          expect(
            overview.series.flatMap((d) =>
              d.deposits || d.withdrawals ? [[d.day, d.deposits, d.withdrawals]] : [],
            ),
            label,
          ).toEqual([...days].sort().map(([day, v]) => [day, v.deposits, v.withdrawals]));
          expect(overview.deposits, label).toBe([...days.values()].reduce((s, v) => s + v.deposits, 0));
          expect(overview.withdrawals, label).toBe([...days.values()].reduce((s, v) => s + v.withdrawals, 0));
        }
    };
    const folded = async () =>
      n(
        (
          await server.db
            .selectFrom('team_money_bucket')
            .select((eb) => eb.fn.sum<number | string>('deposits').as('d'))
            .where('agent_id', '=', ids.pagent!)
            .executeTakeFirst()
        )?.d,
      );

    // Either side of the brand's midnight, the agent's own, a pending one, a paid withdrawal.
    await deposit('pm1', 100_00, midnight - 1_000);
    await deposit('pm2', 200_00, midnight);
    await deposit('pagent', 50_00, now);
    const pending = await deposit('pm1', 999_00, now, 'PENDING');
    await withdrawal('pm2', 30_00, now);
    await withdrawal('pm2', 40_00, now, 'PENDING');
    await exact();
    expect((await foldTeamRollup(server.db)).payments).toBeGreaterThan(0);
    expect(await folded()).toBe(350_00);
    await exact();
    // Approved later: folded as a change; a note written on an approved one changes nothing.
    await server.db.updateTable('deposit').set({ status: 'APPROVED' }).where('id', '=', pending).execute();
    await server.db.updateTable('deposit').set({ note: 'seen' }).where('member_id', '=', ids.pm2!).execute();
    await exact();
    expect((await foldTeamRollup(server.db)).payments).toBe(1);
    expect(await folded()).toBe(1_349_00);
    await exact();
    // pm2 moves to ptop: pagent and pm1 read live, then rebuilt.
    await move(ids.pm2!, ids.ptop!);
    await exact();
    expect((await foldTeamRollup(server.db)).rebuilt).toBeGreaterThan(0);
    expect(await folded()).toBe(1_149_00);
    await exact();
    // A brand time-zone change moves the day edges; the buckets need no re-derivation.
    await merchants.setTimeZone(server.db, merchant.id, 'Pacific/Kiritimati');
    await exact();
    await merchants.setTimeZone(server.db, merchant.id, merchant.timeZone);
    await foldTeamRollup(server.db);
    await exact();
  });

  /**
   * Decision 0068, PostgreSQL: the overview scans the change logs for what is not folded yet, and a
   * folded (deleted) row's page stays until a vacuum; left to autovacuum, the empty log of a large fold
   * cost ~10 ms per scan at bench size. The job vacuums both logs after a fold: no page is left.
   */
  it('leaves no dead pages in the change logs after a fold (PostgreSQL)', async (context) => {
    if (dialectOf(server.db) !== 'postgres') return context.skip();
    const ids = await tree([['vacuumed', null]]);
    await settledRound(server.db, {
      merchantId: merchant.id,
      memberId: ids.vacuumed!,
      stake: 1_00,
      payout: 0,
    });
    expect((await foldTeamRollup(server.db)).folded).toBeGreaterThan(0);
    const { rows } = await sql<{ changes: number | string; payments: number | string }>`select
      pg_relation_size('bet_summary_change') as changes, pg_relation_size('payment_change') as payments`.execute(
      server.db,
    );
    expect([n(rows[0]!.changes), n(rows[0]!.payments)]).toEqual([0, 0]);
  });
});
