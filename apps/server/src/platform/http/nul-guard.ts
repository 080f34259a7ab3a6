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

/**
 * A NUL character is never data (decision 0027): PostgreSQL refuses it in any text value, so a string
 * holding one would fail deep in a query as a 500, while SQLite would store it. One hook refuses it in
 * every query, path parameter, header and body, before validation and before any handler reads the
 * request, with the validation error's code and the fields that held it. Routes that read a raw body
 * (signed calls) parse it themselves and ask nulPaths after parsing.
 */
export const installNulGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const found: string[] = [];
    nulPaths(request.query, 'query', found);
    nulPaths(request.params, 'params', found);
    nulPaths(request.headers, 'headers', found);
    nulPaths(request.body, 'body', found);
    if (found.length === 0) return;
    throw new AppError('VALIDATION_FAILED', 'A NUL character is not allowed in a request', {
      fields: Object.fromEntries(found.map((field) => [field, ['must not contain a NUL character']])),
    });
  });
};
