import type { GameCategory, IsGameValue, VendorTag, WalletMode } from '@jade/contracts/games';
import { sql } from 'kysely';
import { cacheScopeOf, type DbOrTrx } from '../../platform/db/index.js';
import { createReadCache } from '../../platform/db/read-cache.js';

export type Vendor = {
  id: number;
  code: string;
  category: GameCategory;
  walletMode: WalletMode;
  supportPlay: 0 | 1;
  logo: string;
  names: Record<string, string>;
  tags: VendorTag[];
};

/** A vendor as one brand sees it. */
export type BrandVendor = Vendor & { isEnabled: boolean; sortOrder: number };

export type Game = {
  vendorCode: string;
  supportPlay: 0 | 1;
  gameId: string;
  nodeId: string;
  roomId: string | null;
  names: Record<string, string>;
  nodeName: string;
  showIcon: string;
  isHot: boolean;
  accountTypeName: string;
  minBet: number;
  /** The most a round may stake; null: no maximum. */
  maxBet: number | null;
  minLineNum: number;
  gameType: GameCategory;
  classification: string | null;
  isGame: IsGameValue;
  code: string | null;
  defaultPlayType: string | null;
};

export type GameFilter = {
  vendorId?: number;
  gameType?: GameCategory;
  classification?: string;
  /** A LIKE pattern over search_text, already escaped. */
  searchPattern?: string;
  minBet?: number;
  minLineNum?: number;
  isHotOnly?: boolean;
  /** Vendors to leave out (lottery vendors whose prize mode the brand does not offer). */
  excludeVendorCodes?: readonly string[];
};

const vendorColumns = [
  'vendor.id',
  'vendor.code',
  'vendor.category',
  'vendor.wallet_mode',
  'vendor.support_play',
  'vendor.logo',
  'vendor.names',
  'vendor.tags',
] as const;

type VendorRow = {
  id: number;
  code: string;
  category: string;
  wallet_mode: string;
  support_play: number;
  logo: string;
  names: string;
  tags: string;
};

const toVendor = (row: VendorRow): Vendor => ({
  id: row.id,
  code: row.code,
  category: row.category as GameCategory,
  walletMode: row.wallet_mode as WalletMode,
  supportPlay: row.support_play === 1 ? 1 : 0,
  logo: row.logo,
  names: JSON.parse(row.names) as Record<string, string>,
  tags: JSON.parse(row.tags) as VendorTag[],
});

/** The brand's vendors in brand order; only enabled ones unless asked. */
export const listBrandVendors = async (
  db: DbOrTrx,
  merchantId: number,
  filter: { category?: GameCategory; categories?: GameCategory[]; includeDisabled?: boolean } = {},
): Promise<BrandVendor[]> => {
  // The whole list is read on every wallet call: memoised (platform/db/read-cache.ts), copied out; a
  // category's vendors are the memo's, filtered here in the same order (decision 0073).
  const key = `${merchantId}:${filter.includeDisabled ? 'all' : 'enabled'}`;
  const { includeDisabled } = filter;
  const list =
    (await brandVendors(cacheScopeOf(db), key, () =>
      queryBrandVendors(db, merchantId, includeDisabled ? { includeDisabled } : {}),
    )) ?? [];
  const categories = filter.category ? [filter.category] : filter.categories;
  return categories ? list.filter((vendor) => categories.includes(vendor.category)) : [...list];
};

const brandVendors = createReadCache<readonly BrandVendor[]>();

const queryBrandVendors = async (
  db: DbOrTrx,
  merchantId: number,
  filter: { includeDisabled?: boolean },
): Promise<BrandVendor[]> => {
  let query = db
    .selectFrom('merchant_vendor as mv')
    .innerJoin('vendor', 'vendor.id', 'mv.vendor_id')
    .select([...vendorColumns, 'mv.enabled', 'mv.sort_order'])
    .where('mv.merchant_id', '=', merchantId);
  if (!filter.includeDisabled) query = query.where('mv.enabled', '=', 1);
  const rows = await query.orderBy('mv.sort_order').orderBy('vendor.code').execute();
  return rows.map((row) => ({ ...toVendor(row), isEnabled: row.enabled === 1, sortOrder: row.sort_order }));
};

