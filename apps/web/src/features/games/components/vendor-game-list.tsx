import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { ModalBodyProps } from '../../../components/modal/modal-types';
import { useVendorGames } from '../api/get-game-list';
import { GameGrid, GameGridSkeleton } from './game-grid';

/**
 * §7 isGame VASSALAGE: an entry that stands for a vendor's whole hall opens this popup of its games;
 * a game played from it leaves the page, and the popup closes behind it.
 */
export function VendorGameList({ props, close }: ModalBodyProps<'gameList'>) {
  const games = useVendorGames(props.vassalage);
  const location = useLocation();
  const openedAt = useRef(`${location.pathname}${location.search}`);
  useEffect(() => {
    if (`${location.pathname}${location.search}` !== openedAt.current) close();
  }, [location.pathname, location.search, close]);
  const list = (games.data ?? []).filter((game) => game.isGame !== 'VASSALAGE');
  return games.data ? (
    <GameGrid games={list} size="compact" />
  ) : (
    <GameGridSkeleton count={8} size="compact" />
  );
}
