import { createHash } from 'node:crypto';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { groupCommit } from '../../platform/db/group-commit.js';
import { AppError } from '../../platform/errors.js';
import { wakeJob } from '../../platform/jobs.js';
import * as ledger from './ledger.js';

/**
 * Transfers to and from a vendor's own wallet, through the vendor's wallet API (issue 5: a vendor
 * call that times out leaves the transfer pending; a reconciliation job resolves it with the
 * vendor's answer; money is never created or lost by a timeout).
 *
 * The money moves in two commits around the network call, never inside a transaction:
 *   start   IN: main → VENDOR_FLOAT          OUT: vendor wallet → VENDOR_FLOAT
 *   done    IN: VENDOR_FLOAT → vendor wallet OUT: VENDOR_FLOAT → main
 *   failed  IN: VENDOR_FLOAT → main          OUT: VENDOR_FLOAT → vendor wallet
 * `settle` only acts on a PENDING row (a conditional update), so the request and the job can race
 * and the transfer is still settled exactly once.
 *
 * The wallet API, per brand and vendor: POST {base}/wallet/transfer {reference, player, direction,
 * amount} answers {status: 'OK' | 'FAILED'}; GET {base}/wallet/transfer/{reference} answers the same,
 * or 404 when the vendor never received it. The games issue brings the vendors' own protocols
 * behind this interface.
 */
export type VendorAnswer = 'OK' | 'FAILED' | 'UNKNOWN';
export type VendorWalletApi = { baseUrl: string; timeoutMs: number };

/** The player id a vendor's wallet knows a member by: `<brand code>_<member id>`. */
export const transferPlayerId = (merchantCode: string, memberId: number) => `${merchantCode}_${memberId}`;

/** The member id a brand's player id names (`transferPlayerId` read back), or NaN for another brand's. */
export const memberIdOfPlayer = (merchantCode: string, player: string) =>
  player.startsWith(`${merchantCode}_`) ? Number(player.slice(merchantCode.length + 1)) : NaN;

/** Transfers younger than this are left alone by the job: their own request may still be waiting. */
const RECONCILE_AFTER_MS = 60_000;
/** A transfer the vendor did not answer for is asked about again this much later. */
const RECONCILE_RETRY_MS = 15_000;

/** The betting-feed job's name (modules/vendors/bet-pull.ts): a wallet API configured wakes it. */
export const VENDOR_BET_PULL_JOB = 'vendor-bet-pull';

/** The reconciliation job's name: a transfer left pending wakes it. */
export const VENDOR_TRANSFER_RECONCILE_JOB = 'vendor-transfer-reconcile';

/** The transfer is left pending: the reconciliation job learns when it will be due. */
const leftPending = (transferId: number): VendorTransferResult => {
  wakeJob(VENDOR_TRANSFER_RECONCILE_JOB);
  return { transferId, status: 'PENDING' };
};

export const findWalletApi = async (
  db: DbOrTrx,
  merchantId: number,
  vendorCode: string,
): Promise<VendorWalletApi | undefined> => {
  const row = await db
    .selectFrom('vendor_wallet_api')
    .select(['base_url', 'timeout_ms'])
    .where('merchant_id', '=', merchantId)
    .where('vendor_code', '=', vendorCode)
    .executeTakeFirst();
  return row && { baseUrl: row.base_url, timeoutMs: row.timeout_ms };
};

export const listWalletApiVendors = async (db: DbOrTrx, merchantId: number) =>
  new Set(
    (
      await db
        .selectFrom('vendor_wallet_api')
        .select('vendor_code')
        .where('merchant_id', '=', merchantId)
        .execute()
    ).map((r) => r.vendor_code),
  );

const parseAnswer = async (response: Response): Promise<VendorAnswer> => {
  if (response.status === 404) return 'FAILED';
  if (!response.ok) return 'UNKNOWN';
  const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
  return body?.status === 'OK' ? 'OK' : body?.status === 'FAILED' ? 'FAILED' : 'UNKNOWN';
};

/**
 * Asks the vendor to move the money; a timeout, a network error or a 5xx is UNKNOWN, except a 503:
 * the vendor saying it is down (maintenance) and took nothing in, so the money goes back at once.
 */
