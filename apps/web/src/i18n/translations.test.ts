import { errorStatus } from '@jade/contracts/errors';
import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES } from '../api/client';
import en from './en.json';
import { resourceLanguageFor, SHIPPED_LANGUAGES } from './i18n';

/** Every resource file shipped beside en.json, by language. */
const shipped = Object.fromEntries(
  Object.entries(import.meta.glob<{ default: unknown }>('./*.json', { eager: true })).map(
    ([file, module]) => [file.slice(2, -5), module.default],
  ),
);

const keyPaths = (node: unknown, prefix = ''): string[] =>
  node && typeof node === 'object'
    ? Object.entries(node).flatMap(([key, value]) => keyPaths(value, prefix ? `${prefix}.${key}` : key))
    : [prefix];

const interpolations = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

const valueAt = (node: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((current, key) => (current as Record<string, unknown>)?.[key], node);

const englishKeys = keyPaths(en).sort();
const others = Object.keys(shipped).filter((language) => language !== 'en');

describe('translations', () => {
  it('ships English and Vietnamese, and loads every file it ships', () => {
    expect(others).toContain('vi');
    expect([...SHIPPED_LANGUAGES].sort()).toEqual(Object.keys(shipped).sort());
  });

  it.each(others)('%s has exactly the keys of English', (language) => {
    expect(keyPaths(shipped[language]).sort()).toEqual(englishKeys);
  });

  it.each(others)('%s keeps every {{placeholder}} of English and leaves no text empty', (language) => {
    const problems = englishKeys.flatMap((key) => {
      const text = valueAt(shipped[language], key);
      if (typeof text !== 'string' || text.trim() === '') return [`${key}: empty`];
      const expected = interpolations(valueAt(en, key) as string);
      return expected.join() === interpolations(text).join() ? [] : [`${key}: ${text}`];
    });
    expect(problems).toEqual([]);
  });

  it('has a message for every error code of the contracts and of the client', () => {
    const codes = [...Object.keys(errorStatus), ...CLIENT_ERROR_CODES];
    expect(codes.filter((code) => !Object.hasOwn(en.errors, code))).toEqual([]);
  });

  it('maps brand locales to the shipped files, English when none fits', () => {
    expect(resourceLanguageFor('vi-VN')).toBe('vi');
    expect(resourceLanguageFor('en-US')).toBe('en');
    expect(resourceLanguageFor('xx-YY')).toBe('en');
  });
});
