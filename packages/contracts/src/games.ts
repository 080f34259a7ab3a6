import { z } from 'zod';
import { CATEGORY_POINTS_HUNDREDTHS, HOT_GAMES_PLATFORM_CODE } from './constants.js';
import { boundedAmount } from './wallet.js';

/**
 * Game categories (the `gameType` of §3 navigation entries). LOTT and ELOTT are lottery and
 * e-lottery; RNG is slots; ARCADE holds arcade and mini games (§1), which have no tab of their own.
 */
export const GAME_CATEGORIES = [
  'LOTT',
  'ELOTT',
  'LIVE',
  'SPORTS',
  'ESPORTS',
  'FISH',
  'RNG',
  'PVP',
  'ARCADE',
] as const;
export const gameCategory = z.enum(GAME_CATEGORIES);
export type GameCategory = z.infer<typeof gameCategory>;

/** Transfer vendors keep a wallet of their own; seamless vendors debit the main wallet through callbacks. */
export const WALLET_MODES = ['TRANSFER', 'SEAMLESS'] as const;
export const walletMode = z.enum(WALLET_MODES);
export type WalletMode = z.infer<typeof walletMode>;

/**
 * What the launcher does with an entry (§3 isGame): GAME launches the game, LOBBY launches the
 * vendor's own lobby (live tables, sports books), VASSALAGE opens a popup list of the vendor's games.
 */
export const IS_GAME_VALUES = ['GAME', 'LOBBY', 'VASSALAGE'] as const;
export const isGameValue = z.enum(IS_GAME_VALUES);
export type IsGameValue = z.infer<typeof isGameValue>;

/** Vendor tags the web app derives entries from; COCKFIGHT marks the sports vendor behind the cockfight tab (§2). */
export const VENDOR_TAGS = ['COCKFIGHT'] as const;
export const vendorTag = z.enum(VENDOR_TAGS);
export type VendorTag = z.infer<typeof vendorTag>;

/** §2 category navigation: name is an i18n key, page the route (null where §2 gives the category none). */
export const CATEGORY_NAVIGATION: readonly {
  gameType: GameCategory;
  name: string;
  page: string | null;
  enName: string;
}[] = [
  { gameType: 'LOTT', name: 'nav.lott', page: '/lottery', enName: 'Lottery' },
  { gameType: 'ELOTT', name: 'nav.elott', page: '/elott', enName: 'E-Lottery' },
  { gameType: 'LIVE', name: 'nav.live', page: '/live', enName: 'Live Casino' },
  { gameType: 'SPORTS', name: 'nav.sports', page: '/sports', enName: 'Sports' },
  { gameType: 'FISH', name: 'nav.fish', page: '/fish', enName: 'Fishing' },
  { gameType: 'RNG', name: 'nav.rng', page: '/rng', enName: 'Slots' },
  { gameType: 'PVP', name: 'nav.pvp', page: '/pvp', enName: 'Card Games' },
  { gameType: 'ESPORTS', name: 'nav.esports', page: null, enName: 'Esports' },
  { gameType: 'ARCADE', name: 'nav.arcade', page: null, enName: 'Arcade' },
];

/** §9 category points as the decimal text shown ('0.70'), or null for a category without points. */
export const categoryPoint = (category: GameCategory): string | null => {
  const hundredths = (CATEGORY_POINTS_HUNDREDTHS as Partial<Record<GameCategory, number>>)[category];
  if (hundredths === undefined) return null;
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
};

const languageCode = z.string().min(2).max(8);
const vendorCode = z
  .string()
  .regex(/^[A-Z0-9_]{2,32}$/, 'Vendor codes are 2 to 32 upper-case letters, digits or underscores');
/** A merchant code a client may send; it must name the brand of the host (docs/decisions/0003). */
const merchantCode = z.string().min(1).max(32);

/** Query values arrive as text; an empty value (`minBet=`) counts as absent. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** Names keyed by language code ('EN', 'TY', 'zh' ...); at least one. */
export const localizedNames = z
  .record(languageCode, z.string().trim().min(1).max(120))
  .refine((names) => Object.keys(names).length > 0, 'Give a name in at least one language');
export type LocalizedNames = z.infer<typeof localizedNames>;

// ---- Catalogue import file (npm run jade -- catalogue import FILE) ----

