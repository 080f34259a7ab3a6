import { useTranslation } from 'react-i18next';
import type { GameItem } from '@jade/contracts/games';
import { useFavouriteIds, useToggleFavourite } from '../api/favourites';

/** The star on a tile: a logged-in member's favourite, toggled in place. */
export function FavouriteStar({ game }: { game: GameItem }) {
  const { t } = useTranslation();
  const favourites = useFavouriteIds();
  const toggle = useToggleFavourite();
  if (!favourites.isEnabled) return null;
  const isFavourite = favourites.has(game);
  return (
    <button
      type="button"
      className="game-card__favourite"
      aria-pressed={isFavourite}
      disabled={toggle.isPending}
      aria-label={t(isFavourite ? 'games.unfavourite' : 'games.favourite', { game: game.gameName })}
      onClick={() => toggle.mutate({ game, favourite: !isFavourite })}
    >
      {isFavourite ? '★' : '☆'}
    </button>
  );
}
