import { LOTTERY_VENDOR_ROUTES, TRIAL_ACCOUNT_TYPE } from '@jade/contracts/constants';
import type { LaunchGameResponse } from '@jade/contracts/games';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { findBrandGame, findBrandVendor, recordRecentGame } from '../games/service.js';
import type { Merchant } from '../merchants/repo.js';
import { findVendorConnection } from './connections.js';
import { openGameSession } from './game-sessions.js';

/**
 * §7 launch V2 (decision 0017). A game's entry decides first: a vendor's game list (isGame VASSALAGE)
 * or a lottery page (LOTT, ELOTT) need no session. Otherwise a free trial (accountType 0) opens the
 * vendor's demo where its supportPlay is 0, with no login; real play needs a logged-in real account
 * and opens a game session whose one-time code the address carries.
 */
export const launchGame = async (
  db: Db,
  serverSecret: string,
  input: {
    merchant: Merchant;
    /** The logged-in member, if any (resolved only when the launch needs one). */
    member: () => Promise<{ id: number; type: number }>;
    vassalage: string;
    gameId?: string | undefined;
    accountType: number;
    language?: string | undefined;
  },
): Promise<LaunchGameResponse> => {
  const { merchant } = input;
  const vendor = await findBrandVendor(db, merchant.id, input.vassalage);
  if (!vendor || !vendor.isEnabled) {
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
  const connection = await findVendorConnection(db, serverSecret, merchant.id, vendor.code);
  const trial = input.accountType === 0;
  if (trial) {
    // §2: Free trial shows only where supportPlay is 0.
    if (vendor.supportPlay !== 0) {
      throw new AppError('GAME_TRIAL_UNAVAILABLE', `${vendor.code} has no free trial`);
    }
    if (!connection)
      throw new AppError('GAME_UNAVAILABLE', `${vendor.code} cannot be reached from this brand`);
    const query = new URLSearchParams({ demo: '1', ...(input.language && { lang: input.language }) });
    return {
      kind: 'URL',
      url: `${connection.endpoint}/play/${encodeURIComponent(game.gameId)}?${query.toString()}`,
      vassalage: vendor.code,
      gameId: game.gameId,
      trial,
    };
  }
  const member = await input.member();
  if (member.type === TRIAL_ACCOUNT_TYPE)
    throw new AppError('TRIAL_ACCOUNT', 'Please register an account first');
  if (!connection || vendor.walletMode !== 'SEAMLESS') {
    throw new AppError('GAME_UNAVAILABLE', `${vendor.code} cannot be reached from this brand`);
  }
  await recordRecentGame(db, {
    merchantId: merchant.id,
    memberId: member.id,
    vendorCode: vendor.code,
    gameId: game.gameId,
  });
  const { launchCode } = await openGameSession(db, serverSecret, {
    merchantId: merchant.id,
    memberId: member.id,
    vendorCode: vendor.code,
    gameId: game.gameId,
  });
  const query = new URLSearchParams({
    brand: merchant.code,
    code: launchCode,
    ...(input.language && { lang: input.language }),
  });
  return {
    kind: 'URL',
    url: `${connection.endpoint}/play/${encodeURIComponent(game.gameId)}?${query.toString()}`,
    vassalage: vendor.code,
    gameId: game.gameId,
    trial,
  };
};
