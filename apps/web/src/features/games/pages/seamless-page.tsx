import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { GameTile } from '../../../components/game-tile';
import { WalletIcon } from '../../../components/icons';
import { useGameMenus } from '../api/get-game-menus';
import { visibleMenus } from '../categories';
import { useCategoryLabel } from '../use-category-label';
import { PageSpinner } from './category-page';

/** §2 /seamless (header only): the vendors that play straight from the main wallet, no transfer needed. */
export function SeamlessPage() {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const labelOf = useCategoryLabel();
  const groups = visibleMenus(menus.data ?? [])
    .map((menu) => ({ menu, vendors: menu.vendors.filter((vendor) => vendor.walletMode === 'SEAMLESS') }))
    .filter((group) => group.vendors.length > 0);

  return (
    <section className="page seamless-page" aria-labelledby="seamless-title">
      <div className="page-hero">
        <div className="page-hero__icon">
          <WalletIcon size={34} />
        </div>
        <div className="page-hero__text">
          <h1 id="seamless-title">{t('seamless.title')}</h1>
          <p>{t('seamless.subtitle')}</p>
        </div>
      </div>
      {menus.isPending ? (
        <PageSpinner />
      ) : groups.length === 0 ? (
        <EmptyState title={t('games.noVendors')} />
      ) : (
        groups.map(({ menu, vendors }) => (
          <section key={menu.gameType} className="seamless-page__group" aria-label={labelOf(menu)}>
            <h2>{labelOf(menu)}</h2>
            <ul className="vendor-cards">
              {vendors.map((vendor) => (
                <li key={vendor.vassalage}>
                  <Link className="vendor-card" to={vendorLink(menu.page, menu.gameType, vendor.vassalage)}>
                    <GameTile
                      className="vendor-card__logo"
                      src={vendor.logo}
                      name={vendor.vendorName}
                      seed={vendor.vassalage}
                    />
                    <span className="vendor-card__name">{vendor.vendorName}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}

const vendorLink = (page: string | null, category: string, vassalage: string): string => {
  if (!page) return '/';
  if (category === 'LOTT' || category === 'ELOTT') return page;
  return `${page}?${category === 'RNG' ? 'page' : 'vendor'}=${encodeURIComponent(vassalage)}`;
};
