import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContactUsButton } from '../../components/contact-us-button';
import { GameTile } from '../../components/game-tile';
import { useBrand } from '../../config/brand';
import { helpArticlePath, paths } from '../../config/paths';
import { useGameMenus } from '../../features/games/api/get-game-menus';
import { visibleMenus } from '../../features/games/categories';
import { useLaunchGame } from '../../features/games/launch';
import { useCategoryLabel } from '../../features/games/use-category-label';
import { useHelpCenter } from '../../features/help/api/get-help-center';
import { Logo } from './site-header';

/** §2 footer about list, in order; each opens its help-centre article. */
const ABOUT_KEYS = [
  'company',
  'contact',
  'terms',
  'responsible-gaming',
  'privacy',
  'affiliates',
  'refund',
] as const;

/** §2 footer: vendor logos, help, nav links, the about list, copyright. */
export function SiteFooter() {
  const { t } = useTranslation();
  const { whitelabel } = useBrand();
  const menus = useGameMenus();
  const help = useHelpCenter();
  const { play } = useLaunchGame();
  const labelOf = useCategoryLabel();
  const categories = visibleMenus(menus.data ?? []).filter((menu) => menu.page);
  const vendors = visibleMenus(menus.data ?? []).flatMap((menu) => menu.vendors);
  const helpArticles = (help.data?.articles ?? []).filter((article) => article.category === 'HELP');
  const brandName = whitelabel.merchant.name;

  return (
    <footer className="site-footer">
      {vendors.length > 0 && (
        <section className="site-footer__vendors" aria-label={t('footer.vendors')}>
          <ul>
            {vendors.map((vendor) => (
              <li key={vendor.vassalage} title={vendor.vendorName}>
                <GameTile
                  className="site-footer__vendor"
                  src={vendor.logo}
                  name={vendor.vendorName}
                  seed={vendor.vassalage}
                />
                <span className="visually-hidden">{vendor.vendorName}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="site-footer__columns">
        <div className="site-footer__brand">
          <Logo />
          <p>{t('footer.tagline', { brand: brandName })}</p>
          <p className="site-footer__age">
            <span className="age-badge" aria-hidden="true">
              18+
            </span>
            {t('footer.ageNotice')}
          </p>
          <ContactUsButton variant="secondary" />
        </div>
        <nav className="site-footer__column" aria-label={t('footer.games')}>
          <h2>{t('footer.games')}</h2>
          <ul>
            {categories.map((menu) => {
              // §6: sports launches the first sports vendor's game, as the header's sports entry does.
              const sports = menu.gameType === 'SPORTS' ? menu.vendors[0] : undefined;
              return (
                <li key={menu.gameType}>
                  {sports ? (
                    <button
                      type="button"
                      className="site-footer__link"
                      onClick={() =>
                        play({ vassalage: sports.vassalage, gameType: sports.gameCategory, isGame: 'LOBBY' })
                      }
                    >
                      {labelOf(menu)}
                    </button>
                  ) : (
                    <Link to={menu.page ?? paths.home}>{labelOf(menu)}</Link>
                  )}
                </li>
              );
            })}
            <li>
              <Link to={paths.promotions}>{t('nav.promotions')}</Link>
            </li>
            <li>
              <Link to={paths.vip}>{t('nav.vip')}</Link>
            </li>
          </ul>
        </nav>
        <nav className="site-footer__column" aria-label={t('footer.help')}>
          <h2>{t('footer.help')}</h2>
          <ul>
            {helpArticles.map((article) => (
              <li key={article.key}>
                <Link to={helpArticlePath(article.key)}>{article.title}</Link>
              </li>
            ))}
            <li>
              <Link to={paths.notices}>{t('notices.title')}</Link>
            </li>
            <li>
              <Link to={paths.download}>{t('nav.download')}</Link>
            </li>
            <li>
              <Link to={paths.join}>{t('nav.join')}</Link>
            </li>
          </ul>
        </nav>
        <nav className="site-footer__column" aria-label={t('footer.about')}>
          <h2>{t('footer.about')}</h2>
          <ul>
            {ABOUT_KEYS.map((key) => (
              <li key={key}>
                <Link to={helpArticlePath(key)}>{t(`footer.aboutLinks.${key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="site-footer__copyright">
        {t('common.copyright', { year: new Date().getFullYear(), brand: brandName })}
      </p>
    </footer>
  );
}
