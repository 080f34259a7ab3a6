/**
 * Every error code the API can answer with, and the HTTP status it travels with.
 * The web app translates the code through i18n; `message` is for developers and logs.
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  FEEDBACK_TOO_LONG: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  MERCHANT_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const isErrorCode = (value: string): value is ErrorCode => Object.hasOwn(errorStatus, value);
