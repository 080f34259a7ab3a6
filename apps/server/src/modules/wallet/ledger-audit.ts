import { sql } from 'kysely';
import type { DbOrTrx } from '../../platform/db/index.js';

/** Account kinds of the points currency (decision 0046); every other account holds money. */
const POINTS_KINDS = new Set(['POINTS', 'POINTS_ISSUED', 'POINTS_SPENT']);

export type LedgerAudit = {
  accounts: number;
  transfers: number;
  /** Accounts whose stored balance is not their credits less their debits. */
  drifted: { id: number; code: string; balance: number; fromTransfers: number }[];
  /** Member accounts (allow_negative 0) below zero. */
  negative: { id: number; code: string; balance: number }[];
  /** Each brand's balances summed per currency: every one must be zero. */
  sums: { merchantId: number; currency: 'money' | 'points'; total: number }[];
  /** Account id → balance, to compare two copies of one ledger. */
  balances: Map<number, number>;
  ok: boolean;
};

/**
 * The ledger's invariants over the whole database, as the model tests state them (`checkInvariants`)
 * but per brand and per currency, and reading the transfers once (grouped) rather than per account,
 * so it stays linear on a brand's millions of transfers.
 */
export const auditLedger = async (db: DbOrTrx): Promise<LedgerAudit> => {
  const accounts = await db
    .selectFrom('ledger_account')
    .select(['id', 'merchant_id', 'code', 'kind', 'balance', 'allow_negative'])
    .orderBy('id')
    .execute();
  const net = await db
    .selectFrom(
      sql<{ account_id: number; amount: number }>`(
        select credit_account_id as account_id, amount from ledger_transfer
        union all
        select debit_account_id as account_id, -amount as amount from ledger_transfer
      )`.as('legs'),
    )
    .select(['legs.account_id'])
    .select((eb) => eb.fn.sum<number | string>('legs.amount').as('net'))
    .groupBy('legs.account_id')
    .execute();
  const transfers = await db
    .selectFrom('ledger_transfer')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const netById = new Map(net.map((row) => [Number(row.account_id), Number(row.net)]));
  const sums = new Map<string, { merchantId: number; currency: 'money' | 'points'; total: number }>();
  const audit: LedgerAudit = {
    accounts: accounts.length,
    transfers: Number(transfers.n),
    drifted: [],
    negative: [],
    sums: [],
    balances: new Map(),
    ok: true,
  };
  for (const account of accounts) {
    const balance = Number(account.balance);
    const fromTransfers = netById.get(account.id) ?? 0;
    audit.balances.set(account.id, balance);
    if (balance !== fromTransfers)
      audit.drifted.push({ id: account.id, code: account.code, balance, fromTransfers });
    if (account.allow_negative === 0 && balance < 0)
      audit.negative.push({ id: account.id, code: account.code, balance });
    // Both currencies of every brand with an account are reported, a brand without points too.
    for (const currency of ['money', 'points'] as const) {
      const key = `${account.merchant_id}:${currency}`;
      if (!sums.has(key)) sums.set(key, { merchantId: account.merchant_id, currency, total: 0 });
    }
    sums.get(`${account.merchant_id}:${POINTS_KINDS.has(account.kind) ? 'points' : 'money'}`)!.total +=
      balance;
  }
  audit.sums = [...sums.values()];
  audit.ok =
    audit.drifted.length === 0 && audit.negative.length === 0 && audit.sums.every((s) => s.total === 0);
  return audit;
};
