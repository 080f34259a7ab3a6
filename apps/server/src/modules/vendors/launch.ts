import { LOTTERY_VENDOR_ROUTES, TRIAL_ACCOUNT_TYPE } from '@jade/contracts/constants';
import type { LaunchGameResponse } from '@jade/contracts/games';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import {
  findBrandGame,
  findBrandVendor,
  findGameRoom,
  hasGameRooms,
  isVendorOffered,
  recordRecentGame,
} from '../games/service.js';
import type { Merchant } from '../merchants/repo.js';
import * as ledger from '../wallet/ledger.js';
import { vendorAdapter } from './adapters.js';

/**
 * §7 launch V2 (decision 0017). A game's entry decides first: a vendor's game list (isGame VASSALAGE)
 * or a lottery page (LOTT, ELOTT) need no session. Otherwise a free trial (accountType 0) opens the
 * vendor's demo where its supportPlay is 0, with no login; real play needs a logged-in real account.
 * The vendor's adapter (adapters.ts) gives the address; a transfer-wallet vendor's game first asks the
 * member what to move into its wallet (answer TRANSFER), and opens once they confirm (confirmTrans 1).
 */
export const launchGame = async (
  db: Db,
  serverSecret: string,
  input: {
    merchant: Merchant;
    /** The logged-in member and the login's session id, if any (resolved only when the launch needs one). */
    member: () => Promise<{ id: number; type: number; sessionId: number }>;
    /** The address the launch comes from. */
    ip: string;
    vassalage: string;
    gameId?: string | undefined;
    accountType: number;
    confirmTrans?: number | undefined;
    transferAmount?: number | undefined;
    transferKey?: string | undefined;
    roomId?: string | undefined;
    /** Moves the amount from the main wallet into the vendor's (the wallet module's transfer). */
    transferIn: (amount: number, key: string) => Promise<{ pending?: boolean | undefined }>;
    language?: string | undefined;
  },
): Promise<LaunchGameResponse> => {
  const { merchant } = input;
  const vendor = await findBrandVendor(db, merchant.id, input.vassalage);
  // A vendor members are not offered (disabled, no working connection: decision 0029, prize mode
  // off) is not offered here either: the same answer as an unknown one, before any session or money.
  if (!vendor || !(await isVendorOffered(db, merchant, vendor))) {
    throw new AppError('VENDOR_NOT_FOUND', `This brand does not offer '${input.vassalage}'`);
  }
  const game = input.gameId ? await findBrandGame(db, merchant.id, vendor.code, input.gameId) : undefined;
  if (input.gameId && !game)
    throw new AppError('GAME_NOT_FOUND', `No game '${input.gameId}' at ${vendor.code}`);
  if (game?.isGame === 'VASSALAGE' || !game) return { kind: 'GAME_LIST', vassalage: vendor.code };
  if (game.gameType === 'LOTT' || game.gameType === 'ELOTT') {
    const route = (LOTTERY_VENDOR_ROUTES as Record<string, string>)[vendor.code] ?? '/lottery';
    const query = new URLSearchParams();
    if (game.code) query.set('gameCode', game.code);
    if (game.defaultPlayType) query.set('playType', game.defaultPlayType);
    return { kind: 'LOTTERY', path: query.size ? `${route}?${query.toString()}` : route };
  }
  // A PVP game with rooms opens in one the member picked (GLS2_roomList).
  const room = input.roomId ? await findGameRoom(db, vendor.code, game.gameId, input.roomId) : undefined;
  if (input.roomId && !room)
    throw new AppError('GAME_NOT_FOUND', `No room '${input.roomId}' in ${game.gameId}`);
  const adapter = await vendorAdapter(db, serverSecret, merchant, vendor);
  const trial = input.accountType === 0;
  if (trial) {
    // §2: Free trial shows only where supportPlay is 0.
    if (vendor.supportPlay !== 0) {
      throw new AppError('GAME_TRIAL_UNAVAILABLE', `${vendor.code} has no free trial`);
    }
    if (!adapter) throw unavailable(vendor.code);
    return {
      kind: 'URL',
      url: await adapter.launchTrial({ gameId: game.gameId, language: input.language }),
      vassalage: vendor.code,
      gameId: game.gameId,
      trial,
    };
  }
  const member = await input.member();
  if (member.type === TRIAL_ACCOUNT_TYPE)
    throw new AppError('TRIAL_ACCOUNT', 'Please register an account first');
  if (!adapter) throw unavailable(vendor.code);
  // A transfer-wallet game: the member first chooses what to move into the vendor's wallet.
  if (adapter.transfer && input.confirmTrans !== 1) {
    return {
      kind: 'TRANSFER',
      vassalage: vendor.code,
      gameId: game.gameId,
      mainBalance: await ledger.getAccountBalance(
        db,
        await ledger.memberAccount(db, merchant.id, member.id, 'MAIN'),
      ),
      vendorBalance: await adapter.balance(member.id),
    };
  }
  const amount = adapter.transfer ? (input.transferAmount ?? 0) : 0;
  if (!room && (await hasGameRooms(db, vendor.code, game.gameId)))
    throw new AppError('BAD_REQUEST', 'Choose a room of this game first');
  // A room takes a balance of at least its entry to sit down: a launch that cannot reach it even with
  // what it would move in is refused before any money moves (and checked again after, below).
  if (room && room.minEntry > 0 && (await adapter.balance(member.id)) + amount < room.minEntry) {
    throw new AppError('WALLET_INSUFFICIENT_FUNDS', 'Insufficient balance', {
      details: { minEntry: room.minEntry },
    });
  }
  // The game's address first: a vendor that cannot open the game is not sent the member's money.
  const url = await adapter.launch({
    memberId: member.id,
    loginSessionId: member.sessionId,
    ip: input.ip,
    gameId: game.gameId,
    roomId: room?.roomId,
    language: input.language,
  });
  let transferPending = false;
  if (amount > 0) {
    if (!input.transferKey)
      throw new AppError('BAD_REQUEST', 'A transfer before the game needs its transferKey');
    transferPending = (await input.transferIn(amount, input.transferKey)).pending === true;
  }
  // The seat goes on the balance really in the vendor wallet after the transfer: a transfer key used
  // before replays its old answer and moves nothing, so its amount proves nothing (issue 19 item 10).
  // A transfer still pending has not reached the wallet either; the member launches again once it has.
  if (room && room.minEntry > 0 && (await adapter.balance(member.id)) < room.minEntry) {
    throw new AppError('WALLET_INSUFFICIENT_FUNDS', 'Insufficient balance', {
      details: { minEntry: room.minEntry, ...(transferPending && { transferPending }) },
    });
  }
  await recordRecentGame(db, {
    merchantId: merchant.id,
    memberId: member.id,
    vendorCode: vendor.code,
    gameId: game.gameId,
  });
  return {
    kind: 'URL',
    url,
    vassalage: vendor.code,
    gameId: game.gameId,
    trial,
    ...(transferPending && { transferPending }),
  };
};

const unavailable = (vendorCode: string) =>
  new AppError('GAME_UNAVAILABLE', `${vendorCode} cannot be reached from this brand`);
