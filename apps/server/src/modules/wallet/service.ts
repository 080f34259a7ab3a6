import {
  LEDGER_KINDS,
  type AccountRecordRequest,
  type BalanceResponse,
  type LedgerKind,
  type WalletTransferRequest,
  type WalletTransferResponse,
} from '@jade/contracts/wallet';
import { cacheScopeOf, type Db, type DbOrTrx } from '../../platform/db/index.js';
import { createReadCache } from '../../platform/db/read-cache.js';
import { AppError } from '../../platform/errors.js';
import { addDays, dayOf, dayWindow, startOfDay } from '../../platform/time-zone.js';
import { brandVendorsByCode, listTransferVendors } from '../games/service.js';
import { languageChain, pageCount, pageOffset, pickName } from '../games/rules.js';
import type { BrandVendor } from '../games/repo.js';
import type { Merchant } from '../merchants/repo.js';
import type { AuthenticatedSession } from '../accounts/sessions.js';
import type { RuleMember } from '../accounts/repo.js';
import { groupCommit, type OneCommit } from '../../platform/db/group-commit.js';
import * as ledger from './ledger.js';
import * as vendorWallets from './vendor-wallets.js';
import { pullVendorBets } from '../vendors/bet-pull.js';

const MAIN_NAMES: Record<string, string> = {
  EN: 'Main wallet',
  TY: 'Ví chính',
  vi: 'Ví chính',
  zh: '主钱包',
};

const vendorWallet = (code: string): ledger.MemberAccountKind => `VENDOR:${code}`;

/** Main wallet and one wallet per transfer-mode vendor the brand offers, with balances. */
export const getWalletBalances = async (
  db: DbOrTrx,
  merchant: Merchant,
  memberId: number,
  language?: string,
  transferVendors?: BrandVendor[],
  memberBalances?: ledger.Balance[],
): Promise<BalanceResponse> => {
  const chain = languageChain(language, merchant.defaultLanguage);
  const [vendors, balances] = await Promise.all([
    transferVendors ?? listTransferVendors(db, merchant.id),
    memberBalances ?? ledger.getBalances(db, merchant.id, memberId),
  ]);
  const balanceOf = (kind: string) => balances.find((b) => b.kind === kind)?.balance ?? 0;
  const wallets = [
    { wallet: 'MAIN', name: pickName(MAIN_NAMES, chain), balance: balanceOf('MAIN') },
    ...vendors.map((v) => ({
      wallet: v.code,
      name: pickName(v.names, chain),
      balance: balanceOf(vendorWallet(v.code)),
    })),
  ];
  return {
    sumBalance: wallets.reduce((sum, w) => sum + w.balance, 0),
    currency: merchant.currency,
    currencyExponent: merchant.currencyExponent,
    wallets,
  };
};

/**
 * The balance call's answer: from the member's accounts its session read brought (SQLite, the guard's
 * `withLedgerAccounts`, decision 0083), else read here.
 */
export const getSessionWalletBalances = (
  db: DbOrTrx,
  session: Pick<AuthenticatedSession<RuleMember>, 'member' | 'ledgerAccounts'> & { merchant: Merchant },
  language?: string,
) =>
  getWalletBalances(
    db,
    session.merchant,
    session.member.id,
    language,
    undefined,
    session.ledgerAccounts && ledger.balancesOfValues(session.ledgerAccounts),
  );

/** The brand's wallets (GCS_merchantWallet). */
export const getMerchantWallets = async (db: DbOrTrx, merchant: Merchant, language?: string) => {
  const chain = languageChain(language, merchant.defaultLanguage);
  const vendors = await listTransferVendors(db, merchant.id);
  return {
    wallets: [
      { wallet: 'MAIN', name: pickName(MAIN_NAMES, chain), category: null },
      ...vendors.map((v) => ({
        wallet: v.code,
        name: pickName(v.names, chain),
        category: v.category as string,
      })),
    ],
  };
};

export type TransferRunners = {
  /** Runs database-only work in one commit (the route passes `withIdempotentWrite`). */
  oneCommit: OneCommit;
  /** Runs work that calls a vendor, outside any transaction (the route passes `withIdempotency`). */
  idempotent: <T>(handler: () => Promise<T>) => Promise<T>;
};

const walletApiVendors = createReadCache<ReadonlySet<string>>();

/**
 * Moves money between the main wallet and a vendor wallet (GCS_walletTransfer), with "all back to
 * main". A vendor whose brand configured a wallet API moves through it (vendor-wallets.ts: two
 * commits around the call, pending on a timeout); any other vendor wallet settles locally.
 *
 * Local transfers: the accounts are looked up (and created) first; the legs are then worked out and
 * posted inside `oneCommit`, so the idempotency key, the ledger post and the stored answer share one
 * commit. "All back" reads the balances inside that write, so it moves exactly what they hold.
 */
