import { TRIAL_ACCOUNT_TYPE } from '@jade/contracts/constants';
import type {
  RaffleClaimResponse,
  RaffleDetail,
  RaffleInput,
  RaffleStatus,
  RaffleSummary,
  RaffleWinner,
} from '@jade/contracts/raffle';
import { openSetting, randomToken, sealSetting } from '../../platform/crypto.js';
import type { Selectable } from 'kysely';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import type { RaffleTable } from '../../platform/db/raffle-schema.js';
import { dialectOf, isUniqueViolation, writeTransaction } from '../../platform/db/transaction.js';
import { AppError } from '../../platform/errors.js';
import { dayOf } from '../../platform/time-zone.js';
import { maskAccount } from '../games/service.js';
import { languageChain, pickName } from '../games/rules.js';
import { seedHash } from '../lottery/fair-draw.js';
import type { Merchant } from '../merchants/repo.js';
import { notifyMember } from '../messages/inbox.js';
import * as ledger from '../wallet/ledger.js';
import { drawWinners, entriesText, raffleDrawKey, type RaffleEntry } from './raffle-draw.js';

/**
 * Raffles (decision 0053). A raffle commits to a secret seed when it is made (its SHA-256 is public
 * from then on); members claim tickets their valid bets or deposits in the window earn; when entries
 * close the draw job picks the winners from the seed and the closed entry list with the lottery's
 * fair digit stream, pays each prize from the brand's promotion expense account under the key
 * raffle:<raffle>:rank:<rank>, and reveals the seed.
 */

const COLUMNS = [
  'id',
  'merchant_id',
  'code',
  'titles',
  'basis',
  'unit_amount',
  'max_tickets',
  'opens_at',
  'closes_at',
  'prizes',
  'status',
  'seed_hash',
  'server_seed',
  'entries_hash',
  'drawn_at',
] as const;

type RaffleRow = Pick<Selectable<RaffleTable>, (typeof COLUMNS)[number]>;

const sealPurpose = (merchantId: number, code: string) => `raffle-seed:${merchantId}:${code}`;
export const prizeKey = (raffleId: number, rank: number) => `raffle:${raffleId}:rank:${rank}`;

const notFound = (id: number) => new AppError('NOT_FOUND', `No raffle ${id}`);

/** Makes a raffle (OPEN): its seed is made now, sealed, and only the seed's hash is published. */
export const createRaffle = async (
  db: DbOrTrx,
  serverSecret: string,
  merchantId: number,
  input: RaffleInput,
  now = new Date(),
) => {
  const seed = randomToken(32);
  try {
    const row = await db
      .insertInto('raffle')
      .values({
        merchant_id: merchantId,
        code: input.code,
        titles: JSON.stringify(input.titles),
        basis: input.basis,
        unit_amount: input.unitAmount,
        max_tickets: input.maxTickets,
        opens_at: new Date(input.opensAt).toISOString(),
        closes_at: new Date(input.closesAt).toISOString(),
        prizes: JSON.stringify(input.prizes),
        status: 'OPEN',
        seed_hash: seedHash(seed),
        seed_sealed: sealSetting(serverSecret, sealPurpose(merchantId, input.code), seed),
        created_at: now.toISOString(),
      })
      .returning(['id', 'seed_hash'])
      .executeTakeFirstOrThrow();
    return { id: row.id, code: input.code, seedHash: row.seed_hash };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('VALIDATION_FAILED', `Raffle ${input.code} exists`, {
        fields: { code: ['Taken'] },
      });
    }
    throw error;
  }
};

/** What the member's records in the raffle's window earn: one ticket per unit, capped. */
const earnedTickets = async (
  db: DbOrTrx,
  merchant: Pick<Merchant, 'id' | 'timeZone'>,
  raffle: RaffleRow,
  memberId: number,
) => {
  let total: number;
  if (raffle.basis === 'DEPOSIT') {
    const row = await db
      .selectFrom('deposit')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), eb.lit(0)).as('total'))
      .where('merchant_id', '=', merchant.id)
      .where('member_id', '=', memberId)
      .where('status', '=', 'APPROVED')
      .where('decided_at', '>=', raffle.opens_at)
      .where('decided_at', '<', raffle.closes_at)
      .executeTakeFirstOrThrow();
    total = Number(row.total);
  } else {
    // Valid bets count by the business day they settled in (the brand's day, decision 0038).
    const row = await db
      .selectFrom('bet_daily_summary')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('valid_bet'), eb.lit(0)).as('total'))
      .where('merchant_id', '=', merchant.id)
      .where('member_id', '=', memberId)
      .where('day', '>=', dayOf(merchant.timeZone, raffle.opens_at))
      .where('day', '<=', dayOf(merchant.timeZone, raffle.closes_at))
      .executeTakeFirstOrThrow();
    total = Number(row.total);
  }
  return Math.min(Number(raffle.max_tickets), Math.floor(total / Number(raffle.unit_amount)));
};

