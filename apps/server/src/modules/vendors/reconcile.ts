import type { DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { dayWindow } from '../../platform/time-zone.js';
import { roundReference } from '../games/bet-records.js';
import { roundTotalsOnLedger } from '../wallet/ledger.js';

/**
 * Betting records against the ledger, round by round (decision 0016): for every round settled, or
 * touched by a wallet call, on the UTC day, the record's stake and payout must equal what the ledger moved
 * for it ever (bets less rollbacks; wins). `npm run jade -- reconcile games --date D`.
 */
export type RoundDifference = {
  vendorCode: string;
  roundId: string;
  record: { stake: number; payout: number; status: string } | null;
  ledger: { stake: number; payout: number };
};

const parseReference = (reference: string) => {
  const [, vendorCode = '', ...rest] = reference.split(':');
  return { vendorCode, roundId: rest.join(':') };
};

export const reconcileGames = async (
  db: DbOrTrx,
  merchantId: number,
  day: string,
  timeZone: string,
): Promise<{ rounds: number; differences: RoundDifference[] }> => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    throw new AppError('BAD_REQUEST', 'The date is YYYY-MM-DD');
  }
  // The brand's day, as its records' settled days are (decision 0038).
  const window = dayWindow(timeZone, day);
  const from = window.start.toISOString();
  const to = window.end.toISOString();
  // The day's records through the brand's settled-day entries (decision 0074), each the record's own day.
  const records = await db
    .selectFrom('bet_settled_day as d')
    .innerJoin('bet_record as b', 'b.id', 'd.record_id')
    .select(['b.vendor_code', 'b.round_id', 'b.stake', 'b.payout', 'b.status'])
    .where('d.merchant_id', '=', merchantId)
    .where('d.settled_day', '=', day)
    .whereRef('b.settled_day', '=', 'd.settled_day')
    .execute();
  type Row = (typeof records)[number];
  const byReference = new Map<string, Row | null>(
    records.map((r) => [roundReference(r.vendor_code, r.round_id), r]),
  );
  // Rounds a wallet call touched that day (every bet placed is one), whatever their record says.
  const calls = await db
    .selectFrom('wallet_transaction')
    .select(['vendor_code', 'round_id'])
    .distinct()
    .where('merchant_id', '=', merchantId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .execute();
  for (const call of calls) {
    const reference = roundReference(call.vendor_code, call.round_id);
    if (byReference.has(reference)) continue;
    const row = await db
      .selectFrom('bet_record')
      .select(['vendor_code', 'round_id', 'stake', 'payout', 'status'])
      .where('merchant_id', '=', merchantId)
      .where('vendor_code', '=', call.vendor_code)
      .where('round_id', '=', call.round_id)
      .executeTakeFirst();
    byReference.set(reference, row ?? null);
  }
  const ledger = await roundTotalsOnLedger(db, merchantId, [...byReference.keys()]);
  const differences: RoundDifference[] = [];
  const references = [...byReference.keys()].sort();
  for (const reference of references) {
    const row = byReference.get(reference);
    const moved = ledger.get(reference) ?? { stake: 0, payout: 0 };
    const record = row && { stake: Number(row.stake), payout: Number(row.payout), status: row.status };
    if (record && record.stake === moved.stake && record.payout === moved.payout) continue;
    // A round of calls that moved nothing (a rollback of a bet never seen) needs no record.
    if (!record && moved.stake === 0 && moved.payout === 0) continue;
    differences.push({ ...parseReference(reference), record: record ?? null, ledger: moved });
  }
  return { rounds: references.length, differences };
};
