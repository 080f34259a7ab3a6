import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { GameCategory, GameMenu, VendorItem } from '@jade/contracts/games';
import { EmptyState } from '../../../components/empty-state';
import { GameTile } from '../../../components/game-tile';
import { CategoryIcon, SearchIcon } from '../../../components/icons';
import { PageHero } from '../../../components/page-hero';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { LIVE_CLASSIFICATION_CODES } from '@jade/contracts/constants';
import { useVendorGameTypes } from '../api/get-vendor-game-types';
import { useGameList } from '../api/get-game-list';
import { useGameMenus } from '../api/get-game-menus';
import { GameGrid, GameGridSkeleton } from '../components/game-grid';
import { VendorTabs } from '../components/vendor-tabs';
import { firstGamesPage, selectedVendor } from '../category-routes';
import { useLaunchGame } from '../launch';
import { useCategoryLabel } from '../use-category-label';

// Below the grid, after it: the week's biggest wins (a chunk of its own, off the page's first paint).
const BigWins = lazy(() => import('../components/big-wins').then((m) => ({ default: m.BigWins })));

type CategoryPageProps = {
  category: GameCategory;
  /** The query parameter that selects the vendor tab (§2: /rng uses `page`). */
  vendorParam?: string;
  vendorLabel?: (vendor: VendorItem) => string;
};

/** §2 category page: the category's vendors as tabs and the chosen vendor's games (search, 24 a page, hot flags). */
export function CategoryPage({ category, vendorParam = 'vendor', vendorLabel }: CategoryPageProps) {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const labelOf = useCategoryLabel();
  const menu = menus.data?.find((entry) => entry.gameType === category);
  const title = menu ? labelOf(menu) : t(`categories.${category}.title`);

  return (
    <section
      className={`page category-page category-page--${category.toLowerCase()}`}
      aria-labelledby="category-title"
    >
      <PageHero
        titleId="category-title"
        title={title}
        subtitle={t(`categories.${category}.tagline`)}
        icon={<CategoryIcon category={category} size={34} />}
      >
        {menu?.point && <span className="pill">{t('games.pointRate', { point: menu.point })}</span>}
      </PageHero>
      {menus.isPending ? (
        <GameGridSkeleton />
      ) : !menu || menu.vendors.length === 0 ? (
        <EmptyState title={t('games.noVendors')} icon={<CategoryIcon category={category} size={36} />} />
      ) : category === 'SPORTS' ? (
        <SportsBooks menu={menu} />
      ) : (
        <VendorGames menu={menu} vendorParam={vendorParam} vendorLabel={vendorLabel} />
      )}
      {menu && menu.vendors.length > 0 && (
        <Suspense fallback={null}>
          <BigWins category={category} />
        </Suspense>
      )}
    </section>
  );
}

function VendorGames({
  menu,
  vendorParam,
  vendorLabel,
}: {
  menu: GameMenu;
  vendorParam: string;
  vendorLabel?: (vendor: VendorItem) => string;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const vendor = selectedVendor(menu, params.get(vendorParam));
  const [search, setSearch] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const gameName = useDebouncedValue(search.trim());
  const [classification, setClassification] = useState('');
  const list = useGameList(
    { ...firstGamesPage(vendor?.vassalage), gameName, pageNo, ...(classification && { classification }) },
    { enabled: Boolean(vendor) },
  );

  const selectVendor = (vassalage: string) => {
    setPageNo(1);
    setSearch('');
    setClassification('');
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(vendorParam, vassalage);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <>
      <VendorTabs
        vendors={menu.vendors}
        selected={vendor?.vassalage}
        onSelect={selectVendor}
        labelOf={vendorLabel}
        label={t('games.vendors')}
      />
      <div className="games-toolbar">
        <h2 className="games-toolbar__title">{vendor ? (vendorLabel?.(vendor) ?? vendor.vendorName) : ''}</h2>
        <label className="search-box">
          <SearchIcon size={18} />
          <span className="visually-hidden">{t('games.search')}</span>
          <input
            type="search"
            value={search}
            placeholder={t('games.searchPlaceholder')}
            onChange={(event) => {
              setSearch(event.target.value);
              setPageNo(1);
            }}
          />
        </label>
      </div>
      {menu.gameType === 'LIVE' && vendor && (
        <ClassificationFilter
          vassalage={vendor.vassalage}
          selected={classification}
          onSelect={(code) => {
            setClassification(code);
            setPageNo(1);
          }}
        />
      )}
      {list.isPending ? (
        <GameGridSkeleton />
      ) : list.isError ? (
        <p role="alert" className="form-error">
          {t('errors.NETWORK_ERROR')}
        </p>
      ) : list.data.games.length === 0 ? (
        <EmptyState
          title={t('games.noResults')}
          message={gameName ? t('games.noResultsFor', { search: gameName }) : undefined}
        />
      ) : (
        <>
          <GameGrid games={list.data.games} />
          <Pagination
            page={list.data.pageNum}
            totalPages={list.data.totalPages}
            onChange={(page) => {
              setPageNo(page);
              window.scrollTo({ top: 0 });
            }}
          />
        </>
      )}
    </>
  );
}

/** §2: a sports vendor launches its book directly; there is no game list to pick from. */
function SportsBooks({ menu }: { menu: GameMenu }) {
  const { t } = useTranslation();
  const { play } = useLaunchGame();
  return (
    <ul className="vendor-showcase">
      {menu.vendors.map((vendor) => (
        <li key={vendor.vassalage} className="vendor-showcase__item">
          <GameTile
            className="vendor-showcase__logo"
            src={vendor.logo}
            name={vendor.vendorName}
            seed={vendor.vassalage}
          />
          <div className="vendor-showcase__text">
            <h2>{vendor.vendorName}</h2>
            <p>{vendor.tags.includes('COCKFIGHT') ? t('nav.cockfight') : t('categories.SPORTS.title')}</p>
          </div>
          <button
            type="button"
            className="button button--primary"
            onClick={() =>
              play({ vassalage: vendor.vassalage, gameType: vendor.gameCategory, isGame: 'LOBBY' })
            }
            aria-label={t('games.playGame', { game: vendor.vendorName })}
          >
            {t('games.play')}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status">
      <Spinner />
      <span>{t('common.loading')}</span>
    </div>
  );
}

export const LivePage = () => <CategoryPage category="LIVE" />;
export const FishPage = () => <CategoryPage category="FISH" />;
export const SportsPage = () => <CategoryPage category="SPORTS" />;

/** §9 live classification codes as a filter: only the codes the vendor's tables carry, in §9 order. */
function ClassificationFilter({
  vassalage,
  selected,
  onSelect,
}: {
  vassalage: string;
  selected: string;
  onSelect: (code: string) => void;
}) {
  const { t } = useTranslation();
  const types = useVendorGameTypes(vassalage);
  const present = new Set((types.data?.gameTypes ?? []).flatMap((type) => type.classifications));
  const codes = LIVE_CLASSIFICATION_CODES.filter((code) => present.has(code));
  if (codes.length < 2) return null;
  return (
    <div className="classification-filter" role="group" aria-label={t('games.classification')}>
      {['', ...codes].map((code) => (
        <button
          key={code || 'all'}
          type="button"
          className="chip-button"
          aria-pressed={selected === code}
          onClick={() => onSelect(code)}
        >
          {code
            ? t(`games.liveClassifications.${code as (typeof LIVE_CLASSIFICATION_CODES)[number]}`)
            : t('games.allClassifications')}
        </button>
      ))}
    </div>
  );
}
