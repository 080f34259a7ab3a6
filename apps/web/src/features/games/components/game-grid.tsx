import type { GameItem } from '@jade/contracts/games';
import { GameCard } from './game-card';

type GameGridProps = {
  games: readonly GameItem[];
  vendorNames?: ReadonlyMap<string, string>;
  size?: 'regular' | 'compact';
};

export function GameGrid({ games, vendorNames, size = 'regular' }: GameGridProps) {
  return (
    <ul className={`game-grid game-grid--${size}`}>
      {games.map((game) => (
        <li key={`${game.vassalage}/${game.gameId}`}>
          <GameCard game={game} size={size} vendorName={vendorNames?.get(game.vassalage)} />
        </li>
      ))}
    </ul>
  );
}
