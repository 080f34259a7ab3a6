import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameItem } from '@jade/contracts/games';
import { GameTile } from '../../../components/game-tile';
import { FlameIcon, PlayIcon } from '../../../components/icons';
import { useSession } from '../../../lib/session';
import { useLaunchGame } from '../launch';

/** Only a logged-in member has favourites: the star's code loads with the first one. */
const FavouriteStar = lazy(() => import('./favourite-star').then((m) => ({ default: m.FavouriteStar })));

type GameCardProps = {
  game: GameItem;
  /** The vendor's name under the game's, where a list mixes vendors. */
  vendorName?: string;
  size?: 'regular' | 'compact';
  /** In the first screenful: its art loads at once rather than lazily (the page's largest paint). */
  isAboveFold?: boolean;
};

/** A game with Play and, when the vendor offers it (§2: supportPlay 0), Free trial. */
export function GameCard({ game, vendorName, size = 'regular', isAboveFold = false }: GameCardProps) {
  const { t } = useTranslation();
  const { play, tryFree } = useLaunchGame();
  const hasTrial = game.supportPlay === 0;
  const { token } = useSession();

  return (
    <article className={`game-card game-card--${size}`} aria-label={game.gameName}>
      <div className="game-card__art">
        <GameTile
          src={game.showIcon}
          name={game.gameName}
          seed={`${game.vassalage}/${game.gameId}`}
          isEager={isAboveFold}
        />
        {token && (
          <Suspense fallback={null}>
            <FavouriteStar game={game} />
          </Suspense>
        )}
        {game.isHot && (
          <span className="game-card__hot">
            <FlameIcon size={12} />
            {t('games.hot')}
          </span>
        )}
        <div className="game-card__actions">
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => play(game)}
            aria-label={t('games.playGame', { game: game.gameName })}
          >
            <PlayIcon size={14} />
            {t('games.play')}
          </button>
          {hasTrial && (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => tryFree(game)}
              aria-label={t('games.tryGame', { game: game.gameName })}
            >
              {t('games.freeTrial')}
            </button>
          )}
        </div>
      </div>
      <div className="game-card__text">
        <h3 className="game-card__name">{game.gameName}</h3>
        {vendorName && <p className="game-card__vendor">{vendorName}</p>}
      </div>
    </article>
  );
}
