import type { GameCategory } from '@jade/contracts/games';
import {
  LOTTERY_BET_TYPES,
  type DrawResultItem,
  type DrawResultSource,
  type LotteryBet,
  type LotteryGameState,
  type LotteryRules,
  type OpenedNumero,
  type PlaceLotteryBetRequest,
  type VnNumbers,
} from '@jade/contracts/lottery';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import type { OneCommit } from '../../platform/db/group-commit.js';
import { AppError } from '../../platform/errors.js';
import { findBrandGame } from '../games/service.js';
import type { Merchant } from '../merchants/repo.js';
import * as ledger from '../wallet/ledger.js';
import {
  acceptsType,
  costMultiplier,
  digitsOf,
  groupSizeOf,
  isFourD,
  type BetTypeCode,
} from './bet-types.js';
import { cancelBet, placeBet, type DrawRow } from './draws.js';
import { prizeModeOf } from './prize-modes.js';
import { currentSettings } from './settings.js';
import { allNumbers, SEA4D, STRUCTURES, type DrawResult, type DrawStructureCode } from './structures.js';
import { LOTTERY_VENDORS, scheduleOf } from './schedule.js';

/**
 * The lottery's calls for members and lobbies (§7; decision 0019). A lottery game is a catalogue game
 * of an in-house lottery vendor, named by its game code (VN_HN, SEA_MAGNUM, LOTTO_1M …).
 */

/**
 * The brand's lottery game by its code, with the prize mode its vendor plays under; not found for any
 * other game, a vendor switched off, or a vendor whose prize mode the brand does not offer.
 */
export const findLotteryGame = async (db: DbOrTrx, merchant: Merchant, gameCode: string) => {
  for (const vendorCode of LOTTERY_VENDORS) {
    const game = await findBrandGame(db, merchant.id, vendorCode, gameCode);
    if (!game) continue;
    const prizeMode = await prizeModeOf(db, merchant.id, vendorCode);
    if (!merchant.prizeModes.includes(prizeMode))
      throw new AppError(
        'GAME_NOT_FOUND',
        `The brand does not offer the prize mode of '${gameCode}' (${prizeMode})`,
      );
    return { vendorCode, gameId: game.gameId, category: game.gameType as GameCategory, prizeMode };
  }
  throw new AppError('GAME_NOT_FOUND', `No lottery game '${gameCode}'`);
};

type LotteryGame = { vendorCode: string; gameId: string };

/** The game's draw taking bets now, or next. */
const openDrawOf = (db: DbOrTrx, game: LotteryGame, now: Date) =>
  db
    .selectFrom('lottery_draw')
    .selectAll()
    .where('vendor_code', '=', game.vendorCode)
    .where('game_id', '=', game.gameId)
    .where('status', 'in', ['OPEN', 'SCHEDULED'])
    .where('closes_at', '>', now.toISOString())
    .orderBy('closes_at')
    .executeTakeFirst();

/** The game's drawn results, newest first. */
const drawnOf = (db: DbOrTrx, game: LotteryGame, count: number) =>
  db
    .selectFrom('lottery_draw')
    .selectAll()
    .where('vendor_code', '=', game.vendorCode)
    .where('game_id', '=', game.gameId)
    .where('status', 'in', ['DRAWN', 'SETTLED'])
    .orderBy('draws_at', 'desc')
    .limit(count)
    .execute();

const toOpened = (gameCode: string, draw: DrawRow): Omit<OpenedNumero, 'serverTime'> => ({
  gameCode,
  vassalage: draw.vendor_code,
  numero: draw.draw_no,
  structure: draw.structure,
  status: draw.status,
  opensAt: draw.opens_at,
  closesAt: draw.closes_at,
  drawsAt: draw.draws_at,
  seedHash: draw.seed_hash,
});

/**
 * An operator's (or the imported history's) result is official; a fair draw of a daily game stands in
 * for the official result of a real lottery (the demo's Vietnamese and 4D draws), and says so.
 */
const resultSourceOf = (draw: DrawRow): DrawResultSource => {
  if (draw.source === 'OPERATOR') return 'OFFICIAL';
  return scheduleOf(draw.vendor_code, draw.game_id)?.kind === 'DAILY' ? 'FAIR_STAND_IN' : 'FAIR';
};

