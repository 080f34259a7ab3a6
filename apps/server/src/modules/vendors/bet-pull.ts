import { vendorBetFeed, type VendorBetFeed } from '@jade/contracts/vendor-wallet';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { groupCommit } from '../../platform/db/group-commit.js';
import { AppError } from '../../platform/errors.js';
import { dayOf } from '../../platform/time-zone.js';
import * as records from '../games/bet-records.js';
import { findBrandVendor, gameCategoryOf } from '../games/service.js';
import * as ledger from '../wallet/ledger.js';
import { memberIdOfPlayer, type VendorWalletApi } from '../wallet/vendor-wallets.js';

/**
 * Betting records of transfer-wallet vendors, pulled (decision 0018). Such a vendor keeps the money
 * the member moved in and settles rounds on its own wallet; the platform reads its feed of settled
 * rounds with a cursor, and for each new round writes, in one commit with the cursor's advance:
 *   - the betting record (SETTLED) and the member's daily summary, as a seamless round does;
 *   - the round on the member's vendor wallet in the ledger (BET: vendor wallet → VENDOR_FLOAT, WIN:
 *     VENDOR_FLOAT → vendor wallet, referenced `round:<vendor>:<round>`), so the wallet the member
 *     sees follows the vendor's and `reconcile games` checks these rounds like any other.
 * A round already recorded (a page sent again) is skipped; a page that cannot be written whole (a
 * stake the vendor wallet does not hold yet, while a transfer waits) is left for the next pull.
 * Runs under the job's lease, and inline before money leaves a vendor wallet.
 */
export const PULL_PAGE = 200;
const MAX_PAGES = 20;

export type PullSummary = { pulled: number; skipped: number; pages: number };

const fetchPage = async (api: VendorWalletApi, cursor: string): Promise<VendorBetFeed> => {
  let response: Response;
  try {
    response = await fetch(`${api.baseUrl}/bets?after=${encodeURIComponent(cursor)}&limit=${PULL_PAGE}`, {
      signal: AbortSignal.timeout(api.timeoutMs),
    });
  } catch {
    throw unavailable();
  }
  if (!response.ok) throw unavailable();
  const parsed = vendorBetFeed.safeParse(await response.json().catch(() => null));
  if (!parsed.success)
    throw new AppError('SERVICE_UNAVAILABLE', 'The vendor sent a betting feed we cannot read');
  return parsed.data;
};

const unavailable = () => new AppError('GAME_UNAVAILABLE', 'The game provider cannot be reached');

const readCursor = async (db: DbOrTrx, merchantId: number, vendorCode: string) =>
  (
    await db
      .selectFrom('vendor_bet_cursor')
      .select('cursor')
      .where('merchant_id', '=', merchantId)
      .where('vendor_code', '=', vendorCode)
      .executeTakeFirst()
  )?.cursor ?? '0';