const callTransfer = async (
  api: VendorWalletApi,
  body: { reference: string; player: string; direction: 'IN' | 'OUT'; amount: number },
): Promise<VendorAnswer | 'DOWN'> => {
  try {
    const response = await fetch(`${api.baseUrl}/wallet/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(api.timeoutMs),
    });
    // A 404 here is not "never received": only the status call answers that.
    if (response.status === 503) return 'DOWN';
    return response.status === 404 ? 'UNKNOWN' : await parseAnswer(response);
  } catch {
    return 'UNKNOWN';
  }
};

const callStatus = async (api: VendorWalletApi, reference: string): Promise<VendorAnswer> => {
  try {
    return await parseAnswer(
      await fetch(`${api.baseUrl}/wallet/transfer/${encodeURIComponent(reference)}`, {
        signal: AbortSignal.timeout(api.timeoutMs),
      }),
    );
  } catch {
    return 'UNKNOWN';
  }
};

type Row = {
  id: number;
  merchant_id: number;
  member_id: number;
  vendor_code: string;
  direction: 'IN' | 'OUT';
  amount: number;
  reference: string;
};

const accountsOf = async (db: DbOrTrx, row: Row) => ({
  main: await ledger.memberAccount(db, row.merchant_id, row.member_id, 'MAIN'),
  wallet: await ledger.memberAccount(db, row.merchant_id, row.member_id, `VENDOR:${row.vendor_code}`),
  float: await ledger.houseAccount(db, row.merchant_id, 'VENDOR_FLOAT'),
});

/** Settles a PENDING transfer once: the vendor's answer decides where the floated money goes. */
export const settle = async (db: Db, row: Row, outcome: 'DONE' | 'FAILED', now = new Date()) => {
  const { main, wallet, float } = await accountsOf(db, row);
  const target: { to: number; kind: ledger.Leg['kind'] } =
    (row.direction === 'IN') === (outcome === 'DONE')
      ? { to: wallet, kind: row.direction === 'IN' ? 'WALLET_IN_SETTLED' : 'WALLET_OUT_REFUND' }
      : { to: main, kind: row.direction === 'IN' ? 'WALLET_IN_REFUND' : 'WALLET_OUT_SETTLED' };
  return groupCommit(db, async (trx) => {
    const claimed = await trx
      .updateTable('vendor_transfer')
      .set({ status: outcome, resolved_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await ledger.postTransfersWithin(db, trx, {
      merchantId: row.merchant_id,
      idempotencyKey: `vendor-transfer:${row.id}:settle`,
      legs: [
        {
          kind: target.kind,
          debitAccountId: float,
          creditAccountId: target.to,
          amount: row.amount,
          reference: `vendor-transfer:${row.id}`,
        },
      ],
    });
    return true;
  });
};

export type VendorTransferResult = { transferId: number; status: 'DONE' | 'PENDING' };

/**
 * One transfer through the vendor's wallet API. A refusal by the vendor answers
 * VENDOR_TRANSFER_FAILED with the money back where it was; no answer leaves it PENDING.
 */
export const transferWithVendor = async (
  db: Db,
  api: VendorWalletApi,
  input: {
    merchantId: number;
    memberId: number;
    player: string;
    vendorCode: string;
    direction: 'IN' | 'OUT';
    amount: number;
    idempotencyKey: string;
  },
  now = new Date(),
): Promise<VendorTransferResult> => {
  const reference = `${input.merchantId}-${input.memberId}-${createHash('sha256')
    .update(input.idempotencyKey)
    .digest('hex')
    .slice(0, 40)}`;
  const main = await ledger.memberAccount(db, input.merchantId, input.memberId, 'MAIN');
  const wallet = await ledger.memberAccount(
    db,
    input.merchantId,
    input.memberId,
    `VENDOR:${input.vendorCode}`,
  );
  const float = await ledger.houseAccount(db, input.merchantId, 'VENDOR_FLOAT');
  const { row, isNew } = await groupCommit(db, async (trx) => {
    const existing = await trx
      .selectFrom('vendor_transfer')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (existing) return { row: existing, isNew: false };
    const inserted = await trx
      .insertInto('vendor_transfer')
      .values({
        merchant_id: input.merchantId,
        member_id: input.memberId,
        vendor_code: input.vendorCode,
        direction: input.direction,
        amount: input.amount,
        reference,
        status: 'PENDING',
        created_at: now.toISOString(),
        resolved_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await ledger.postTransfersWithin(db, trx, {
      merchantId: input.merchantId,
      idempotencyKey: `vendor-transfer:${inserted.id}:start`,
      legs: [
        {
          kind: input.direction === 'IN' ? 'WALLET_IN' : 'WALLET_OUT',
          debitAccountId: input.direction === 'IN' ? main : wallet,
          creditAccountId: float,
          amount: input.amount,
          reference: `vendor-transfer:${inserted.id}`,
        },
      ],
    });
    return { row: inserted, isNew: true };
  });
  if (row.status !== 'PENDING') {
    if (row.status === 'FAILED') throw vendorRefused(input.vendorCode);
    return { transferId: row.id, status: 'DONE' };
  }
  if (!isNew) {
    // A retry of a transfer still pending (its first call timed out): the vendor is asked what became
    // of it, and it is never sent twice. Applied, it is done; refused or never received (404), the
    // money goes back, as the reconciliation job would do; no answer, it stays pending.
    const known = await callStatus(api, reference);
    if (known === 'UNKNOWN') return leftPending(row.id);
    await settle(db, row, known === 'OK' ? 'DONE' : 'FAILED');
    if (known === 'FAILED') throw vendorRefused(input.vendorCode);
    return { transferId: row.id, status: 'DONE' };
  }
  const answer = await callTransfer(api, {
    reference,
    player: input.player,
    direction: input.direction,
    amount: input.amount,
  });
  if (answer === 'UNKNOWN') return leftPending(row.id);
  await settle(db, row, answer === 'OK' ? 'DONE' : 'FAILED');
  if (answer === 'DOWN') throw vendorDown(input.vendorCode);
  if (answer === 'FAILED') throw vendorRefused(input.vendorCode);
  return { transferId: row.id, status: 'DONE' };
};

/** §7: a member is told the provider is down (SERVICE_UNAVAILABLE), not that the transfer failed. */
export const vendorDown = (vendorCode: string) =>
  new AppError('SERVICE_UNAVAILABLE', 'The game provider is down for now; nothing was moved', {
    details: { vassalage: vendorCode },
  });

const vendorRefused = (vendorCode: string) =>
  new AppError('VENDOR_TRANSFER_FAILED', 'The game provider refused the transfer; nothing was moved', {
    details: { vassalage: vendorCode },
  });

/**
 * The reconciliation job: asks the vendor about every transfer still PENDING after a minute and
 * settles it with the answer (404, never received, counts as failed). No answer: tried again later.
 */
export const reconcileVendorTransfers = async (
  db: Db,
  now = new Date(),
  olderThanMs = RECONCILE_AFTER_MS,
) => {
  const pending = await db
    .selectFrom('vendor_transfer')
    .selectAll()
    .where('status', '=', 'PENDING')
    .where('created_at', '<=', new Date(now.getTime() - olderThanMs).toISOString())
    .orderBy('id')
    .limit(200)
    .execute();
  const summary = { settled: 0, failed: 0, unresolved: 0 };
  for (const row of pending) {
    const api = await findWalletApi(db, row.merchant_id, row.vendor_code);
    const answer = api ? await callStatus(api, row.reference) : 'UNKNOWN';
    if (answer === 'UNKNOWN') {
      summary.unresolved++;
      await db
        .updateTable('vendor_transfer')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      continue;
    }
    if (await settle(db, row, answer === 'OK' ? 'DONE' : 'FAILED', now)) {
      if (answer === 'OK') summary.settled++;
      else summary.failed++;
    }
  }
  return summary;
};

/**
 * When the reconciliation job has work next: the oldest pending transfer's turn (a minute after it
 * was made), and never sooner than the retry delay (one the vendor did not answer for stays oldest).
 */
export const nextVendorReconcile = async (db: DbOrTrx, now = new Date()): Promise<Date | undefined> => {
  const row = await db
    .selectFrom('vendor_transfer')
    .select((eb) => eb.fn.min('created_at').as('oldest'))
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  if (!row?.oldest) return undefined;
  return new Date(
    Math.max(new Date(row.oldest).getTime() + RECONCILE_AFTER_MS, now.getTime() + RECONCILE_RETRY_MS),
  );
};

/** Points a brand's vendor wallet at a wallet API (CLI), or back to local settlement. */
export const setWalletApi = async (
  db: DbOrTrx,
  merchantId: number,
  vendorCode: string,
  api: VendorWalletApi | null,
  now = new Date(),
) => {
  await db
    .deleteFrom('vendor_wallet_api')
    .where('merchant_id', '=', merchantId)
    .where('vendor_code', '=', vendorCode)
    .execute();
  if (api) {
    await db
      .insertInto('vendor_wallet_api')
      .values({
        merchant_id: merchantId,
        vendor_code: vendorCode,
        base_url: api.baseUrl.replace(/\/+$/, ''),
        timeout_ms: api.timeoutMs,
        created_at: now.toISOString(),
      })
      .execute();
  }
  // A vendor now (or no longer) has a feed to read: the betting-feed job reconsiders at once.
  wakeJob(VENDOR_BET_PULL_JOB);
};
