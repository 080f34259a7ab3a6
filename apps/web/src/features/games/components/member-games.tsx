import { useTranslation } from 'react-i18next';
import { useMemberGames } from '../api/favourites';
import { GameGrid } from './game-grid';

/** The home page's rows for a logged-in member: games launched last, and favourites (shown when not empty). */
export function MemberGames() {
  const { t } = useTranslation();
  const recent = useMemberGames('recent');
  const favourites = useMemberGames('favourite');
  return (
    <>
      {recent.data && recent.data.length > 0 && (
        <section className="home-section" aria-labelledby="recent-games-title">
          <h2 id="recent-games-title" className="section-title">
            {t('games.recent')}
          </h2>
          <GameGrid games={recent.data.slice(0, 6)} size="compact" />
        </section>
      )}
      {favourites.data && favourites.data.length > 0 && (
        <section className="home-section" aria-labelledby="favourite-games-title">
          <h2 id="favourite-games-title" className="section-title">
            {t('games.favourites')}
          </h2>
          <GameGrid games={favourites.data} size="compact" />
        </section>
      )}
    </>
  );
}