/**
 * MCS2_claimRafflePromotion: the member takes the tickets its records earn now. Idempotent (a
 * second call answers the same entry, raised to what is earned since); refused once entries close.
 * The raffle row is read with a share lock on PostgreSQL, so the close (an update of that row)
 * waits for joins in flight and the entry list it closes is final.
 */
export const claimRaffle = async (
  db: Db,
  merchant: Merchant,
  member: { id: number; type: number },
  raffleId: number,
  now = new Date(),
): Promise<RaffleClaimResponse> => {
  if (member.type === TRIAL_ACCOUNT_TYPE)
    throw new AppError('TRIAL_ACCOUNT', 'Please register an account first');
  return writeTransaction(db, async (trx) => {
    let query = trx
      .selectFrom('raffle')
      .select(COLUMNS)
      .where('id', '=', raffleId)
      .where('merchant_id', '=', merchant.id);
    if (dialectOf(trx) === 'postgres') query = query.forShare();
    const raffle = await query.executeTakeFirst();
    if (!raffle) throw notFound(raffleId);
    const at = now.toISOString();
    if (raffle.status !== 'OPEN' || at >= raffle.closes_at || at < raffle.opens_at) {
      throw new AppError('RAFFLE_CLOSED', 'Entries to this raffle are closed', {
        details: { status: raffle.status },
      });
    }
    const tickets = await earnedTickets(trx, merchant, raffle, member.id);
    if (tickets <= 0) throw new AppError('RAFFLE_NO_TICKETS', 'No ticket earned in this raffle yet');
    await trx
      .insertInto('raffle_entry')
      .values({ raffle_id: raffle.id, member_id: member.id, tickets, joined_at: at, updated_at: at })
      .onConflict((oc) =>
        oc
          .columns(['raffle_id', 'member_id'])
          .doUpdateSet({ tickets: (eb) => eb.ref('excluded.tickets'), updated_at: at }),
      )
      .execute();
    const entry = await trx
      .selectFrom('raffle_entry')
      .select(['id', 'tickets'])
      .where('raffle_id', '=', raffle.id)
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    return { raffleId: raffle.id, entryId: entry.id, tickets: entry.tickets };
  });
};

const counts = async (db: DbOrTrx, raffleIds: number[]) => {
  const rows =
    raffleIds.length === 0
      ? []
      : await db
          .selectFrom('raffle_entry')
          .select(['raffle_id'])
          .select((eb) => [
            eb.fn.countAll<number | string>().as('entries'),
            eb.fn.coalesce(eb.fn.sum<number | string>('tickets'), eb.lit(0)).as('tickets'),
          ])
          .where('raffle_id', 'in', raffleIds)
          .groupBy('raffle_id')
          .execute();
  return new Map(rows.map((r) => [r.raffle_id, { entries: Number(r.entries), tickets: Number(r.tickets) }]));
};

const toSummary = (
  raffle: RaffleRow,
  chain: readonly string[],
  count: { entries: number; tickets: number } | undefined,
  mine: RaffleSummary['mine'],
): RaffleSummary => ({
  id: raffle.id,
  code: raffle.code,
  title: pickName(JSON.parse(raffle.titles) as Record<string, string>, chain),
  basis: raffle.basis as RaffleSummary['basis'],
  unitAmount: Number(raffle.unit_amount),
  maxTickets: Number(raffle.max_tickets),
  opensAt: raffle.opens_at,
  closesAt: raffle.closes_at,
  status: raffle.status as RaffleStatus,
  prizes: JSON.parse(raffle.prizes) as number[],
  seedHash: raffle.seed_hash,
  entryCount: count?.entries ?? 0,
  ticketCount: count?.tickets ?? 0,
  mine,
});

/**
 * MCSFE_getRaffles: the brand's raffles that are open now and the five drawn last, with the
 * member's own tickets when a member asks (held, and what its records earn now).
 */
