import type { BET_RECORD_RANGES } from '@jade/contracts/games';
import { GAME_LIST_PAGE_SIZE } from '@jade/contracts/constants';
import {
  CATEGORY_NAVIGATION,
  catalogueFile,
  categoryPoint,
  type CatalogueFile,
  type GameCategory,
  type GameItem,
  type GameListResponse,
  type GameMenusResponse,
  type GameVendorRequest,
  type GameVendorResponse,
  type HotGamesRequest,
  type LanguageQuery,
  type LotteryMenuQuery,
  type LotteryMenuResponse,
  type PopularQuery,
  type VendorGameTypesRequest,
  type VendorGameTypesResponse,
  type VendorItem,
  type VendorLanesQuery,
  type VendorLanesResponse,
  type BetRecordDetail,
  type BetRecordResponse,
  vendorBetDetail,
  type betRecordRequest,
  type profitRequest,
  type ProfitResponse,
  type rankListRequest,
  type RankListResponse,
  type RoomListResponse,
  MAX_FAVOURITES,
} from '@jade/contracts/games';
import type { z } from 'zod';
import { cacheScopeOf, type Db, type DbOrTrx } from '../../platform/db/index.js';
import { createReadCache } from '../../platform/db/read-cache.js';
import { AppError } from '../../platform/errors.js';
import { parseImportFile } from '../../platform/import-file.js';
import { addDays, dayOf } from '../../platform/time-zone.js';
import type { Merchant } from '../merchants/repo.js';
import demoCatalogue from './demo-catalogue.json' with { type: 'json' };
import * as betRecords from './bet-records.js';
import * as repo from './repo.js';
import { vendorsNotOffered } from '../lottery/prize-modes.js';
import { listConnectedVendorCodes } from '../vendors/connections.js';
import { listWalletApiVendors } from '../wallet/vendor-wallets.js';
import {
  assertSameBrand,
  containsPattern,
  languageChain,
  pageCount,
  pageOffset,
  pickName,
  searchTextOf,
} from './rules.js';

/** At most this many games in one answer that is not paged (hot lists, lottery menus). */
const MAX_UNPAGED_GAMES = 200;
const LOTTERY_CATEGORIES: GameCategory[] = ['LOTT', 'ELOTT'];

const toVendorItem = (vendor: repo.Vendor, chain: string[]): VendorItem => ({
  vassalage: vendor.code,
  gameCategory: vendor.category,
  vendorName: pickName(vendor.names, chain),
  logo: vendor.logo,
  walletMode: vendor.walletMode,
  supportPlay: vendor.supportPlay,
  tags: vendor.tags,
});

const toGameItem = (game: repo.Game, chain: string[]): GameItem => ({
  vassalage: game.vendorCode,
  gameName: pickName(game.names, chain),
  nodeName: game.nodeName,
  showIcon: game.showIcon,
  supportPlay: game.supportPlay,
  gameId: game.gameId,
  nodeId: game.nodeId,
  roomId: game.roomId,
  accountTypeName: game.accountTypeName,
  isHot: game.isHot,
  minBet: game.minBet,
  minLineNum: game.minLineNum,
  gameType: game.gameType,
  classification: game.classification,
  isGame: game.isGame,
  code: game.code,
  defaultPlayType: game.defaultPlayType,
});

/**
 * Where each of the brand's vendors can be reached from (decision 0029): a seamless vendor through a
 * signed connection (vendor_connection), a transfer-wallet one through its wallet API
 * (vendor_wallet_api). Read on every list call: memoised on SQLite, where a write to either table
 * makes the memo stale (platform/db/read-cache.ts).
 */
const reachCache = createReadCache<{ seamless: Set<string>; transfer: Set<string> }>();
const vendorReach = async (db: DbOrTrx, merchantId: number) =>
  // The load always answers, so the memo does too.
  (await reachCache(cacheScopeOf(db), String(merchantId), async () => ({
    seamless: await listConnectedVendorCodes(db, merchantId),
    transfer: await listWalletApiVendors(db, merchantId),
  })))!;

/**
 * Whether a vendor's games can open for this brand (decision 0029): a lottery vendor's games open the
 * platform's own lottery pages; every other vendor needs the way to reach it that its wallet mode
 * needs (vendors/adapters.ts): the launch answers GAME_UNAVAILABLE for one without.
 */
const isReachable = (
  vendor: { code: string; category: GameCategory; walletMode: string },
  reach: { seamless: Set<string>; transfer: Set<string> },
) =>
  LOTTERY_CATEGORIES.includes(vendor.category) ||
  (vendor.walletMode === 'TRANSFER' ? reach.transfer : reach.seamless).has(vendor.code);

