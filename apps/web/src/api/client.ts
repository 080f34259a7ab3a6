import type { z } from 'zod';
import type { ApiError } from '@jade/contracts/envelope';
import { isErrorCode, type ErrorCode } from '@jade/contracts/errors';
import { getSession } from '../lib/session';

/** Failures the client detects itself, before or instead of a server envelope. */
export const CLIENT_ERROR_CODES = ['NETWORK_ERROR', 'TIMEOUT', 'INVALID_RESPONSE'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
export type ApiErrorCode = ErrorCode | ClientErrorCode;

const DEFAULT_TIMEOUT_MS = 30_000;

export class ApiRequestError extends Error {
  readonly code: ApiErrorCode;
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  readonly fields: ApiError['fields'];
  readonly details: ApiError['details'];

  constructor(
    code: ApiErrorCode,
    message: string,
    extra: { status?: number; fields?: ApiError['fields']; details?: ApiError['details'] } = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
    this.code = code;
    this.status = extra.status ?? 0;
    this.fields = extra.fields;
    this.details = extra.details;
  }
}

export const isApiRequestError = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError;

export type RequestOptions = {
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra request headers (the idempotency key of a money request). */
  headers?: Record<string, string>;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A value the client takes as the server sends it, unchecked: only the hot reads of the landing pages
 * (brand, status, menus, games, notices, balance, member info), so that zod and the contracts' schemas
 * stay out of the first bundle (decision 0015). The server checks its answers against the same schemas.
 */
export type Trusted<T> = { readonly trusted: true; readonly value?: T };
const TRUSTED: Trusted<never> = { trusted: true };
export const trusted = <T>(): Trusted<T> => TRUSTED;

/**
 * What a call's value is checked against: a contracts schema, a schema loaded on demand (an action
 * the landing pages offer, such as logout: zod arrives only when it is used), or trust.
 */
export type ValueSchema = z.ZodType | (() => Promise<z.ZodType>) | Trusted<unknown>;
export type ValueOf<S> =
  S extends Trusted<infer T>
    ? T
    : S extends () => Promise<infer Z extends z.ZodType>
      ? z.output<Z>
      : S extends z.ZodType
        ? z.output<S>
        : never;

export const apiGet = <S extends ValueSchema>(
  path: string,
  valueSchema: S,
  options: RequestOptions = {},
): Promise<ValueOf<S>> => request('GET', path, undefined, valueSchema, options) as Promise<ValueOf<S>>;

export const apiSend = <S extends ValueSchema>(
  method: Exclude<Method, 'GET'>,
  path: string,
  body: unknown,
  valueSchema: S,
  options: RequestOptions = {},
): Promise<ValueOf<S>> => request(method, path, body, valueSchema, options) as Promise<ValueOf<S>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The error half of the envelope (contracts/envelope.ts), read without zod: code and message are required. */
function readError(payload: unknown): ApiError | undefined {
  if (!isRecord(payload) || payload.success !== false || !isRecord(payload.error)) return undefined;
  const { code, message, fields, details } = payload.error;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  const isFields =
    isRecord(fields) &&
    Object.values(fields).every(
      (reasons) => Array.isArray(reasons) && reasons.every((reason) => typeof reason === 'string'),
    );
  return {
    code,
    message,
    fields: isFields ? (fields as ApiError['fields']) : undefined,
    details: isRecord(details) ? details : undefined,
  };
}

async function request(
  method: Method,
  path: string,
  body: unknown,
  valueSchema: ValueSchema,
  options: RequestOptions,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  // §6: the session token rides on every call; public endpoints ignore it.
  const { token } = getSession();
  if (token) headers.authorization = `Bearer ${token}`;
  // A schema loaded on demand comes down beside the call, not after it.
  const schema = typeof valueSchema === 'function' ? valueSchema() : valueSchema;
  // Handled here as well, so a load that fails while the call fails first is not an unhandled rejection.
  if (schema instanceof Promise) schema.catch(() => undefined);

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    // The caller's own cancellation (TanStack Query unmounting) is not a failure to report.
    if (options.signal?.aborted) throw error;
    if (timeout.aborted) throw new ApiRequestError('TIMEOUT', `${method} ${path} timed out`);
    throw new ApiRequestError('NETWORK_ERROR', `${method} ${path} failed: ${String(error)}`);
  }

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiRequestError('INVALID_RESPONSE', `${method} ${path}: body is not JSON`, {
      status: response.status,
    });
  }

  const failure = readError(payload);
  if (failure) {
    const { code, message, fields, details } = failure;
    if (!isErrorCode(code)) {
      throw new ApiRequestError('INVALID_RESPONSE', `${method} ${path}: unknown error code ${code}`, {
        status: response.status,
      });
    }
    throw new ApiRequestError(code, message, { status: response.status, fields, details });
  }

  if (!isRecord(payload) || payload.success !== true || !('value' in payload)) {
    throw new ApiRequestError('INVALID_RESPONSE', `${method} ${path}: not a response envelope`, {
      status: response.status,
    });
  }
  const checker = await schema;
  if ('trusted' in checker) return payload.value;
  const value = checker.safeParse(payload.value);
  if (!value.success) {
    throw new ApiRequestError('INVALID_RESPONSE', `${method} ${path}: ${value.error.message}`, {
      status: response.status,
    });
  }
  return value.data;
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
