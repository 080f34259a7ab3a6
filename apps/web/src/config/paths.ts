/** §2 route table; pages link through these, never through string literals. */
export const paths = {
  root: '/',
  home: '/index',
  register: '/register',
  registerHtml: '/register.html',
  login: '/login',
  notices: '/noticePage',
  vip: '/vip',
  pointMall: '/pointMall',
  lottery: '/lottery',
  vnLottery: '/vnlottery',
  seaLottery: '/seaLottery',
  eLottery: '/elott',
  slots: '/rng',
  live: '/live',
  fish: '/fish',
  pvp: '/pvp',
  sports: '/sports',
  promotions: '/promotions',
  promoDetail: '/promoDetail',
  seamless: '/seamless',
  help: '/help',
  helpCenter: '/helpmc',
  download: '/down',
  /** §2 names /download among the routes open without login; it shows the same page as /down. */
  downloadAlias: '/download',
  join: '/join',
  game: '/game',
  /** Where the forgot-password email's link lands. */
  resetPassword: '/resetPassword',
} as const;

/** §2: with loginedToHomePage on, every other route needs a session token. */
export const PUBLIC_PATHS: readonly string[] = [
  paths.login,
  paths.register,
  paths.registerHtml,
  paths.helpCenter,
  paths.downloadAlias,
  paths.resetPassword,
];

/** One promotion's page (§2 /promoDetail). */
export const promoDetailPath = (id: number) => `${paths.promoDetail}?id=${id}`;

/** The help page opened on one article (§2 footer about list, help links). */
export const helpArticlePath = (key: string) => `${paths.help}?key=${encodeURIComponent(key)}`;