/**
 * The vendors members are not offered, on every list and at launch: a lottery vendor whose prize mode
 * is off, and a vendor the brand has no working connection to (a game that cannot open is never shown).
 */
const vendorsNotPlayable = async (db: DbOrTrx, merchant: Merchant): Promise<Set<string>> => {
  const off = await vendorsNotOffered(db, merchant);
  const reach = await vendorReach(db, merchant.id);
  for (const vendor of await repo.listBrandVendors(db, merchant.id, { includeDisabled: true }))
    if (!isReachable(vendor, reach)) off.add(vendor.code);
  return off;
};

/** Whether members are offered this vendor of the brand: enabled, reachable and its prize mode on. */
export const isVendorOffered = async (db: DbOrTrx, merchant: Merchant, vendor: repo.BrandVendor) =>
  vendor.isEnabled && !(await vendorsNotPlayable(db, merchant)).has(vendor.code);

/**
 * An enabled vendor of the brand that members are offered; unknown, foreign, disabled and unreachable
 * vendors all look the same. Found in the memoised vendor list: no statement (decision 0073).
 */
const getEnabledVendor = async (
  db: DbOrTrx,
  merchant: Merchant,
  code: string,
  off?: Set<string>,
): Promise<repo.BrandVendor> => {
  const vendor = (await repo.listBrandVendors(db, merchant.id)).find((v) => v.code === code);
  if (!vendor || (off ?? (await vendorsNotPlayable(db, merchant))).has(vendor.code)) {
    throw new AppError('VENDOR_NOT_FOUND', `No vendor '${code}' is offered by this brand`, {
      details: { vassalage: code },
    });
  }
  return vendor;
};

/**
 * What the catalogue answers members ask for (a page of games, hot games, a lottery menu, a vendor's
 * game types) are kept in memory until the catalogue changes (decision 0073): a call whose answer is
 * kept sends no statement. `catalogueEpochs` hands out one object for as long as no watched table
 * changed (read-cache.ts: this process's writes, the SQLite file's version, PostgreSQL's change bus),
 * and a new one once any did; an answer is served only with the epoch it was computed under, so a
 * change by any instance or the CLI retires every kept answer at once. Inside a transaction, or while
 * the change bus does not listen, every call gets a new epoch: nothing kept is served. The answers
 * kept hold at most MAX_KEPT_GAMES games in all (an answer counts its games, at least one), whatever
 * their keys (a search term is one); the least recently used goes first: memory stays bounded.
 */
const catalogueEpochs = createReadCache<object>();
/** About a thousand pages of 24 games, some 25 MB. */
const MAX_KEPT_GAMES = 24_000;
const answers = new Map<string, { epoch: object; value: unknown; games: number }>();
let keptGames = 0;

/**
 * The answer for `key` under the catalogue as it is now: kept, or loaded (and kept); `games` tells
 * how many games it holds. Never mutate it.
 */
const catalogueAnswer = async <T>(
  db: DbOrTrx,
  key: unknown[],
  load: () => Promise<T>,
  games: (value: T) => number,
): Promise<T> => {
  const epoch = (await catalogueEpochs(cacheScopeOf(db), 'catalogue', async () => ({})))!;
  const id = JSON.stringify(key);
  const kept = answers.get(id);
  if (kept) {
    answers.delete(id);
    if (kept.epoch === epoch) {
      // Most recently used last: the first key is the next to go.
      answers.set(id, kept);
      return kept.value as T;
    }
    keptGames -= kept.games;
  }
  // Loaded after the epoch was taken: a change that races with the load retires that epoch, so what
  // the load read before the change is never served after it.
  const value = await load();
  const entry = { epoch, value, games: Math.max(1, games(value)) };
  const before = answers.get(id);
  if (before) keptGames -= before.games;
  answers.delete(id);
  answers.set(id, entry);
  keptGames += entry.games;
  for (const [oldest, { games: count }] of answers) {
    if (keptGames <= MAX_KEPT_GAMES) break;
    answers.delete(oldest);
    keptGames -= count;
  }
  return value;
};

/** The vendors of a list the brand offers members (vendorsNotPlayable). */
const offeredVendors = async <V extends { code: string }>(db: DbOrTrx, merchant: Merchant, vendors: V[]) => {
  const off = await vendorsNotPlayable(db, merchant);
  return vendors.filter((vendor) => !off.has(vendor.code));
};

/**
 * §2 category navigation, each entry with the vendors members are offered; the web hides a category
 * with none (nothing to play).
 */
