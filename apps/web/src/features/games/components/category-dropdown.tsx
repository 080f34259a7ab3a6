import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameMenu, VendorItem } from '@jade/contracts/games';
import { GameTile } from '../../../components/game-tile';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { useVendorGames } from '../api/get-game-list';
import { dropdownPage, dropdownPageCount } from '../categories';
import { useLaunchGame } from '../launch';
import { GameCard } from './game-card';

type CategoryDropdownProps = {
  menu: GameMenu;
  onLaunch: () => void;
};

/** §2 hover dropdown: a category's vendors, and the games of the one pointed at (21, then 18 a page). */
export function CategoryDropdown({ menu, onLaunch }: CategoryDropdownProps) {
  if (menu.gameType === 'SPORTS') return <SportsVendors vendors={menu.vendors} onLaunch={onLaunch} />;
  return <VendorGames vendors={menu.vendors} />;
}

/** §2: a sports vendor click launches the game directly. */
function SportsVendors({ vendors, onLaunch }: { vendors: readonly VendorItem[]; onLaunch: () => void }) {
  const { t } = useTranslation();
  const { play } = useLaunchGame();
  return (
    <ul className="nav-dropdown__vendor-cards">
      {vendors.map((vendor) => (
        <li key={vendor.vassalage}>
          <button
            type="button"
            className="vendor-card"
            onClick={() => {
              onLaunch();
              play({ vassalage: vendor.vassalage, gameType: vendor.gameCategory, isGame: 'LOBBY' });
            }}
            aria-label={t('games.playGame', { game: vendor.vendorName })}
          >
            <GameTile
              className="vendor-card__logo"
              src={vendor.logo}
              name={vendor.vendorName}
              seed={vendor.vassalage}
            />
            <span className="vendor-card__name">{vendor.vendorName}</span>
            <span className="vendor-card__cta">{t('games.play')}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function VendorGames({ vendors }: { vendors: readonly VendorItem[] }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(vendors[0]?.vassalage);
  const [page, setPage] = useState(1);
  const games = useVendorGames(selected);
  const all = games.data ?? [];
  const pageCount = dropdownPageCount(all.length);
  const vendorName = vendors.find((vendor) => vendor.vassalage === selected)?.vendorName ?? '';

  const select = (vassalage: string) => {
    setSelected(vassalage);
    setPage(1);
  };

  return (
    <div className="nav-dropdown__body">
      <ul className="nav-dropdown__vendors" aria-label={t('games.vendors')}>
        {vendors.map((vendor) => (
          <li key={vendor.vassalage}>
            <button
              type="button"
              className="nav-dropdown__vendor"
              aria-pressed={vendor.vassalage === selected}
              onMouseEnter={() => select(vendor.vassalage)}
              onFocus={() => select(vendor.vassalage)}
              onClick={() => select(vendor.vassalage)}
            >
              <GameTile
                className="nav-dropdown__vendor-logo"
                src={vendor.logo}
                name={vendor.vendorName}
                seed={vendor.vassalage}
              />
              <span>{vendor.vendorName}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="nav-dropdown__games">
        <div className="nav-dropdown__games-head">
          <h2 className="nav-dropdown__title">{vendorName}</h2>
          {pageCount > 1 && (
            <div className="nav-dropdown__pager">
              <button
                type="button"
                className="icon-button"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
                aria-label={t('pagination.previous')}
              >
                <ChevronLeftIcon size={18} />
              </button>
              <span>{t('pagination.pageOf', { page, total: pageCount })}</span>
              <button
                type="button"
                className="icon-button"
                disabled={page >= pageCount}
                onClick={() => setPage(page + 1)}
                aria-label={t('pagination.next')}
              >
                <ChevronRightIcon size={18} />
              </button>
            </div>
          )}
        </div>
        {games.isPending ? (
          <div className="nav-dropdown__loading" role="status">
            <Spinner />
            <span>{t('common.loading')}</span>
          </div>
        ) : games.isError ? (
          <p role="alert">{t('errors.NETWORK_ERROR')}</p>
        ) : (
          <ul className="nav-dropdown__grid">
            {dropdownPage(all, page).map((game) => (
              <li key={game.gameId}>
                <GameCard game={game} size="compact" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
