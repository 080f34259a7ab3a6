import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  charLength,
  checkPattern,
  lengthText,
  PATTERN_TYPES,
  PATTERNS,
  type PatternType,
} from './patterns.js';

const chars = (alphabet: string) => fc.constantFrom(...[...alphabet]);
const word = (alphabet: string, min = 1, max = 12) =>
  fc.array(chars(alphabet), { minLength: min, maxLength: max }).map((a) => a.join(''));
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const DIGITS = '0123456789';
const LETTERS = LOWER + UPPER;
const THAI = 'กขคงจฉชซญฎฏฐดตถทนบปผพฟมยรลวศสหอฮะาำเแโใไ';
const HANGUL = '가나다라마바사아자차카타파하한국어';
const HAN = '中文汉字测试用户名称';
const JAPANESE = 'あいうえおかきくけこアイウエオカキクケコ日本語ＡＢＣ１２３';
const pad = (n: number) => String(n).padStart(2, '0');

/** Values each pattern must accept. */
const valid: Record<PatternType, fc.Arbitrary<string>> = {
  ANY: fc.string({ minLength: 1 }),
  LETTER_FIRST_ALNUM: fc.tuple(chars(LETTERS), word(LETTERS + DIGITS, 0)).map(([a, b]) => a + b),
  CHINESE_DIGITS: word(HAN + DIGITS),
  EMAIL: fc.tuple(word(LOWER + DIGITS), word(LOWER), word(LOWER, 2, 6)).map(([u, d, t]) => `${u}@${d}.${t}`),
  ALNUM: word(LETTERS + DIGITS),
  LETTERS_AND_DIGITS: fc
    .tuple(word(LETTERS), word(DIGITS), word(LETTERS + DIGITS, 0))
    .map(([a, b, c]) => a + c + b),
  DIGITS: word(DIGITS),
  ALNUM_WITH_UPPER: fc
    .tuple(word(LETTERS + DIGITS, 0), chars(UPPER), word(LETTERS + DIGITS, 0))
    .map(([a, b, c]) => a + b + c),
  ENGLISH_SPACES: fc.array(word(LETTERS), { minLength: 1, maxLength: 4 }).map((w) => w.join(' ')),
  NO_SPACES: word(LETTERS + DIGITS + '!@#$%^&*()_+-=.,'),
  DATE_YMD: fc
    .date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
    .map((d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`),
  DATE_MDY: fc
    .date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
    .map((d) => `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}-${d.getUTCFullYear()}`),
  KOREAN: word(HANGUL),
  THAI: fc.array(word(THAI), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
  THAI_ENGLISH: fc.array(word(THAI + LETTERS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
  FULL_NAME: fc
    .array(word(LETTERS + 'ĐđÂâÊêÔôƠơƯưàáạ'), { minLength: 2, maxLength: 4 })
    .map((w) => w.join(' ')),
  JAPANESE_FULLWIDTH: word(JAPANESE),
  DIGITS_START_9: word(DIGITS, 0).map((d) => `9${d}`),
  STRONG_PASSWORD: fc
    .tuple(chars(LOWER), chars(UPPER), chars(DIGITS), chars('!@#$%^&*'), word(LETTERS + DIGITS, 0))
    .map((parts) => parts.join('')),
};

/** A character that must break the pattern wherever it is inserted. */
const breaker: Partial<Record<PatternType, fc.Arbitrary<string>>> = {
  LETTER_FIRST_ALNUM: chars(' -_.@中'),
  CHINESE_DIGITS: chars('aZ _-'),
  ALNUM: chars(' -_.@中'),
  LETTERS_AND_DIGITS: chars(' -_.@中'),
  DIGITS: chars('aZ -.'),
  ALNUM_WITH_UPPER: chars(' -_.@'),
  ENGLISH_SPACES: chars('0123-_.中'),
  NO_SPACES: chars(' \t\n'),
  KOREAN: chars('aZ1 中'),
  THAI: chars('aZ1中'),
  THAI_ENGLISH: chars('1-中_'),
  JAPANESE_FULLWIDTH: chars('aZ1 -'),
  DIGITS_START_9: chars('aZ -'),
  STRONG_PASSWORD: chars(' '),
};

const insert = (value: string, char: string, at: number) => {
  const list = [...value];
  const i = at % (list.length + 1);
  return [...list.slice(0, i), char, ...list.slice(i)].join('');
};

describe('pattern catalogue (§5)', () => {
  it('has all 19 pattern types, each with a message', () => {
    expect(PATTERN_TYPES).toHaveLength(19);
    for (const type of PATTERN_TYPES) expect(PATTERNS[type].message.length).toBeGreaterThan(0);
  });

  for (const type of PATTERN_TYPES) {
    it(`${type} accepts what it describes`, () => {
      fc.assert(
        fc.property(valid[type], (value) => PATTERNS[type].test(value)),
        { numRuns: 300 },
      );
    });
    const bad = breaker[type];
    if (bad) {
      it(`${type} refuses a value with a foreign character anywhere`, () => {
        fc.assert(
          fc.property(
            valid[type],
            bad,
            fc.nat(),
            (value, char, at) => !PATTERNS[type].test(insert(value, char, at)),
          ),
          { numRuns: 300 },
        );
      });
    }
  }

  it('refuses impossible dates and wrong separators', () => {
    for (const v of ['2023-02-29', '2024-13-01', '2024-00-10', '2024/01/01', '24-01-01'])
      expect(PATTERNS.DATE_YMD.test(v)).toBe(false);
    expect(PATTERNS.DATE_YMD.test('2024-02-29')).toBe(true);
    expect(PATTERNS.DATE_MDY.test('02-29-2023')).toBe(false);
  });

  it('needs both parts of a full name and each class of a strong password', () => {
    expect(PATTERNS.FULL_NAME.test('Nguyen')).toBe(false);
    expect(PATTERNS.FULL_NAME.test('Nguyen  An')).toBe(false);
    for (const v of ['abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefg12'])
      expect(PATTERNS.STRONG_PASSWORD.test(v)).toBe(false);
    expect(PATTERNS.LETTERS_AND_DIGITS.test('abcdefgh')).toBe(false);
    expect(PATTERNS.LETTERS_AND_DIGITS.test('12345678')).toBe(false);
  });

  it('shows one number when min and max are equal, a range otherwise', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), (a, b) => {
        const text = lengthText(Math.min(a, b), Math.max(a, b));
        return a === b ? text === String(a) : text === `${Math.min(a, b)}-${Math.max(a, b)}`;
      }),
    );
    expect(checkPattern('12', { patternType: 'DIGITS', min: 6, max: 6 })?.message).toBe('Enter 6 digits');
  });

  it('holds values to their length bounds in characters, not UTF-16 units', () => {
    fc.assert(
      fc.property(valid.ALNUM, fc.nat(15), fc.nat(15), (value, x, y) => {
        const [min, max] = [Math.min(x, y), Math.max(x, y)];
        const passes = checkPattern(value, { patternType: 'ALNUM', min, max }) === undefined;
        return passes === (value.length >= min && value.length <= max);
      }),
    );
    expect(charLength('中文𠀀')).toBe(3);
    expect(checkPattern('가나', { patternType: 'KOREAN', min: 2, max: 2 })).toBeUndefined();
  });

  it('gives an i18n key and params with every failure', () => {
    expect(checkPattern('1abc', { patternType: 'LETTER_FIRST_ALNUM', min: 4, max: 12 })).toEqual({
      key: 'pattern.LETTER_FIRST_ALNUM',
      message: 'Enter 4-12 letters or digits, starting with a letter',
      params: { length: '4-12' },
    });
  });
});
