import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { GameTile } from '../../../components/game-tile';
import { PlayIcon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { useVendorGames } from '../api/get-game-list';
import { useGameMenus } from '../api/get-game-menus';
import { PageSpinner } from './category-page';

/**
 * §2 game frame (lazy group byIframe, header only): the game named by `vassalage` and `gameId`. The
 * vendor's launch address fills the stage once game launching exists; until then the stage says so.
 */
export function GamePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const vassalage = params.get('vassalage') ?? undefined;
  const gameId = params.get('gameId');
  const isTrial = params.get('mode') === 'trial';
  const menus = useGameMenus();
  const games = useVendorGames(vassalage);
  const vendor = menus.data?.flatMap((menu) => menu.vendors).find((entry) => entry.vassalage === vassalage);
  const game = games.data?.find((entry) => entry.gameId === gameId) ?? (gameId ? undefined : games.data?.[0]);
  const name = game?.gameName ?? vendor?.vendorName ?? '';

  if (menus.isPending || (vassalage && games.isPending)) return <PageSpinner />;
  if (!vendor) {
    return (
      <section className="page game-frame" aria-labelledby="game-title">
        <h1 id="game-title" className="visually-hidden">
          {t('gameFrame.notFound')}
        </h1>
        <EmptyState title={t('gameFrame.notFound')}>
          <Link className="button button--primary" to={paths.home}>
            {t('notFound.backHome')}
          </Link>
        </EmptyState>
      </section>
    );
  }

  return (
    <section className="page game-frame" aria-labelledby="game-title">
      <div className="game-frame__bar">
        <div>
          <h1 id="game-title">{name}</h1>
          <p>
            {vendor.vendorName}
            {isTrial && <span className="pill pill--muted">{t('games.freeTrial')}</span>}
          </p>
        </div>
        <Link className="button button--secondary button--small" to={paths.home}>
          {t('gameFrame.leave')}
        </Link>
      </div>
      <div className="game-frame__stage">
        <GameTile
          className="game-frame__art"
          src={game?.showIcon ?? vendor.logo}
          name={name}
          seed={`${vendor.vassalage}/${gameId ?? ''}`}
        />
        <div className="game-frame__message">
          <PlayIcon size={28} />
          <p>{t('gameFrame.unavailable')}</p>
        </div>
      </div>
    </section>
  );
}