/** A room of a PVP game: its stake level (integer minor units), what it takes to sit, and its seats. */
export const catalogueRoom = z.object({
  roomId: z.string().min(1).max(64),
  names: localizedNames,
  baseBet: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  minEntry: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  maxPlayers: z.number().int().min(2).max(100),
});

export const catalogueGame = z.object({
  gameId: z.string().min(1).max(64),
  nodeId: z.string().min(1).max(64),
  roomId: z.string().min(1).max(64).nullable().default(null),
  names: localizedNames,
  nodeName: z.string().max(120).default(''),
  /** Icon URL; defaults to /media/games/<vendor>/<gameId>.svg. */
  showIcon: z.string().min(1).max(500).optional(),
  isHot: z.boolean().default(false),
  /** The wallet the game plays from; defaults to the vendor code. */
  accountTypeName: z.string().min(1).max(64).optional(),
  /** Integer minor units of the brand currency: the least a bet may be (a table's, each wager). */
  minBet: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  /** The most a round may stake, minor units; absent or null: no maximum. */
  maxBet: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable().default(null),
  minLineNum: z.number().int().min(0).max(10_000).default(0),
  /** The category the game is listed under; defaults to the vendor's. */
  gameType: gameCategory.optional(),
  /** Finer grouping inside a category: a §9 live classification code (BAC, ROU ...) or a slot kind. */
  classification: z
    .string()
    .regex(/^[A-Z0-9_]{1,16}$/)
    .nullable()
    .default(null),
  isGame: isGameValue.default('GAME'),
  /** Lottery game code the lobby opens with (/lottery?gameCode=); null for other games. */
  code: z.string().min(1).max(64).nullable().default(null),
  defaultPlayType: z.string().min(1).max(64).nullable().default(null),
  /** PVP games: the rooms a member picks from before the game opens (GLS2_roomList). */
  rooms: z.array(catalogueRoom).max(50).default([]),
});
export type CatalogueGame = z.infer<typeof catalogueGame>;

export const catalogueVendor = z.object({
  code: vendorCode,
  category: gameCategory,
  names: localizedNames,
  /** Logo URL; defaults to /media/vendors/<code>.svg. */
  logo: z.string().min(1).max(500).optional(),
  walletMode: walletMode,
  /** §2: the Free trial button shows only when supportPlay is 0. */
  supportPlay: z.union([z.literal(0), z.literal(1)]),
  tags: z.array(vendorTag).default([]),
  games: z.array(catalogueGame).max(5000),
});
export type CatalogueVendor = z.infer<typeof catalogueVendor>;

export const catalogueFile = z
  .object({ vendors: z.array(catalogueVendor).min(1).max(500) })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.vendors.forEach((vendor, v) => {
      if (seen.has(vendor.code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['vendors', v, 'code'],
          message: `Duplicate vendor '${vendor.code}'`,
        });
      }
      seen.add(vendor.code);
      const gameIds = new Set<string>();
      vendor.games.forEach((game, g) => {
        if (gameIds.has(game.gameId)) {
          ctx.addIssue({
            code: 'custom',
            path: ['vendors', v, 'games', g, 'gameId'],
            message: `Duplicate gameId '${game.gameId}' in vendor '${vendor.code}'`,
          });
        }
        gameIds.add(game.gameId);
        if (game.maxBet !== null && game.maxBet < game.minBet) {
          ctx.addIssue({
            code: 'custom',
            path: ['vendors', v, 'games', g, 'maxBet'],
            message: `maxBet is below minBet (${game.minBet})`,
          });
        }
      });
    });
  });
export type CatalogueFile = z.infer<typeof catalogueFile>;
export type CatalogueFileInput = z.input<typeof catalogueFile>;

// ---- Answers ----

/** §3 vendor entry. */
export const vendorItem = z.object({
  vassalage: z.string(),
  gameCategory,
  /** The name in the asked language, falling back to the brand default, EN, then any. */
  vendorName: z.string(),
  logo: z.string(),
  walletMode,
  supportPlay: z.union([z.literal(0), z.literal(1)]),
  tags: z.array(vendorTag),
});
export type VendorItem = z.infer<typeof vendorItem>;