export const getGameMenus = async (
  db: DbOrTrx,
  merchant: Merchant,
  query: LanguageQuery,
): Promise<GameMenusResponse> => {
  const chain = languageChain(query.language, merchant.defaultLanguage);
  const vendors = await offeredVendors(db, merchant, await repo.listBrandVendors(db, merchant.id));
  return CATEGORY_NAVIGATION.map((entry) => ({
    ...entry,
    point: categoryPoint(entry.gameType),
    vendors: vendors.filter((v) => v.category === entry.gameType).map((v) => toVendorItem(v, chain)),
  }));
};

/**
 * The lottery lobbies' menu: every LOTT and ELOTT vendor of the brand with its games, but a lottery
 * vendor whose prize mode the brand does not offer.
 */
export const getLotteryMenu = async (
  db: DbOrTrx,
  merchant: Merchant,
  query: LotteryMenuQuery,
): Promise<LotteryMenuResponse> => {
  const chain = languageChain(query.language, merchant.defaultLanguage);
  const off = await vendorsNotPlayable(db, merchant);
  const vendors = (
    query.vassalage
      ? [await getEnabledVendor(db, merchant, query.vassalage, off)]
      : await repo.listBrandVendors(db, merchant.id, { categories: LOTTERY_CATEGORIES })
  ).filter((vendor) => !off.has(vendor.code));
  return await catalogueAnswer(
    db,
    [merchant.id, 'lotteryMenu', chain, vendors.map((vendor) => vendor.id)],
    async () =>
      await Promise.all(
        vendors.map(async (vendor) => ({
          ...toVendorItem(vendor, chain),
          games: (
            await repo.listGames(
              db,
              merchant.id,
              { vendorId: vendor.id },
              { limit: MAX_UNPAGED_GAMES, offset: 0 },
            )
          ).map((g) => toGameItem(g, chain)),
        })),
      ),
    (menu) => menu.reduce((sum, vendor) => sum + vendor.games.length, 0),
  );
};

const listHot = async (
  db: DbOrTrx,
  merchant: Merchant,
  input: { language?: string; vassalage?: string; gameType?: GameCategory; size?: number },
): Promise<GameItem[]> => {
  const chain = languageChain(input.language, merchant.defaultLanguage);
  const off = await vendorsNotPlayable(db, merchant);
  const vendor = input.vassalage ? await getEnabledVendor(db, merchant, input.vassalage, off) : undefined;
  const filter: repo.GameFilter = {
    isHotOnly: true,
    excludeVendorCodes: [...off].sort(),
    ...(vendor && { vendorId: vendor.id }),
    ...(input.gameType && { gameType: input.gameType }),
  };
  const limit = input.size ?? MAX_UNPAGED_GAMES;
  return await catalogueAnswer(
    db,
    [merchant.id, 'hot', chain, filter, limit],
    async () =>
      (await repo.listGames(db, merchant.id, filter, { limit, offset: 0 })).map((g) => toGameItem(g, chain)),
    (games) => games.length,
  );
};

/** /lgw/games/popular: hot games of the brand's enabled vendors, in brand order. */
export const getPopularGames = async (db: DbOrTrx, merchant: Merchant, query: PopularQuery) =>
  await listHot(db, merchant, { ...query, size: query.size ?? GAME_LIST_PAGE_SIZE });

/** GCSGAME_hotGamesV2: the same hot list; the platform text is accepted as the spec sends it. */
export const getHotGames = async (db: DbOrTrx, merchant: Merchant, input: HotGamesRequest) => {
  assertSameBrand(merchant, input.merchantCode);
  return await listHot(db, merchant, input);
};

export type GameListInput = {
  merchant?: string;
  merchantCode?: string;
  gameName?: string;
  minBet?: number;
  minLineNum?: number;
  pageNo?: number;
  pageSize?: number;
  vassalage?: string;
  language?: string;
  gameType?: GameCategory;
  classification?: string;
};

