import type { z } from 'zod';

/**
 * Inputs for the fuzz pass (fuzz.api.test.ts): a value a route's zod schema accepts, as far as a
 * simple walk of the schema can make one, and the broken variants of any value: wrong types, huge
 * strings, NUL and other control characters, prototype keys, numbers out of every range.
 */

type Def = { type: string; [key: string]: unknown };
type Schema = z.ZodType & { _zod: { def: Def; bag?: Record<string, unknown> } };

const defOf = (schema: unknown): Def | undefined => (schema as Schema | undefined)?._zod?.def;
const bagOf = (schema: unknown) => (schema as Schema)._zod.bag ?? {};

/** Strings that satisfy most of the formats and patterns the contracts use. */
const STRING_CANDIDATES = [
  'abc123',
  'DEMO',
  'VN_HN',
  'a@example.com',
  'https://example.com/a',
  '0912345678',
  '+84',
  '2026-11-26',
  '2026-11-26T00:00:00.000Z',
  '19990101',
  '123456',
  '1',
  'EN',
  'en',
  'IN',
  '00000000-0000-4000-8000-000000000000',
];

const fits = (schema: unknown, value: unknown) => (schema as z.ZodType).safeParse(value).success;

/** A value the schema accepts (best effort: a value it refuses still makes a useful base to break). */
export const sampleOf = (schema: unknown, depth = 0): unknown => {
  const def = defOf(schema);
  if (!def || depth > 8) return undefined;
  switch (def.type) {
    case 'string': {
      const bag = bagOf(schema);
      const min = typeof bag.minimum === 'number' ? bag.minimum : 0;
      const max = typeof bag.maximum === 'number' ? bag.maximum : 64;
      const found = STRING_CANDIDATES.find((candidate) => fits(schema, candidate));
      return found ?? 'a'.repeat(Math.min(Math.max(min, 1), max));
    }
    case 'number':
    case 'int': {
      const bag = bagOf(schema);
      const min = typeof bag.minimum === 'number' ? bag.minimum : undefined;
      const max = typeof bag.maximum === 'number' ? bag.maximum : undefined;
      const candidates = [1, min, max, 0, 100].filter((n): n is number => n !== undefined);
      return candidates.find((n) => fits(schema, n)) ?? 1;
    }
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
        const value = sampleOf(field, depth + 1);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'array': {
      const bag = bagOf(schema);
      const item = sampleOf(def.element, depth + 1);
      const count = typeof bag.minimum === 'number' && bag.minimum > 1 ? Math.min(bag.minimum, 5) : 1;
      return Array.from({ length: count }, () => item);
    }
    case 'tuple':
      return (def.items as unknown[]).map((item) => sampleOf(item, depth + 1));
    case 'record':
      return { [String(sampleOf(def.keyType, depth + 1) ?? 'k')]: sampleOf(def.valueType, depth + 1) };
    case 'union': {
      const options = def.options as unknown[];
      for (const option of options) {
        const value = sampleOf(option, depth + 1);
        if (fits(option, value)) return value;
      }
      return sampleOf(options[0], depth + 1);
    }
    case 'intersection':
      return { ...(sampleOf(def.left, depth + 1) as object), ...(sampleOf(def.right, depth + 1) as object) };
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'default':
    case 'prefault':
      return sampleOf(def.innerType, depth + 1);
    case 'pipe':
      return sampleOf(def.in, depth + 1);
    case 'lazy':
      return sampleOf((def.getter as () => unknown)(), depth + 1);
    case 'null':
      return null;
    default:
      return undefined;
  }
};

/** Values of every wrong kind, for any place a value goes. */
export const BROKEN_VALUES: readonly unknown[] = [
  null,
  true,
  -1,
  0.5,
  1e300,
  2 ** 31,
  2 ** 63,
  -(2 ** 63),
  '',
  'x'.repeat(70_000),
  'a\u0000b',
  '\u0001\u0008\u001b[31m\u007f\u2028\u202e',
  '\ud800',
  '__proto__',
  '../../etc/passwd',
  "' or 1=1 --",
  [],
  [1, 'a', null],
  {},
  // An own key named __proto__ (an object literal would set the prototype instead).
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
];

/** Each leaf path of a value (and the value itself, path []), for the breaker to replace in turn. */
export const pathsOf = (value: unknown, prefix: (string | number)[] = []): (string | number)[][] => {
  const paths: (string | number)[][] = [prefix];
  if (prefix.length > 6) return paths;
  if (Array.isArray(value)) value.forEach((item, i) => paths.push(...pathsOf(item, [...prefix, i])));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  return paths;
};

/** A copy of `value` with the value at `path` replaced (path [] replaces the whole). */
export const replaceAt = (value: unknown, path: (string | number)[], replacement: unknown): unknown => {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
};
