import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DownloadIcon, UsersIcon } from '../../components/icons';
import { useModals } from '../../components/modal/modal-context';
import { WhenVisible } from '../../components/when-visible';
import { useBrand } from '../../config/brand';
import { paths } from '../../config/paths';
import { CategoryShortcuts } from '../../features/games/components/category-shortcuts';
import { HotGames } from '../../features/games/components/hot-games';
import { BannerCarousel } from '../../features/home/components/banner-carousel';
import { NoticeMarquee } from '../../features/notices/components/notice-marquee';
import { withLateStrings } from '../../i18n/i18n';
import { isLoggedIn, useSession } from '../../lib/session';
import '../../features/home/home.css';

/** A logged-in member's recent and favourite games: loaded only for a member. */
const MemberGames = lazy(() =>
  import('../../features/games/components/member-games').then((m) => ({ default: m.MemberGames })),
);

/**
 * The latest lottery results: their code, data and strings (the language's late part) load when the
 * visitor scrolls to them.
 */
const LatestResults = lazy(() =>
  withLateStrings(import('../../features/lottery/components/latest-results')).then((m) => ({
    default: m.LatestResults,
  })),
);

/** §2 /index (lazy group index): banners, announcements, category shortcuts, hot games. */
export function HomePage() {
  const { t } = useTranslation();
  const { whitelabel } = useBrand();
  const modals = useModals();
  const session = useSession();

  return (
    <div className="page home-page">
      <BannerCarousel />
      <NoticeMarquee />
      <section className="welcome" aria-labelledby="home-title">
        <div>
          <h1 id="home-title">{t('home.welcome', { brand: whitelabel.merchant.name })}</h1>
          <p className="page__lead">{t('home.intro')}</p>
        </div>
        {!isLoggedIn(session) && (
          <div className="welcome__actions">
            <button type="button" className="button button--primary" onClick={() => modals.open('register')}>
              {t('home.joinNow')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => modals.open('login')}>
              {t('accounts.login.submit')}
            </button>
          </div>
        )}
      </section>
      <CategoryShortcuts />
      {isLoggedIn(session) && (
        <Suspense fallback={null}>
          <MemberGames />
        </Suspense>
      )}
      <HotGames />
      <section className="promo-strips" aria-label={t('home.more')}>
        <Link to={paths.download} className="promo-strip promo-strip--app">
          <DownloadIcon size={30} />
          <span>
            <strong>{t('home.appTitle')}</strong>
            <small>{t('home.appText')}</small>
          </span>
        </Link>
        <Link to={paths.join} className="promo-strip promo-strip--join">
          <UsersIcon size={30} />
          <span>
            <strong>{t('home.joinTitle')}</strong>
            <small>{t('home.joinText')}</small>
          </span>
        </Link>
      </section>
      <WhenVisible>
        <Suspense fallback={null}>
          <LatestResults />
        </Suspense>
      </WhenVisible>
    </div>
  );
}

/** §2 /register and /register.html: the home page with the register modal open. */
export function RegisterPage() {
  const { open } = useModals();
  useEffect(() => {
    open('register');
  }, [open]);
  return <HomePage />;
}
