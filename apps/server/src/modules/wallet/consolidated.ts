import type { ConsolidatedResponse, FundsSummary } from '@jade/contracts/funds';
import type { DbOrTrx } from '../../platform/db/index.js';
import { contractRequestStates } from '../agents/contracts.js';
import type { Merchant } from '../merchants/repo.js';
import * as ledger from './ledger.js';
import { getMoneySettings } from './money-settings.js';
import { sumTransfers, turnoverRemaining, type Member } from './payments.js';

/**
 * The member's funds, from the ledger: what came in and went out through the cashier, what is held
 * for withdrawals, and what may be withdrawn now (the rule of withdrawInfo: the whole main balance once
 * the turnover requirement is met, nothing before).
 */
export const fundsSummary = async (
  db: DbOrTrx,
  merchant: Merchant,
  member: Member,
): Promise<FundsSummary> => {
  const settings = await getMoneySettings(db, merchant.id);
  const main = await ledger.memberAccount(db, merchant.id, member.id, 'MAIN');
  const hold = await ledger.memberAccount(db, merchant.id, member.id, 'WITHDRAWAL_HOLD');
  const mainBalance = await ledger.getAccountBalance(db, main);
  const remaining = await turnoverRemaining(db, merchant.id, member.id, settings.turnoverMultiplier);
  const pending = await db
    .selectFrom('withdrawal')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount'),
    ])
    .where('member_id', '=', member.id)
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return {
    mainBalance,
    totalDeposited: await sumTransfers(db, main, 'DEPOSIT', 'credit'),
    totalWithdrawn: await sumTransfers(db, hold, 'WITHDRAWAL', 'debit'),
    pendingWithdrawalCount: Number(pending.count),
    pendingWithdrawalAmount: Number(pending.amount),
    heldAmount: await ledger.getAccountBalance(db, hold),
    withdrawable: remaining > 0 ? 0 : mainBalance,
    turnoverRemaining: remaining,
  };
};

/**
 * §3/§7 consolidated: the member's agent contract requests and funds summary
 * (docs/decisions/0007-consolidated-funds.md, 0040): per kind, an offer waiting, one held, or how
 * the latest ended; the info types name the kinds with an offer waiting for the member's answer.
 */
export const getConsolidated = async (
  db: DbOrTrx,
  merchant: Merchant,
  member: Member,
): Promise<ConsolidatedResponse> => ({
  ...(await contractRequestStates(db, merchant.id, member.id)),
  funds: await fundsSummary(db, merchant, member),
});