/** §7 game list: one page of the brand's games, 24 a page unless asked otherwise. */
export const listGames = async (
  db: DbOrTrx,
  merchant: Merchant,
  input: GameListInput,
): Promise<GameListResponse> => {
  assertSameBrand(merchant, input.merchant, input.merchantCode);
  const chain = languageChain(input.language, merchant.defaultLanguage);
  const off = await vendorsNotPlayable(db, merchant);
  const vendor = input.vassalage ? await getEnabledVendor(db, merchant, input.vassalage, off) : undefined;
  const search = input.gameName?.trim().toLowerCase();
  const filter: repo.GameFilter = {
    excludeVendorCodes: [...off].sort(),
    ...(vendor && { vendorId: vendor.id }),
    ...(input.gameType && { gameType: input.gameType }),
    ...(input.classification && { classification: input.classification }),
    ...(search && { searchPattern: containsPattern(search) }),
    ...(input.minBet !== undefined && { minBet: input.minBet }),
    ...(input.minLineNum !== undefined && { minLineNum: input.minLineNum }),
  };
  const pageNo = input.pageNo ?? 1;
  const pageSize = input.pageSize ?? GAME_LIST_PAGE_SIZE;
  // One answer per (brand, filter, language, page), kept until the catalogue changes (decision 0073).
  return await catalogueAnswer(
    db,
    [merchant.id, 'list', chain, filter, pageNo, pageSize],
    async () => {
      const [totalCount, games] = await Promise.all([
        repo.countGames(db, merchant.id, filter),
        repo.listGames(db, merchant.id, filter, { limit: pageSize, offset: pageOffset(pageNo, pageSize) }),
      ]);
      return {
        games: games.map((g) => toGameItem(g, chain)),
        pageNum: pageNo,
        totalPages: pageCount(totalCount, pageSize),
        totalCount,
      };
    },
    (page) => page.games.length,
  );
};

/** §3 vendor lanes: one lane a category that has enabled vendors, in navigation order. */
export const getVendorLanes = async (
  db: DbOrTrx,
  merchant: Merchant,
  query: VendorLanesQuery,
): Promise<VendorLanesResponse> => {
  assertSameBrand(merchant, query.merchantCode);
  const chain = languageChain(query.language, merchant.defaultLanguage);
  const vendors = await offeredVendors(db, merchant, await repo.listBrandVendors(db, merchant.id));
  return CATEGORY_NAVIGATION.map((entry) => ({
    title: entry.gameType,
    enName: entry.enName,
    cards: vendors.filter((v) => v.category === entry.gameType).map((v) => toVendorItem(v, chain)),
  })).filter((lane) => lane.cards.length > 0);
};

/** GCSGAME_getVassGameType: the game types of one vendor with their classifications and counts. */
export const getVendorGameTypes = async (
  db: DbOrTrx,
  merchant: Merchant,
  input: VendorGameTypesRequest,
): Promise<VendorGameTypesResponse> => {
  assertSameBrand(merchant, input.merchantCode);
  const vendor = await getEnabledVendor(db, merchant, input.vassalage);
  return await catalogueAnswer(
    db,
    [merchant.id, 'gameTypes', vendor.id],
    async () => {
      const byType = new Map<
        GameCategory,
        { gameType: GameCategory; classifications: string[]; count: number }
      >();
      for (const row of await repo.listVendorGameTypes(db, vendor.id)) {
        const entry = byType.get(row.gameType) ?? { gameType: row.gameType, classifications: [], count: 0 };
        entry.count += row.count;
        if (row.classification) entry.classifications.push(row.classification);
        byType.set(row.gameType, entry);
      }
      return { vassalage: vendor.code, gameTypes: [...byType.values()] };
    },
    (types) => types.gameTypes.length,
  );
};

/** GCSGAME_gameVendor: the brand's enabled vendors and the sorting entries per category. */
export const getGameVendors = async (
  db: DbOrTrx,
  merchant: Merchant,
  input: GameVendorRequest,
): Promise<GameVendorResponse> => {
  assertSameBrand(merchant, input.merchantCode);
  const chain = languageChain(input.language, merchant.defaultLanguage);
  const vendors = await offeredVendors(
    db,
    merchant,
    await repo.listBrandVendors(db, merchant.id, input.gameCategory ? { category: input.gameCategory } : {}),
  );
  return {
    vendors: vendors.map((v) => toVendorItem(v, chain)),
    sorting: CATEGORY_NAVIGATION.map((entry) => ({
      gameCategory: entry.gameType,
      vendors: vendors.filter((v) => v.category === entry.gameType).map((v) => v.code),
    })).filter((entry) => entry.vendors.length > 0),
  };
};

// ---- Operator side: import and per-brand switches ----

/** A catalogue file checked against the contract; every bad field is named by its path. */
export const parseCatalogue = (json: unknown, source = 'catalogue'): CatalogueFile =>
  parseImportFile(catalogueFile, json, source);

export type ImportResult = { vendors: number; games: number };

/**
 * Upserts the file's vendors and games (matched by vendor code and gameId) and offers every
 * vendor to the brand, enabled: vendors new to the brand go after its others in the file's order,
 * known ones keep their place. Games missing from the file are kept.
 */