/** The vendor with this code as the brand sees it, or undefined when the brand does not carry it. */
export const findBrandVendor = async (
  db: DbOrTrx,
  merchantId: number,
  code: string,
): Promise<BrandVendor | undefined> => {
  const row = await db
    .selectFrom('merchant_vendor as mv')
    .innerJoin('vendor', 'vendor.id', 'mv.vendor_id')
    .select([...vendorColumns, 'mv.enabled', 'mv.sort_order'])
    .where('mv.merchant_id', '=', merchantId)
    .where('vendor.code', '=', code)
    .executeTakeFirst();
  return row && { ...toVendor(row), isEnabled: row.enabled === 1, sortOrder: row.sort_order };
};

/** Games of the brand's enabled vendors matching the filter, before paging or counting. */
const brandGames = (db: DbOrTrx, merchantId: number, filter: GameFilter) => {
  let query = db
    .selectFrom('game')
    .innerJoin('merchant_vendor as mv', 'mv.vendor_id', 'game.vendor_id')
    .where('mv.merchant_id', '=', merchantId)
    .where('mv.enabled', '=', 1);
  if (filter.vendorId !== undefined) query = query.where('game.vendor_id', '=', filter.vendorId);
  if (filter.gameType) query = query.where('game.game_type', '=', filter.gameType);
  if (filter.classification) query = query.where('game.classification', '=', filter.classification);
  if (filter.minBet !== undefined) query = query.where('game.min_bet', '=', filter.minBet);
  if (filter.minLineNum !== undefined) query = query.where('game.min_line_num', '=', filter.minLineNum);
  if (filter.isHotOnly) query = query.where('game.is_hot', '=', 1);
  if (filter.excludeVendorCodes?.length)
    query = query.where('game.vendor_id', 'not in', (eb) =>
      eb.selectFrom('vendor').select('vendor.id').where('vendor.code', 'in', filter.excludeVendorCodes!),
    );
  if (filter.searchPattern !== undefined) {
    query = query.where(
      sql<boolean>`${sql.ref('game.search_text')} like ${filter.searchPattern} escape '\\'`,
    );
  }
  return query;
};

type BrandGamesQuery = ReturnType<typeof brandGames>;

const selectGame = (query: BrandGamesQuery) =>
  query
    .innerJoin('vendor', 'vendor.id', 'game.vendor_id')
    .select([
      'vendor.code as vendor_code',
      'vendor.support_play',
      'game.game_id',
      'game.node_id',
      'game.room_id',
      'game.names',
      'game.node_name',
      'game.show_icon',
      'game.is_hot',
      'game.account_type_name',
      'game.min_bet',
      'game.max_bet',
      'game.min_line_num',
      'game.game_type',
      'game.classification',
      'game.is_game',
      'game.code',
      'game.default_play_type',
    ]);

type GameRow = Awaited<ReturnType<ReturnType<typeof selectGame>['execute']>>[number];

const toGame = (row: GameRow): Game => ({
  vendorCode: row.vendor_code,
  supportPlay: row.support_play === 1 ? 1 : 0,
  gameId: row.game_id,
  nodeId: row.node_id,
  roomId: row.room_id,
  names: JSON.parse(row.names) as Record<string, string>,
  nodeName: row.node_name,
  showIcon: row.show_icon,
  isHot: row.is_hot === 1,
  accountTypeName: row.account_type_name,
  minBet: Number(row.min_bet),
  maxBet: row.max_bet === null ? null : Number(row.max_bet),
  minLineNum: row.min_line_num,
  gameType: row.game_type as GameCategory,
  classification: row.classification,
  isGame: row.is_game as IsGameValue,
  code: row.code,
  defaultPlayType: row.default_play_type,
});