export const transferBetweenWallets = async (
  db: Db,
  merchant: Merchant,
  memberId: number,
  request: WalletTransferRequest,
  idempotencyKey: string,
  runners: TransferRunners = {
    oneCommit: (write) => groupCommit(db, write),
    idempotent: (handler) => handler(),
  },
  language?: string,
): Promise<WalletTransferResponse> => {
  const vendors = await listTransferVendors(db, merchant.id);
  const apiVendors =
    (await walletApiVendors(cacheScopeOf(db), String(merchant.id), () =>
      vendorWallets.listWalletApiVendors(db, merchant.id),
    )) ?? new Set<string>();
  const main = await ledger.memberAccount(db, merchant.id, memberId, 'MAIN');
  const player = vendorWallets.transferPlayerId(merchant.code, memberId);

  if (request.direction === 'ALL_BACK') {
    const localBack = (trx: DbOrTrx) =>
      allBackLocally(db, trx, merchant, memberId, main, apiVendors, idempotencyKey);
    if (apiVendors.size === 0) {
      return runners.oneCommit(async (trx) => ({
        transfers: await localBack(trx),
        balances: await getWalletBalances(trx, merchant, memberId, language, vendors),
      }));
    }
    return runners.idempotent(async () => {
      const transfers = await groupCommit(db, localBack);
      let pending = false;
      for (const balance of await ledger.getBalances(db, merchant.id, memberId)) {
        const code = balance.kind.startsWith('VENDOR:') ? balance.kind.slice('VENDOR:'.length) : '';
        const api = apiVendors.has(code)
          ? await vendorWallets.findWalletApi(db, merchant.id, code)
          : undefined;
        if (!api) continue;
        // The vendor's rounds since the last pull change what its wallet holds: read them first.
        const held = await balanceAfterPull(db, merchant, memberId, code, api, balance.balance);
        if (held <= 0) continue;
        const result = await vendorWallets.transferWithVendor(db, api, {
          merchantId: merchant.id,
          memberId,
          player,
          vendorCode: code,
          direction: 'OUT',
          amount: held,
          idempotencyKey: `${idempotencyKey}:${code}`,
        });
        transfers.push({ id: result.transferId, from: code, to: 'MAIN', amount: held });
        pending ||= result.status === 'PENDING';
      }
      return {
        transfers,
        balances: await getWalletBalances(db, merchant, memberId, language, vendors),
        ...(pending ? { pending } : {}),
      };
    });
  }

  const vendor = vendors.find((v) => v.code === request.vassalage);
  if (!vendor) {
    throw new AppError('VENDOR_NOT_FOUND', `No transfer wallet '${request.vassalage}' for this brand`, {
      details: { vassalage: request.vassalage },
    });
  }
  const amount = request.amount as number;
  const [from, to] = request.direction === 'IN' ? ['MAIN', vendor.code] : [vendor.code, 'MAIN'];
  if (apiVendors.has(vendor.code)) {
    return runners.idempotent(async () => {
      const api = await vendorWallets.findWalletApi(db, merchant.id, vendor.code);
      if (!api) throw new AppError('VENDOR_NOT_FOUND', `No transfer wallet '${vendor.code}' for this brand`);
      if (request.direction === 'OUT')
        await pullVendorBets(db, merchant, vendor.code, api).catch(() => undefined);
      const result = await vendorWallets.transferWithVendor(db, api, {
        merchantId: merchant.id,
        memberId,
        player,
        vendorCode: vendor.code,
        direction: request.direction as 'IN' | 'OUT',
        amount,
        idempotencyKey,
      });
      return {
        transfers: [{ id: result.transferId, from, to, amount }],
        balances: await getWalletBalances(db, merchant, memberId, language, vendors),
        ...(result.status === 'PENDING' ? { pending: true } : {}),
      };
    });
  }
  const wallet = await ledger.memberAccount(db, merchant.id, memberId, vendorWallet(vendor.code));
  const answerOf = async (ids: number[], balances: ledger.Balance[]) => ({
    transfers: ids.map((id) => ({ id, from, to, amount })),
    balances: await getWalletBalances(db, merchant, memberId, language, vendors, balances),
  });
  return runners.oneCommit(
    async (trx, answerKey) => {
      const [debit, credit] = request.direction === 'IN' ? [main, wallet] : [wallet, main];
      const posted = await ledger.postTransfersWithin(
        db,
        trx,
        {
          merchantId: merchant.id,
          idempotencyKey: `wallet:${memberId}:${idempotencyKey}`,
          legs: [
            {
              kind: request.direction === 'IN' ? 'WALLET_IN' : 'WALLET_OUT',
              debitAccountId: debit,
              creditAccountId: credit,
              amount,
              reference: `member:${memberId}`,
            },
          ],
        },
        undefined,
        // PostgreSQL reads the balances in the post's own statement (decision 0071), and writes the
        // request's key with them and commits there (decision 0101): nothing runs in `trx` after it.
        { balancesOf: memberId, answerKey },
      );
      const balances = posted.balances ?? (await ledger.getBalancesWithin(db, trx, merchant.id, memberId));
      return answerOf(
        posted.transfers.map((t) => t.id),
        balances,
      );
    },
    // A retry whose first answer the post stored as its record: the same transfer and balances.
    (stored) => {
      const record = ledger.postRecordOf(stored);
      return answerOf(record.ids, record.balances);
    },
  );
};

