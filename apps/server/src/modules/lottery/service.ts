import type { GameCategory } from '@jade/contracts/games';
import type {
  DrawResultItem,
  LotteryBet,
  OpenedNumero,
  PlaceLotteryBetRequest,
} from '@jade/contracts/lottery';
import type { Db, DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { findBrandGame } from '../games/service.js';
import type { Merchant } from '../merchants/repo.js';
import * as ledger from '../wallet/ledger.js';
import type { BetTypeCode } from './bet-types.js';
import { cancelBet, placeBet, type StakeLimits } from './draws.js';
import { LOTTERY_VENDORS } from './tick.js';

/**
 * The lottery's calls for members and lobbies (§7; decision 0019). A lottery game is a catalogue game
 * of an in-house lottery vendor, named by its game code (VN_HN, SEA_MAGNUM, LOTTO_1M …).
 */

/**
 * The demo's stake limits (a per-brand, per-game setting comes with the operator screens): one slip
 * up to 1,000,000.00, the brand's stake on one number of one type in a draw up to 50,000,000.00, and
 * one member's total on a draw up to 10,000,000.00 (minor units of two decimals).
 */
export const DEFAULT_LIMITS: StakeLimits = {
  perBet: 100_000_000,
  perNumber: 5_000_000_000,
  perDraw: 1_000_000_000,
};

/** The brand's lottery game by its code; not found for any other game or a vendor switched off. */
export const findLotteryGame = async (db: DbOrTrx, merchant: Merchant, gameCode: string) => {
  for (const vendorCode of LOTTERY_VENDORS) {
    const game = await findBrandGame(db, merchant.id, vendorCode, gameCode);
    if (game) return { vendorCode, gameId: game.gameId, category: game.gameType as GameCategory };
  }
  throw new AppError('GAME_NOT_FOUND', `No lottery game '${gameCode}'`);
};

/** The draw taking bets now, or next (opened numero). */
export const getOpenedNumero = async (
  db: DbOrTrx,
  merchant: Merchant,
  gameCode: string,
  now = new Date(),
): Promise<OpenedNumero> => {
  const game = await findLotteryGame(db, merchant, gameCode);
  const draw = await db
    .selectFrom('lottery_draw')
    .selectAll()
    .where('vendor_code', '=', game.vendorCode)
    .where('game_id', '=', game.gameId)
    .where('status', 'in', ['OPEN', 'SCHEDULED'])
    .where('closes_at', '>', now.toISOString())
    .orderBy('closes_at')
    .executeTakeFirst();
  if (!draw) throw new AppError('NOT_FOUND', 'No draw of this game takes bets now');
  return {
    gameCode,
    vassalage: draw.vendor_code,
    numero: draw.draw_no,
    structure: draw.structure,
    status: draw.status,
    opensAt: draw.opens_at,
    closesAt: draw.closes_at,
    drawsAt: draw.draws_at,
    seedHash: draw.seed_hash,
    serverTime: now.toISOString(),
  };
};

/** The latest drawn results of a game, newest first, with their revealed seeds. */
export const getRecentResults = async (
  db: DbOrTrx,
  merchant: Merchant,
  gameCode: string,
  count: number,
): Promise<DrawResultItem[]> => {
  const game = await findLotteryGame(db, merchant, gameCode);
  const draws = await db
    .selectFrom('lottery_draw')
    .selectAll()
    .where('vendor_code', '=', game.vendorCode)
    .where('game_id', '=', game.gameId)
    .where('status', 'in', ['DRAWN', 'SETTLED'])
    .orderBy('draws_at', 'desc')
    .limit(count)
    .execute();
  return draws.map((draw) => ({
    numero: draw.draw_no,
    drawsAt: draw.draws_at,
    status: draw.status,
    result: JSON.parse(draw.result ?? '{}') as Record<string, string[]>,
    seedHash: draw.seed_hash,
    serverSeed: draw.server_seed,
  }));
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
  const placed = await placeBet(
    db,
    {
      merchantId: merchant.id,
      memberId,
      drawId: draw.id,
      category: game.category,
      slip: { type: request.betType as BetTypeCode, numbers: request.numbers, stake: request.stake },
      limits: DEFAULT_LIMITS,
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

export const cancelLotteryBet = (
  db: Db,
  merchant: Merchant,
  memberId: number,
  betId: number,
  now = new Date(),
) => cancelBet(db, { merchantId: merchant.id, memberId, betId }, now);