/** One page of the brand's games in brand order: vendor order, then the catalogue's game order. */
export const listGames = async (
  db: DbOrTrx,
  merchantId: number,
  filter: GameFilter,
  page: { limit: number; offset: number },
): Promise<Game[]> =>
  (
    await selectGame(brandGames(db, merchantId, filter))
      .orderBy('mv.sort_order')
      .orderBy('game.sort_order')
      .orderBy('game.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute()
  ).map(toGame);

export const countGames = async (db: DbOrTrx, merchantId: number, filter: GameFilter): Promise<number> => {
  const row = await brandGames(db, merchantId, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

/** Game types and classifications of one vendor with their game counts. */
export const listVendorGameTypes = async (db: DbOrTrx, vendorId: number) =>
  (
    await db
      .selectFrom('game')
      .select(['game_type', 'classification', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('vendor_id', '=', vendorId)
      .groupBy(['game_type', 'classification'])
      .orderBy(sql`min(sort_order)`)
      .execute()
  ).map((r) => ({
    gameType: r.game_type as GameCategory,
    classification: r.classification,
    count: Number(r.n),
  }));

/** Game counts per vendor, for the operator's catalogue listing. */
export const countGamesByVendor = async (db: DbOrTrx): Promise<Map<number, number>> =>
  new Map(
    (
      await db
        .selectFrom('game')
        .select(['vendor_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy('vendor_id')
        .execute()
    ).map((r) => [r.vendor_id, Number(r.n)]),
  );

export type VendorInput = Omit<Vendor, 'id'>;

export const upsertVendor = async (db: DbOrTrx, vendor: VendorInput, now: string): Promise<number> => {
  const values = {
    code: vendor.code,
    category: vendor.category,
    wallet_mode: vendor.walletMode,
    support_play: vendor.supportPlay,
    logo: vendor.logo,
    names: JSON.stringify(vendor.names),
    tags: JSON.stringify(vendor.tags),
    updated_at: now,
  };
  const { code: _code, ...changes } = values;
  const row = await db
    .insertInto('vendor')
    .values(values)
    .onConflict((oc) => oc.column('code').doUpdateSet(changes))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

export type GameInput = Omit<Game, 'vendorCode' | 'supportPlay'> & { searchText: string; sortOrder: number };

/** Rows per INSERT: far below SQLite's bound-parameter limit at 20 columns a row. */
const GAME_BATCH = 200;

export const upsertGames = async (db: DbOrTrx, vendorId: number, games: GameInput[], now: string) => {
  for (let i = 0; i < games.length; i += GAME_BATCH) {
    const rows = games.slice(i, i + GAME_BATCH).map((g) => ({
      vendor_id: vendorId,
      game_id: g.gameId,
      node_id: g.nodeId,
      room_id: g.roomId,
      names: JSON.stringify(g.names),
      search_text: g.searchText,
      node_name: g.nodeName,
      show_icon: g.showIcon,
      is_hot: g.isHot ? 1 : 0,
      account_type_name: g.accountTypeName,
      min_bet: g.minBet,
      max_bet: g.maxBet,
      min_line_num: g.minLineNum,
      game_type: g.gameType,
      classification: g.classification,
      is_game: g.isGame,
      code: g.code,
      default_play_type: g.defaultPlayType,
      sort_order: g.sortOrder,
      updated_at: now,
    }));
    await db
      .insertInto('game')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['vendor_id', 'game_id']).doUpdateSet((eb) => ({
          node_id: eb.ref('excluded.node_id'),
          room_id: eb.ref('excluded.room_id'),
          names: eb.ref('excluded.names'),
          search_text: eb.ref('excluded.search_text'),
          node_name: eb.ref('excluded.node_name'),
          show_icon: eb.ref('excluded.show_icon'),
          is_hot: eb.ref('excluded.is_hot'),
          account_type_name: eb.ref('excluded.account_type_name'),
          min_bet: eb.ref('excluded.min_bet'),
          max_bet: eb.ref('excluded.max_bet'),
          min_line_num: eb.ref('excluded.min_line_num'),
          game_type: eb.ref('excluded.game_type'),
          classification: eb.ref('excluded.classification'),
          is_game: eb.ref('excluded.is_game'),
          code: eb.ref('excluded.code'),
          default_play_type: eb.ref('excluded.default_play_type'),
          sort_order: eb.ref('excluded.sort_order'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
};

/** The brand's last vendor position, or 0 before its first vendor. */
export const maxBrandSortOrder = async (db: DbOrTrx, merchantId: number): Promise<number> => {
  const row = await db
    .selectFrom('merchant_vendor')
    .select((eb) => eb.fn.max('sort_order').as('n'))
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

/** Offers the vendor to the brand, switched on; a new one goes at `sortOrder`, a known one keeps its place. */
export const enableBrandVendor = async (
  db: DbOrTrx,
  merchantId: number,
  vendorId: number,
  sortOrder: number,
) => {
  await db
    .insertInto('merchant_vendor')
    .values({ merchant_id: merchantId, vendor_id: vendorId, enabled: 1, sort_order: sortOrder })
    .onConflict((oc) => oc.columns(['merchant_id', 'vendor_id']).doUpdateSet({ enabled: 1 }))
    .execute();
};

export const setBrandVendorEnabled = async (
  db: DbOrTrx,
  merchantId: number,
  vendorId: number,
  isEnabled: boolean,
): Promise<void> => {
  await db
    .updateTable('merchant_vendor')
    .set({ enabled: isEnabled ? 1 : 0 })
    .where('merchant_id', '=', merchantId)
    .where('vendor_id', '=', vendorId)
    .execute();
};

/** What a wallet call needs of a game: the category its rounds count under and its bet limits. */
export type GameRules = { category: GameCategory; minBet: number; maxBet: number | null };

const gameRules = createReadCache<GameRules | null>();

/** A game's rules by vendor code and game id; null for a game not in the catalogue. */
export const findGameRules = async (
  db: DbOrTrx,
  vendorCode: string,
  gameId: string,
): Promise<GameRules | null> =>
  (await gameRules(cacheScopeOf(db), `${vendorCode}\u0000${gameId}`, async () => {
    const row = await db
      .selectFrom('game')
      .innerJoin('vendor', 'vendor.id', 'game.vendor_id')
      .select(['game.game_type', 'game.min_bet', 'game.max_bet'])
      .where('vendor.code', '=', vendorCode)
      .where('game.game_id', '=', gameId)
      .executeTakeFirst();
    return row
      ? {
          category: row.game_type as GameCategory,
          minBet: Number(row.min_bet),
          maxBet: row.max_bet === null ? null : Number(row.max_bet),
        }
      : null;
  })) ?? null;

/** A game's category (its game type), by vendor code and game id; null for a game not in the catalogue. */
export const findGameCategory = async (
  db: DbOrTrx,
  vendorCode: string,
  gameId: string,
): Promise<GameCategory | null> => (await findGameRules(db, vendorCode, gameId))?.category ?? null;

/** One game of the brand's enabled vendors, by vendor code and game id. */
export const findBrandGame = async (
  db: DbOrTrx,
  merchantId: number,
  vendorCode: string,
  gameId: string,
): Promise<Game | undefined> => {
  const row = await selectGame(brandGames(db, merchantId, {}))
    .where('vendor.code', '=', vendorCode)
    .where('game.game_id', '=', gameId)
    .executeTakeFirst();
  return row && toGame(row);
};

/** The member's games of a kind (favourites, newest first; recents, last played first) the brand still offers. */
export const listMemberGames = async (
  db: DbOrTrx,
  merchantId: number,
  memberId: number,
  kind: 'favourite' | 'recent',
  limit: number,
  excludeVendorCodes: readonly string[] = [],
): Promise<Game[]> => {
  const base = brandGames(db, merchantId, { excludeVendorCodes });
  const rows =
    kind === 'favourite'
      ? await selectGame(base)
          .innerJoin('favourite_game as f', (join) =>
            join.onRef('f.vendor_code', '=', 'vendor.code').onRef('f.game_id', '=', 'game.game_id'),
          )
          .where('f.member_id', '=', memberId)
          .orderBy('f.created_at', 'desc')
          .limit(limit)
          .execute()
      : await selectGame(base)
          .innerJoin('recent_game as r', (join) =>
            join.onRef('r.vendor_code', '=', 'vendor.code').onRef('r.game_id', '=', 'game.game_id'),
          )
          .where('r.member_id', '=', memberId)
          .orderBy('r.played_at', 'desc')
          .limit(limit)
          .execute();
  return rows.map(toGame);
};

export type BigWin = {
  game: Game;
  username: string;
  winLoss: number;
  payout: number;
  stake: number;
  settledAt: string;
};

/** The brand's settled rounds with the largest win since `sinceDay`, on games it offers (GCSGAME_getRankList). */
export const listBigWins = async (
  db: DbOrTrx,
  merchantId: number,
  input: {
    sinceDay: string;
    vendorCode?: string | undefined;
    gameType?: string | undefined;
    limit: number;
    excludeVendorCodes?: readonly string[];
  },
): Promise<BigWin[]> => {
  let query = selectGame(brandGames(db, merchantId, { excludeVendorCodes: input.excludeVendorCodes ?? [] }))
    .innerJoin('bet_record as b', (join) =>
      join.onRef('b.vendor_code', '=', 'vendor.code').onRef('b.game_id', '=', 'game.game_id'),
    )
    .innerJoin('member as m', 'm.id', 'b.member_id')
    .select(['b.win_loss', 'b.payout', 'b.stake', 'b.settled_at', 'm.username'])
    .where('b.merchant_id', '=', merchantId)
    .where('b.status', '=', 'SETTLED')
    .where('b.settled_day', '>=', input.sinceDay)
    // Found through the brand's settled-day entries (decision 0074); the record's own day decides.
    .where('b.id', 'in', (eb) =>
      eb
        .selectFrom('bet_settled_day')
        .select('record_id')
        .where('merchant_id', '=', merchantId)
        .where('settled_day', '>=', input.sinceDay),
    )
    .where('b.win_loss', '>', 0);
  if (input.vendorCode) query = query.where('b.vendor_code', '=', input.vendorCode);
  if (input.gameType) query = query.where('b.category', '=', input.gameType);
  const rows = await query
    .orderBy('b.win_loss', 'desc')
    .orderBy('b.settled_at', 'desc')
    .limit(input.limit)
    .execute();
  return rows.map((row) => ({
    game: toGame(row),
    username: row.username,
    winLoss: Number(row.win_loss),
    payout: Number(row.payout),
    stake: Number(row.stake),
    settledAt: row.settled_at ?? '',
  }));
};

export type GameRoom = {
  roomId: string;
  names: Record<string, string>;
  baseBet: number;
  minEntry: number;
  maxPlayers: number;
};

/** A game's rooms, replaced as a whole by each catalogue import. */
export const replaceGameRooms = async (db: DbOrTrx, vendorId: number, gameId: string, rooms: GameRoom[]) => {
  await db.deleteFrom('game_room').where('vendor_id', '=', vendorId).where('game_id', '=', gameId).execute();
  if (rooms.length === 0) return;
  await db
    .insertInto('game_room')
    .values(
      rooms.map((room, i) => ({
        vendor_id: vendorId,
        game_id: gameId,
        room_id: room.roomId,
        names: JSON.stringify(room.names),
        base_bet: room.baseBet,
        min_entry: room.minEntry,
        max_players: room.maxPlayers,
        sort_order: i,
      })),
    )
    .execute();
};

/** The rooms of a game of a vendor, in catalogue order. */
export const listGameRooms = async (db: DbOrTrx, vendorCode: string, gameId: string): Promise<GameRoom[]> =>
  (
    await db
      .selectFrom('game_room')
      .innerJoin('vendor', 'vendor.id', 'game_room.vendor_id')
      .select(['room_id', 'game_room.names', 'base_bet', 'min_entry', 'max_players'])
      .where('vendor.code', '=', vendorCode)
      .where('game_room.game_id', '=', gameId)
      .orderBy('game_room.sort_order')
      .execute()
  ).map((row) => ({
    roomId: row.room_id,
    names: JSON.parse(row.names) as Record<string, string>,
    baseBet: Number(row.base_bet),
    minEntry: Number(row.min_entry),
    maxPlayers: row.max_players,
  }));