/** §3 game list item plus the fields the launcher reads. */
export const gameItem = z.object({
  vassalage: z.string(),
  gameName: z.string(),
  nodeName: z.string(),
  showIcon: z.string(),
  supportPlay: z.union([z.literal(0), z.literal(1)]),
  gameId: z.string(),
  nodeId: z.string(),
  roomId: z.string().nullable(),
  accountTypeName: z.string(),
  isHot: z.boolean(),
  /** Integer minor units of the brand currency. */
  minBet: z.number().int(),
  minLineNum: z.number().int(),
  gameType: gameCategory,
  classification: z.string().nullable(),
  isGame: isGameValue,
  code: z.string().nullable(),
  defaultPlayType: z.string().nullable(),
});
export type GameItem = z.infer<typeof gameItem>;

/** §3 category navigation entry with the brand's enabled vendors of that category, in brand order. */
export const gameMenu = z.object({
  name: z.string(),
  gameType: gameCategory,
  page: z.string().nullable(),
  enName: z.string(),
  /** §9 category points as decimal text ('0.70'); null for categories without points. */
  point: z.string().nullable(),
  vendors: z.array(vendorItem),
});
export type GameMenu = z.infer<typeof gameMenu>;

export const languageQuery = z.object({ language: blankAsAbsent(languageCode) });
export type LanguageQuery = z.infer<typeof languageQuery>;

export const gameMenusResponse = z.array(gameMenu);
export type GameMenusResponse = z.infer<typeof gameMenusResponse>;

/** /lgw/vn/games/game_menu: the lottery lobbies' menu, one entry a LOTT or ELOTT vendor. */
export const lotteryMenuQuery = z.object({
  language: blankAsAbsent(languageCode),
  vassalage: blankAsAbsent(vendorCode),
});
export type LotteryMenuQuery = z.infer<typeof lotteryMenuQuery>;
export const lotteryMenuEntry = vendorItem.extend({ games: z.array(gameItem) });
export const lotteryMenuResponse = z.array(lotteryMenuEntry);
export type LotteryMenuResponse = z.infer<typeof lotteryMenuResponse>;

export const popularQuery = z.object({
  language: blankAsAbsent(languageCode),
  gameType: blankAsAbsent(gameCategory),
  vassalage: blankAsAbsent(vendorCode),
  size: blankAsAbsent(z.coerce.number().int().min(1).max(100)),
});
export type PopularQuery = z.infer<typeof popularQuery>;
export const gameListItems = z.array(gameItem);

/** §7 game list parameters; clientType, platform and channel are accepted and not used to filter. */
const gameListFields = {
  clientType: z.number().int().min(0).max(99),
  platform: z.string().max(64),
  channel: z.string().max(64),
  merchant: merchantCode,
  /** Case-insensitive part of the game name in any language, or of the game id. */
  gameName: z.string().trim().max(60),
  /** Exact minimum bet of the game, integer minor units. */
  minBet: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** Exact minimum line count of the game. */
  minLineNum: z.number().int().min(0).max(10_000),
  pageNo: z.number().int().min(1).max(100_000),
  pageSize: z.number().int().min(1).max(100),
  vassalage: vendorCode,
  language: languageCode,
  gameType: gameCategory,
  classification: z.string().regex(/^[A-Z0-9_]{1,16}$/),
};

export const gameListQuery = z.object({
  clientType: blankAsAbsent(z.coerce.number().pipe(gameListFields.clientType)),
  platform: blankAsAbsent(gameListFields.platform),
  channel: blankAsAbsent(gameListFields.channel),
  merchant: blankAsAbsent(gameListFields.merchant),
  gameName: blankAsAbsent(gameListFields.gameName),
  minBet: blankAsAbsent(z.coerce.number().pipe(gameListFields.minBet)),
  minLineNum: blankAsAbsent(z.coerce.number().pipe(gameListFields.minLineNum)),
  pageNo: blankAsAbsent(z.coerce.number().pipe(gameListFields.pageNo)),
  pageSize: blankAsAbsent(z.coerce.number().pipe(gameListFields.pageSize)),
  vassalage: blankAsAbsent(gameListFields.vassalage),
  language: blankAsAbsent(gameListFields.language),
  gameType: blankAsAbsent(gameListFields.gameType),
  classification: blankAsAbsent(gameListFields.classification),
});
export type GameListQuery = z.infer<typeof gameListQuery>;