/**
 * A vendor wallet's balance once the vendor's rounds since the last pull are in (a vendor that cannot
 * be read leaves it as it was: its transfer will tell).
 */
const balanceAfterPull = async (
  db: Db,
  merchant: Merchant,
  memberId: number,
  vendorCode: string,
  api: vendorWallets.VendorWalletApi,
  before: number,
) => {
  const { pulled } = await pullVendorBets(db, merchant, vendorCode, api).catch(() => ({ pulled: 0 }));
  if (pulled === 0) return before;
  const account = await ledger.memberAccount(db, merchant.id, memberId, vendorWallet(vendorCode));
  return ledger.getAccountBalance(db, account);
};

/** Every locally settled vendor wallet with money goes back to main, in one post. */
const allBackLocally = async (
  db: Db,
  trx: DbOrTrx,
  merchant: Merchant,
  memberId: number,
  main: number,
  apiVendors: ReadonlySet<string>,
  idempotencyKey: string,
) => {
  const legs: (ledger.Leg & { from: string })[] = [];
  for (const balance of await ledger.getBalancesWithin(db, trx, merchant.id, memberId)) {
    const code = balance.kind.startsWith('VENDOR:') ? balance.kind.slice('VENDOR:'.length) : '';
    if (code && !apiVendors.has(code) && balance.balance > 0) {
      legs.push({
        kind: 'WALLET_OUT',
        debitAccountId: balance.accountId,
        creditAccountId: main,
        amount: balance.balance,
        from: code,
      });
    }
  }
  if (legs.length === 0) return [];
  const posted = await ledger.postTransfersWithin(db, trx, {
    merchantId: merchant.id,
    idempotencyKey: `wallet:${memberId}:${idempotencyKey}`,
    legs: legs.map(({ from: _from, ...leg }) => ({ ...leg, reference: `member:${memberId}` })),
  });
  return posted.transfers.map((t, i) => ({ id: t.id, from: legs[i]!.from, to: 'MAIN', amount: t.amount }));
};

/** Credits play money to a trial (free-play) account from the brand's PLAY_MONEY house account. */
export const fundTrialAccount = async (db: Db, merchantId: number, memberId: number, amount: number) => {
  if (amount <= 0) return;
  await ledger.postTransfer(db, {
    merchantId,
    idempotencyKey: `trial-funding:${memberId}`,
    kind: 'PLAY_MONEY',
    debitAccountId: await ledger.houseAccount(db, merchantId, 'PLAY_MONEY'),
    creditAccountId: await ledger.memberAccount(db, merchantId, memberId, 'MAIN'),
    amount,
  });
};

/** The account record's kind filter: the ledger kinds each choice shows (ALL: every one). */
const RECORD_KINDS: Record<AccountRecordRequest['kind'], readonly LedgerKind[] | null> = {
  ALL: null,
  DEPOSIT: ['DEPOSIT'],
  WITHDRAWAL: ['WITHDRAWAL_HOLD', 'WITHDRAWAL_RELEASE', 'WITHDRAWAL'],
  // The game wallets' transfers both ways, and their settlement once the vendor answers.
  WALLET: LEDGER_KINDS.filter((kind) => kind.startsWith('WALLET_')),
  UPLINE: ['UPLINE_TRANSFER'],
  PLAY_MONEY: ['PLAY_MONEY'],
};

/**
 * The §9 date range as [from, to) ISO instants; explicit yyyy-MM-dd dates win. Days are the brand's
 * (its time zone's, decision 0038).
 */