export const listRaffles = async (
  db: DbOrTrx,
  merchant: Merchant,
  member: { id: number } | null,
  language: string | undefined,
  now = new Date(),
): Promise<RaffleSummary[]> => {
  const chain = languageChain(language, merchant.defaultLanguage);
  const at = now.toISOString();
  const live = await db
    .selectFrom('raffle')
    .select(COLUMNS)
    .where('merchant_id', '=', merchant.id)
    .where('status', 'in', ['OPEN', 'CLOSED'])
    .where('opens_at', '<=', at)
    .orderBy('closes_at')
    .limit(20)
    .execute();
  const drawn = await db
    .selectFrom('raffle')
    .select(COLUMNS)
    .where('merchant_id', '=', merchant.id)
    .where('status', '=', 'DRAWN')
    .orderBy('drawn_at', 'desc')
    .limit(5)
    .execute();
  const rows = [...live, ...drawn];
  const byRaffle = await counts(
    db,
    rows.map((r) => r.id),
  );
  const held = member
    ? new Map(
        (
          await db
            .selectFrom('raffle_entry')
            .select(['raffle_id', 'id', 'tickets'])
            .where('member_id', '=', member.id)
            .where('raffle_id', 'in', rows.length > 0 ? rows.map((r) => r.id) : [0])
            .execute()
        ).map((e) => [e.raffle_id, e]),
      )
    : new Map<number, { id: number; tickets: number }>();
  const result: RaffleSummary[] = [];
  for (const raffle of rows) {
    let mine: RaffleSummary['mine'] = null;
    if (member) {
      const entry = held.get(raffle.id);
      const earned = raffle.status === 'OPEN' ? await earnedTickets(db, merchant, raffle, member.id) : 0;
      mine = { entryId: entry?.id ?? null, tickets: entry?.tickets ?? 0, earned };
    }
    result.push(toSummary(raffle, chain, byRaffle.get(raffle.id), mine));
  }
  return result;
};

const winnerQuery = (db: DbOrTrx) =>
  db
    .selectFrom('raffle_winner as w')
    .innerJoin('raffle as r', 'r.id', 'w.raffle_id')
    .innerJoin('member as m', 'm.id', 'w.member_id')
    .select(['w.raffle_id', 'w.rank', 'w.amount', 'w.drawn_at', 'r.titles', 'm.username']);

const toWinner = (
  row: {
    raffle_id: number;
    rank: number;
    amount: number;
    drawn_at: string;
    titles: string;
    username: string;
  },
  chain: readonly string[],
): RaffleWinner => ({
  raffleId: row.raffle_id,
  title: pickName(JSON.parse(row.titles) as Record<string, string>, chain),
  rank: row.rank,
  account: maskAccount(row.username),
  amount: Number(row.amount),
  drawnAt: row.drawn_at,
});

/** MCSFE_getRaffleWinners: the brand's latest winners (of one raffle, or of all), accounts masked. */
export const listRaffleWinners = async (
  db: DbOrTrx,
  merchant: Merchant,
  query: { raffleId?: number | undefined; limit: number; language?: string | undefined },
): Promise<RaffleWinner[]> => {
  const chain = languageChain(query.language, merchant.defaultLanguage);
  let rows = winnerQuery(db).where('w.merchant_id', '=', merchant.id);
  if (query.raffleId !== undefined) rows = rows.where('w.raffle_id', '=', query.raffleId);
  const page = await rows.orderBy('w.drawn_at', 'desc').orderBy('w.rank').limit(query.limit).execute();
  return page.map((r) => toWinner(r, chain));
};

const closedEntries = async (db: DbOrTrx, raffleId: number) =>
  (
    await db
      .selectFrom('raffle_entry as e')
      .innerJoin('member as m', 'm.id', 'e.member_id')
      .select(['e.id', 'e.member_id', 'e.tickets', 'm.username'])
      .where('e.raffle_id', '=', raffleId)
      .orderBy('e.id')
      .execute()
  ).map((e) => ({ entryId: e.id, memberId: e.member_id, tickets: e.tickets, username: e.username }));

/**
 * MCSFE_getRaffleDetail: the raffle with its commitment; once drawn, the revealed seed, the entry
 * list (accounts masked) and its hash, the winners, and the draw key, which is all a member needs to
 * redo the draw (the steps are in decision 0053 and on the verify view).
 */
export const getRaffleDetail = async (
  db: DbOrTrx,
  merchant: Merchant,
  raffleId: number,
  language: string | undefined,
): Promise<RaffleDetail> => {
  const chain = languageChain(language, merchant.defaultLanguage);
  const raffle = await db
    .selectFrom('raffle')
    .select(COLUMNS)
    .where('id', '=', raffleId)
    .where('merchant_id', '=', merchant.id)
    .executeTakeFirst();
  if (!raffle) throw notFound(raffleId);
  const count = (await counts(db, [raffle.id])).get(raffle.id);
  const drawn = raffle.status === 'DRAWN';
  const entries = drawn ? await closedEntries(db, raffle.id) : [];
  const winners = drawn
    ? (await winnerQuery(db).where('w.raffle_id', '=', raffle.id).orderBy('w.rank').execute()).map((r) =>
        toWinner(r, chain),
      )
    : [];
  return {
    ...toSummary(raffle, chain, count, null),
    serverSeed: drawn ? raffle.server_seed : null,
    entriesHash: drawn ? raffle.entries_hash : null,
    entries: entries.map((e) => ({
      entryId: e.entryId,
      account: maskAccount(e.username),
      tickets: e.tickets,
    })),
    winners,
    drawKey: raffleDrawKey(merchant.code, raffle.code),
  };
};

