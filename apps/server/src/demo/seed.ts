import { TRIAL_ACCOUNT_TYPE, isAgentAccountType } from '@jade/contracts/constants';
import type { Config } from '../platform/config.js';
import type { Db } from '../platform/db/index.js';
import { seedDemoEngagement } from '../modules/engagement/service.js';
import { seedDemoCatalogue } from '../modules/games/service.js';
import { DEMO_MERCHANT_CODE, seedDemoMerchant } from '../modules/merchants/demo-seed.js';
import { seedDemoLotteryHistory } from '../modules/lottery/results.js';
import { seedDemoLotteryLimits } from '../modules/lottery/settings.js';
import { seedDemoAnnouncements } from '../modules/messages/service.js';
import { seedDemoInbox } from '../modules/messages/demo-inbox.js';
import { seedDemoPayments } from '../modules/wallet/payments.js';
import { getMerchantByCode } from '../modules/merchants/service.js';
import { buildDemoAgents, DEMO_TEAM } from '../modules/agents/demo-agents.js';
import { seedDemoMissionProgress, seedDemoMissions } from '../modules/engagement/demo-missions.js';
import { seedDemoClaims, seedDemoWelcomeBonus } from '../modules/engagement/promotion-claims.js';
import { seedDemoPoints } from '../modules/points/demo-points.js';
import { seedDemoRebateRates, seedDemoRebates } from '../modules/engagement/demo-rebates.js';
import { seedDemoRaffles } from '../modules/engagement/demo-raffles.js';
import { recomputeVipRanks } from '../modules/engagement/vip.js';

/**
 * The demo brand's domains: this machine's loopback names on the server's port, and PUBLIC_URL's host
 * when given. Links the server sends are built from these rows, never from request headers.
 */
const demoDomains = (config: Config) => {
  const local = (host: string) => ({
    host,
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`,
  });
  const publicUrl = config.publicUrl ? new URL(config.publicUrl) : undefined;
  return [
    ...(publicUrl ? [{ host: publicUrl.hostname.replace(/^\[|\]$/g, ''), origin: publicUrl.origin }] : []),
    local('localhost'),
    local('127.0.0.1'),
    local('::1'),
  ];
};

/**
 * The demo brand and its catalogue, announcements, payments, promotions and lottery history, on a
 * database with no brand yet. It sits above the modules whose seeds it calls (platform/ never imports
 * modules/, decision 0027). Answers whether it seeded.
 */
export const seedDemo = async (db: Db, config: Config): Promise<boolean> => {
  const seeded = await seedDemoMerchant(db, demoDomains(config));
  if (!seeded) return false;
  const demo = await getMerchantByCode(db, DEMO_MERCHANT_CODE);
  await seedDemoCatalogue(db, demo.id);
  await seedDemoAnnouncements(db, demo.id);
  await seedDemoPayments(db, demo.id);
  await seedDemoEngagement(db, demo.id);
  await seedDemoRebateRates(db, demo.id);
  await seedDemoLotteryLimits(db, demo.id);
  await seedDemoLotteryHistory(db);
  await seedDemoPoints(db, demo.id, demo.currencyExponent);
  await seedDemoMissions(db, demo.id);
  return true;
};

/**
 * The demo's agent team (`jade demo agents`), built by `npm start` on the database it has just seeded,
 * so that a newcomer finds every agent panel filled. Not part of `seedDemo`: every API test's server
 * seeds the demo brand and would pay for the team's month of bets. Answers the lines to log: the
 * team's logins and their (demo) password.
 */
/** The demo's newcomer: the team's first player, whose first deposit the welcome bonus doubled. */
export const DEMO_WELCOME_MEMBER = DEMO_TEAM.find((seat) => seat.type === 0)!.username;

export const seedDemoAgents = async (db: Db): Promise<string> => {
  const demo = await getMerchantByCode(db, DEMO_MERCHANT_CODE);
  // The first player takes the welcome bonus on its first deposit, before the month of bets that
  // wagers part of it: bonusDetails shows its progress, and its withdrawals wait for the rest.
  const result = await buildDemoAgents(db, demo, new Date(), {
    afterFirstDeposits: (_ids, at) =>
      seedDemoWelcomeBonus(db, demo, DEMO_WELCOME_MEMBER, 'WELCOME_100', at).then(() => {}),
  });
  // The team's inboxes: broadcasts and personal messages beside their deposits' news (decision 0047).
  await seedDemoInbox(db, demo.id);
  const agents = result.logins.filter((login) => login.agent).map((login) => login.username);
  const members = result.logins.filter((login) => !login.agent).map((login) => login.username);
  // The team's members have joined the cashback boost, so their reward centre is not empty (0050).
  await seedDemoClaims(db, demo, members);
  // Their login days and a claimed check-in, so the missions panel shows every state (0052).
  await seedDemoMissionProgress(db, demo, members);
  // They claimed their rebates two days ago: manualRebate shows a history and what is claimable since (0051).
  await seedDemoRebates(db, demo, members);
  // The server's log never carries a password, not even the demo's: the README and the CLI give it.
  return `demo agent team: agents ${agents.join(', ')}; members ${members.join(', ')} (their password: README, "Trying the demo as an agent")`;
};

/** The demo's raffles (decision 0053): drawn among and joined by the agent team's members, so after it. */
export const seedDemoRaffleRounds = async (db: Db, serverSecret: string): Promise<number> => {
  const demo = await getMerchantByCode(db, DEMO_MERCHANT_CODE);
  const members = await db
    .selectFrom('member')
    .select(['username', 'type'])
    .where('merchant_id', '=', demo.id)
    .execute();
  const players = members.filter((m) => !isAgentAccountType(m.type) && m.type !== TRIAL_ACCOUNT_TYPE);
  return seedDemoRaffles(
    db,
    demo,
    players.map((m) => m.username),
    serverSecret,
  );
};

/**
 * What `npm start` adds on the database `seedDemo` has just seeded: the agent team, its raffles and
 * VIP ranks. Calls `log` with each line to show.
 */
export const seedDemoStartExtras = async (db: Db, serverSecret: string, log: (line: string) => void) => {
  log('demo brand seeded (code DEMO, hosts localhost and 127.0.0.1)');
  const started = Date.now();
  log(`${await seedDemoAgents(db)} (built in ${Date.now() - started} ms)`);
  // Raffles need the server secret (their seeds are sealed under it) and the team's bets.
  log(`demo raffles: ${await seedDemoRaffleRounds(db, serverSecret)} drawn`);
  // The demo team's month of deposits and bets ranks its members now, not at the job's first run.
  log(`demo VIP ranks: ${await recomputeVipRanks(db)} members ranked`);
};