export const importCatalogue = async (
  db: Db,
  merchantId: number,
  file: CatalogueFile,
): Promise<ImportResult> => {
  const now = new Date().toISOString();
  return await db.transaction().execute(async (trx) => {
    let games = 0;
    let sortOrder = await repo.maxBrandSortOrder(trx, merchantId);
    for (const vendor of file.vendors) {
      const vendorId = await repo.upsertVendor(
        trx,
        {
          code: vendor.code,
          category: vendor.category,
          walletMode: vendor.walletMode,
          supportPlay: vendor.supportPlay,
          logo: vendor.logo ?? `/media/vendors/${vendor.code}.svg`,
          names: vendor.names,
          tags: vendor.tags,
        },
        now,
      );
      await repo.upsertGames(
        trx,
        vendorId,
        vendor.games.map((game, sortOrder) => ({
          gameId: game.gameId,
          nodeId: game.nodeId,
          roomId: game.roomId,
          names: game.names,
          nodeName: game.nodeName,
          // No icon in the file: none is advertised (the web draws the initials, no failed request).
          showIcon: game.showIcon ?? '',
          isHot: game.isHot,
          accountTypeName: game.accountTypeName ?? vendor.code,
          minBet: game.minBet,
          maxBet: game.maxBet,
          minLineNum: game.minLineNum,
          gameType: game.gameType ?? vendor.category,
          classification: game.classification,
          isGame: game.isGame,
          code: game.code,
          defaultPlayType: game.defaultPlayType,
          searchText: searchTextOf(game.gameId, game.names),
          sortOrder,
        })),
        now,
      );
      for (const game of vendor.games) await repo.replaceGameRooms(trx, vendorId, game.gameId, game.rooms);
      sortOrder += 10;
      await repo.enableBrandVendor(trx, merchantId, vendorId, sortOrder);
      games += vendor.games.length;
    }
    return { vendors: file.vendors.length, games };
  });
};

/** Switches a vendor the brand carries on or off; an unknown vendor is an error. */
export const setVendorEnabled = async (db: DbOrTrx, merchantId: number, code: string, isEnabled: boolean) => {
  const vendor = await repo.findBrandVendor(db, merchantId, code);
  if (!vendor) {
    throw new AppError('VENDOR_NOT_FOUND', `The brand does not carry a vendor '${code}'`, {
      details: { vassalage: code },
    });
  }
  await repo.setBrandVendorEnabled(db, merchantId, vendor.id, isEnabled);
};

/**
 * Every vendor the brand carries, enabled or not, with its game count and whether the brand can reach
 * it (an operator sees the vendors members are not offered, to configure their connection).
 */
export const listCatalogue = async (db: DbOrTrx, merchantId: number) => {
  const [vendors, counts, reach] = await Promise.all([
    repo.listBrandVendors(db, merchantId, { includeDisabled: true }),
    repo.countGamesByVendor(db),
    vendorReach(db, merchantId),
  ]);
  return vendors.map((v) => ({
    code: v.code,
    category: v.category,
    name: pickName(v.names, ['EN']),
    walletMode: v.walletMode,
    isEnabled: v.isEnabled,
    isConnected: isReachable(v, reach),
    sortOrder: v.sortOrder,
    games: counts.get(v.id) ?? 0,
  }));
};

/** The demo brand's catalogue (demo-catalogue.json), through the same path as the CLI import. */
/** The demo catalogue, with the art the web app ships for each game (apps/web/scripts/generate-media.mjs). */
export const seedDemoCatalogue = async (db: Db, merchantId: number): Promise<ImportResult> => {
  const catalogue = parseCatalogue(demoCatalogue, 'demo-catalogue.json');
  for (const vendor of catalogue.vendors)
    for (const game of vendor.games) game.showIcon ??= demoGameArt(vendor.code, game.gameId);
  return importCatalogue(db, merchantId, catalogue);
};

export const demoGameArt = (vendorCode: string, gameId: string) =>
  `/media/games/${vendorCode}/${encodeURIComponent(gameId)}.svg`;

/** The brand's enabled vendors that keep a wallet of their own (transfer mode), for the wallet module. */
export const listTransferVendors = async (db: DbOrTrx, merchantId: number) =>
  (await repo.listBrandVendors(db, merchantId)).filter((v) => v.walletMode === 'TRANSFER');

/** The category a round of this game counts under (betting records); undefined for a game not in the catalogue. */
export const gameCategoryOf = async (db: DbOrTrx, vendorCode: string, gameId: string) =>
  (await repo.findGameCategory(db, vendorCode, gameId)) ?? undefined;

