import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '../api/client';

/** A refused request (4xx) will be refused again; a network failure or 5xx gets one more try. */
const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (isApiRequestError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
};

export const createQueryClient = (): QueryClient =>
  new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
