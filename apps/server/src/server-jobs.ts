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
import { autoReceiveWithdrawals } from './modules/wallet/payments.js';
import { reconcileVendorTransfers } from './modules/wallet/vendor-wallets.js';
import { pullAllVendorBets } from './modules/vendors/bet-pull.js';
import { runLotteryTick } from './modules/lottery/tick.js';
import { LOTTERY_JOB } from './modules/lottery/schedule.js';
import { recomputeVipRanks } from './modules/engagement/vip.js';
import { runDailyRebates } from './modules/engagement/rebates.js';
import { foldTeamRollup } from './modules/agents/team-rollup.js';
import { drawDueRaffles, nextRaffleClose } from './modules/engagement/raffle.js';

/** The server's background jobs (main.ts starts them; the idle test counts what they cost). */
export const serverJobs = (db: Db, serverSecret: string, log: FastifyBaseLogger): Job[] => [
  { name: 'withdrawal-auto-receive', everyMs: 30_000, run: () => autoReceiveWithdrawals(db) },
  { name: 'vendor-transfer-reconcile', everyMs: 15_000, run: () => reconcileVendorTransfers(db) },
  { name: 'vendor-bet-pull', everyMs: 30_000, run: () => pullAllVendorBets(db, log) },
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
