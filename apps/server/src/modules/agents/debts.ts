import type { DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';

/**
 * An upline that could not pay a child's salary or dividend in full owes the rest (decision 0041);
 * until that is settled its withdrawals are refused, so it cannot take out what its team is owed.
 * Kept apart from the payroll so the wallet can ask without importing it back.
 */
export const openDebtTotal = async (db: DbOrTrx, merchantId: number, memberId: number): Promise<number> => {
  const row = await db
    .selectFrom('agent_debt')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>('amount'), eb.lit(0)).as('amount'),
      eb.fn.coalesce(eb.fn.sum<number | string>('settled'), eb.lit(0)).as('settled'),
    ])
    .where('merchant_id', '=', merchantId)
    .where('debtor_id', '=', memberId)
    .where('status', '=', 'OPEN')
    .executeTakeFirstOrThrow();
  return Number(row.amount) - Number(row.settled);
};

export const assertNoOpenAgentDebt = async (db: DbOrTrx, merchantId: number, memberId: number) => {
  const owed = await openDebtTotal(db, merchantId, memberId);
  if (owed > 0) {
    throw new AppError('AGENT_DEBT_OPEN', 'Settle what you owe your downline before withdrawing', {
      details: { owed },
    });
  }
};