/**
 * A game's category and bet limits (the catalogue's minBet, maxBet), for the wallet calls; undefined
 * for a game not in the catalogue.
 */
export const gameRulesOf = async (db: DbOrTrx, vendorCode: string, gameId: string) =>
  (await repo.findGameRules(db, vendorCode, gameId)) ?? undefined;

/** Whether a stake is outside a game's limits: below its minimum or above its maximum. */
export const outsideLimits = (rules: { minBet: number; maxBet: number | null } | undefined, stake: number) =>
  rules !== undefined && (stake < rules.minBet || (rules.maxBet !== null && stake > rules.maxBet));

/** The vendor as the brand offers it (enabled or not), or undefined when the brand does not carry it. */
export const findBrandVendor = async (db: DbOrTrx, merchantId: number, code: string) =>
  (await repo.listBrandVendors(db, merchantId, { includeDisabled: true })).find((v) => v.code === code);

/** Every vendor of the brand, enabled or not, by its code (a page that names many, looked up once). */
export const brandVendorsByCode = async (db: DbOrTrx, merchantId: number) =>
  new Map((await repo.listBrandVendors(db, merchantId, { includeDisabled: true })).map((v) => [v.code, v]));

/** A game the brand offers (its vendor enabled), or undefined. */
export const findBrandGame = (db: DbOrTrx, merchantId: number, vendorCode: string, gameId: string) =>
  repo.findBrandGame(db, merchantId, vendorCode, gameId);

/**
 * The brand's days (its time zone's, decision 0038) a personalHistoryCopy or personalProfit request covers: today back 0, 6 or 29 days
 * (the window of 1, 7 or 30 days), or the days given. Both pages read it, so that their totals over
 * a range agree (issue 20 item 4).
 */
type BetRecordRange = (typeof BET_RECORD_RANGES)[number];

export const dayRange = (
  request: { range: BetRecordRange; from?: string | undefined; to?: string | undefined },
  timeZone: string,
  now: Date,
) => {
  const today = dayOf(timeZone, now);
  // Days before today (a past range) or after it (a next range, §9), today always in.
  const back = { TODAY: 0, PAST_7: 6, PAST_30: 29, NEXT_7: 0, NEXT_30: 0 }[request.range];
  const ahead = { TODAY: 0, PAST_7: 0, PAST_30: 0, NEXT_7: 6, NEXT_30: 29 }[request.range];
  const from = request.from ?? addDays(today, -back);
  const to = request.to ?? addDays(today, ahead);
  if (from > to) throw new AppError('BAD_REQUEST', 'The start date is after the end date');
  return { from, to };
};

