/** Business constants and limits of the product specification, §9 unless noted. */

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** §6: isAgent values allowed into the agent centre, and the trial account type. */
export const AGENT_CENTER_TYPES = [1, 2, 41, 42] as const;
/** Whether an account type is one of the agent types (§6). */
export const isAgentAccountType = (type: number): boolean =>
  (AGENT_CENTER_TYPES as readonly number[]).includes(type);
export const HEADER_AGENT_TYPES = [1, 2, 4, 41, 42] as const;
export const TRIAL_ACCOUNT_TYPE = 4;
/** Levels above this one reach the brand's VIP customer service instead of live chat (§6). */
export const VIP_SERVICE_MIN_LEVEL = 5;

/** SMS: resend countdown is 60 s x the server's expiredMinutes; get-SMS at most once per 1000 ms. */
export const SMS_RESEND_SECONDS_PER_EXPIRED_MINUTE = 60;
export const SMS_THROTTLE_MS = 1000;
export const CAPTCHA_REFRESH_MIN_MS = 1000;
export const PASSWORD_RESET_RETRY_MINUTES = 5;
export const REMEMBER_ME_HOURS = 24;

export const GAME_LIST_PAGE_SIZE = 24;
export const DROPDOWN_PAGE_SIZES = [21, 18] as const;
export const NOTICES_PER_PAGE = 9;
export const PAGINATION_RANGE = 3;
export const PAGINATION_MARGIN = 1;

export const DEFAULT_CURRENCY_SYMBOL = 'P';

export const LIVE_CLASSIFICATION_CODES = [
  'BAC',
  'SIC',
  'ROU',
  'DAT',
  'BJ',
  'HE',
  'MT',
  'TCP',
  'WZPJ',
  'SD',
  'FT',
  'NN',
  'YSX',
  'ZJH',
  'MJ',
] as const;

/** Category points, in hundredths (live 0.70 ... slots 1.20), so no float ever carries them. */
export const CATEGORY_POINTS_HUNDREDTHS = { LIVE: 70, SPORTS: 100, FISH: 120, RNG: 120, PVP: 100 } as const;
export const HOT_GAMES_PLATFORM_CODE = 2;

/** Customer-service windows: chat 440x750, the other 440x500. */
export const SERVICE_WINDOW_CHAT = { width: 440, height: 750 } as const;
export const SERVICE_WINDOW_SMALL = { width: 440, height: 500 } as const;

export const MODAL_DEFAULT_SIZE = { width: 600, height: 300 } as const;
export const MEMBER_MODAL_DELAY_MS = 100;
export const DIALOG_WIDTH = 400;

/** Feedback and activity-proof limits (§5, §9). */
export const FEEDBACK_MAX_LENGTH = 140;
export const UPLOAD_COMMENT_MAX_LENGTH = 140;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_IMAGES = 3;
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

export const REAL_TIME_SALARY_INTERVAL_MINUTES = 5;
export const PERIODS = ['Daily', 'Weekly', 'Semimonthly', 'Monthly'] as const;
export const DATE_RANGE_DAYS = [7, 30] as const;

/** Largest request body the API accepts (issue 2: over 1 MB answers 413). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** §2: system status chosen at start. */
export const SYSTEM_STATUS = { NORMAL: 0, MAINTENANCE: 1, REGION_RESTRICTED: 2 } as const;
export type SystemStatus = (typeof SYSTEM_STATUS)[keyof typeof SYSTEM_STATUS];

/** Vendors with their own lobby routes. */
export const LOTTERY_VENDOR_ROUTES = {
  TCG_LOTTO_VN: '/vnlottery',
  TCG_SEA: '/seaLottery',
  JADE_ELOTT: '/elott',
} as const;

/**
 * Intl.DateTimeFormat options that read an instant's wall-clock parts (yyyy, MM, dd, 24-hour
 * HH:mm:ss) in a time zone given beside them: how the server and the site read the brand's day
 * (decision 0038).
 */
export const ZONED_PARTS = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
} as const satisfies Intl.DateTimeFormatOptions;