/** GCSGAME_gameList: the same parameters as a JSON body (merchantCode is accepted for merchant). */
export const gameListRequest = z.object({
  clientType: gameListFields.clientType.optional(),
  platform: gameListFields.platform.optional(),
  channel: gameListFields.channel.optional(),
  merchant: gameListFields.merchant.optional(),
  merchantCode: gameListFields.merchant.optional(),
  gameName: gameListFields.gameName.optional(),
  minBet: gameListFields.minBet.optional(),
  minLineNum: gameListFields.minLineNum.optional(),
  pageNo: gameListFields.pageNo.optional(),
  pageSize: gameListFields.pageSize.optional(),
  vassalage: gameListFields.vassalage.optional(),
  language: gameListFields.language.optional(),
  gameType: gameListFields.gameType.optional(),
  classification: gameListFields.classification.optional(),
});
export type GameListRequest = z.infer<typeof gameListRequest>;

export const gameListResponse = z.object({
  games: z.array(gameItem),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});
export type GameListResponse = z.infer<typeof gameListResponse>;

/** §3 vendor lanes: a title (the category) with vendor cards. */
export const vendorLanesQuery = z.object({
  merchantCode: blankAsAbsent(merchantCode),
  language: blankAsAbsent(languageCode),
});
export type VendorLanesQuery = z.infer<typeof vendorLanesQuery>;
export const vendorLane = z.object({ title: gameCategory, enName: z.string(), cards: z.array(vendorItem) });
export const vendorLanesResponse = z.array(vendorLane);
export type VendorLanesResponse = z.infer<typeof vendorLanesResponse>;

/** §3 hot game request; isPlatform is 2 (§9), platform 'flash,html5-desktop' is accepted as given. */
export const hotGamesRequest = z.object({
  merchantCode: merchantCode.optional(),
  isPlatform: z.literal(HOT_GAMES_PLATFORM_CODE).optional(),
  vassalage: vendorCode.optional(),
  platform: z.string().max(64).optional(),
  language: languageCode.optional(),
});
export type HotGamesRequest = z.infer<typeof hotGamesRequest>;

export const vendorGameTypesRequest = z.object({
  vassalage: vendorCode,
  merchantCode: merchantCode.optional(),
});
export type VendorGameTypesRequest = z.infer<typeof vendorGameTypesRequest>;
export const vendorGameType = z.object({
  gameType: gameCategory,
  /** Classification codes within the type (BAC, ROU ...), in first-seen order. */
  classifications: z.array(z.string()),
  count: z.number().int(),
});
export const vendorGameTypesResponse = z.object({
  vassalage: z.string(),
  gameTypes: z.array(vendorGameType),
});
export type VendorGameTypesResponse = z.infer<typeof vendorGameTypesResponse>;

export const gameVendorRequest = z.object({
  merchantCode: merchantCode.optional(),
  gameCategory: gameCategory.optional(),
  language: languageCode.optional(),
});
export type GameVendorRequest = z.infer<typeof gameVendorRequest>;
/** §3 sorting entry: a category with its vendor codes in brand order. */
export const sortingEntry = z.object({ gameCategory, vendors: z.array(z.string()) });
export const gameVendorResponse = z.object({
  vendors: z.array(vendorItem),
  sorting: z.array(sortingEntry),
});
export type GameVendorResponse = z.infer<typeof gameVendorResponse>;

/**
 * §7 launch address V2 (POST /wps/game/launchGame, token): accountType 1 plays for real, 0 is a free
 * trial (only where the vendor's supportPlay is 0). The other §7 fields are accepted as the site sends
 * them; the launch itself never moves money (decision 0017).
 */
export const launchGameRequest = z.object({
  vassalage: z.string().trim().min(1).max(64),
  gameId: z.string().trim().max(100).optional(),
  nodeId: z.string().max(50).optional(),
  accountType: z.coerce.number().int().min(0).max(1).default(1),
  confirmTrans: z.coerce.number().int().min(0).max(1).default(0),
  launchMode: z.string().max(16).optional(),
  platform: z.string().max(32).optional(),
  clientType: z.coerce.number().int().optional(),
  username: z.string().max(64).optional(),
  token: z.string().max(512).optional(),
  merchantCode: z.string().max(32).optional(),
  language: z.string().max(8).optional(),
  /**
   * With confirmTrans 1 for a transfer-wallet vendor: what the member chose to move from the main
   * wallet into the vendor's before the game opens (minor units; absent or 0, nothing moves), and the
   * key that makes a retried launch move it once.
   */
  transferAmount: boundedAmount.optional(),
  /** A PVP game's room (GLS2_roomList); a game with rooms opens in one. */
  roomId: z.string().min(1).max(64).optional(),
  transferKey: z.string().min(8).max(64).optional(),
});
export type LaunchGameRequest = z.input<typeof launchGameRequest>;