/**
 * Draws one CLOSED raffle: the row is locked (PostgreSQL) and re-read as CLOSED, the winners drawn,
 * each prize posted under its rank's key with an inbox message, and the raffle marked DRAWN by a
 * conditional update, all in one transaction. A second run, or another instance, finds it DRAWN
 * and does nothing; the ledger keys would refuse a second payment anyway.
 */
export const drawRaffle = async (db: Db, serverSecret: string, raffleId: number, now = new Date()) =>
  writeTransaction(db, async (trx) => {
    let query = trx
      .selectFrom('raffle as r')
      .innerJoin('merchant as b', 'b.id', 'r.merchant_id')
      .select(COLUMNS.map((c) => `r.${c}` as const))
      .select(['r.seed_sealed', 'b.code as brand'])
      .where('r.id', '=', raffleId)
      .where('r.status', '=', 'CLOSED');
    if (dialectOf(trx) === 'postgres') query = query.forUpdate();
    const raffle = await query.executeTakeFirst();
    if (!raffle) return false;
    const seed = openSetting(serverSecret, sealPurpose(raffle.merchant_id, raffle.code), raffle.seed_sealed);
    const entries: RaffleEntry[] = await closedEntries(trx, raffle.id);
    const prizes = JSON.parse(raffle.prizes) as number[];
    const winners = drawWinners(seed, raffleDrawKey(raffle.brand, raffle.code), entries, prizes.length);
    const at = now.toISOString();
    const house = await ledger.houseAccount(trx, raffle.merchant_id, 'PROMOTION_EXPENSE');
    for (const [i, winner] of winners.entries()) {
      const rank = i + 1;
      const amount = prizes[i]!;
      await trx
        .insertInto('raffle_winner')
        .values({
          raffle_id: raffle.id,
          merchant_id: raffle.merchant_id,
          rank,
          member_id: winner.memberId,
          entry_id: winner.entryId,
          amount,
          drawn_at: at,
        })
        .execute();
      const main = await ledger.memberAccount(trx, raffle.merchant_id, winner.memberId, 'MAIN');
      const posted = await ledger.postTransfersIn(
        trx,
        {
          merchantId: raffle.merchant_id,
          idempotencyKey: prizeKey(raffle.id, rank),
          legs: [
            {
              kind: 'PROMOTION_BONUS',
              debitAccountId: house,
              creditAccountId: main,
              amount,
              reference: `raffle:${raffle.id}`,
            },
          ],
        },
        now,
      );
      if (!posted.replayed) {
        await notifyMember(
          trx,
          {
            merchantId: raffle.merchant_id,
            memberId: winner.memberId,
            kind: 'RAFFLE_WON',
            params: { amount, rank, raffle: raffle.id },
          },
          now,
        );
      }
    }
    const updated = await trx
      .updateTable('raffle')
      .set({ status: 'DRAWN', server_seed: seed, entries_hash: seedHash(entriesText(entries)), drawn_at: at })
      .where('id', '=', raffle.id)
      .where('status', '=', 'CLOSED')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new Error(`raffle ${raffle.id} changed while drawn`);
    return true;
  });

/**
 * The draw job (leased, platform/jobs.ts): closes the raffles whose entries closed, then draws every
 * closed one. Answers how many it drew.
 */
export const drawDueRaffles = async (db: Db, serverSecret: string, now = new Date()) => {
  const at = now.toISOString();
  await db
    .updateTable('raffle')
    .set({ status: 'CLOSED', closed_at: at })
    .where('status', '=', 'OPEN')
    .where('closes_at', '<=', at)
    .execute();
  const closed = await db
    .selectFrom('raffle')
    .select('id')
    .where('status', '=', 'CLOSED')
    .orderBy('id')
    .execute();
  let drawn = 0;
  for (const raffle of closed) if (await drawRaffle(db, serverSecret, raffle.id, now)) drawn += 1;
  return drawn;
};

/** When the draw job next has work: the earliest close of an open raffle (it sleeps until then, decision 0056). */
export const nextRaffleClose = async (db: DbOrTrx): Promise<Date | undefined> => {
  const row = await db
    .selectFrom('raffle')
    .select((eb) => eb.fn.min('closes_at').as('next'))
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : undefined;
};

/** Operators: the brand's raffles, newest first. */
export const listBrandRaffles = async (db: DbOrTrx, merchant: Merchant) => {
  const rows = await db
    .selectFrom('raffle')
    .select(COLUMNS)
    .where('merchant_id', '=', merchant.id)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  const byRaffle = await counts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const { mine: _mine, ...summary } = toSummary(
      r,
      ['EN', merchant.defaultLanguage],
      byRaffle.get(r.id),
      null,
    );
    return summary;
  });
};