const toResultItem = (draw: DrawRow): DrawResultItem => ({
  numero: draw.draw_no,
  drawsAt: draw.draws_at,
  status: draw.status,
  result: JSON.parse(draw.result ?? '{}') as Record<string, string[]>,
  seedHash: draw.seed_hash,
  serverSeed: draw.server_seed,
  source: resultSourceOf(draw),
});

/** The draw taking bets now, or next (opened numero). */
export const getOpenedNumero = async (
  db: DbOrTrx,
  merchant: Merchant,
  gameCode: string,
  now = new Date(),
): Promise<OpenedNumero> => {
  const draw = await openDrawOf(db, await findLotteryGame(db, merchant, gameCode), now);
  if (!draw) throw new AppError('NOT_FOUND', 'No draw of this game takes bets now');
  return { ...toOpened(gameCode, draw), serverTime: now.toISOString() };
};

/** The latest drawn results of a game, newest first, with their revealed seeds. */
export const getRecentResults = async (
  db: DbOrTrx,
  merchant: Merchant,
  gameCode: string,
  count: number,
): Promise<DrawResultItem[]> =>
  (await drawnOf(db, await findLotteryGame(db, merchant, gameCode), count)).map(toResultItem);

/** What an open lobby is sent (Server-Sent Events): the draw taking bets and the latest result. */
export const getGameState = async (
  db: DbOrTrx,
  game: LotteryGame & { gameCode: string },
  now = new Date(),
): Promise<LotteryGameState> => {
  const [open, [latest]] = await Promise.all([openDrawOf(db, game, now), drawnOf(db, game, 1)]);
  return {
    gameCode: game.gameCode,
    open: open ? toOpened(game.gameCode, open) : null,
    latest: latest ? toResultItem(latest) : null,
    serverTime: now.toISOString(),
  };
};

/**
 * 4D: a unit bet's expected return, Σ numbers in tier × payout ÷ 10,000 (LOTTERY.md), in basis points,
 * which is the sum itself.
 */
const fourDReturn = (table: Partial<Record<string, number>>) =>
  SEA4D.tiers.reduce((sum, tier) => sum + tier.count * (table[tier.code] ?? 0), 0);

/** A game's rules as the brand sets them: structure, every bet type with its cost and odds, limits. */
export const getLotteryRules = async (
  db: DbOrTrx,
  merchant: Merchant,
  gameCode: string,
): Promise<LotteryRules> => {
  const game = await findLotteryGame(db, merchant, gameCode);
  const schedule = scheduleOf(game.vendorCode, game.gameId);
  const { odds, costs, limits } = await currentSettings(db, merchant.id, game.vendorCode, game.gameId);
  const base = { gameCode, vassalage: game.vendorCode, prizeMode: game.prizeMode, limits };
  if (!schedule)
    return { ...base, structure: null, tiers: [], betTypes: [], fourD: null, closeBeforeSeconds: null };
  const structure = STRUCTURES[schedule.structure];
  const types = LOTTERY_BET_TYPES.filter((type) => acceptsType(structure, type));
  return {
    ...base,
    structure: structure.code,
    tiers: structure.tiers.map(({ code, count, digits }) => ({ code, count, digits })),
    betTypes: types.map((code) => ({
      code,
      digits: digitsOf(code),
      groupSize: groupSizeOf(code) ?? null,
      costMultiplier: costMultiplier(structure, code, costs),
      payout: isFourD(code) ? null : odds.vn[code],
    })),
    fourD:
      structure.code === 'SEA4D'
        ? {
            big: odds.big,
            small: odds.small,
            bigReturn: fourDReturn(odds.big),
            smallReturn: fourDReturn(odds.small),
          }
        : null,
    closeBeforeSeconds: schedule.closeBeforeSeconds,
  };
};

