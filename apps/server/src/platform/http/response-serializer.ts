import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Answers written by a function compiled once per response schema (decision 0076), instead of
 * zod's parse of every answer followed by JSON.stringify. The written JSON holds only the fields
 * the contract lists, in the contract's order, exactly as zod's parse would have left them: an
 * object's unlisted fields are never written. Its text is JSON.stringify's with every character outside
 * ASCII written as its `\uXXXX` escape (decision 0089), on both ways (the writer's and zod's). It checks the shape (objects, arrays, strings,
 * finite numbers, booleans, literals, enum values, null); zod's refinements (lengths, ranges,
 * patterns, integers) are checked only by the full check, which tests run on every answer beside
 * the compiled writer and which must agree with it byte for byte. A schema with a part whose output
 * is not its input (a transform, a pipe, a string overwrite such as trim) or a part not covered
 * here is answered through zod as before.
 */

/** A value that does not fit the schema; the answer becomes a 500 as zod's refusal did. */
class Mismatch extends Error {}

/** JSON text of a value; undefined when the value is an absent optional (omitted in an object). */
type Writer = (value: unknown) => string | undefined;

type CheckDef = { check: string; format?: string; value?: unknown; inclusive?: boolean };

type Def = {
  type: string;
  checks?: readonly { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: readonly z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  values?: readonly unknown[];
  entries?: Record<string, unknown>;
  defaultValue?: unknown;
  getter?: () => z.ZodType;
  mode?: string;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * One mismatch, built once: a union tries its options in turn, and an Error built a throw captures a
 * stack each time (a list of a hundred games with a union field cost 7× zod's parse that way).
 */
const MISMATCH = new Mismatch('response does not fit its contract');
const fail = (): never => {
  throw MISMATCH;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A character outside ASCII. */
const NON_ASCII = /[\u0080-\uffff]/;
const HEX = '0123456789abcdef';
/** How many character codes one String.fromCharCode call takes (its arguments are bounded). */
const CODES_A_CALL = 8192;

/**
 * JSON text with every character outside ASCII written as its `\uXXXX` escape (decision 0089): the
 * same JSON to every parser, and an answer of one-byte text, which Node converts to UTF-8 for the
 * socket far faster than two-byte text (a vendor wallet's name such as "Thể thao" made every balance
 * answer two-byte: the head and body flattened to two bytes a character, measured and converted on
 * every write). JSON text holds characters outside ASCII only inside its strings, where the escape
 * means the same character; a pair of surrogates becomes two escapes, as JSON allows. Built from
 * character codes: a replace or slice of a two-byte string stays two-byte whatever it holds.
 */
export const asciiJson = (json: string): string => {
  if (!NON_ASCII.test(json)) return json;
  let text = '';
  let codes: number[] = [];
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    if (code < 0x80) codes.push(code);
    else
      codes.push(
        0x5c, // \
        0x75, // u
        HEX.charCodeAt(code >> 12),
        HEX.charCodeAt((code >> 8) & 15),
        HEX.charCodeAt((code >> 4) & 15),
        HEX.charCodeAt(code & 15),
      );
    if (codes.length >= CODES_A_CALL) {
      text += String.fromCharCode(...codes);
      codes = [];
    }
  }
  return text + String.fromCharCode(...codes);
};

/**
 * A character JSON writes escaped (or a lone surrogate, which JSON.stringify writes as \u escapes),
 * or one outside ASCII, which the answer writes escaped.
 */
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\u0080-\uffff]/;
/**
 * The JSON of strings that needed escaping, by string: an answer's names outside ASCII are mostly the
 * same strings call after call (the brand's wallets and vendors, from memos), and escaping them each
 * time cost what one-byte text saves (decision 0089). Short strings only, and at most ESCAPED_KEPT:
 * when full it starts again. A pure function's results: nothing here can be stale.
 */
const escapedStrings = new Map<string, string>();
const ESCAPED_KEPT = 2048;
const ESCAPED_LONGEST = 128;
const writeString: Writer = (value) => {
  if (typeof value !== 'string') return fail();
  if (!NEEDS_ESCAPE.test(value)) return `"${value}"`;
  let text = escapedStrings.get(value);
  if (text === undefined) {
    text = asciiJson(JSON.stringify(value));
    if (value.length <= ESCAPED_LONGEST) {
      if (escapedStrings.size >= ESCAPED_KEPT) escapedStrings.clear();
      escapedStrings.set(value, text);
    }
  }
  return text;
};
/** JSON.stringify, outside ASCII escaped. */
const stringify = (value: unknown): string => asciiJson(JSON.stringify(value));
// A finite number's JSON is its string form (-0 aside, which JSON writes as 0).
const writeNumber: Writer = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? (value === 0 ? '0' : `${value}`) : fail();

/** The number checks money depends on (integer, bounds), kept in production as well. */
const numberCheck = ({ check, format, value: bound, inclusive }: CheckDef): ((n: number) => boolean) => {
  if (check === 'number_format') {
    if (format === 'safeint') return Number.isSafeInteger;
    if (format === 'int32') return (n) => Number.isInteger(n) && n >= -2147483648 && n <= 2147483647;
    if (format === 'uint32') return (n) => Number.isInteger(n) && n >= 0 && n <= 4294967295;
    return () => true;
  }
  if (typeof bound !== 'number') return () => true;
  if (check === 'greater_than') return inclusive ? (n) => n >= bound : (n) => n > bound;
  if (check === 'less_than') return inclusive ? (n) => n <= bound : (n) => n < bound;
  return () => true;
};

const compileNumber = (def: Def): Writer => {
  // z.int() is itself its format check; z.number().int() carries it among its checks.
  const defs = [
    ...((def as Def & CheckDef).check ? [def as Def & CheckDef] : []),
    ...(def.checks ?? []).map((check) => check._zod.def),
  ];
  const checks = defs.map(numberCheck);
  if (checks.length === 0) return writeNumber;
  return (value) => {
    const text = writeNumber(value);
    for (const check of checks) if (!check(value as number)) return fail();
    return text;
  };
};
const writeBoolean: Writer = (value) => (value === true ? 'true' : value === false ? 'false' : fail());
const writeNull: Writer = (value) => (value === null ? 'null' : fail());
// JSON.stringify answers undefined for undefined (an absent optional) and functions, as zod's parse does.
const writeAny: Writer = (value) => {
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined ? undefined : asciiJson(text);
};

/** Thrown while compiling: this schema is answered through zod. */
class Unsupported extends Error {}

const compile = (schema: z.ZodType, seen: Map<z.ZodType, Writer>): Writer => {
  const known = seen.get(schema);
  if (known) return known;
  const def = defOf(schema);
  // A check that rewrites its value (trim, toLowerCase, …) makes the output differ from the input.
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) throw new Unsupported(def.type);
  switch (def.type) {
    case 'string':
      return writeString;
    case 'number':
    case 'int':
      return compileNumber(def);
    case 'boolean':
      return writeBoolean;
    case 'null':
      return writeNull;
    case 'unknown':
    case 'any':
      return writeAny;
    case 'literal': {
      const values = def.values ?? [];
      return (value) => (values.includes(value) ? stringify(value) : fail());
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      return (value) => (values.has(value) ? stringify(value) : fail());
    }
    case 'optional': {
      const inner = compile(def.innerType!, seen);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'nullable': {
      const inner = compile(def.innerType!, seen);
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'default': {
      const inner = compile(def.innerType!, seen);
      // zod answers an absent value with the default as it is, without running the inner schema.
      return (value) => (value === undefined ? stringify(def.defaultValue) : inner(value));
    }
    case 'readonly':
      return compile(def.innerType!, seen);
    case 'lazy': {
      let inner: Writer | undefined;
      const writer: Writer = (value) => (inner ??= compile(def.getter!(), seen))(value);
      seen.set(schema, writer);
      return writer;
    }
    case 'array': {
      const item = compile(def.element!, seen);
      return (value) => {
        if (!Array.isArray(value)) return fail();
        let text = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) text += ',';
          text += item(value[i]) ?? 'null';
        }
        return `${text}]`;
      };
    }
    case 'object':
      return compileObject(schema, def, seen);
    case 'record': {
      // Only records keyed by any string: an enum-keyed record's completeness is zod's to check.
      if (def.keyType === undefined || defOf(def.keyType).type !== 'string' || def.mode === 'loose')
        throw new Unsupported('record');
      if (defOf(def.keyType).checks?.length) throw new Unsupported('record key checks');
      const item = compile(def.valueType!, seen);
      return (value) => {
        if (!isRecord(value)) return fail();
        let text = '{';
        for (const key of Object.keys(value)) {
          if (key === '__proto__') continue;
          const written = item(value[key]);
          if (written === undefined) continue;
          if (text.length > 1) text += ',';
          text += `${stringify(key)}:${written}`;
        }
        return `${text}}`;
      };
    }
    case 'union': {
      // The first option the value fits, as zod takes it (a discriminated union's options differ in
      // their literal discriminator, so the first fit is the one the discriminator names).
      const schemas = def.options ?? [];
      // A union of literals only (`0 | 1`) is a lookup, with nothing tried and thrown.
      if (schemas.every((option) => defOf(option).type === 'literal' && !defOf(option).checks?.length)) {
        const values = new Set(schemas.flatMap((option) => defOf(option).values ?? []));
        return (value) => (values.has(value) ? stringify(value) : fail());
      }
      const options = schemas.map((option) => compile(option, seen));
      return (value) => {
        for (const option of options) {
          try {
            return option(value);
          } catch (error) {
            if (!(error instanceof Mismatch)) throw error;
          }
        }
        return fail();
      };
    }
    default:
      throw new Unsupported(def.type);
  }
};

const compileObject = (schema: z.ZodType, def: Def, seen: Map<z.ZodType, Writer>): Writer => {
  // A loose object (or one with a catchall) keeps unlisted fields: zod's to answer. A strict one
  // (catchall never) refuses them in zod; here they are left out, as a plain object's are.
  if (def.catchall !== undefined && defOf(def.catchall).type !== 'never') throw new Unsupported('catchall');
  let fields: { key: string; prefix: string; write: Writer }[] = [];
  const writer: Writer = (value) => {
    if (!isRecord(value)) return fail();
    let text = '';
    for (const field of fields) {
      const written = field.write(value[field.key]);
      if (written === undefined) continue;
      text += text === '' ? `{${field.prefix}${written}` : `,${field.prefix}${written}`;
    }
    return text === '' ? '{}' : `${text}}`;
  };
  seen.set(schema, writer);
  fields = Object.entries(def.shape ?? {}).map(([key, field]) => ({
    key,
    prefix: `${stringify(key)}:`,
    write: compile(field, seen),
  }));
  return writer;
};

/** The compiled writer of a schema, or undefined when it holds a part answered only through zod. */
export const compileResponseWriter = (schema: z.ZodType): ((value: unknown) => string) | undefined => {
  let write: Writer;
  try {
    write = compile(schema, new Map());
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  return (value) => {
    const text = write(value);
    return text === undefined ? fail() : text;
  };
};

export type ResponseCheck = 'full' | 'compiled';

/**
 * Fastify's serializer compiler for zod response schemas. `compiled`: the compiled writer alone
 * (production). `full`: zod's parse as well, and the two answers must be the same text (tests).
 */
export const createResponseSerializerCompiler =
  (check: ResponseCheck): FastifySerializerCompiler<z.ZodType> =>
  ({ schema, method, url }) => {
    const write = compileResponseWriter(schema);
    const parsed = (data: unknown) => {
      const result = schema.safeParse(data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
    if (!write) return parsed;
    if (check === 'full') {
      return (data) => {
        const expected = parsed(data);
        const written = write(data);
        if (written !== expected) {
          // The answers themselves stay out of the message: it is logged.
          throw new Error(`${method} ${url}: the compiled response writer and zod answered differently`);
        }
        return written;
      };
    }
    return (data) => {
      try {
        return write(data);
      } catch (error) {
        if (error instanceof Mismatch) return parsed(data);
        throw error;
      }
    };
  };
