import type { ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { lateStrings } from '../i18n/i18n';
import { lazyPage, type PageOptions } from './chunk-load';
import { RootLayout } from './layout/root-layout';
import { SiteLayout } from './layout/site-layout';
import { RouteBoundary } from './route-status';

/*
 * §2 routes and their lazy page groups. Routes of one group import the same module, so they share a
 * chunk: index (/index, /register, /register.html, /login), Vip, promo, promoDetail, egame (/rng),
 * live (/live, /fish, /sports: the category pages), pvp, eaLottery (the lottery lobbies /lottery,
 * /seaLottery, /vnlottery and /elott share one chunk), seamless, byIframe (/game), help (/help, /helpmc), download, joinus, plus the notice page,
 * the points mall and the not-found page.
 */
const index = () => import('./pages/home-page');
const live = () => import('../features/games/pages/category-page');
const eaLottery = () => import('../features/lottery/pages/lottery-lobby');
const help = () => import('../features/help/pages/help-page');
const download = () => import('../features/download/pages/download-page');

/**
 * Every page but the home page: its strings are in the language's late part, asked for alongside the
 * page's chunk when it renders, or with the brand's language when it is the landing page
 * (build/boot-messages.ts, CORE_SECTIONS; decision 0093).
 */
const latePage = <M,>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  options: Omit<PageOptions, 'need'> = {},
) => lazyPage(load, pick, { need: lateStrings, ...options });
/** The lobbies show their title and frame first, then their games' loading state (decision 0093). */
const lobbyPage = (pick: (module: Awaited<ReturnType<typeof eaLottery>>) => ComponentType) =>
  latePage(eaLottery, pick, { isShownAtOnce: true });

/** Header, footer and the right side bar: most pages (§2). */
const fullPages: RouteObject[] = [
  { path: paths.home, Component: lazyPage(index, (m) => m.HomePage) },
  { path: paths.register, Component: lazyPage(index, (m) => m.RegisterPage) },
  { path: paths.registerHtml, Component: lazyPage(index, (m) => m.RegisterPage) },
  {
    path: paths.login,
    Component: latePage(
      () => import('./pages/login-page'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: paths.resetPassword,
    Component: latePage(
      () => import('../features/accounts/pages/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: paths.notices,
    Component: latePage(
      () => import('../features/notices/pages/notice-page'),
      (m) => m.NoticePage,
    ),
  },
  {
    path: paths.vip,
    Component: latePage(
      () => import('../features/vip/pages/vip-page'),
      (m) => m.VipPage,
    ),
  },
  { path: paths.eLottery, Component: lobbyPage((m) => m.ELotteryPage) },
  {
    path: paths.slots,
    Component: latePage(
      () => import('../features/games/pages/slots-page'),
      (m) => m.SlotsPage,
    ),
  },
  { path: paths.live, Component: latePage(live, (m) => m.LivePage) },
  { path: paths.fish, Component: latePage(live, (m) => m.FishPage) },
  {
    path: paths.pvp,
    Component: latePage(
      () => import('../features/games/pages/pvp-page'),
      (m) => m.PvpPage,
    ),
  },
  { path: paths.sports, Component: latePage(live, (m) => m.SportsPage) },
  {
    path: paths.promotions,
    Component: latePage(
      () => import('../features/promotions/pages/promotions-page'),
      (m) => m.PromotionsPage,
    ),
  },
  {
    path: paths.promoDetail,
    Component: latePage(
      () => import('../features/promotions/pages/promo-detail-page'),
      (m) => m.PromoDetailPage,
    ),
  },
  { path: paths.help, Component: latePage(help, (m) => m.HelpPage) },
  { path: paths.download, Component: latePage(download, (m) => m.DownloadPage) },
  { path: paths.downloadAlias, Component: latePage(download, (m) => m.DownloadPage) },
  {
    path: paths.join,
    Component: latePage(
      () => import('./pages/join-page'),
      (m) => m.JoinPage,
    ),
  },
  {
    path: '*',
    Component: latePage(
      () => import('./pages/not-found-page'),
      (m) => m.NotFoundPage,
    ),
  },
];

/** Header and footer only (§2). */
const headerFooterPages: RouteObject[] = [
  {
    path: paths.pointMall,
    Component: latePage(
      () => import('../features/points/pages/point-mall-page'),
      (m) => m.PointMallPage,
    ),
  },
];

/** Header only (§2): the lottery lobbies, the seamless hall and the game frame. */
const headerOnlyPages: RouteObject[] = [
  { path: paths.lottery, Component: lobbyPage((m) => m.LotteryPage) },
  { path: paths.seaLottery, Component: lobbyPage((m) => m.SeaLotteryPage) },
  { path: paths.vnLottery, Component: lobbyPage((m) => m.VnLotteryPage) },
  {
    path: paths.seamless,
    Component: latePage(
      () => import('../features/games/pages/seamless-page'),
      (m) => m.SeamlessPage,
    ),
  },
  {
    path: paths.game,
    Component: latePage(
      () => import('../features/games/pages/game-page'),
      (m) => m.GamePage,
    ),
  },
];

/** No frame at all: the help centre the customer-service window opens (§2 /helpmc). */
const barePages: RouteObject[] = [
  { path: paths.helpCenter, Component: latePage(help, (m) => m.HelpCenterPage) },
];

// The pathless child under each layout keeps the header and footer around a page that is loading or
// fails to load.
const withLayout = (variant: 'full' | 'headerFooter' | 'headerOnly' | 'bare', children: RouteObject[]) => ({
  element: <SiteLayout variant={variant} />,
  children: [{ element: <RouteBoundary />, children }],
});

export const routes: RouteObject[] = [
  {
    path: paths.root,
    Component: RootLayout,
    children: [
      { index: true, element: <Navigate to={paths.home} replace /> },
      withLayout('headerFooter', headerFooterPages),
      withLayout('headerOnly', headerOnlyPages),
      withLayout('bare', barePages),
      withLayout('full', fullPages),
    ],
  },
];

/**
 * Starts the chunk of the page at `pathname` (without its strings: the brand's language may not be
 * known yet). Called as the router's chunk arrives, while the brand and status calls are still out, so
 * a visitor landing on a page other than the home page (whose chunk the server announces) does not
 * wait for the boot calls before its page's chunk is asked for.
 */
export const preloadPage = (pathname: string) => {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route.Component as
    { preload?: () => Promise<unknown> } | null | undefined;
  void leaf?.preload?.().catch(() => undefined);
};