/** The numbers most staked on a game's draws of the last seven days (all bet types), with their share. */
export const getPopularNumbers = async (
  db: DbOrTrx,
  merchant: Merchant,
  gameCode: string,
  count: number,
  now = new Date(),
) => {
  const game = await findLotteryGame(db, merchant, gameCode);
  const since = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const rows = await db
    .selectFrom('lottery_exposure')
    .innerJoin('lottery_draw', 'lottery_draw.id', 'lottery_exposure.draw_id')
    .select([
      'lottery_exposure.number',
      (eb) => eb.fn.sum<number | string>('lottery_exposure.stake').as('stake'),
    ])
    .where('lottery_exposure.merchant_id', '=', merchant.id)
    .where('lottery_draw.vendor_code', '=', game.vendorCode)
    .where('lottery_draw.game_id', '=', game.gameId)
    .where('lottery_draw.draws_at', '>=', since)
    // '#member' rows count a member's total on a draw, not a number.
    .where('lottery_exposure.bet_type', 'not like', '#%')
    .where('lottery_exposure.stake', '>', 0)
    .groupBy('lottery_exposure.number')
    .execute();
  const total = rows.reduce((sum, row) => sum + Number(row.stake), 0);
  return rows
    .map((row) => ({ number: row.number, stake: Number(row.stake) }))
    .sort((a, b) => b.stake - a.stake || a.number.localeCompare(b.number))
    .slice(0, count)
    .map((row) => ({ number: row.number, weight: Math.round((row.stake * 10_000) / total) }));
};

/**
 * VN statistics already computed, by game and count, each with the newest result it was computed up
 * to (issue 19 item 17: 500 results cost 30–70 ms of CPU, and the answer changes only when a result
 * arrives). Each call reads the game's newest result, so every instance answers from the database's
 * state (a memo, not shared state); an entry older than a minute is computed again anyway, so an
 * operator's correction of an older result shows within a minute. Bounded: past the cap the oldest
 * entry goes.
 */
const vnNumbersMemo = new Map<string, { newest: string; at: number; value: VnNumbers }>();
const VN_NUMBERS_MEMO_ENTRIES = 1_000;
const VN_NUMBERS_MEMO_MS = 60_000;

/** Forgets every computed VN statistic (the benchmark's cold calls). */
export const forgetVnNumbers = () => vnNumbersMemo.clear();

