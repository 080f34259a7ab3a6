import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** Bounds the walk of a body: deeper than any request schema goes, shallow enough to stay cheap. */
const MAX_DEPTH = 32;

/** The dotted paths of the strings (values or keys) that hold a NUL character, at most a few. */
export const nulPaths = (value: unknown, path: string, found: string[], depth = 0): string[] => {
  if (found.length >= 5 || depth > MAX_DEPTH) return found;
  if (typeof value === 'string') {
    if (value.includes('\0')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nulPaths(item, `${path}.${index}`, found, depth + 1));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) found.push(`${path}.${key.replaceAll('\0', '\\0')}`);
      nulPaths(item, `${path}.${key}`, found, depth + 1);
    }
  }
  return found;
};

/** Whether any string (value or key) within the bound holds a NUL: the walk of every request, no allocation. */
const hasNul = (value: unknown, depth = 0): boolean => {
  if (depth > MAX_DEPTH) return false;
  if (typeof value === 'string') return value.includes('\0');
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (hasNul(item, depth + 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key.includes('\0') || hasNul(record[key], depth + 1)) return true;
  }
  return false;
};

/**
 * A NUL character is never data (decision 0027): PostgreSQL refuses it in any text value, so a string
 * holding one would fail deep in a query as a 500, while SQLite would store it. One hook refuses it in
 * every query, path parameter, header and body, before validation and before any handler reads the
 * request, with the validation error's code and the fields that held it. Routes that read a raw body
 * (signed calls) parse it themselves and ask nulPaths after parsing.
 */
export const installNulGuard = (app: FastifyInstance) => {
  // A callback, not a promise, and the paths are named only for a request that holds a NUL (issue 23).
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const { query, params, headers, body } = request;
    if (!hasNul(query) && !hasNul(params) && !hasNul(headers) && !hasNul(body)) {
      done();
      return;
    }
    const found: string[] = [];
    nulPaths(query, 'query', found);
    nulPaths(params, 'params', found);
    nulPaths(headers, 'headers', found);
    nulPaths(body, 'body', found);
    if (found.length === 0) {
      done();
      return;
    }
    done(
      new AppError('VALIDATION_FAILED', 'A NUL character is not allowed in a request', {
        fields: Object.fromEntries(found.map((field) => [field, ['must not contain a NUL character']])),
      }),
    );
  });
};
