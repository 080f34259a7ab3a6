import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './platform/db/index.js';
import type { Job } from './platform/jobs.js';
import {
  runDueDailySalaries,
  runDueDividends,
  runDueHourlySalaries,
  runDueRealtimeSalaries,
} from './modules/agents/payroll.js';
import { pruneExpired } from './platform/prune.js';
import type { ChangeBus } from './platform/change-bus.js';
import {
  autoReceiveWithdrawals,
  nextAutoReceive,
  WITHDRAWAL_AUTO_RECEIVE_JOB,
} from './modules/wallet/payments.js';
import {
  nextVendorReconcile,
  reconcileVendorTransfers,
  VENDOR_BET_PULL_JOB,
  VENDOR_TRANSFER_RECONCILE_JOB,
} from './modules/wallet/vendor-wallets.js';
import { pullAllVendorBets } from './modules/vendors/bet-pull.js';
import { wakeJob } from './platform/jobs.js';
import { runLotteryTick } from './modules/lottery/tick.js';
import { LOTTERY_JOB } from './modules/lottery/schedule.js';
import { recomputeVipRanks } from './modules/engagement/vip.js';
import { runDailyRebates } from './modules/engagement/rebates.js';
import { foldTeamRollup } from './modules/agents/team-rollup.js';
import { drawDueRaffles, nextRaffleClose } from './modules/engagement/raffle.js';

/**
 * The longest sleep of a job that names its next event and is woken by the work this process makes:
 * what another process makes (an instance holding no lease, the CLI) waits at most this long.
 */
const SAFETY_MS = 300_000;

/** The server's background jobs (main.ts starts them; the idle test counts what they cost). */
export const serverJobs = (db: Db, serverSecret: string, log: FastifyBaseLogger): Job[] => [
  // Sleep until their next event (decision 0062): the earliest confirmation deadline of a payout, the
  // oldest pending transfer's turn, the next read of a configured vendor's feed; woken by an approval,
  // a transfer left pending, a wallet API configured (and the change bus's news of one, below).
  {
    name: WITHDRAWAL_AUTO_RECEIVE_JOB,
    everyMs: SAFETY_MS,
    run: async () => ({ received: await autoReceiveWithdrawals(db), nextRunAt: await nextAutoReceive(db) }),
  },
  {
    name: VENDOR_TRANSFER_RECONCILE_JOB,
    everyMs: SAFETY_MS,
    run: async () => ({ ...(await reconcileVendorTransfers(db)), nextRunAt: await nextVendorReconcile(db) }),
  },
  { name: VENDOR_BET_PULL_JOB, everyMs: SAFETY_MS, run: () => pullAllVendorBets(db, log) },
  // The lottery job sleeps until its next draw event (decision 0056); a minute at most, for what
  // another process changes (a game added, a result source switched).
  { name: LOTTERY_JOB, everyMs: 60_000, firstMs: 1_000, run: () => runLotteryTick(db, serverSecret) },
  { name: 'prune-expired', everyMs: 300_000, run: () => pruneExpired(db) },
  // Agent payroll (decision 0041): each run pays only periods not recorded yet, catching up missed ones.
  { name: 'agent-salary-realtime', everyMs: 60_000, run: () => runDueRealtimeSalaries(db) },
  { name: 'agent-salary-hourly', everyMs: 300_000, run: () => runDueHourlySalaries(db) },
  { name: 'agent-salary-daily', everyMs: 600_000, run: () => runDueDailySalaries(db) },
  { name: 'agent-dividends', everyMs: 1_800_000, run: () => runDueDividends(db) },
  // VIP ranks (decision 0049): a rank met shows within minutes, so deposits and settlement need no hook.
  { name: 'vip-ranks', everyMs: 300_000, run: () => recomputeVipRanks(db) },
  // Rebates (decision 0051): brands without MANPLAYREB3 are paid yesterday's rebate; a run pays a period once.
  { name: 'daily-rebates', everyMs: 600_000, run: () => runDailyRebates(db) },
  // The team overview's roll-up (decision 0054): folds summary changes off the settlement path. The
  // overview reads what is not folded yet, so a minute's wait costs its speed, never its figures.
  { name: 'team-rollup', everyMs: 60_000, run: () => foldTeamRollup(db) },
  // Raffles (decision 0053): close those whose entries closed, draw and pay them, reveal the seed. It
  // sleeps until the next close; five minutes at most, for a raffle another process made.
  {
    name: 'raffle-draw',
    everyMs: 300_000,
    firstMs: 30_000,
    run: async () => ({
      drawn: await drawDueRaffles(db, serverSecret),
      nextRunAt: await nextRaffleClose(db),
    }),
  },
];

/**
 * On PostgreSQL, a wallet API configured by another process (the CLI, another instance) reaches this
 * one through the change bus (its table is watched, decision 0055): the betting-feed job wakes for it.
 * Answers the call that stops listening.
 */
export const wakeJobsOnChanges = (changes: ChangeBus | undefined) =>
  changes?.subscribe((_channel, table) => {
    if (table === 'vendor_wallet_api') wakeJob(VENDOR_BET_PULL_JOB);
  }) ?? (() => undefined);
