import type { GameItem } from '@jade/contracts/games';
import { useTranslation } from 'react-i18next';
import { GameCard } from './game-card';

type GameGridProps = {
  games: readonly GameItem[];
  vendorNames?: ReadonlyMap<string, string>;
  size?: 'regular' | 'compact';
};

/** The tiles a phone or a desktop shows before any scrolling: their art is not lazy-loaded. */
const ABOVE_FOLD_TILES = 6;

export function GameGrid({ games, vendorNames, size = 'regular' }: GameGridProps) {
  return (
    <ul className={`game-grid game-grid--${size}`}>
      {games.map((game, index) => (
        <li key={`${game.vassalage}/${game.gameId}`}>
          <GameCard
            game={game}
            size={size}
            vendorName={vendorNames?.get(game.vassalage)}
            isAboveFold={index < ABOVE_FOLD_TILES}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The grid's place while its games load: empty tiles of the real size, so the footer and the side bar
 * do not jump down when the games arrive.
 */
export function GameGridSkeleton({
  count = 12,
  size = 'regular',
}: {
  count?: number;
  size?: 'regular' | 'compact';
}) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      <ul className={`game-grid game-grid--${size}`} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <div className="game-card game-card--skeleton">
              <div className="game-card__art">
                <div className="game-tile game-tile--skeleton" />
              </div>
              <span className="game-card__skeleton-line" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
