import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import type { Merchant } from '../merchants/repo.js';
import { claimRaffle, createRaffle, drawDueRaffles } from './raffle.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo brand's raffles (decision 0053): one drawn last night with winners from the demo team and
 * one open for a week, which some of the team have joined, so the promotions page shows a card, a
 * countdown, tickets and the winner board after `npm start`. Tickets come from the team's real month
 * of bets; the ticket unit is sized from them so every member holds a few.
 */
export const seedDemoRaffles = async (
  db: Db,
  merchant: Merchant,
  usernames: readonly string[],
  serverSecret: string,
  now = new Date(),
) => {
  const members = await db
    .selectFrom('member')
    .select(['id', 'type'])
    .where('merchant_id', '=', merchant.id)
    .where('username', 'in', usernames.length > 0 ? [...usernames] : [''])
    .execute();
  const totals = await db
    .selectFrom('bet_daily_summary')
    .select(['member_id', (eb) => eb.fn.sum<number | string>('valid_bet').as('total')])
    .where('merchant_id', '=', merchant.id)
    .where('member_id', 'in', members.length > 0 ? members.map((m) => m.id) : [0])
    .groupBy('member_id')
    .execute();
  const sorted = totals.map((t) => Number(t.total)).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const unitAmount = Math.max(1, Math.floor(median / 20));
  // 100,000 major units: a round prize in the demo's VND.
  const prize = 10 ** merchant.currencyExponent * 100_000;
  const common = { basis: 'VALID_BET' as const, unitAmount, maxTickets: 50 };
  const drawnClose = new Date(now.getTime() - DAY);
  const drawn = await createRaffle(db, serverSecret, merchant.id, {
    ...common,
    code: 'DEMO_WEEKLY_1',
    titles: { EN: 'Weekly lucky draw', TY: 'Rút thăm may mắn hằng tuần', ZH: '每周幸运抽奖' },
    opensAt: new Date(now.getTime() - 35 * DAY).toISOString(),
    closesAt: drawnClose.toISOString(),
    prizes: [50 * prize, 20 * prize, 10 * prize],
  });
  const open = await createRaffle(db, serverSecret, merchant.id, {
    ...common,
    code: 'DEMO_WEEKLY_2',
    titles: {
      EN: 'Weekly lucky draw: next round',
      TY: 'Rút thăm may mắn hằng tuần: kỳ tới',
      ZH: '每周幸运抽奖：下一期',
    },
    opensAt: new Date(now.getTime() - 30 * DAY).toISOString(),
    closesAt: new Date(now.getTime() + 7 * DAY).toISOString(),
    prizes: [50 * prize, 20 * prize, 10 * prize],
  });
  const join = async (raffleId: number, member: { id: number; type: number }, at: Date) => {
    try {
      await claimRaffle(db, merchant, member, raffleId, at);
    } catch (error) {
      // A member with no bets earns no ticket: it simply stays out.
      if (!(error instanceof AppError)) throw error;
    }
  };
  for (const member of members) await join(drawn.id, member, new Date(drawnClose.getTime() - 60_000));
  for (const member of members.slice(0, Math.ceil(members.length / 2))) await join(open.id, member, now);
  return drawDueRaffles(db, serverSecret, now);
};
