import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import {
  assertSameBrand,
  containsPattern,
  languageChain,
  pageCount,
  pageOffset,
  pickLanguage,
  pickName,
  searchTextOf,
} from './rules.js';

describe('languageChain', () => {
  it('tries the asked language, then the brand default, then EN', () => {
    expect(languageChain('ja', 'TY')).toEqual(['ja', 'TY', 'EN']);
  });

  it('drops repeats without regard to case', () => {
    expect(languageChain('ty', 'TY')).toEqual(['ty', 'EN']);
    expect(languageChain('EN', 'EN')).toEqual(['EN']);
    expect(languageChain(undefined, 'en')).toEqual(['en']);
  });

  it('starts at the brand default when no language is asked', () => {
    expect(languageChain(undefined, 'TY')).toEqual(['TY', 'EN']);
  });
});

describe('pickName', () => {
  const names = { EN: 'Fortune Dragon', TY: 'Rồng Tài Lộc', zh: '财富龙' };

  it('answers in the asked language', () => {
    expect(pickName(names, languageChain('zh', 'TY'))).toBe('财富龙');
  });

  it('falls back to the brand default, then EN', () => {
    expect(pickName(names, languageChain('ja', 'TY'))).toBe('Rồng Tài Lộc');
    expect(pickName({ EN: 'Neon Nights' }, languageChain('TY', 'TY'))).toBe('Neon Nights');
  });

  it('falls back to the first name given when no language of the chain is there', () => {
    expect(pickName({ th: 'มังกร', zh: '龙' }, languageChain('ja', 'TY'))).toBe('มังกร');
  });

  it('matches language codes without regard to case', () => {
    expect(pickName(names, ['en'])).toBe('Fortune Dragon');
    expect(pickName(names, ['ZH'])).toBe('财富龙');
  });

  it('answers an empty text for no names at all', () => {
    expect(pickName({}, ['EN'])).toBe('');
  });
});

describe('pickLanguage', () => {
  it('picks the first of the chain that is available, else the first available', () => {
    expect(pickLanguage(['EN', 'TY'], ['ja', 'TY', 'EN'])).toBe('TY');
    expect(pickLanguage(['EN'], ['ja', 'TY', 'EN'])).toBe('EN');
    expect(pickLanguage(['th', 'zh'], ['ja', 'TY', 'EN'])).toBe('th');
    expect(pickLanguage([], ['EN'])).toBeUndefined();
  });
});

describe('paging', () => {
  it('counts whole pages, zero for no rows', () => {
    expect(pageCount(0, 24)).toBe(0);
    expect(pageCount(1, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
    expect(pageCount(36, 24)).toBe(2);
    expect(pageCount(15, 9)).toBe(2);
  });

  it('skips the rows of the pages before', () => {
    expect(pageOffset(1, 24)).toBe(0);
    expect(pageOffset(2, 24)).toBe(24);
    expect(pageOffset(3, 9)).toBe(18);
  });
});

describe('assertSameBrand', () => {
  const brand = { code: 'DEMO' };

  it('accepts no code, or the brand code in any case', () => {
    expect(() => assertSameBrand(brand)).not.toThrow();
    expect(() => assertSameBrand(brand, undefined, 'demo')).not.toThrow();
  });

  it("refuses another brand's code", () => {
    expect(() => assertSameBrand(brand, 'DEMO', 'OTHER')).toThrow(AppError);
    try {
      assertSameBrand(brand, 'OTHER');
    } catch (error) {
      expect(error).toMatchObject({ code: 'FORBIDDEN', statusCode: 403 });
    }
  });
});

describe('search', () => {
  it('escapes LIKE wildcards in the term', () => {
    expect(containsPattern('dragon')).toBe('%dragon%');
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });

  it('searches the game id and every name, lower-cased', () => {
    expect(searchTextOf('VN_HN', { EN: 'Hanoi Lottery', TY: 'Xổ số Hà Nội' })).toBe(
      'vn_hn\nhanoi lottery\nxổ số hà nội',
    );
  });
});
