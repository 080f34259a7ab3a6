import type { ImportedMission } from '@jade/contracts/missions';
import type { Db } from '../../platform/db/index.js';
import { addDays, dayOf } from '../../platform/time-zone.js';
import type { Merchant } from '../merchants/repo.js';
import { claimMissionReward, saveMission } from './missions.js';

/** VND has two minor digits on the demo brand; points are kept in hundredths (decision 0046). */
const vnd = (amount: number) => amount * 100;
const points = (n: number) => n * 100;
const DAY = 24 * 60 * 60 * 1000;

/** The demo brand's missions (decision 0052), dated around `now` so they run whenever it is seeded. */
export const demoMissions = (now: Date): ImportedMission[] => {
  const startsAt = new Date(now.getTime() - 30 * DAY).toISOString();
  const mission = (
    code: string,
    EN: string,
    TY: string,
    rule: Pick<ImportedMission, 'kind' | 'target' | 'period'> & Partial<ImportedMission>,
  ): ImportedMission => ({
    code,
    titles: { EN, TY },
    category: null,
    rewardAmount: 0,
    rewardPoints: 0,
    startsAt,
    endsAt: null,
    isEnabled: true,
    sortOrder: 0,
    ...rule,
  });
  return [
    mission('DAILY_LOGIN', 'Daily check-in', 'Điểm danh mỗi ngày', {
      kind: 'LOGIN_DAYS',
      target: 1,
      period: 'DAILY',
      rewardPoints: points(5),
      sortOrder: 1,
    }),
    mission('DAILY_DEPOSIT', 'Deposit of the day', 'Nạp tiền trong ngày', {
      kind: 'DEPOSIT',
      target: vnd(500_000),
      period: 'DAILY',
      rewardAmount: vnd(10_000),
      sortOrder: 2,
    }),
    mission('WEEKLY_LIVE', 'Live casino week', 'Tuần lễ Live Casino', {
      kind: 'VALID_BET',
      category: 'LIVE',
      target: vnd(5_000_000),
      period: 'WEEKLY',
      rewardAmount: vnd(50_000),
      sortOrder: 3,
    }),
    mission('WEEKLY_SLOTS', 'Slots week', 'Tuần lễ Slots', {
      kind: 'VALID_BET',
      category: 'RNG',
      target: vnd(3_000_000),
      period: 'WEEKLY',
      rewardPoints: points(200),
      sortOrder: 4,
    }),
    mission('STREAK_5', 'Five days in a row', '5 ngày liên tiếp', {
      kind: 'STREAK_DAYS',
      target: 5,
      period: 'WEEKLY',
      rewardAmount: vnd(88_000),
      sortOrder: 5,
    }),
    mission('FIRST_MILLION', 'First million in bets', 'Triệu cược đầu tiên', {
      kind: 'VALID_BET',
      target: vnd(1_000_000),
      period: 'ONCE',
      rewardAmount: vnd(20_000),
      rewardPoints: points(100),
      endsAt: new Date(now.getTime() + 60 * DAY).toISOString(),
      sortOrder: 6,
    }),
  ];
};

/** The missions, on the freshly seeded demo brand (every API test server seeds them too). */
export const seedDemoMissions = async (db: Db, merchantId: number, now = new Date()) => {
  for (const m of demoMissions(now)) await saveMission(db, merchantId, m, now);
};

/**
 * The demo team's mission progress (`npm start`): the members logged in on the last few days (the
 * login records the missions count), and the first member already claimed today's check-in, so the
 * panel shows every state. Their deposits and bets come from the team's month (demo-agents.ts).
 */
export const seedDemoMissionProgress = async (
  db: Db,
  demo: Pick<Merchant, 'id' | 'timeZone' | 'defaultLanguage'>,
  usernames: readonly string[],
  now = new Date(),
) => {
  if (usernames.length === 0) return;
  const members = await db
    .selectFrom('member')
    .select(['id', 'username'])
    .where('merchant_id', '=', demo.id)
    .where(
      'username_key',
      'in',
      usernames.map((u) => u.toLowerCase()),
    )
    .execute();
  const today = dayOf(demo.timeZone, now);
  const rows = members.flatMap((m, i) =>
    // A different run of days for each member: the streak mission is further along for some.
    Array.from({ length: 2 + (i % 4) }, (_, d) => ({
      merchant_id: demo.id,
      member_id: m.id,
      day: addDays(today, -d),
    })),
  );
  if (rows.length > 0)
    await db
      .insertInto('member_login_day')
      .values(rows)
      .onConflict((oc) => oc.columns(['member_id', 'day']).doNothing())
      .execute();
  const first = members.find((m) => m.username.toLowerCase() === usernames[0]!.toLowerCase());
  const checkIn = await db
    .selectFrom('mission')
    .select('id')
    .where('merchant_id', '=', demo.id)
    .where('code', '=', 'DAILY_LOGIN')
    .executeTakeFirst();
  // Seeding again finds it claimed (MISSION_NOT_CLAIMABLE): nothing more to show then.
  if (first && checkIn) await claimMissionReward(db, demo, first.id, checkIn.id, now).catch(() => undefined);
};