/** One page: its new rounds and the cursor's advance, together or not at all. */
const writePage = async (
  db: Db,
  merchant: { id: number; code: string; timeZone: string },
  vendorCode: string,
  from: string,
  page: VendorBetFeed,
  fallbackCategory: string,
  now: Date,
) => {
  const float = await ledger.houseAccount(db, merchant.id, 'VENDOR_FLOAT');
  // Accounts are found (or made) before the write (see seamless.ts, accountsOf).
  const wallets = new Map<number, number>();
  const members = new Map<string, number | undefined>();
  for (const bet of page.bets) {
    if (members.has(bet.player)) continue;
    const id = memberIdOfPlayer(merchant.code, bet.player);
    const member = Number.isSafeInteger(id)
      ? await db
          .selectFrom('member')
          .select('id')
          .where('merchant_id', '=', merchant.id)
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined;
    members.set(bet.player, member?.id);
    if (member)
      wallets.set(member.id, await ledger.memberAccount(db, merchant.id, member.id, `VENDOR:${vendorCode}`));
  }
  const categories = new Map<string, string>();
  for (const bet of page.bets) {
    if (!categories.has(bet.gameId))
      categories.set(bet.gameId, (await gameCategoryOf(db, vendorCode, bet.gameId)) ?? fallbackCategory);
  }
  return groupCommit(db, async (trx) => {
    const advanced = await trx
      .updateTable('vendor_bet_cursor')
      .set({ cursor: page.cursor, updated_at: now.toISOString() })
      .where('merchant_id', '=', merchant.id)
      .where('vendor_code', '=', vendorCode)
      .where('cursor', '=', from)
      .executeTakeFirst();
    if (Number(advanced.numUpdatedRows) !== 1) {
      // Another pull moved the cursor first: this page is theirs.
      throw new AppError('CONFLICT', 'The betting feed was pulled by someone else meanwhile');
    }
    let pulled = 0;
    let skipped = 0;
    for (const bet of page.bets) {
      const memberId = members.get(bet.player);
      if (memberId === undefined) {
        skipped++;
        continue;
      }
      const validBet = Math.min(bet.validBet ?? bet.stake, bet.stake);
      const category = categories.get(bet.gameId)!;
      const inserted = await trx
        .insertInto('bet_record')
        .values({
          merchant_id: merchant.id,
          member_id: memberId,
          vendor_code: vendorCode,
          game_id: bet.gameId,
          category,
          round_id: bet.roundId,
          stake: bet.stake,
          valid_bet: validBet,
          payout: bet.payout,
          win_loss: bet.payout - bet.stake,
          status: 'SETTLED',
          placed_at: bet.placedAt,
          settled_at: bet.settledAt,
          settled_day: dayOf(merchant.timeZone, bet.settledAt),
        })
        .onConflict((oc) => oc.columns(['merchant_id', 'vendor_code', 'round_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        skipped++;
        continue;
      }
      const wallet = wallets.get(memberId)!;
      const reference = records.roundReference(vendorCode, bet.roundId);
      const legs: ledger.Leg[] = [];
      if (bet.stake > 0)
        legs.push({
          kind: 'BET',
          debitAccountId: wallet,
          creditAccountId: float,
          amount: bet.stake,
          reference,
        });
      if (bet.payout > 0)
        legs.push({
          kind: 'WIN',
          debitAccountId: float,
          creditAccountId: wallet,
          amount: bet.payout,
          reference,
        });
      if (legs.length > 0) {
        await ledger.postTransfersWithin(
          db,
          trx,
          { merchantId: merchant.id, idempotencyKey: `pull:${vendorCode}:${bet.betId}`, legs },
          now,
        );
      }
      await records.addToDailySummary(trx, {
        merchantId: merchant.id,
        memberId,
        day: dayOf(merchant.timeZone, bet.settledAt),
        category: category as records.SummaryDelta['category'],
        stake: bet.stake,
        validBet,
        payout: bet.payout,
        winLoss: bet.payout - bet.stake,
        pointsKey: `pull:${vendorCode}:${bet.betId}`,
      });
      pulled++;
    }
    return { pulled, skipped };
  });
};

/**
 * Pulls one vendor's new rounds for one brand, page after page until the feed is empty (at most
 * MAX_PAGES a run). A vendor that cannot be reached throws GAME_UNAVAILABLE with nothing written.
 */
export const pullVendorBets = async (
  db: Db,
  merchant: { id: number; code: string; timeZone: string },
  vendorCode: string,
  api: VendorWalletApi,
  now = new Date(),
): Promise<PullSummary> => {
  await db
    .insertInto('vendor_bet_cursor')
    .values({
      merchant_id: merchant.id,
      vendor_code: vendorCode,
      cursor: '0',
      pulled: 0,
      updated_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'vendor_code']).doNothing())
    .execute();
  const vendor = await findBrandVendor(db, merchant.id, vendorCode);
  const summary: PullSummary = { pulled: 0, skipped: 0, pages: 0 };
  for (let i = 0; i < MAX_PAGES; i++) {
    const cursor = await readCursor(db, merchant.id, vendorCode);
    const page = await fetchPage(api, cursor);
    if (page.bets.length === 0) break;
    const written = await writePage(db, merchant, vendorCode, cursor, page, vendor?.category ?? 'RNG', now);
    summary.pulled += written.pulled;
    summary.skipped += written.skipped;
    summary.pages++;
    await db
      .updateTable('vendor_bet_cursor')
      .set((eb) => ({ pulled: eb('pulled', '+', written.pulled) }))
      .where('merchant_id', '=', merchant.id)
      .where('vendor_code', '=', vendorCode)
      .execute();
    if (page.bets.length < PULL_PAGE) break;
  }
  return summary;
};

/** How often the job reads the feeds while any vendor has a wallet API: the feeds tell nobody of a round. */
export const PULL_EVERY_MS = 30_000;

/**
 * The job: every brand's transfer-wallet vendors with a wallet API. One vendor's failure stops no other.
 * It names its next run (`nextRunAt`): in PULL_EVERY_MS while any vendor is configured; none when no
 * vendor is, so the job sleeps its long period until setWalletApi (or the change bus) wakes it.
 */
export const pullAllVendorBets = async (
  db: Db,
  log?: { warn: (o: object, m: string) => void },
  now = new Date(),
) => {
  const apis = await db
    .selectFrom('vendor_wallet_api')
    .innerJoin('merchant', 'merchant.id', 'vendor_wallet_api.merchant_id')
    .select([
      'merchant.id',
      'merchant.code',
      'merchant.time_zone',
      'vendor_wallet_api.vendor_code',
      'base_url',
      'timeout_ms',
    ])
    .execute();
  const total: PullSummary = { pulled: 0, skipped: 0, pages: 0 };
  for (const row of apis) {
    try {
      const one = await pullVendorBets(
        db,
        { id: row.id, code: row.code, timeZone: row.time_zone },
        row.vendor_code,
        { baseUrl: row.base_url, timeoutMs: row.timeout_ms },
        now,
      );
      total.pulled += one.pulled;
      total.skipped += one.skipped;
      total.pages += one.pages;
    } catch (error) {
      log?.warn({ err: error, merchant: row.code, vendor: row.vendor_code }, 'betting feed not pulled');
    }
  }
  return { ...total, nextRunAt: apis.length > 0 ? new Date(now.getTime() + PULL_EVERY_MS) : undefined };
};
