import { z } from 'zod';

/** §5: the pattern types a registration field can be held to. */
export const PATTERN_TYPES = [
  'ANY',
  'LETTER_FIRST_ALNUM',
  'CHINESE_DIGITS',
  'EMAIL',
  'ALNUM',
  'LETTERS_AND_DIGITS',
  'DIGITS',
  'ALNUM_WITH_UPPER',
  'ENGLISH_SPACES',
  'NO_SPACES',
  'DATE_YMD',
  'DATE_MDY',
  'KOREAN',
  'THAI',
  'THAI_ENGLISH',
  'FULL_NAME',
  'JAPANESE_FULLWIDTH',
  'DIGITS_START_9',
  'STRONG_PASSWORD',
] as const;
export const patternType = z.enum(PATTERN_TYPES);
export type PatternType = z.infer<typeof patternType>;

const isRealDate = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

const dateTest = (order: 'YMD' | 'MDY') => (value: string) => {
  const match =
    order === 'YMD' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (!match) return false;
  const [a, b, c] = match.slice(1).map(Number) as [number, number, number];
  return order === 'YMD' ? isRealDate(a, b, c) : isRealDate(c, a, b);
};

const THAI = '\\u0E00-\\u0E7F';
const JAPANESE_FULLWIDTH =
  '\\u3000-\\u303F\\u3040-\\u309F\\u30A0-\\u30FF\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uFF01-\\uFF5E';

/**
 * Each pattern: how a value is tested, and the English text of its rule. `{length}` in a message
 * stands for "min-max" characters, or one number when min and max are equal (§5).
 */
export const PATTERNS: Record<PatternType, { test: (value: string) => boolean; message: string }> = {
  ANY: { test: () => true, message: 'Enter {length} characters' },
  LETTER_FIRST_ALNUM: {
    test: (v) => /^[A-Za-z][A-Za-z0-9]*$/.test(v),
    message: 'Enter {length} letters or digits, starting with a letter',
  },
  CHINESE_DIGITS: {
    test: (v) => /^[\u4E00-\u9FFF0-9]+$/.test(v),
    message: 'Enter {length} Chinese characters or digits',
  },
  EMAIL: {
    test: (v) => /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(v),
    message: 'Enter a valid email address of {length} characters',
  },
  ALNUM: { test: (v) => /^[A-Za-z0-9]+$/.test(v), message: 'Enter {length} letters or digits only' },
  LETTERS_AND_DIGITS: {
    test: (v) => /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]+$/.test(v),
    message: 'Enter {length} characters with both letters and digits',
  },
  DIGITS: { test: (v) => /^\d+$/.test(v), message: 'Enter {length} digits' },
  ALNUM_WITH_UPPER: {
    test: (v) => /^(?=.*[A-Z])[A-Za-z0-9]+$/.test(v),
    message: 'Enter {length} letters or digits with at least one capital letter',
  },
  ENGLISH_SPACES: {
    test: (v) => /^[A-Za-z]+( [A-Za-z]+)*$/.test(v),
    message: 'Enter {length} English letters and spaces',
  },
  NO_SPACES: { test: (v) => /^\S+$/.test(v), message: 'Enter {length} characters without spaces' },
  DATE_YMD: { test: dateTest('YMD'), message: 'Enter a date as yyyy-MM-dd' },
  DATE_MDY: { test: dateTest('MDY'), message: 'Enter a date as MM-dd-yyyy' },
  KOREAN: {
    test: (v) => /^[\uAC00-\uD7A3\u1100-\u11FF\u3130-\u318F]+$/.test(v),
    message: 'Enter {length} Korean characters',
  },
  THAI: {
    test: (v) => new RegExp(`^[${THAI}]+( [${THAI}]+)*$`).test(v),
    message: 'Enter {length} Thai characters',
  },
  THAI_ENGLISH: {
    test: (v) => new RegExp(`^[${THAI}A-Za-z]+( [${THAI}A-Za-z]+)*$`).test(v),
    message: 'Enter {length} Thai or English characters',
  },
  FULL_NAME: {
    test: (v) => /^[\p{L}\p{M}.'-]+( [\p{L}\p{M}.'-]+)+$/u.test(v),
    message: 'Enter your full name ({length} characters), at least two parts separated by a space',
  },
  JAPANESE_FULLWIDTH: {
    test: (v) => new RegExp(`^[${JAPANESE_FULLWIDTH}]+$`).test(v),
    message: 'Enter {length} full-width Japanese characters',
  },
  DIGITS_START_9: { test: (v) => /^9\d*$/.test(v), message: 'Enter {length} digits starting with 9' },
  STRONG_PASSWORD: {
    test: (v) => /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9\s])\S+$/.test(v),
    message: 'Enter {length} characters with an upper-case letter, a lower-case letter, a digit and a symbol',
  },
};

/** Length in characters as a person counts them (code points, not UTF-16 units). */
export const charLength = (value: string) => [...value].length;

/** "6-16", or "6" when min and max are equal (§5). */
export const lengthText = (min: number, max: number) => (min === max ? String(min) : `${min}-${max}`);

export type RuleFailure = { key: `pattern.${PatternType}`; message: string; params: { length: string } };

/** Checks one value against a pattern and length; the failure carries an i18n key and its English text. */
export const checkPattern = (
  value: string,
  rule: { patternType: PatternType; min: number; max: number },
): RuleFailure | undefined => {
  const length = charLength(value);
  const pattern = PATTERNS[rule.patternType];
  const ok = length >= rule.min && length <= rule.max && pattern.test(value);
  if (ok) return undefined;
  const params = { length: lengthText(rule.min, rule.max) };
  return {
    key: `pattern.${rule.patternType}`,
    message: pattern.message.replace('{length}', params.length),
    params,
  };
};
