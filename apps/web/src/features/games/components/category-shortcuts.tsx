import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryIcon } from '../../../components/icons';
import { useGameMenus } from '../api/get-game-menus';
import { visibleMenus } from '../categories';
import { useCategoryLabel } from '../use-category-label';

/** Home shortcuts: one tile per category the brand offers, with its vendor count. */
export function CategoryShortcuts() {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const labelOf = useCategoryLabel();
  const entries = visibleMenus(menus.data ?? []).filter((menu) => menu.page);
  if (entries.length === 0) return null;
  return (
    <nav className="shortcuts" aria-label={t('home.categories')}>
      <ul>
        {entries.map((menu) => (
          <li key={menu.gameType}>
            <Link to={menu.page ?? '/'} className={`shortcut shortcut--${menu.gameType.toLowerCase()}`}>
              <span className="shortcut__icon">
                <CategoryIcon category={menu.gameType} size={28} />
              </span>
              <span className="shortcut__label">{labelOf(menu)}</span>
              <span className="shortcut__count">{t('home.vendorCount', { count: menu.vendors.length })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
