import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './index.js';
import * as foundation from './migrations/2026-11-21T0900-foundation.js';
import * as catalogue from './migrations/2026-11-21T1000-catalogue.js';
import * as accounts from './migrations/2026-11-21T1100-accounts.js';
import * as social from './migrations/2026-11-21T1200-social.js';
import * as ledger from './migrations/2026-11-21T1300-ledger.js';
import * as payments from './migrations/2026-11-21T1400-payments.js';
import * as engagement from './migrations/2026-11-21T1500-engagement.js';
import * as paymentGateway from './migrations/2026-11-21T1600-payment-gateway.js';
import * as memberProfile from './migrations/2026-11-21T1700-member-profile.js';
import * as vendorTransfers from './migrations/2026-11-21T1800-vendor-transfers.js';
import * as hardening from './migrations/2026-11-24T0900-hardening.js';
import * as gamesWallet from './migrations/2026-11-24T1000-games-wallet.js';
import * as favourites from './migrations/2026-11-24T1100-favourites.js';
import * as vendorBetPull from './migrations/2026-11-24T1200-vendor-bet-pull.js';
import * as gameRooms from './migrations/2026-11-24T1300-game-rooms.js';
import * as lottery from './migrations/2026-11-24T1400-lottery.js';
import * as lotterySettings from './migrations/2026-11-25T1000-lottery-settings.js';
import * as lotteryResults from './migrations/2026-11-25T1100-lottery-results.js';
import * as lotteryCorrections from './migrations/2026-11-25T1200-lottery-corrections.js';
import * as betRecordSettledIndex from './migrations/2026-11-25T1300-bet-record-settled-index.js';
import * as lotteryPrizeModes from './migrations/2026-11-25T1400-lottery-prize-modes.js';
import * as lotteryCosts from './migrations/2026-11-25T1500-lottery-costs.js';
import * as lotteryBetSettling from './migrations/2026-11-25T1600-lottery-bet-settling.js';
import * as gameMaxBet from './migrations/2026-11-26T0200-game-max-bet.js';
import * as gameSessionLogin from './migrations/2026-11-26T0300-game-session-login.js';
import * as lotteryDrawByGame from './migrations/2026-11-26T0400-lottery-draw-by-game.js';
import * as betRecordDetail from './migrations/2026-11-26T0440-bet-record-detail.js';
import * as agentsFoundation from './migrations/2026-11-26T0500-agents-foundation.js';
import * as businessDay from './migrations/2026-11-26T0510-business-day.js';
import * as agentPayroll from './migrations/2026-11-26T0530-agent-payroll.js';
import * as agentJoin from './migrations/2026-11-26T0550-agent-join.js';
import * as pointsMall from './migrations/2026-11-26T0630-points-mall.js';
import * as inbox from './migrations/2026-11-26T0640-inbox.js';
import * as vip from './migrations/2026-11-26T0650-vip.js';
import * as promotionClaims from './migrations/2026-11-26T0700-promotion-claims.js';
import * as rebates from './migrations/2026-11-26T0800-rebates.js';
import * as missions from './migrations/2026-11-26T0900-missions.js';
import * as raffles from './migrations/2026-11-26T1000-raffles.js';
import * as teamRollup from './migrations/2026-11-26T1100-team-rollup.js';
import * as changeNotify from './migrations/2026-11-26T1200-change-notify.js';
import * as busNotify from './migrations/2026-11-26T1300-bus-notify.js';
import * as teamMemberByMember from './migrations/2026-11-26T1600-team-member-by-member.js';
import * as busOutbox from './migrations/2026-11-26T2200-bus-outbox.js';
import * as inboxTranslations from './migrations/2026-11-26T2300-inbox-translations.js';
import * as teamRollupVersion from './migrations/2026-11-26T2400-team-rollup-version.js';
import * as teamRollupMemoAndPayments from './migrations/2026-11-27T0200-team-rollup-memo-and-payments.js';
import * as balanceToldAfterCommit from './migrations/2026-11-28T0100-balance-told-after-commit.js';
import * as lotteryBetHot from './migrations/2026-11-28T0200-lottery-bet-hot.js';
import * as betRecordHot from './migrations/2026-11-28T0300-bet-record-hot.js';
import * as ledgerKeysCheckedByThePost from './migrations/2026-11-28T1330-ledger-keys-checked-by-the-post.js';

