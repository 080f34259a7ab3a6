import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { LOTTERY_VENDOR_ROUTES } from '@jade/contracts/constants';
import type { GameCategory, IsGameValue } from '@jade/contracts/games';
import { paths } from '../../config/paths';
import { useModals } from '../../components/modal/modal-context';
import { useRequireLogin } from '../../lib/use-require-login';

/** The fields of a game or vendor the launcher reads (§3). */
export type LaunchTarget = {
  vassalage: string;
  gameName?: string;
  gameId?: string;
  gameType?: GameCategory;
  isGame?: IsGameValue;
  code?: string | null;
  defaultPlayType?: string | null;
};

const LOTTERY_TYPES: readonly GameCategory[] = ['LOTT', 'ELOTT'];

/** Where a lottery game opens: its vendor's lobby (§9 vendors with routes) or /lottery, with gameCode and playType. */
export const lotteryPath = (target: LaunchTarget): string => {
  const route = (LOTTERY_VENDOR_ROUTES as Record<string, string>)[target.vassalage] ?? paths.lottery;
  const query = new URLSearchParams();
  if (target.code) query.set('gameCode', target.code);
  if (target.defaultPlayType) query.set('playType', target.defaultPlayType);
  const search = query.toString();
  return search ? `${route}?${search}` : route;
};

export const gamePath = (target: LaunchTarget, mode: 'real' | 'trial'): string => {
  const query = new URLSearchParams({ vassalage: target.vassalage });
  if (target.gameId) query.set('gameId', target.gameId);
  if (mode === 'trial') query.set('mode', 'trial');
  return `${paths.game}?${query.toString()}`;
};

/**
 * Play and Free trial. A vendor-hall entry opens its game list; lottery games open their lobby;
 * anything else needs login (§6: starting a game needs login) and opens the /game frame.
 */
export const useLaunchGame = () => {
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const modals = useModals();
  /** Starts the game itself: login first (a free-play trial account may play). */
  const start = useCallback(
    (target: LaunchTarget) =>
      requireLogin(() => void navigate(gamePath(target, 'real')), { allowTrial: true }),
    [navigate, requireLogin],
  );
  const play = useCallback(
    (target: LaunchTarget) => {
      // An entry standing for a vendor's whole hall opens its game list in a popup (§7).
      if (target.isGame === 'VASSALAGE') {
        modals.open('gameList', { vassalage: target.vassalage, title: target.gameName ?? target.vassalage });
        return;
      }
      if (target.gameType && LOTTERY_TYPES.includes(target.gameType)) {
        void navigate(lotteryPath(target));
        return;
      }
      start(target);
    },
    [navigate, start, modals],
  );
  const tryFree = useCallback(
    (target: LaunchTarget) => {
      if (target.isGame === 'VASSALAGE') {
        modals.open('gameList', { vassalage: target.vassalage, title: target.gameName ?? target.vassalage });
        return;
      }
      void navigate(gamePath(target, 'trial'));
    },
    [navigate, modals],
  );
  return { play, start, tryFree };
};