/** The game's newest drawn result, as a key: it changes when a result arrives. */
const newestDrawnOf = async (db: DbOrTrx, game: LotteryGame) => {
  const row = await db
    .selectFrom('lottery_draw')
    .select(['id', 'drawn_at'])
    .where('vendor_code', '=', game.vendorCode)
    .where('game_id', '=', game.gameId)
    .where('status', 'in', ['DRAWN', 'SETTLED'])
    .orderBy('draws_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? `${row.id}:${row.drawn_at}` : 'none';
};

/**
 * Each lô 00–99 over a Vietnamese game's last `count` results: hits, and draws since it last came.
 * Computed once per game, count and newest result.
 */
export const getVnNumbers = async (
  db: DbOrTrx,
  merchant: Merchant,
  gameCode: string,
  count: number,
  now = Date.now(),
): Promise<VnNumbers> => {
  const game = await findLotteryGame(db, merchant, gameCode);
  const key = `${game.vendorCode}:${game.gameId}:${count}`;
  const newest = await newestDrawnOf(db, game);
  const known = vnNumbersMemo.get(key);
  if (known && known.newest === newest && now - known.at < VN_NUMBERS_MEMO_MS) return known.value;
  const value = await computeVnNumbers(db, game, count);
  vnNumbersMemo.delete(key);
  if (vnNumbersMemo.size >= VN_NUMBERS_MEMO_ENTRIES) vnNumbersMemo.delete(vnNumbersMemo.keys().next().value!);
  vnNumbersMemo.set(key, { newest, at: now, value });
  return value;
};

const computeVnNumbers = async (db: DbOrTrx, game: LotteryGame, count: number): Promise<VnNumbers> => {
  const draws = await drawnOf(db, game, count);
  const hits = new Array<number>(100).fill(0);
  const lastSeen = new Array<number | null>(100).fill(null);
  draws.forEach((draw, age) => {
    const structure = STRUCTURES[draw.structure as DrawStructureCode];
    if (!structure || structure.code === 'SEA4D' || !draw.result) return;
    for (const { number } of allNumbers(structure, JSON.parse(draw.result) as DrawResult)) {
      const lo = Number(number.slice(-2));
      hits[lo]!++;
      lastSeen[lo] ??= age;
    }
  });
  return {
    draws: draws.length,
    numbers: hits.map((count, lo) => ({
      number: String(lo).padStart(2, '0'),
      hits: count,
      lastSeen: lastSeen[lo] ?? null,
    })),
  };
};

type BetJoinRow = {
  id: number;
  game_id: string;
  draw_no: string;
  bet_type: string;
  numbers: string;
  stake: number;
  cost: number;
  payout: number;
  status: LotteryBet['status'];
  placed_at: string;
  settled_at: string | null;
};

const toLotteryBet = (row: BetJoinRow): LotteryBet => ({
  betId: row.id,
  gameCode: row.game_id,
  numero: row.draw_no,
  betType: row.bet_type,
  numbers: JSON.parse(row.numbers) as string[],
  stake: Number(row.stake),
  cost: Number(row.cost),
  payout: Number(row.payout),
  status: row.status,
  placedAt: row.placed_at,
  settledAt: row.settled_at,
});

const betsOf = (db: DbOrTrx, merchantId: number, memberId: number) =>
  db
    .selectFrom('lottery_bet')
    .innerJoin('lottery_draw', 'lottery_draw.id', 'lottery_bet.draw_id')
    .where('lottery_bet.merchant_id', '=', merchantId)
    .where('lottery_bet.member_id', '=', memberId);

const BET_COLUMNS = [
  'lottery_bet.id',
  'lottery_draw.game_id',
  'lottery_draw.draw_no',
  'lottery_bet.bet_type',
  'lottery_bet.numbers',
  'lottery_bet.stake',
  'lottery_bet.cost',
  'lottery_bet.payout',
  'lottery_bet.status',
  'lottery_bet.placed_at',
  'lottery_bet.settled_at',
] as const;

/** Places a member's slip on a game's draw (by its numero), once per request key. */
export const placeLotteryBet = async (
  db: Db,
  merchant: Merchant,
  memberId: number,
  request: PlaceLotteryBetRequest,
  requestKey: string,
  now = new Date(),
): Promise<{ bet: LotteryBet; balance: number }> => {
  if (!requestKey) throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 'A bet needs an idempotency key');
  const game = await findLotteryGame(db, merchant, request.gameCode);
  const draw = await db
    .selectFrom('lottery_draw')
    .select('id')
    .where('vendor_code', '=', game.vendorCode)
    .where('game_id', '=', game.gameId)
    .where('draw_no', '=', request.numero)
    .executeTakeFirst();
  if (!draw) throw new AppError('NOT_FOUND', `No draw ${request.numero} of ${request.gameCode}`);
  const settings = await currentSettings(db, merchant.id, game.vendorCode, game.gameId);
  const placed = await placeBet(
    db,
    {
      merchantId: merchant.id,
      memberId,
      drawId: draw.id,
      category: game.category,
      slip: { type: request.betType as BetTypeCode, numbers: request.numbers, stake: request.stake },
      costs: settings.costs,
      limits: settings.limits,
      settingId: settings.id,
      requestKey,
    },
    now,
  );
  const row = (await betsOf(db, merchant.id, memberId)
    .select([...BET_COLUMNS])
    .where('lottery_bet.id', '=', placed.betId)
    .executeTakeFirstOrThrow()) as BetJoinRow;
  const balance = await ledger.getAccountBalance(
    db,
    await ledger.memberAccount(db, merchant.id, memberId, 'MAIN'),
  );
  return { bet: toLotteryBet(row), balance };
};

/** The member's lottery bets, newest first, a page at a time. */
export const getMyLotteryBets = async (
  db: DbOrTrx,
  merchant: Merchant,
  memberId: number,
  query: { gameCode?: string | undefined; pageNo: number; pageSize: number },
) => {
  let base = betsOf(db, merchant.id, memberId);
  if (query.gameCode) base = base.where('lottery_draw.game_id', '=', query.gameCode);
  const { total } = await base
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = (await base
    .select([...BET_COLUMNS])
    .orderBy('lottery_bet.placed_at', 'desc')
    .orderBy('lottery_bet.id', 'desc')
    .offset((query.pageNo - 1) * query.pageSize)
    .limit(query.pageSize)
    .execute()) as BetJoinRow[];
  return {
    bets: rows.map(toLotteryBet),
    pageNum: query.pageNo,
    totalPages: Math.max(1, Math.ceil(Number(total) / query.pageSize)),
  };
};

/**
 * Takes back an open bet of the member before its draw closes. `oneCommit` is the route's
 * `withIdempotentWrite` when the member sent a key: a retry whose first answer was lost is answered
 * as the first was (decision 0085).
 */
export const cancelLotteryBet = (
  db: Db,
  merchant: Merchant,
  memberId: number,
  betId: number,
  oneCommit?: OneCommit,
  now = new Date(),
) => cancelBet(db, { merchantId: merchant.id, memberId, betId }, now, oneCommit);
