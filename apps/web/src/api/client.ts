import type { z } from 'zod';
import { errorEnvelope, okEnvelope, type ApiError, type OkEnvelope } from '@jade/contracts/envelope';
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

export const apiGet = <T extends z.ZodType>(
  path: string,
  valueSchema: T,
  options: RequestOptions = {},
): Promise<z.output<T>> => request('GET', path, undefined, valueSchema, options);

export const apiSend = <T extends z.ZodType>(
  method: Exclude<Method, 'GET'>,
  path: string,
  body: unknown,
  valueSchema: T,
  options: RequestOptions = {},
): Promise<z.output<T>> => request(method, path, body, valueSchema, options);

async function request<T extends z.ZodType>(
  method: Method,
  path: string,
  body: unknown,
  valueSchema: T,
  options: RequestOptions,
): Promise<z.output<T>> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  // §6: the session token rides on every call; public endpoints ignore it.
  const { token } = getSession();
  if (token) headers.authorization = `Bearer ${token}`;

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

  const failure = errorEnvelope.safeParse(payload);
  if (failure.success) {
    const { code, message, fields, details } = failure.data.error;
    if (!isErrorCode(code)) {
      throw new ApiRequestError('INVALID_RESPONSE', `${method} ${path}: unknown error code ${code}`, {
        status: response.status,
      });
    }
    throw new ApiRequestError(code, message, { status: response.status, fields, details });
  }

  const success = okEnvelope(valueSchema).safeParse(payload);
  if (!success.success) {
    throw new ApiRequestError('INVALID_RESPONSE', `${method} ${path}: ${success.error.message}`, {
      status: response.status,
    });
  }
  // zod cannot resolve the object's output type through the generic T; the parse above checked it.
  return (success.data as OkEnvelope<z.output<T>>).value;
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
