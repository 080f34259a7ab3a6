import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { GameMenu, VendorItem } from '@jade/contracts/games';
import { CategoryIcon } from '../../../components/icons';
import { useGameMenus } from '../api/get-game-menus';
import { findCockfightVendor, visibleMenus } from '../categories';
import { useLaunchGame } from '../launch';
import { useCategoryLabel } from '../use-category-label';
import { CategoryDropdown } from './category-dropdown';
import '../games.css';

type NavItem = { kind: 'category'; menu: GameMenu } | { kind: 'cockfight'; vendor: VendorItem };

/** §2 header category tabs: only categories with vendors, the cockfight entry right after Live. */
const navItems = (menus: readonly GameMenu[]): NavItem[] => {
  const items: NavItem[] = visibleMenus(menus).map((menu) => ({ kind: 'category', menu }));
  const cockfight = findCockfightVendor(menus);
  if (cockfight) {
    const live = items.findIndex((item) => item.kind === 'category' && item.menu.gameType === 'LIVE');
    items.splice(live + 1, 0, { kind: 'cockfight', vendor: cockfight });
  }
  return items;
};

export function CategoryNav() {
  const menus = useGameMenus();
  const items = navItems(menus.data ?? []);
  return (
    <>
      {items.map((item) =>
        item.kind === 'category' ? (
          <CategoryTab key={item.menu.gameType} menu={item.menu} />
        ) : (
          <CockfightTab key="cockfight" vendor={item.vendor} />
        ),
      )}
    </>
  );
}

const CLOSE_DELAY_MS = 150;

function CategoryTab({ menu }: { menu: GameMenu }) {
  const { t } = useTranslation();
  const labelOf = useCategoryLabel();
  const label = labelOf(menu);
  // Open while pointed at or while focus is inside; a button that becomes disabled drops focus, which
  // must not close a dropdown the pointer is still over.
  const [isHovered, setIsHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const isOpen = isHovered || hasFocus;
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(leaveTimer.current), []);
  // A game picked from the dropdown opens a new page; the dropdown closes behind it.
  const { pathname } = useLocation();
  useEffect(() => {
    setIsHovered(false);
    setHasFocus(false);
  }, [pathname]);
  const close = () => {
    clearTimeout(leaveTimer.current);
    setIsHovered(false);
    setHasFocus(false);
  };

  return (
    <li
      className="nav-tab"
      data-category={menu.gameType}
      onMouseEnter={() => {
        clearTimeout(leaveTimer.current);
        setIsHovered(true);
      }}
      onMouseLeave={() => {
        clearTimeout(leaveTimer.current);
        leaveTimer.current = setTimeout(() => setIsHovered(false), CLOSE_DELAY_MS);
      }}
      onFocus={() => setHasFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHasFocus(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <TabLink to={menu.page} label={label} category={menu.gameType} />
      {isOpen && (
        <div
          className="nav-dropdown"
          role="region"
          aria-label={t('games.dropdownLabel', { category: label })}
        >
          <CategoryDropdown menu={menu} onLaunch={close} />
        </div>
      )}
    </li>
  );
}

function TabLink({ to, label, category }: { to: string | null; label: string; category: string }) {
  const content: ReactNode = (
    <>
      <CategoryIcon category={category} size={20} />
      <span>{label}</span>
    </>
  );
  if (!to) {
    return (
      <span className="nav-tab__link" tabIndex={0}>
        {content}
      </span>
    );
  }
  return (
    <NavLink to={to} className="nav-tab__link">
      {content}
    </NavLink>
  );
}

/** §2: a cockfight entry derived from a sports vendor; a click launches that vendor directly. */
function CockfightTab({ vendor }: { vendor: VendorItem }) {
  const { t } = useTranslation();
  const { play } = useLaunchGame();
  return (
    <li className="nav-tab" data-category="COCKFIGHT">
      <button
        type="button"
        className="nav-tab__link"
        onClick={() => play({ vassalage: vendor.vassalage, gameType: vendor.gameCategory, isGame: 'LOBBY' })}
      >
        <CategoryIcon category="COCKFIGHT" size={20} />
        <span>{t('nav.cockfight')}</span>
      </button>
    </li>
  );
}
