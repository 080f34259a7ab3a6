import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROMOTION_CATEGORIES, type PromotionCategory } from '@jade/contracts/engagement';
import { paths } from '../../../config/paths';

/** The tab the header's bonus entry opens (§2): the promotions this member can take. */
export const BONUS_TAB = 'bonus';

type PromotionTabsProps = {
  /** Categories with running promotions; tabs follow the contract's category order. */
  categories: readonly { category: PromotionCategory; count: number }[];
  active: PromotionCategory | typeof BONUS_TAB | undefined;
  availableCount: number;
};

/** All, one tab per category that has promotions, and the member's own. The tab is in the URL (?tab=). */
export function PromotionTabs({ categories, active, availableCount }: PromotionTabsProps) {
  const { t } = useTranslation();
  const counts = new Map(categories.map((c) => [c.category, c.count]));
  const tab = (key: string, tabValue: string | undefined, label: string, count?: number) => (
    <li key={key}>
      <Link
        className="promo-tab"
        to={tabValue ? `${paths.promotions}?tab=${tabValue}` : paths.promotions}
        aria-current={active === tabValue ? 'page' : undefined}
      >
        {label}
        {count !== undefined && count > 0 && (
          <>
            {' '}
            <span className="promo-tab__count">{count}</span>
          </>
        )}
      </Link>
    </li>
  );
  return (
    <nav className="promo-tabs" aria-label={t('promotions.tabs.label')}>
      <ul>
        {tab('all', undefined, t('promotions.tabs.all'))}
        {PROMOTION_CATEGORIES.filter((category) => counts.has(category)).map((category) =>
          tab(category, category, t(`promotions.categories.${category}`), counts.get(category)),
        )}
        {tab(BONUS_TAB, BONUS_TAB, t('promotions.tabs.bonus'), availableCount)}
      </ul>
    </nav>
  );
}