/** Every migration in order; names are timestamps so the order is also the name order. */
const migrations: Record<string, Migration> = {
  '2026-11-21T0900-foundation': foundation,
  '2026-11-21T1000-catalogue': catalogue,
  '2026-11-21T1100-accounts': accounts,
  '2026-11-21T1200-social': social,
  '2026-11-21T1300-ledger': ledger,
  '2026-11-21T1400-payments': payments,
  '2026-11-21T1500-engagement': engagement,
  '2026-11-21T1600-payment-gateway': paymentGateway,
  '2026-11-21T1700-member-profile': memberProfile,
  '2026-11-21T1800-vendor-transfers': vendorTransfers,
  '2026-11-24T0900-hardening': hardening,
  '2026-11-24T1000-games-wallet': gamesWallet,
  '2026-11-24T1100-favourites': favourites,
  '2026-11-24T1200-vendor-bet-pull': vendorBetPull,
  '2026-11-24T1300-game-rooms': gameRooms,
  '2026-11-24T1400-lottery': lottery,
  '2026-11-25T1000-lottery-settings': lotterySettings,
  '2026-11-25T1100-lottery-results': lotteryResults,
  '2026-11-25T1200-lottery-corrections': lotteryCorrections,
  '2026-11-25T1300-bet-record-settled-index': betRecordSettledIndex,
  '2026-11-25T1400-lottery-prize-modes': lotteryPrizeModes,
  '2026-11-25T1500-lottery-costs': lotteryCosts,
  '2026-11-25T1600-lottery-bet-settling': lotteryBetSettling,
  '2026-11-26T0200-game-max-bet': gameMaxBet,
  '2026-11-26T0300-game-session-login': gameSessionLogin,
  '2026-11-26T0400-lottery-draw-by-game': lotteryDrawByGame,
  '2026-11-26T0440-bet-record-detail': betRecordDetail,
  '2026-11-26T0500-agents-foundation': agentsFoundation,
  '2026-11-26T0510-business-day': businessDay,
  '2026-11-26T0530-agent-payroll': agentPayroll,
  '2026-11-26T0550-agent-join': agentJoin,
  '2026-11-26T0630-points-mall': pointsMall,
  '2026-11-26T0640-inbox': inbox,
  '2026-11-26T0650-vip': vip,
  '2026-11-26T0700-promotion-claims': promotionClaims,
  '2026-11-26T0800-rebates': rebates,
  '2026-11-26T0900-missions': missions,
  '2026-11-26T1000-raffles': raffles,
  '2026-11-26T1100-team-rollup': teamRollup,
  '2026-11-26T1200-change-notify': changeNotify,
  '2026-11-26T1300-bus-notify': busNotify,
  '2026-11-26T1600-team-member-by-member': teamMemberByMember,
  '2026-11-26T2200-bus-outbox': busOutbox,
  '2026-11-26T2300-inbox-translations': inboxTranslations,
  '2026-11-26T2400-team-rollup-version': teamRollupVersion,
  '2026-11-27T0200-team-rollup-memo-and-payments': teamRollupMemoAndPayments,
  '2026-11-28T0100-balance-told-after-commit': balanceToldAfterCommit,
  '2026-11-28T0200-lottery-bet-hot': lotteryBetHot,
  '2026-11-28T0300-bet-record-hot': betRecordHot,
  '2026-11-28T1330-ledger-keys-checked-by-the-post': ledgerKeysCheckedByThePost,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Migrates up (or down) to the named migration: tests of what a migration does to existing rows. */
export const migrateTo = async (db: Db, name: string): Promise<void> => {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
};

export const migrateToLatest = async (db: Db): Promise<string[]> => {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).map((r) => r.migrationName);
};