/** A stored vendor detail, or null where it is missing or not one this version reads. */
const parseVendorDetail = (text: string | null): BetRecordDetail | null => {
  if (!text) return null;
  try {
    const parsed = vendorBetDetail.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** The lottery tickets behind records: bet type, numbers and draw, by record id. */
const lotteryDetails = async (db: DbOrTrx, recordIds: number[]) => {
  const details = new Map<number, BetRecordDetail>();
  if (recordIds.length === 0) return details;
  const rows = await db
    .selectFrom('lottery_bet')
    .innerJoin('lottery_draw', 'lottery_draw.id', 'lottery_bet.draw_id')
    .select(['lottery_bet.record_id', 'lottery_bet.bet_type', 'lottery_bet.numbers', 'lottery_draw.draw_no'])
    .where('lottery_bet.record_id', 'in', recordIds)
    .execute();
  for (const row of rows) {
    if (row.record_id === null) continue;
    details.set(row.record_id, {
      kind: 'LOTTERY',
      betType: row.bet_type,
      numbers: JSON.parse(row.numbers) as string[],
      numero: row.draw_no,
    });
  }
  return details;
};

/**
 * personalHistoryCopy: the member's betting records with game names in the visitor's language and
 * what each round was on. Totals keep settled results apart from open and cancelled rounds; the
 * settled ones are the daily summary's figures over the same days (decision 0033).
 */
export const getBetRecords = async (
  db: DbOrTrx,
  merchant: Merchant,
  memberId: number,
  request: z.output<typeof betRecordRequest>,
  language: string | undefined,
  now = new Date(),
): Promise<BetRecordResponse> => {
  const { from, to } = dayRange(request, merchant.timeZone, now);
  const { records, totals, count } = await betRecordPage(
    db,
    merchant,
    {
      merchantId: merchant.id,
      memberId,
      vendorCode: request.vassalage,
      category: request.category,
      fromDay: from,
      toDay: to,
      timeZone: merchant.timeZone,
    },
    { offset: pageOffset(request.pageNo, request.pageSize), limit: request.pageSize },
    language,
  );
  return {
    records: records.map(({ memberId: _member, ...record }) => record),
    from,
    to,
    totals: totals.settled,
    open: totals.open,
    cancelled: totals.cancelled,
    pageNum: request.pageNo,
    totalPages: pageCount(count, request.pageSize),
    totalCount: count,
  };
};

/**
 * A page of betting records as the betting-record pages show them (a member's own, an agent's
 * team's): game names in the visitor's language and what each round was on, with the member's id.
 */
export const betRecordPage = async (
  db: DbOrTrx,
  merchant: Merchant,
  filter: betRecords.BetRecordFilter,
  page: { offset: number; limit: number },
  language: string | undefined,
) => {
  const { records, totals, count } = await betRecords.listBetRecords(db, filter, page);
  const names = new Map<string, string>();
  for (const record of records) {
    const key = `${record.vendorCode}\u0000${record.gameId}`;
    if (names.has(key)) continue;
    const game = await repo.findBrandGame(db, merchant.id, record.vendorCode, record.gameId);
    names.set(
      key,
      game ? pickName(game.names, languageChain(language, merchant.defaultLanguage)) : record.gameId,
    );
  }
  const lottery = await lotteryDetails(
    db,
    records.filter((r) => r.detail === null).map((r) => r.id),
  );
  return {
    records: records.map((r) => ({
      id: r.id,
      memberId: r.memberId,
      vassalage: r.vendorCode,
      gameId: r.gameId,
      gameName: names.get(`${r.vendorCode}\u0000${r.gameId}`) ?? r.gameId,
      category: r.category,
      roundId: r.roundId,
      detail: lottery.get(r.id) ?? parseVendorDetail(r.detail),
      // A cancelled round shows what was staked on it; its result stays 0 (all of it came back).
      stake: r.status === 'VOID' ? r.stake + r.refunded : r.stake,
      validBet: r.validBet,
      payout: r.payout,
      winLoss: r.winLoss,
      status: r.status,
      placedAt: r.placedAt,
      settledAt: r.settledAt,
    })),
    totals,
    count,
  };
};

/** How many recently launched games a member sees. */
export const RECENT_GAMES = 20;

/** MCSFE_getFavoriteGames / GCS_recentGame: the member's games as tiles, in the visitor's language. */
export const getMemberGames = async (
  db: DbOrTrx,
  merchant: Merchant,
  memberId: number,
  kind: 'favourite' | 'recent',
  language: string | undefined,
): Promise<GameItem[]> => {
  const chain = languageChain(language, merchant.defaultLanguage);
  const games = await repo.listMemberGames(
    db,
    merchant.id,
    memberId,
    kind,
    kind === 'recent' ? RECENT_GAMES : MAX_FAVOURITES,
    [...(await vendorsNotPlayable(db, merchant))],
  );
  return games.map((game) => toGameItem(game, chain));
};

export const getFavouriteIds = async (db: DbOrTrx, merchantId: number, memberId: number) => ({
  games: (
    await db
      .selectFrom('favourite_game')
      .select(['vendor_code', 'game_id'])
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .execute()
  ).map((row) => ({ vassalage: row.vendor_code, gameId: row.game_id })),
});

/** Adds or removes a favourite; only a game the brand offers can be added, at most MAX_FAVOURITES. */
export const setFavourite = async (
  db: DbOrTrx,
  merchant: Merchant,
  memberId: number,
  input: { vassalage: string; gameId: string },
  favourite: boolean,
  now = new Date(),
) => {
  if (!favourite) {
    await db
      .deleteFrom('favourite_game')
      .where('member_id', '=', memberId)
      .where('vendor_code', '=', input.vassalage)
      .where('game_id', '=', input.gameId)
      .execute();
    return { ...input, favourite };
  }
  if (!(await repo.findBrandGame(db, merchant.id, input.vassalage, input.gameId))) {
    throw new AppError('GAME_NOT_FOUND', `No game '${input.gameId}' at ${input.vassalage}`);
  }
  const count = await db
    .selectFrom('favourite_game')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_FAVOURITES) {
    throw new AppError('CONFLICT', `At most ${MAX_FAVOURITES} favourites`, {
      details: { max: MAX_FAVOURITES },
    });
  }
  await db
    .insertInto('favourite_game')
    .values({
      merchant_id: merchant.id,
      member_id: memberId,
      vendor_code: input.vassalage,
      game_id: input.gameId,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['member_id', 'vendor_code', 'game_id']).doNothing())
    .execute();
  return { ...input, favourite };
};

/** A real launch puts the game first among the member's recent games. */
export const recordRecentGame = async (
  db: DbOrTrx,
  input: { merchantId: number; memberId: number; vendorCode: string; gameId: string },
  now = new Date(),
) => {
  await db
    .insertInto('recent_game')
    .values({
      merchant_id: input.merchantId,
      member_id: input.memberId,
      vendor_code: input.vendorCode,
      game_id: input.gameId,
      played_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc.columns(['member_id', 'vendor_code', 'game_id']).doUpdateSet({ played_at: now.toISOString() }),
    )
    .execute();
};

/** personalProfit: the member's profit and loss by day and category, from the daily summaries. */
export const getProfit = async (
  db: DbOrTrx,
  merchant: Merchant,
  memberId: number,
  request: z.output<typeof profitRequest>,
  now = new Date(),
): Promise<ProfitResponse> => {
  const { from, to } = dayRange(request, merchant.timeZone, now);
  const rows = await db
    .selectFrom('bet_daily_summary')
    .selectAll()
    .where('merchant_id', '=', merchant.id)
    .where('member_id', '=', memberId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .orderBy('category')
    .execute();
  const figures = rows.map((row) => ({
    day: row.day,
    category: row.category as GameCategory,
    bets: Number(row.bets),
    stake: Number(row.stake),
    validBet: Number(row.valid_bet),
    payout: Number(row.payout),
    winLoss: Number(row.win_loss),
  }));
  const sum = (key: 'bets' | 'stake' | 'validBet' | 'payout' | 'winLoss') =>
    figures.reduce((s, r) => s + r[key], 0);
  return {
    from,
    to,
    rows: figures,
    totals: {
      bets: sum('bets'),
      stake: sum('stake'),
      validBet: sum('validBet'),
      payout: sum('payout'),
      winLoss: sum('winLoss'),
    },
  };
};

/** An account as the rank list shows it: the first two and the last two characters. */
export const maskAccount = (account: string) =>
  account.length <= 4 ? `${account.slice(0, 1)}***` : `${account.slice(0, 2)}***${account.slice(-2)}`;

/** GCSGAME_getRankList: the biggest wins of the last days, by game, in the visitor's language. */
export const getRankList = async (
  db: DbOrTrx,
  merchant: Merchant,
  input: z.output<typeof rankListRequest>,
  now = new Date(),
): Promise<RankListResponse> => {
  assertSameBrand(merchant, input.merchantCode);
  const chain = languageChain(input.language, merchant.defaultLanguage);
  const sinceDay = addDays(dayOf(merchant.timeZone, now), -(input.days - 1));
  const wins = await repo.listBigWins(db, merchant.id, {
    sinceDay,
    vendorCode: input.vassalage,
    gameType: input.gameType,
    limit: input.limit,
    excludeVendorCodes: [...(await vendorsNotPlayable(db, merchant))],
  });
  return {
    wins: wins.map((win, i) => ({
      rank: i + 1,
      account: maskAccount(win.username),
      game: toGameItem(win.game, chain),
      winAmount: win.winLoss,
      payout: win.payout,
      stake: win.stake,
      settledAt: win.settledAt,
    })),
  };
};

/** GLS2_roomList: the rooms of a game the brand offers; a game it does not offer is not found. */
export const getRoomList = async (
  db: DbOrTrx,
  merchant: Merchant,
  input: { vassalage: string; gameId: string; language?: string | undefined },
): Promise<RoomListResponse> => {
  const game = await findBrandGame(db, merchant.id, input.vassalage, input.gameId);
  if (!game) throw new AppError('GAME_NOT_FOUND', `No game '${input.gameId}' at ${input.vassalage}`);
  const chain = languageChain(input.language, merchant.defaultLanguage);
  return {
    rooms: (await repo.listGameRooms(db, input.vassalage, input.gameId)).map((room) => ({
      roomId: room.roomId,
      roomName: pickName(room.names, chain),
      baseBet: room.baseBet,
      minEntry: room.minEntry,
      maxPlayers: room.maxPlayers,
    })),
  };
};

/** The room of a game, or undefined. */
export const findGameRoom = async (db: DbOrTrx, vendorCode: string, gameId: string, roomId: string) =>
  (await repo.listGameRooms(db, vendorCode, gameId)).find((room) => room.roomId === roomId);

/** Whether a game has rooms (a PVP game opens in one). */
export const hasGameRooms = async (db: DbOrTrx, vendorCode: string, gameId: string) =>
  (await repo.listGameRooms(db, vendorCode, gameId)).length > 0;
