import { useTranslation } from 'react-i18next';
import { FlameIcon } from '../../../components/icons';
import { useGameMenus } from '../api/get-game-menus';
import { useHotGames } from '../api/get-hot-games';
import { GameGrid, GameGridSkeleton } from './game-grid';

const HOME_HOT_GAMES = 12;

/** Home hot games (§7 GCSGAME_hotGamesV2). */
export function HotGames() {
  const { t } = useTranslation();
  const hot = useHotGames();
  const menus = useGameMenus();
  const vendorNames = new Map(
    (menus.data ?? []).flatMap((menu) =>
      menu.vendors.map((vendor) => [vendor.vassalage, vendor.vendorName] as const),
    ),
  );
  const games = (hot.data ?? []).slice(0, HOME_HOT_GAMES);
  if (!hot.isPending && games.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="hot-games-title">
      <h2 id="hot-games-title" className="section-title">
        <FlameIcon size={22} />
        {t('home.hotGames')}
      </h2>
      {/* While they load, empty tiles hold their place: what follows does not jump. */}
      {hot.isPending ? (
        <GameGridSkeleton count={HOME_HOT_GAMES} />
      ) : (
        <GameGrid games={games} vendorNames={vendorNames} />
      )}
    </section>
  );
}