/** Where the launch leads: the game's address for the /game frame, a vendor's game list, or a lottery page. */
export const launchGameResponse = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('URL'),
    url: z.string(),
    vassalage: z.string(),
    gameId: z.string(),
    trial: z.boolean(),
    /** The transfer made before the launch waits for the vendor's answer (it settles on its own). */
    transferPending: z.boolean().optional(),
  }),
  /**
   * A transfer-wallet vendor's game, launched without confirmTrans: the member chooses what to move
   * into the vendor's wallet first (minor units), then launches again with confirmTrans 1.
   */
  z.object({
    kind: z.literal('TRANSFER'),
    vassalage: z.string(),
    gameId: z.string(),
    mainBalance: z.number().int(),
    vendorBalance: z.number().int(),
  }),
  z.object({ kind: z.literal('GAME_LIST'), vassalage: z.string() }),
  z.object({ kind: z.literal('LOTTERY'), path: z.string() }),
]);
export type LaunchGameResponse = z.infer<typeof launchGameResponse>;

/** personalHistoryCopy: the member's betting records, newest first, with totals over the filter. */
/** §9: past or next 7 and 30 days; a next range starts today. */
export const BET_RECORD_RANGES = ['TODAY', 'PAST_7', 'PAST_30', 'NEXT_7', 'NEXT_30'] as const;
export const betRecordRequest = z.object({
  vassalage: z.string().trim().max(64).optional(),
  category: gameCategory.optional(),
  range: z.enum(BET_RECORD_RANGES).default('PAST_7'),
  /** yyyy-MM-dd, the brand's days (its time zone); win over `range` when given. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  pageNo: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type BetRecordRequest = z.input<typeof betRecordRequest>;

/**
 * What a vendor's bet was on, as its wallet debit sends it (decision 0033): the spots of a table game
 * (a roulette number or colour, baccarat's banker) with what each took, or a slot's lines and line bet.
 */
export const betSpot = z.object({
  /** The spot's code: red, straight, dozen, BANKER, TIE, ... (the web app names the known ones). */
  spot: z.string().trim().min(1).max(32),
  /** The numbers a numbered spot covers (roulette straight, split, corner ...). */
  numbers: z.array(z.number().int().min(0).max(99)).max(6).optional(),
  /** Which column or dozen (1 to 3). */
  which: z.number().int().min(1).max(3).optional(),
  amount: z.number().int().min(0),
});
export const vendorBetDetail = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('SPOTS'), spots: z.array(betSpot).min(1).max(50) }),
  z.object({
    kind: z.literal('LINES'),
    lines: z.number().int().min(1).max(1_024),
    lineBet: z.number().int().min(1),
  }),
]);
export type VendorBetDetail = z.infer<typeof vendorBetDetail>;
/** A row's detail in the betting record: the vendor's, or a lottery ticket's bet type and numbers. */
export const betRecordDetail = z.union([
  vendorBetDetail,
  z.object({
    kind: z.literal('LOTTERY'),
    betType: z.string(),
    numbers: z.array(z.string()),
    /** The draw's number (20261126, 20261126-0412). */
    numero: z.string(),
  }),
]);
export type BetRecordDetail = z.infer<typeof betRecordDetail>;

