/**
 * Every error code the API can answer with, and the HTTP status it travels with.
 * The web app translates the code through i18n; `message` is for developers and logs.
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  MERCHANT_NOT_FOUND: 404,
  VENDOR_NOT_FOUND: 404,
  PROMOTION_NOT_FOUND: 404,
  /** The member does not meet the promotion's rules (details.reason names which). */
  PROMOTION_NOT_ELIGIBLE: 409,
  /** This promotion (for this deposit) was already applied for. */
  PROMOTION_ALREADY_CLAIMED: 409,
  /** The claim is not in a state that allows this (claim an ISSUED one, review an APPLYING one). */
  PROMOTION_CLAIM_STATE: 409,
  /** A mission reward that cannot be claimed now (details.reason: NOT_COMPLETED, EXPIRED, CLAIMED). */
  MISSION_NOT_CLAIMABLE: 409,
  /** The raffle's entries are closed (or not open yet): no one joins now. */
  RAFFLE_CLOSED: 409,
  /** The member's records in the raffle's window earn no ticket yet. */
  RAFFLE_NO_TICKETS: 409,
  VENDOR_TRANSFER_FAILED: 409,
  /** The game is not in the brand's catalogue (or its vendor is switched off). */
  GAME_NOT_FOUND: 404,
  /** The game's vendor cannot be reached from this brand now (no connection configured). */
  GAME_UNAVAILABLE: 503,
  /** Free trial on a vendor whose supportPlay is not 0. */
  GAME_TRIAL_UNAVAILABLE: 409,
  /** A lottery bet or cancellation after the draw's close. */
  LOTTERY_DRAW_CLOSED: 409,
  /** A lottery bet past a stake limit (per bet, per number, per draw). */
  LOTTERY_LIMIT_REACHED: 409,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** The brand is under maintenance (§2 status 1): member calls wait for it to end. */
  SITE_MAINTENANCE: 503,
  /** The visitor's region or address is restricted (§2 status 2). */
  SITE_RESTRICTED: 403,
  /** transferUpline while the sender's deposits are not yet wagered (unless the brand allows it). */
  UPLINE_TRANSFER_TURNOVER_NOT_MET: 403,
  // Accounts and sessions (§8)
  LOGIN_FAILED: 401,
  ACCOUNT_LOCKED: 423,
  NOT_A_MEMBER: 403,
  NOT_AN_AGENT: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  TRIAL_ACCOUNT: 403,
  FEATURE_DISABLED: 403,
  CAPTCHA_INVALID: 400,
  USERNAME_TAKEN: 409,
  MOBILE_TAKEN: 409,
  INVITATION_CODE_ERROR: 400,
  WRONG_PASSWORD: 400,
  PASSWORD_MISMATCH: 400,
  LOGIN_CHALLENGE_REQUIRED: 401,
  LOGIN_CHALLENGE_FAILED: 400,
  /** The challenge can no longer be answered (expired, used up or tried too often): log in again. */
  LOGIN_CHALLENGE_EXPIRED: 400,
  // Social sign-in (§4)
  SOCIAL_STATE_INVALID: 400,
  SOCIAL_STATE_EXPIRED: 400,
  SOCIAL_SIGN_IN_CANCELLED: 400,
  SOCIAL_PROVIDER_ERROR: 502,
  SOCIAL_IDENTITY_TAKEN: 409,
  SOCIAL_CONSENT_REQUIRED: 400,
  // Phone verification (§8), each with its own code
  PHONE_INVALID: 400,
  PHONE_TOO_MANY_REQUESTS: 429,
  SMS_RESEND_TOO_SOON: 429,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  SMS_QUOTA_EXCEEDED: 429,
  OPERATION_NOT_ALLOWED: 403,
  SMS_SEND_FAILED: 502,
  // Encrypted payloads (§6)
  SEALED_PAYLOAD_REQUIRED: 400,
  SEALED_PAYLOAD_INVALID: 400,
  SEALED_PAYLOAD_STALE: 400,
  SEALED_PAYLOAD_REPLAYED: 409,
  // Money (ledger and wallets)
  WALLET_INSUFFICIENT_FUNDS: 409,
  WALLET_ACCOUNT_NOT_FOUND: 404,
  WALLET_INVALID_AMOUNT: 400,
  /** A balance would pass its bound (MAX_MEMBER_BALANCE, MAX_HOUSE_BALANCE in wallet.ts). */
  WALLET_BALANCE_LIMIT: 422,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_REQUEST_IN_FLIGHT: 409,
  // Deposits, withdrawals, operators
  PAYMENT_CHANNEL_NOT_FOUND: 404,
  PAYMENT_AMOUNT_OUT_OF_RANGE: 400,
  PAYMENT_DAILY_LIMIT_REACHED: 400,
  PAYMENT_PASSWORD_WRONG: 400,
  PAYMENT_PASSWORD_NOT_SET: 400,
  BANK_ACCOUNT_NAME_MISMATCH: 400,
  BANK_ACCOUNT_NOT_FOUND: 404,
  WITHDRAWAL_TURNOVER_NOT_MET: 400,
  /** The agent owes its downline salaries or dividends (decision 0041): withdrawals wait until settled. */
  AGENT_DEBT_OPEN: 409,
  /** A child's dividend is approved only after its upline's (decision 0041). */
  AGENT_DIVIDEND_UPLINE_PENDING: 409,
  PAYMENT_STATE_CONFLICT: 409,
  // Points mall (decision 0046)
  POINTS_INSUFFICIENT: 409,
  POINTS_REWARD_NOT_FOUND: 404,
  POINTS_OUT_OF_STOCK: 409,
  POINTS_REDEMPTION_DECIDED: 409,
  POINTS_CONVERT_OUT_OF_RANGE: 400,
  UPLOAD_INVALID_IMAGE: 400,
  UPLOAD_TOO_LARGE: 413,
  GATEWAY_SIGNATURE_INVALID: 401,
  /** A gateway callback's timestamp is more than 5 minutes off: a replay, or a wrong clock. */
  GATEWAY_CALLBACK_STALE: 401,
  /** A gateway callback disagrees with the deposit (amount, currency or order). */
  PAYMENT_CALLBACK_MISMATCH: 409,
  /** The payment gateway could not be reached or refused the order; nothing was charged or credited. */
  PAYMENT_GATEWAY_UNAVAILABLE: 502,
  OPERATOR_UNAUTHENTICATED: 401,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const isErrorCode = (value: string): value is ErrorCode => Object.hasOwn(errorStatus, value);