export const recordWindow = (
  request: AccountRecordRequest,
  timeZone: string,
  now = new Date(),
): [string, string] => {
  if (request.from || request.to) {
    const from = request.from
      ? startOfDay(timeZone, request.from).toISOString()
      : new Date(now.getTime() - 30 * 86_400_000).toISOString();
    const to = request.to ? dayWindow(timeZone, request.to).end.toISOString() : now.toISOString();
    return [from, to];
  }
  const today = dayOf(timeZone, now);
  const ahead = { NEXT_7: 6, NEXT_30: 29 }[request.range as 'NEXT_7' | 'NEXT_30'];
  if (ahead !== undefined)
    return [
      startOfDay(timeZone, today).toISOString(),
      dayWindow(timeZone, addDays(today, ahead)).end.toISOString(),
    ];
  const days = { TODAY: 0, PAST_7: 7, PAST_30: 30 }[request.range as 'TODAY' | 'PAST_7' | 'PAST_30'];
  const from = startOfDay(timeZone, addDays(today, -days));
  return [from.toISOString(), new Date(now.getTime() + 1).toISOString()];
};

/**
 * The member's account record (ODSFE2_MemTransDet): one line per movement of one of the member's
 * accounts, signed from the member's side, newest first.
 */
export const getAccountRecord = async (
  db: DbOrTrx,
  merchant: { id: number; timeZone: string; defaultLanguage: string },
  member: { id: number; language: string | null },
  request: AccountRecordRequest,
  now = new Date(),
) => {
  const merchantId = merchant.id;
  const memberId = member.id;
  const [from, to] = recordWindow(request, merchant.timeZone, now);
  const kinds = RECORD_KINDS[request.kind];
  let base = db
    .selectFrom('ledger_transfer as t')
    .innerJoin('ledger_account as a', (join) =>
      join.on((eb) =>
        eb.or([
          eb('a.id', '=', eb.ref('t.debit_account_id')),
          eb('a.id', '=', eb.ref('t.credit_account_id')),
        ]),
      ),
    )
    .where('a.merchant_id', '=', merchantId)
    .where('a.member_id', '=', memberId)
    // Points are not money: their movements are the points mall's history (decision 0046).
    .where('a.kind', '!=', 'POINTS')
    .where('t.created_at', '>=', from)
    .where('t.created_at', '<', to);
  if (kinds) base = base.where('t.kind', 'in', kinds);
  const total = Number(
    (await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n,
  );
  const rows = await base
    .select([
      't.id',
      't.created_at',
      't.kind',
      't.amount',
      't.reference',
      't.credit_account_id',
      'a.id as account_id',
      'a.kind as account_kind',
    ])
    // Newest first by the movement's time, not by when its row was written: a rebate paid today for an
    // earlier day, or a vendor's late settlement, is dated when it happened. Same plan as by id (the
    // member's movements in the window, sorted).
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .orderBy('a.id')
    .limit(request.pageSize)
    .offset(pageOffset(request.pageNo, request.pageSize))
    .execute();
  // A game round's movement names its vendor, as the member reads it (the brand's vendors are
  // memoised; a page reads them once, and only when it holds a round).
  const chain = languageChain(member.language ?? undefined, merchant.defaultLanguage);
  const isRound = (reference: string | null) => reference?.startsWith('round:') ?? false;
  const vendors = rows.some((r) => isRound(r.reference))
    ? await brandVendorsByCode(db, merchantId)
    : new Map<string, BrandVendor>();
  const vendorNameOf = (reference: string | null) => {
    const vendor = isRound(reference) ? vendors.get(reference!.split(':')[1]!) : undefined;
    return vendor ? pickName(vendor.names, chain) : null;
  };
  return {
    records: rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at,
      kind: r.kind,
      amount: r.credit_account_id === r.account_id ? r.amount : -r.amount,
      wallet: r.account_kind.startsWith('VENDOR:') ? r.account_kind.slice('VENDOR:'.length) : r.account_kind,
      reference: r.reference,
      vendor: vendorNameOf(r.reference),
    })),
    pageNum: request.pageNo,
    totalPages: pageCount(total, request.pageSize),
    totalCount: total,
    owed: await owedByMember(db, merchantId, memberId),
  };
};

/**
 * What corrected lottery results could not take back from the member (their main wallet held less):
 * shown with the account record, whatever its date range, until the back office collects it.
 */
const owedByMember = async (db: DbOrTrx, merchantId: number, memberId: number) =>
  (
    await db
      .selectFrom('lottery_bet_adjustment as a')
      .innerJoin('lottery_bet as b', 'b.id', 'a.bet_id')
      .innerJoin('lottery_draw as d', 'd.id', 'b.draw_id')
      .select(['d.game_id', 'd.draw_no', 'a.owed', 'a.created_at'])
      .where('b.merchant_id', '=', merchantId)
      .where('b.member_id', '=', memberId)
      .where('a.owed', '>', 0)
      .orderBy('a.id', 'desc')
      .execute()
  ).map((row) => ({
    gameCode: row.game_id,
    numero: row.draw_no,
    amount: Number(row.owed),
    createdAt: row.created_at,
  }));
