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
