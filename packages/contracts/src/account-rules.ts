import type { PatternType } from './patterns.js';

/** A value's rule (§5): a pattern type and a length in characters. */
export type FieldRule = { patternType: PatternType; min: number; max: number };

/** §5 the new password of a change, a forgot-password or a reset, until a brand sets its own. */
export const DEFAULT_PASSWORD_RULE: FieldRule = { patternType: 'LETTERS_AND_DIGITS', min: 8, max: 20 };

/** The payment password, for a brand whose register settings lack the field. */
export const DEFAULT_PAYMENT_PASSWORD_RULE: FieldRule = { patternType: 'DIGITS', min: 6, max: 6 };

/** §5 age confirmation: 18 years, or the 21-year variant. */
export const MINIMUM_AGES = [18, 21] as const;
export type MinimumAge = (typeof MINIMUM_AGES)[number];
export const DEFAULT_MINIMUM_AGE: MinimumAge = 18;