export const betRecordItem = z.object({
  id: z.number().int(),
  vassalage: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  category: gameCategory,
  roundId: z.string(),
  /** What was bet, where the vendor or the lottery tells it; null for older rounds of a vendor. */
  detail: betRecordDetail.nullable(),
  /** What was staked; for a cancelled (VOID) round, what was staked before it was refunded. */
  stake: z.number().int(),
  validBet: z.number().int(),
  payout: z.number().int(),
  winLoss: z.number().int(),
  /** OPEN: not settled yet (its stake at risk, no result); VOID: cancelled, the stake refunded. */
  status: z.enum(['OPEN', 'SETTLED', 'VOID']),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type BetRecordItem = z.infer<typeof betRecordItem>;
export const betRecordResponse = z.object({
  records: z.array(betRecordItem),
  /** The first and last UTC day of the range (as personalProfit answers them). */
  from: z.string(),
  to: z.string(),
  /**
   * The settled rounds of the range, by the day they settled: the same figures personalProfit adds
   * up over the same days. Open and cancelled rounds are not in them.
   */
  totals: z.object({
    bets: z.number().int(),
    stake: z.number().int(),
    validBet: z.number().int(),
    payout: z.number().int(),
    winLoss: z.number().int(),
  }),
  /** The rounds still open (placed in the range): how many, and the stake they have at risk. */
  open: z.object({ bets: z.number().int(), stake: z.number().int() }),
  /** The cancelled rounds of the range: how many, and the stake refunded. */
  cancelled: z.object({ bets: z.number().int(), stake: z.number().int() }),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  /** Every row of the filter: open, settled and cancelled. */
  totalCount: z.number().int(),
});
export type BetRecordResponse = z.infer<typeof betRecordResponse>;

/** A member's favourite: add or remove (MCSFE_addFavoriteGame, MCSFE_removeFavoriteGame). */
export const favouriteGameRequest = z.object({
  vassalage: z.string().trim().min(1).max(64),
  gameId: z.string().trim().min(1).max(100),
});
export const favouriteGameResponse = z.object({
  vassalage: z.string(),
  gameId: z.string(),
  favourite: z.boolean(),
});
/** MCSFE_getFavoriteGamesList: which games are favourites, for the stars on every tile. */
export const favouriteListResponse = z.object({
  games: z.array(z.object({ vassalage: z.string(), gameId: z.string() })),
});
export type FavouriteListResponse = z.infer<typeof favouriteListResponse>;
/** The most favourites a member keeps. */
export const MAX_FAVOURITES = 100;

/** personalProfit: profit and loss by UTC day and category, from the daily summaries of settled rounds. */
export const profitRequest = z.object({
  range: z.enum(BET_RECORD_RANGES).default('PAST_7'),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type ProfitRequest = z.input<typeof profitRequest>;
const profitFigures = {
  bets: z.number().int(),
  stake: z.number().int(),
  validBet: z.number().int(),
  payout: z.number().int(),
  /** payout − stake, from the member's side. */
  winLoss: z.number().int(),
};
export const profitResponse = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(z.object({ day: z.string(), category: gameCategory, ...profitFigures })),
  totals: z.object(profitFigures),
});
export type ProfitResponse = z.infer<typeof profitResponse>;

/**
 * GCSGAME_getRankList: the biggest wins of the brand's settled rounds over the last `days` days,
 * optionally of one vendor or category; the winner's account is masked.
 */
export const rankListRequest = z.object({
  merchantCode: merchantCode.optional(),
  vassalage: vendorCode.optional(),
  gameType: gameCategory.optional(),
  language: languageCode.optional(),
  days: z.number().int().min(1).max(30).default(7),
  limit: z.number().int().min(1).max(50).default(10),
});
export type RankListRequest = z.input<typeof rankListRequest>;

export const rankListResponse = z.object({
  wins: z.array(
    z.object({
      rank: z.number().int(),
      /** The winner's account, masked: the first two and last two characters. */
      account: z.string(),
      game: gameItem,
      /** Payout less stake, integer minor units. */
      winAmount: z.number().int(),
      payout: z.number().int(),
      stake: z.number().int(),
      settledAt: z.string(),
    }),
  ),
});
export type RankListResponse = z.infer<typeof rankListResponse>;

/** GLS2_roomList: the rooms of a PVP game, in the visitor's language. */
export const roomListRequest = z.object({
  vassalage: vendorCode,
  gameId: z.string().min(1).max(64),
  language: languageCode.optional(),
});
export const roomListResponse = z.object({
  rooms: z.array(
    z.object({
      roomId: z.string(),
      roomName: z.string(),
      baseBet: z.number().int(),
      minEntry: z.number().int(),
      maxPlayers: z.number().int(),
    }),
  ),
});
export type RoomListResponse = z.infer<typeof roomListResponse>;
